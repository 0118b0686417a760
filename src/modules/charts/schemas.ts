/** Response shape of GET /tokens/{asset}/ohlcv; the service's types are derived from it. */
import { t, type Static } from 'elysia'
import { literals } from '../../catalogue/literals'
import { Missing } from '../../http/missing-source'
import { TIMEFRAMES } from './timeframes'
import { nullableDecimalsSource } from '../../chain/answer-schemas'
import { AsOfSchema } from '../trades/schemas'

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
    source: t.Optional(
      t.Union([t.Literal('chain'), t.Literal('sourceB')], {
        description: 'Where the candle comes from: built by this service from the chain (`chain`) or read from source B (`sourceB`)',
      }),
    ),
  },
  { title: 'Candle' },
)

export const OhlcvResponse = t.Object(
  {
    asset: t.String({ description: 'The asset unit, lowercase' }),
    pool: PoolRefSchema,
    tf: t.Union(literals(TIMEFRAMES)),
    quote: t.Union([t.Literal('USD'), t.Literal('ADA')]),
    poolChoices: t.Array(PoolRefSchema, { description: "The token's chartable pools (followed on chain, or source B's), most liquid first: the first is the default" }),
    candles: t.Array(CandleSchema, { description: 'Ascending by time, one per interval, quiet intervals left out, at most limit' }),
    coverage: t.String({
      description: 'Says which one pool this is, never an all-DEX aggregate, and where the candles come from: for a followed pool with source B history, the time from which they are chain-built (the seam)',
    }),
    missing: Missing,
    decimalsSource: nullableDecimalsSource("every candle is source B's, which source B scales itself (chain-built candles are scaled by these decimals)"),
    /** As of the last block the chain follower processed (null when every candle is source B's, or before it read any). */
    asOf: AsOfSchema,
  },
  { title: 'Ohlcv' },
)

/** A pool as the response names it. */
export type PoolRef = Static<typeof PoolRefSchema>
export type OhlcvBody = Static<typeof OhlcvResponse>
