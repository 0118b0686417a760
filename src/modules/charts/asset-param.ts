import { t } from 'elysia'
import { UNIT_PATTERN } from '../../cardano/unit'
import type { ParamDoc } from '../../catalogue/types'
import { invalid } from '../../http/errors'
import { INVALID } from './request'

export const SNEK_UNIT = '279c909f348e533da5808898f87f9a14bb2c3dfbbacccd631d927a3f534e454b'

/** The `{asset}` path parameter of the per-token endpoints (charts and logos). */
export function assetParam(description: string): ParamDoc {
  return {
    name: 'asset',
    in: 'path',
    required: true,
    description,
    schema: t.String({ pattern: UNIT_PATTERN, examples: [SNEK_UNIT], error: invalid(INVALID.asset.error, INVALID.asset.hint) }),
  }
}
