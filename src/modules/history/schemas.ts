/** Response shapes of the history endpoints; the service's return types are derived from them. */
import { t, type Static } from 'elysia'
import { literals } from '../../catalogue/literals'
import { HISTORY_TIMEFRAME_NAMES } from './intervals'

const nullableUsd = (description: string) => t.Union([t.Number({ description }), t.Null()])

export const HistoryCandle = t.Object(
  {
    time: t.Integer({ description: 'Start of the candle, Unix seconds (UTC)', examples: [1764028800] }),
    open: t.Number({ description: 'First recorded USD price in the candle' }),
    high: t.Number({ description: 'Highest recorded USD price in the candle' }),
    low: t.Number({ description: 'Lowest recorded USD price in the candle' }),
    close: t.Number({ description: 'Last recorded USD price in the candle' }),
    liquidityUsd: nullableUsd('Merged USD liquidity across covered DEXes at the last snapshot of the candle (null for ADA)'),
    volume24hUsd: nullableUsd('Rolling 24 h USD volume at the last snapshot of the candle, not volume traded within the candle'),
    samples: t.Integer({ minimum: 1, description: '5-minute snapshots behind the candle (12 in a whole hour, 288 in a whole day)' }),
  },
  { title: 'HistoryCandle' },
)

export const HistoryResponse = t.Object(
  {
    asset: t.String({ description: 'The asset unit, lowercase (`lovelace` for ADA)' }),
    symbol: t.String({ description: 'Ticker from the curated registry (ADA for ADA)', examples: ['SNEK'] }),
    tf: t.Union(literals(HISTORY_TIMEFRAME_NAMES)),
    from: t.Integer({ description: 'Start of the range read, Unix seconds (inclusive)' }),
    to: t.Integer({ description: 'End of the range read, Unix seconds (exclusive)' }),
    recordedSince: t.Union([t.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'UTC day (YYYY-MM-DD) of the first recorded row of this asset' }), t.Null()]),
    count: t.Integer({ minimum: 0 }),
    candles: t.Array(HistoryCandle, { description: 'Ascending by time; intervals with nothing recorded have no candle' }),
    coverage: t.String({ description: 'What the candles are: recorded by this service, not a pool chart' }),
  },
  { title: 'History' },
)

export type HistoryBody = Static<typeof HistoryResponse>
