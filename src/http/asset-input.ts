/**
 * The asset unit as an input of every per-token endpoint (path `{asset}` or `{unit}`): one schema, one 400
 * wording, one parser, shared by the REST routes and the MCP tools so both reject exactly the same text.
 */
import { t } from 'elysia'
import { normaliseUnit, UNIT_PATTERN } from '../cardano/unit'
import { apiError } from './error-catalogue'
import { invalid } from './errors'

/** SNEK, the example unit of the docs and the index. */
export const SNEK_UNIT = '279c909f348e533da5808898f87f9a14bb2c3dfbbacccd631d927a3f534e454b'

/** The asset unit in lowercase; 400 for anything that is not 56 hex of policy id plus an even-length hex name. */
export function parseAssetUnit(raw: string): string {
  const unit = normaliseUnit(raw)
  if (unit === null) throw apiError('invalid_asset_unit', { input: raw })
  return unit
}

/** A unit path parameter, shaped as a catalogue entry (ParamDoc) without this layer importing the catalogue. */
export function assetParam<N extends string = 'asset'>(description: string, name: N = 'asset' as N, examples: string[] = [SNEK_UNIT]) {
  return {
    name,
    in: 'path' as const,
    required: true as const,
    description,
    schema: t.String({ pattern: UNIT_PATTERN, examples, error: invalid(apiError('invalid_asset_unit')) }),
  }
}
