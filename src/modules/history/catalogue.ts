import { t } from 'elysia'
import { endpoint, type ErrorDoc } from '../../catalogue/types'
import { assetParam, SNEK_UNIT } from '../../http/asset-input'
import { documented, errorDoc } from '../../http/error-catalogue'
import { adaHistoryCoverage, tokenHistoryCoverage } from './coverage'
import { EXPORT_FIELDS } from './export'
import { HISTORY_TIMEFRAME_NAMES, type HistoryTimeframe } from './intervals'
import { DEFAULT_HISTORY_TIMEFRAME, exportParams, HISTORY_INVALID, HISTORY_LIMIT, rangeParams } from './request'
import { RETENTION_DAYS } from './retention'
import { HistoryResponse } from './schemas'
import { historyDatabaseBusy, historyNotConfigured } from './service'

/** Lifetimes per timeframe: the newest candle grows with every 5-minute snapshot. */
export const HISTORY_CACHE_SECONDS: Record<HistoryTimeframe, number> = { '5m': 60, '1h': 300, '1d': 900 }
/** A range that ended before the current 5-minute interval no longer changes (until retention rolls it up). */
export const CLOSED_RANGE_CACHE_SECONDS = 3600
/** An export of a finished day, and of the current one. */
export const EXPORT_CACHE_SECONDS = { complete: 86_400, today: 60 } as const

const lifetimes = HISTORY_TIMEFRAME_NAMES.map((tf) => `${tf} ${HISTORY_CACHE_SECONDS[tf]} s`).join(', ')


const rangeErrors: ErrorDoc[] = [
  documented(HISTORY_INVALID.tf(), `tf is not one of ${HISTORY_TIMEFRAME_NAMES.join(', ')}`),
  documented(HISTORY_INVALID.from(), 'from is not Unix seconds, a UTC day or an ISO 8601 UTC time'),
  documented(HISTORY_INVALID.to(), 'to is not Unix seconds, a UTC day or an ISO 8601 UTC time'),
  documented(HISTORY_INVALID.range(), 'from is not earlier than to'),
  documented(HISTORY_INVALID.limit(), `limit is not an integer from ${HISTORY_LIMIT.min} to ${HISTORY_LIMIT.max}`),
]

const databaseErrors: ErrorDoc[] = [
  documented(historyNotConfigured(), 'This deployment runs with DATABASE_URL=off and records no history'),
  documented(historyDatabaseBusy(), 'The database could not answer in time: retry'),
]

const WHAT_IT_IS =
  'This is the service\'s own record, kept from the day a deployment starts: every core refresh (the screener ' +
  'and ADA\'s price, refreshed on a schedule whether or not anyone asks) is written as one snapshot per asset per ' +
  '5-minute interval (the first refresh of an interval is kept; several instances sharing a database record it ' +
  `once). Snapshots older than ${RETENTION_DAYS} days are rolled up to hourly rows, so 5m candles reach ` +
  `${RETENTION_DAYS} days back and 1h/1d candles the whole record. Candles: open = first recorded price, high/low ` +
  'over the recorded prices, close = last; `liquidityUsd` and `volume24hUsd` are the figures at the last ' +
  'snapshot (24 h volume is a rolling figure, not volume traded within the candle); `samples` counts the ' +
  'snapshots behind a candle, so a gap (the service was down) shows. Intervals with nothing recorded have no candle.'

const sampleCandles = [
  { time: 1764028800, open: 0.001341, high: 0.001352, low: 0.001338, close: 0.00135, liquidityUsd: 1_201_455.2, volume24hUsd: 181_230.5, samples: 12 },
  { time: 1764032400, open: 0.00135, high: 0.001361, low: 0.001347, close: 0.001356, liquidityUsd: 1_204_870.9, volume24hUsd: 183_002.1, samples: 12 },
]

export const tokenHistoryDoc = endpoint({
  operationId: 'getTokenHistory',
  method: 'GET',
  path: '/tokens/{asset}/history',
  tag: 'History',
  summary: 'Candles of a curated token from the history this service records (merged source A and source B figures)',
  description:
    'Candles built from the merged price this service recorded for a curated token: the screener\'s ' +
    'liquidity-weighted price across the pools of both sources, so a token that trades only on source A\'s DEXes ' +
    `(which \`/ohlcv\` cannot chart) has history too. ${WHAT_IT_IS} A unit outside the curated registry answers ` +
    '404 `Token not recorded`.',
  params: [assetParam('Asset unit of a curated token: 56-hex policy id followed by the asset name in hex', 'asset'), ...rangeParams],
  cacheSeconds: HISTORY_CACHE_SECONDS[DEFAULT_HISTORY_TIMEFRAME],
  cacheNote: `per timeframe: ${lifetimes}; a range that ended before the current 5-minute interval ${CLOSED_RANGE_CACHE_SECONDS} s`,
  examples: [`/tokens/${SNEK_UNIT}/history`, `/tokens/${SNEK_UNIT}/history?tf=1d&limit=90`, `/tokens/${SNEK_UNIT}/history?tf=5m&limit=288`],
  errors: [
    errorDoc('invalid_asset_unit', 'The asset is not a 56-hex policy id followed by an even-length hex asset name'),
    ...rangeErrors,
    errorDoc('token_not_recorded', 'The unit is not a curated token (only those are recorded)', { unit: SNEK_UNIT }),
    ...databaseErrors,
  ],
  coverage: `"${tokenHistoryCoverage(1764028800)}" (the day of the first recorded row).`,
  response: HistoryResponse,
  responseExample: {
    asset: SNEK_UNIT,
    symbol: 'SNEK',
    tf: '1h',
    from: 1763956800,
    to: 1764036000,
    recordedSince: '2026-11-25',
    count: 2,
    candles: sampleCandles,
    coverage: tokenHistoryCoverage(1764028800),
  },
})

export const marketHistoryDoc = endpoint({
  operationId: 'getMarketHistory',
  method: 'GET',
  path: '/market/history',
  tag: 'History',
  summary: "Candles of ADA's USD price from the history this service records (market provider snapshots)",
  description:
    'Candles of ADA\'s USD price as this service recorded it from the market provider\'s snapshot (the figures ' +
    `\`/market\` serves; market-provider figures, never mixed with DEX ones). ${WHAT_IT_IS} \`liquidityUsd\` is ` +
    'null (the market provider gives none) and `volume24hUsd` is the provider\'s 24 h volume.',
  params: rangeParams,
  cacheSeconds: HISTORY_CACHE_SECONDS[DEFAULT_HISTORY_TIMEFRAME],
  cacheNote: `per timeframe: ${lifetimes}; a range that ended before the current 5-minute interval ${CLOSED_RANGE_CACHE_SECONDS} s`,
  examples: ['/market/history', '/market/history?tf=1d&limit=30'],
  errors: [...rangeErrors, ...databaseErrors],
  coverage: `"${adaHistoryCoverage(1764028800)}" (the day of the first recorded row).`,
  response: HistoryResponse,
  responseExample: {
    asset: 'lovelace',
    symbol: 'ADA',
    tf: '1h',
    from: 1763956800,
    to: 1764036000,
    recordedSince: '2026-11-25',
    count: 1,
    candles: [{ time: 1764028800, open: 0.4121, high: 0.4138, low: 0.4117, close: 0.4133, liquidityUsd: null, volume24hUsd: 512_330_120, samples: 12 }],
    coverage: adaHistoryCoverage(1764028800),
  },
})

export const ExportResponse = t.String({ description: 'NDJSON (one JSON object per line) or CSV (a header line, then one line per row)' })

export const exportSnapshotsDoc = endpoint({
  operationId: 'exportSnapshots',
  method: 'GET',
  path: '/export/snapshots',
  tag: 'History',
  summary: 'Every snapshot this service recorded on one UTC day, streamed as NDJSON or CSV',
  description:
    'Every recorded row whose interval starts on the UTC day, for every curated token and ADA (`unit` ' +
    '`lovelace`), ordered by interval start, then unit. Streamed from the database page by page. Fields: ' +
    `${EXPORT_FIELDS.map((f) => `\`${f}\``).join(', ')}. \`resolution\` is \`5m\` for a snapshot (its price only: ` +
    `open, high and low are null) or \`1h\` for a roll-up of a day older than ${RETENTION_DAYS} days (open/high/low ` +
    'over the hour, price = close); `sources` lists `source_a`, `source_b`, `market_provider` (or `demo_seed` for the ' +
    'synthetic past `bun run demo` seeds; joined with `+` in ' +
    'CSV, where an empty cell is null). `day` defaults to today (UTC). A day with nothing recorded is 404 ' +
    '`day_not_recorded`, whose hint names the first day this deployment recorded (recording starts with the ' +
    'deployment; there is no backfill), never an empty body. ' +
    'The weak ETag changes when a row of the day is added or rolled up; `If-None-Match` gives 304.',
  params: exportParams,
  cacheSeconds: EXPORT_CACHE_SECONDS.complete,
  cacheNote: `a finished day ${EXPORT_CACHE_SECONDS.complete} s; the current day ${EXPORT_CACHE_SECONDS.today} s`,
  examples: ['/export/snapshots', '/export/snapshots?format=csv'],
  errors: [
    documented(HISTORY_INVALID.day(), 'day is not a real YYYY-MM-DD day, or in the future'),
    errorDoc('day_not_recorded', 'Nothing was recorded on that day', { day: '2026-01-31', firstDay: '2026-11-22' }),
    documented(HISTORY_INVALID.format(), 'format is not ndjson or csv'),
    ...databaseErrors,
  ],
  response: ExportResponse,
  successMediaTypes: ['application/x-ndjson', 'text/csv'],
})

export const historyDocs = [tokenHistoryDoc, marketHistoryDoc, exportSnapshotsDoc]
