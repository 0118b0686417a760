/** Response schema parts every answer built from the chain records shares (trades, candles, pools, token detail). */
import { t } from 'elysia'
import { literals } from '../catalogue/literals'
import { DECIMALS_SOURCES } from './token-identity'

const DECIMALS_SOURCE_TEXT =
  'Where the decimals the prices are given with come from: `registry` (the curated list), `chain-registry` (the off-chain ' +
  'token registry, CIP-26, through the chain API), `cip68` (the token\'s CIP-68 reference datum), `unknown` (none yet: ' +
  'prices are then per base unit of the token, not per whole token)'

export const DecimalsSourceSchema = t.Union(literals(DECIMALS_SOURCES), { description: DECIMALS_SOURCE_TEXT, examples: ['registry'] })

/**
 * The same or null, as one flat union: a nullable enum would lose its null in the OpenAPI document (the OpenAPI
 * plugin turns `anyOf [enum, null]` into `type: [string, null]` with the enum alone).
 */
export const nullableDecimalsSource = (whenNull: string) =>
  t.Union([...literals(DECIMALS_SOURCES), t.Null()], { description: `${DECIMALS_SOURCE_TEXT}; null: ${whenNull}`, examples: ['registry'] })

export const ChainTokenSchema = t.Object(
  {
    unit: t.String({ description: 'Asset unit, lowercase' }),
    ticker: t.Union([t.String(), t.Null()], { description: 'From the registry or the chain API; null when unknown' }),
    name: t.Union([t.String(), t.Null()], { description: 'From the registry or the chain API; null when unknown' }),
    decimals: t.Union([t.Integer({ minimum: 0 }), t.Null()], { description: 'null when unknown' }),
    decimalsSource: DecimalsSourceSchema,
  },
  { title: 'ChainToken' },
)
