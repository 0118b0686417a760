/** Response shape of GET /tokens/{asset}/trades; the service's types are derived from it. */
import { t, type Static } from 'elysia'
import { DecimalsSourceSchema } from '../../chain/answer-schemas'

export const ChainPoolRefSchema = t.Object(
  {
    address: t.String({ description: "The pool's id: its LP-token unit (for Minswap V2 also source B's pool address)" }),
    dexId: t.String({ description: 'DEX and version as the chain follower names it', examples: ['minswap-v2', 'sundaeswap-v3'] }),
    name: t.String({ description: 'Pair label', examples: ['SNEK / ADA'] }),
  },
  { title: 'ChainPoolRef' },
)

export const AsOfSchema = t.Union(
  [
    t.Object({
      blockHeight: t.Integer({ description: 'The last block the follower has read' }),
      blockHash: t.Union([t.String(), t.Null()], { description: 'Its hash (null while catching up past the checked window)' }),
      time: t.Union([t.Integer(), t.Null()], { description: 'Its time, unix seconds' }),
    }),
    t.Null(),
  ],
  { description: 'How fresh the recorded trades are: null before the follower has read anything' },
)

export const TradeSchema = t.Object(
  {
    txHash: t.String(),
    time: t.Integer({ description: 'Block time, unix seconds' }),
    blockHeight: t.Integer(),
    pool: ChainPoolRefSchema,
    side: t.Union([t.Literal('buy'), t.Literal('sell')], { description: 'Of the token: buy when the pool paid out the token' }),
    amountToken: t.String({ description: 'Token amount that left (buy) or entered (sell) the pool, base units' }),
    amountQuote: t.String({ description: 'Quote amount that moved the other way, base units (lovelace)' }),
    quoteSymbol: t.Literal('ADA'),
    priceQuote: t.Union([t.Number(), t.Null()], {
      description: 'Quote per whole token after the trade (decimals applied; per base unit when decimalsSource is unknown); null for an empty reserve',
    }),
    priceUsd: t.Union([t.Number(), t.Null()], { description: "priceQuote × ADA's USD price of that time; null when unknown" }),
    decimalsSource: DecimalsSourceSchema,
    source: t.Literal('chain'),
  },
  { title: 'Trade' },
)

export const TradesResponse = t.Object(
  {
    asset: t.String({ description: 'The asset unit, lowercase' }),
    coverage: t.String({ description: 'Which pools these trades come from and how they are derived' }),
    asOf: AsOfSchema,
    retention: t.Object(
      {
        days: t.Integer({ description: 'CHAIN_RETENTION_DAYS: how long trades are kept' }),
        horizon: t.Integer({
          description:
            'Unix seconds: no trade older than this is kept (paging back with before ends here); their prices and volume stay in the hourly candles of /ohlcv (1h and longer)',
        }),
      },
      { description: 'How far back trades go' },
    ),
    count: t.Integer(),
    trades: t.Array(TradeSchema, { description: 'Newest first' }),
  },
  { title: 'Trades' },
)

export type ChainPoolRef = Static<typeof ChainPoolRefSchema>
export type TradeBody = Static<typeof TradeSchema>
export type TradesBody = Static<typeof TradesResponse>
export type AsOf = Static<typeof AsOfSchema>
