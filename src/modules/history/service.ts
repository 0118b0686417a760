/**
 * The recorded market history: candles per curated token and for ADA, and the export of a day's rows.
 * Shared by the REST routes and the MCP tool; each read returns `{data, stale}` with `data` the JSON body.
 * DATABASE_URL=off answers 503, like the community endpoints.
 */
import type { ServiceDeps } from '../../core'
import { orWhenUnavailable, type CommunityDatabase } from '../../db/client'
import { apiError } from '../../http/error-catalogue'
import { ChainStore } from '../../chain/store'
import type { Fetched } from '../../upstream/fetched'
import { adaHistoryCoverage, tokenHistoryCoverage } from './coverage'
import { exportHeader, exportLines } from './export'
import { DAY_SECONDS, HISTORY_TIMEFRAMES, isoDay } from './intervals'
import type { ExportRequest, HistoryRequest } from './request'
import type { HistoryBody } from './schemas'
import { ADA_UNIT } from './snapshot'
import { exportPage, firstRecorded, queryCandles, rangeStats, type ExportKey } from './store'

/** Rows per export page: one keyset query each, so memory stays flat whatever the day holds. */
export const EXPORT_PAGE_ROWS = 1000

/** `database` is null when DATABASE_URL=off; `now` is the clock "now" and "today" are read from. */
export type HistoryServiceDeps = ServiceDeps<'database' | 'registry'>

export interface DayExport {
  /** Changes whenever a row of the day is added or rolled up. */
  etag: string
  rows: number
  stream: ReadableStream<Uint8Array>
}

export const historyNotConfigured = () => apiError('database_not_configured', { consequence: 'it records no market history' })
export const historyDatabaseBusy = () => apiError('database_busy', { nothing: 'read' })

export class HistoryService {
  constructor(private readonly deps: HistoryServiceDeps) {}

  /** The service's clock, for the routes and the MCP tool that read "today" from it. */
  readonly now = (): number => this.deps.now()

  /** 503 when this deployment runs without a database. */
  requireDatabase(): CommunityDatabase {
    if (this.deps.database === null) throw historyNotConfigured()
    return this.deps.database
  }

  /** `unit` is a lowercase unit; 404 unless it is curated (only curated tokens are recorded). */
  async tokenHistory(unit: string, request: HistoryRequest): Promise<Fetched<HistoryBody>> {
    this.requireDatabase()
    const token = this.deps.registry.get(unit)
    if (token === undefined) {
      // A token the chain follower records is charted from the chain: the hint says so.
      const followed = (await new ChainStore(this.requireDatabase()).pools(unit)).length > 0
      throw apiError('token_not_recorded', { unit, followed })
    }
    return this.history(unit, token.ticker, request, tokenHistoryCoverage)
  }

  async adaHistory(request: HistoryRequest): Promise<Fetched<HistoryBody>> {
    this.requireDatabase()
    return this.history(ADA_UNIT, 'ADA', request, adaHistoryCoverage)
  }

  /** Every row recorded for one UTC day, streamed page by page (never the whole day in memory); 404 for a day with none. */
  async exportDay(request: ExportRequest): Promise<DayExport> {
    const database = this.requireDatabase()
    const from = request.from
    const to = from + DAY_SECONDS
    const stats = await this.guard(() => database.read((db) => rangeStats(db, from, to)))
    // Never an empty body cached for a day: say that nothing was recorded, and since when something was.
    if (stats.rows === 0) {
      const first = await this.guard(() => database.read(firstRecorded))
      throw apiError('day_not_recorded', { day: request.day, firstDay: first === null ? null : isoDay(first) })
    }
    const encoder = new TextEncoder()
    let after: ExportKey | null = null
    let headerSent = false
    const stream = new ReadableStream<Uint8Array>({
      pull: async (controller) => {
        if (!headerSent) {
          headerSent = true
          const header = exportHeader(request.format)
          if (header !== '') return controller.enqueue(encoder.encode(header))
        }
        const page = await database.read((db) => exportPage(db, from, to, after, EXPORT_PAGE_ROWS))
        if (page.length > 0) {
          const last = page[page.length - 1]
          after = { intervalStart: last.intervalStart, assetId: last.assetId, intervalSeconds: last.intervalSeconds }
          controller.enqueue(encoder.encode(exportLines(page, request.format)))
        }
        if (page.length < EXPORT_PAGE_ROWS) controller.close()
      },
    })
    return { etag: `W/"${request.day}-${request.format}-${stats.rows}-${stats.lastRecordedAtMs ?? 0}"`, rows: stats.rows, stream }
  }

  private async history(
    unit: string,
    symbol: string,
    request: HistoryRequest,
    coverage: (first: number | null) => string,
  ): Promise<Fetched<HistoryBody>> {
    const database = this.requireDatabase()
    const seconds = HISTORY_TIMEFRAMES[request.tf]
    const { candles, first } = await this.guard(() =>
      database.read((db) => queryCandles(db, { unit, seconds, from: request.from, to: request.to, limit: request.limit, keep: request.keep })),
    )
    return {
      data: {
        asset: unit,
        symbol,
        tf: request.tf,
        from: request.from,
        to: request.to,
        recordedSince: first === null ? null : isoDay(first),
        count: candles.length,
        candles,
        coverage: coverage(first),
      },
      stale: false,
    }
  }

  /** A statement that could not run (lock held too long, connection lost) is a 503. */
  private guard<T>(work: () => Promise<T>): Promise<T> {
    return orWhenUnavailable(work, historyDatabaseBusy)
  }
}
