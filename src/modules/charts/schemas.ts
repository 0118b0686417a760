/** Response shape of GET /tokens/{asset}/ohlcv; the service's types are derived from it. */
import { t, type Static } from 'elysia'
import { literals } from '../../catalogue/literals'
import { TIMEFRAMES } from './timeframes'
import { nullableDecimalsSource } from '../../chain/answer-schemas'

export const PoolRefSchema = t.Object(
  {
    address: t.String({ description: 'Pool address (hex), usable as the pool parameter' }),
    dexId: t.String({ description: 'Lowercase DEX id as source B names it', examples: ['minswap-cardano'] }),
    name: t.String({ description: 'Pair label', examples: ['SNEK / ADA'] }),
  },
  { title: 'PoolRef' },
)

export const CandleSchema = t.Object(
  {
    time: t.Integer({ description: 'Start of the interval, unix seconds (UTC); weeks start Monday 00:00 UTC' }),
    open: t.Number(),
    high: t.Number(),
    low: t.Number(),
    close: t.Number(),
    volume: t.Number({ description: 'Traded volume in the quote currency (USD, or USD re-based to ADA)' }),
  },
  { title: 'Candle' },
)

export const OhlcvResponse = t.Object(
  {
    asset: t.String({ description: 'The asset unit, lowercase' }),
    pool: PoolRefSchema,
    tf: t.Union(literals(TIMEFRAMES)),
    quote: t.Union([t.Literal('USD'), t.Literal('ADA')]),
    poolChoices: t.Array(PoolRefSchema, { description: "The token's chartable pools: those the chain follower records (deepest first), then source B's" }),
    candles: t.Array(CandleSchema, { description: 'Ascending by time, one per interval, quiet intervals left out, at most limit' }),
    coverage: t.String({ description: 'Says which one pool this is (followed on chain or source B), never an all-DEX aggregate' }),
    decimalsSource: nullableDecimalsSource("source B's candles, which source B scales itself (the others are built from the chain)"),
  },
  { title: 'Ohlcv' },
)

/** A pool as the response names it. */
export type PoolRef = Static<typeof PoolRefSchema>
export type OhlcvBody = Static<typeof OhlcvResponse>
