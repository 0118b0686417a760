/**
 * `/tokens?sort=&order=&limit=`: the screener's rows reordered and cut, a pure step over the one cached list
 * (no upstream read depends on these parameters). Unknown figures (null) sort last in either direction, since
 * "unknown" is neither the most nor the least; ties keep the screener's own order (most liquidity first).
 */
import type { ScreenerBody, ScreenerRow } from './schemas'

/** Every numeric column of a screener row, the values `sort` accepts. */
export const SORT_COLUMNS = [
  'liquidityUsd', 'volume24h', 'priceUsd', 'change1h', 'change6h', 'change24h', 'marketCap', 'fdv',
  'buys24h', 'sells24h', 'txns24h', 'pairCount', 'pairCreatedAt',
] as const satisfies readonly (keyof ScreenerRow)[]
export type SortColumn = (typeof SORT_COLUMNS)[number]

export const ORDERS = ['desc', 'asc'] as const
export type SortOrder = (typeof ORDERS)[number]

export const SCREENER_DEFAULT_SORT: SortColumn = 'liquidityUsd'
export const SCREENER_DEFAULT_ORDER: SortOrder = 'desc'
/** At most the registry's size is ever listed; the bound only keeps the parameter honest. */
export const SCREENER_LIMIT = { min: 1, max: 1000 } as const

export interface ScreenerView {
  sort: SortColumn
  order: SortOrder
  /** null: every row. */
  limit: number | null
}

/** The default view is the screener as built: the routes answer it under the plain key. */
export const isDefaultView = (view: ScreenerView) =>
  view.sort === SCREENER_DEFAULT_SORT && view.order === SCREENER_DEFAULT_ORDER && view.limit === null

/** The view's canonical cache key part: equal views give equal keys whatever the query spelled. */
export const viewKey = (view: ScreenerView) => `${view.sort}|${view.order}|${view.limit ?? 'all'}`

export function orderedScreener(body: ScreenerBody, view: ScreenerView): ScreenerBody {
  const sign = view.order === 'desc' ? -1 : 1
  const indexed = body.tokens.map((row, index) => ({ row, index }))
  indexed.sort((a, b) => {
    const x = a.row[view.sort]
    const y = b.row[view.sort]
    if (x === null || y === null) return x === y ? a.index - b.index : x === null ? 1 : -1
    return sign * (x - y) || a.index - b.index
  })
  const tokens = indexed.slice(0, view.limit ?? indexed.length).map((entry) => entry.row)
  return { ...body, count: tokens.length, tokens }
}
