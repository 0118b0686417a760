import type { TradeBody, TradesBody } from '../../modules/trades/schemas'
import { apiGet } from './api'
import { el, fill, scrollRegion, section } from './dom'
import { formatDate, formatPrice, formatUnits } from './format'
import type { LiveHandlers } from './live'

/** What an amount cell shows until the token's decimals are known (a raw amount read as whole tokens would be 10^decimals off). */
const AMOUNT_PENDING = '…'
/** Trades the section lists: the first read's, then the newest as the stream brings them. */
const SHOWN = 25

export interface TradesSection {
  element: HTMLElement
  /** Whether the token's trades are recorded here (its first read answered 200): then `trades:<unit>` is a topic the stream takes. */
  followed: Promise<boolean>
  /** The `trades:<unit>` topic's events: new trades go on top, a rollback's `reset` reads the list again. */
  live: LiveHandlers
}

/**
 * "Recent trades": reads GET /api/v1/tokens/{unit}/trades (the chain follower's records), then follows the stream's
 * `trades:<unit>` topic through `live` (the page opens one stream for all its topics), so trades arrive block by
 * block as the follower records them. Token amounts are in base units there; they are shown in whole tokens once
 * `decimals` resolves (the token detail says them), never formatted before: until then the cells say "…". The ADA
 * side is in lovelace, whose 6 decimals are known. An answer other than 200 (a deployment without a database: 503;
 * a token that is not followed: 404) is said in the API's own words. Each trade's pool links to its pool page;
 * `pool` keeps to one pool's trades (a pool page).
 */
export function tradesSection(unit: string, decimals: Promise<number>, pool?: string): TradesSection {
  const body = el('div', {}, el('p', { class: 'muted' }, 'Loading trades…'))
  let shown: TradeBody[] = []
  let coverage = ''
  let known: number | null = null
  void decimals.then((d) => {
    known = d
    render()
  })
  const key = (t: TradeBody) => `${t.txHash}:${t.pool.address}`
  const mine = (t: TradeBody) => pool === undefined || t.pool.address === pool

  function render(): void {
    if (shown.length === 0) {
      fill(body, el('p', { class: 'muted', id: 'trades-none' }, `No trades recorded yet. ${coverage}`))
      return
    }
    fill(body, scrollRegion('Recent trades',
      el('table', { class: 'trades' },
        el('caption', {}, `Latest ${shown.length} trades, newest first, as the chain follower records them. ${coverage}`),
        el('thead', {}, el('tr', {}, ...['Side', 'Amount', 'Price', 'ADA', 'Price (USD)', 'Time', 'Pool'].map((h) => el('th', { scope: 'col' }, h)))),
        el('tbody', {}, ...shown.map((t) =>
          el('tr', { 'data-tx': t.txHash },
            el('th', { scope: 'row', class: t.side === 'buy' ? 'up' : 'down' }, t.side === 'buy' ? 'Buy ▲' : 'Sell ▼'),
            known === null
              ? el('td', { class: 'num amount', title: "Waiting for the token's decimals" }, AMOUNT_PENDING)
              : el('td', { class: 'num amount' }, formatUnits(t.amountToken, known)),
            el('td', { class: 'num' }, formatPrice(t.priceQuote, t.quoteSymbol)),
            el('td', { class: 'num' }, formatUnits(t.amountQuote, 6)),
            el('td', { class: 'num' }, formatPrice(t.priceUsd)),
            el('td', {}, formatDate(t.time)),
            el('td', {}, el('a', { href: `/pool/${t.pool.address}` }, `${t.pool.name} (${t.pool.dexId})`)),
          ))),
      )))
  }

  const read = async (fresh: boolean): Promise<boolean> => {
    const res = await apiGet<TradesBody>(`/tokens/${unit}/trades?limit=${SHOWN}${pool === undefined ? '' : `&pool=${pool}`}`, fresh)
    if (!res.ok || !Array.isArray(res.body?.trades)) {
      const why = res.ok ? 'the answer had no trades list' : `${res.error.error}: ${res.error.hint}`
      fill(body, el('p', { class: 'muted', id: 'trades-empty' }, `Trades are not recorded for this token on this server (${why})`))
      return false
    }
    shown = res.body.trades
    coverage = res.body.coverage
    render()
    return true
  }

  const live: LiveHandlers = {
    trade: (data) => {
      const trades = (data as { trades?: unknown }).trades
      if (!Array.isArray(trades)) return
      const seen = new Set(shown.map(key))
      const fresh = (trades as TradeBody[]).filter((t) => mine(t) && !seen.has(key(t)))
      if (fresh.length === 0) return
      shown = [...fresh, ...shown].slice(0, SHOWN)
      render()
    },
    // A rollback took trades back out: the list is read again from the records.
    reset: () => void read(true),
  }
  return { element: section('trades', 'Recent trades', body), followed: read(false), live }
}
