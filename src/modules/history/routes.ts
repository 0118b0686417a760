import { Elysia } from 'elysia'
import { routeOptions } from '../../catalogue/route-options'
import { parseAssetUnit } from '../../http/asset-input'
import { cachedRoute } from '../../http/cached-route'
import { etagMatches, type ResponseCache } from '../../http/response-cache'
import { CLOSED_RANGE_CACHE_SECONDS, EXPORT_CACHE_SECONDS, exportSnapshotsDoc, HISTORY_CACHE_SECONDS, marketHistoryDoc, tokenHistoryDoc } from './catalogue'
import { EXPORT_CONTENT_TYPES } from './export'
import { intervalStart, SNAPSHOT_SECONDS } from './intervals'
import { parseExportRequest, parseHistoryRequest, type HistoryInput, type HistoryRequest } from './request'
import type { HistoryService } from './service'

export interface HistoryRouteDeps {
  responses: ResponseCache
  history: HistoryService
}

/** A range that ended before the current 5-minute interval began no longer changes. */
function lifetime(request: HistoryRequest, nowMs: number): number {
  return request.to <= intervalStart(nowMs, SNAPSHOT_SECONDS) ? CLOSED_RANGE_CACHE_SECONDS : HISTORY_CACHE_SECONDS[request.tf]
}

const rangeKey = (raw: HistoryInput) => `${raw.tf ?? ''}|${raw.from ?? ''}|${raw.to ?? ''}|${raw.limit ?? ''}`

export function historyRoutes(deps: HistoryRouteDeps) {
  const { responses, history } = deps
  const now = history.now
  const tokenHistory = cachedRoute(responses, tokenHistoryDoc)
  const adaHistory = cachedRoute(responses, marketHistoryDoc)
  return new Elysia({ name: 'history' })
    .get(
      '/tokens/:asset/history',
      ({ request, params, query }) => {
        history.requireDatabase()
        const unit = parseAssetUnit(params.asset)
        const input = parseHistoryRequest(query, now())
        return tokenHistory(request, `history|${unit}|${rangeKey(query)}`, () => history.tokenHistory(unit, input), lifetime(input, now()))
      },
      routeOptions(tokenHistoryDoc),
    )
    .get(
      '/market/history',
      ({ request, query }) => {
        history.requireDatabase()
        const input = parseHistoryRequest(query, now())
        return adaHistory(request, `history|ada|${rangeKey(query)}`, () => history.adaHistory(input), lifetime(input, now()))
      },
      routeOptions(marketHistoryDoc),
    )
    .get(
      '/export/snapshots',
      async ({ request, query }) => {
        history.requireDatabase()
        const input = parseExportRequest(query, now())
        const day = await history.exportDay(input)
        const seconds = input.complete ? EXPORT_CACHE_SECONDS.complete : EXPORT_CACHE_SECONDS.today
        const headers = { etag: day.etag, 'cache-control': `public, s-maxage=${seconds}` }
        const ifNoneMatch = request.headers.get('if-none-match')
        if (ifNoneMatch !== null && etagMatches(ifNoneMatch, day.etag)) {
          await day.stream.cancel()
          return new Response(null, { status: 304, headers })
        }
        return new Response(day.stream, {
          headers: {
            ...headers,
            'content-type': EXPORT_CONTENT_TYPES[input.format],
            'content-disposition': `inline; filename="snapshots-${input.day}.${input.format}"`,
          },
        })
      },
      routeOptions(exportSnapshotsDoc),
    )
}
