/** Response shapes of GET /chain/tokens and a token detail's `chain`; the service's types are derived from them. */
import { t, type Static } from 'elysia'
import { literals } from '../../catalogue/literals'
import { DecimalsSourceSchema } from '../../chain/answer-schemas'
import { CHAIN_SORTS } from '../../chain/figures-read'
import { AsOfSchema } from '../trades/schemas'

const nullableNumber = (description: string) => t.Union([t.Number(), t.Null()], { description })
const Count = (description: string) => t.Integer({ minimum: 0, description })

const rowProperties = {
  address: t.String({ description: 'Asset unit (policy id hex + asset name hex, lowercase), as in the screener' }),
  symbol: t.Union([t.String(), t.Null()], {
    description: 'Ticker: the registry’s, else the chain API’s (token registry or CIP-68), else the asset name as text; null when none',
    examples: ['SNEK'],
  }),
  name: t.Union([t.String(), t.Null()], { description: 'The same order as symbol; null when none', examples: ['Snek'] }),
  decimals: t.Union([t.Integer({ minimum: 0 }), t.Null()], { description: 'null when unknown: prices are then per base unit' }),
  decimalsSource: DecimalsSourceSchema,
  imageUrl: t.String({ description: "This service's logo URL for the token (always answers with an image)" }),
  curated: t.Boolean({ description: 'In the curated registry (also listed by the screener, GET /tokens)' }),
  priceAda: nullableNumber('ADA per whole token in its deepest followed pool (most tradeable ADA), from the reserves last read; per base unit when decimals are unknown; null for an empty reserve'),
  priceUsd: nullableNumber("priceAda × ADA's USD price (the market provider's cached snapshot); null when either is unknown"),
  change24h: nullableNumber(
    'Percent: the deepest pool’s price now against its last price at or before 24 h before the newest block recorded; null when the pool is younger or its price then is not in the records',
  ),
  liquidityAda: t.Number({ description: 'Twice the tradeable ADA reserves of its followed pools, in ADA' }),
  liquidityUsd: nullableNumber('liquidityAda in USD; null when ADA’s price is unknown'),
  volume24hAda: t.Number({ description: 'The ADA side of its trades in the 24 h up to the newest block recorded, in ADA' }),
  volume24h: nullableNumber('volume24hAda in USD; null when ADA’s price is unknown'),
  buys24h: Count('Trades that bought the token (the pool paid it out) in the same 24 h'),
  sells24h: Count('Trades that sold the token in the same 24 h'),
  txns24h: Count('buys24h + sells24h'),
  pairCount: t.Integer({ minimum: 1, description: 'Followed ADA pools of the token' }),
  dexIds: t.Array(t.String(), { description: 'Sorted DEX ids (and versions) of those pools, as the chain follower names them', examples: [['minswap-v2', 'splash']] }),
  topPairAddress: t.String({ description: 'The deepest pool’s id (its LP-token unit): the pool parameter of /ohlcv and /trades, and GET /pools/{poolId}' }),
  pairCreatedAt: t.Union([t.Integer(), t.Null()], {
    description: 'Creation of its oldest followed pool, Unix milliseconds; null when a pool predates the blocks the follower read',
  }),
}

export const ChainTokenRowSchema = t.Object(rowProperties, { title: 'ChainTokenFigures' })

export const WindowSchema = t.Union(
  [
    t.Object({
      from: t.Integer({ description: 'Unix seconds, excluded' }),
      to: t.Integer({ description: 'Unix seconds, included: the newest block time recorded' }),
    }),
    t.Null(),
  ],
  { description: 'The 24 h the volume, buys and sells (and change24h) cover: block times in (from, to]; null before any record' },
)

export const ChainTokensResponse = t.Object(
  {
    coverage: t.String({ description: 'What the figures cover: which DEXes, ADA pairs only' }),
    asOf: AsOfSchema,
    window: WindowSchema,
    adaUsd: nullableNumber('ADA’s USD price the USD figures use (the market provider’s cached snapshot); null when unknown'),
    minLiquidityAda: t.Number({ description: 'CHAIN_MIN_LIQUIDITY_ADA: a token is listed when its deepest pool holds at least this tradeable ADA' }),
    sort: t.Union(literals(CHAIN_SORTS)),
    order: t.Union([t.Literal('desc'), t.Literal('asc')]),
    count: Count('Tokens matching (every page), not only those on this page'),
    nextCursor: t.Union([t.String(), t.Null()], { description: 'The next page’s cursor parameter; null on the last page' }),
    tokens: t.Array(ChainTokenRowSchema),
  },
  { title: 'ChainTokens' },
)

/** A token detail's chain figures: its /chain/tokens row, as of the last block read. */
export const ChainFiguresSchema = t.Object(
  {
    ...ChainTokenRowSchema.properties,
    asOf: AsOfSchema,
    window: WindowSchema,
    coverage: t.String({ description: 'What the chain figures cover' }),
  },
  { title: 'ChainFigures' },
)

export type ChainTokenRow = Static<typeof ChainTokenRowSchema>
export type ChainTokensBody = Static<typeof ChainTokensResponse>
export type ChainFigures = Static<typeof ChainFiguresSchema>
