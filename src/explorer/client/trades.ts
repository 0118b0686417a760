import type { TradeBody, TradesBody } from '../../modules/trades/schemas'
import { apiGet } from './api'
import { el, fill, scrollRegion, section } from './dom'
import { formatDate, formatPrice, formatUnits } from './format'

/** What an amount cell shows until the token's decimals are known (a raw amount read as whole tokens would be 10^decimals off). */
const AMOUNT_PENDING = '…'

/**
 * "Recent trades": reads GET /api/v1/tokens/{unit}/trades (the chain follower's records). Token amounts are in
 * base units there; they are shown in whole tokens once `decimals` resolves (the token detail says them), never
 * formatted before: until then the cells say "…". The ADA side is in lovelace, whose 6 decimals are known. An
 * answer other than 200 (a deployment without a database: 503; a token that is not followed: 404) is said in the
 * API's own words. Each trade's pool links to its pool page; `pool` keeps to one pool's trades (a pool page).
 */
export function tradesSection(unit: string, decimals: Promise<number>, pool?: string): HTMLElement {
  const body = el('div', {}, el('p', { class: 'muted' }, 'Loading trades…'))
  void (async () => {
    const res = await apiGet<TradesBody>(`/tokens/${unit}/trades?limit=25${pool === undefined ? '' : `&pool=${pool}`}`)
    if (!res.ok || !Array.isArray(res.body?.trades)) {
      const why = res.ok ? 'the answer had no trades list' : `${res.error.error}: ${res.error.hint}`
      fill(body, el('p', { class: 'muted', id: 'trades-empty' }, `Trades are not recorded for this token on this server (${why})`))
      return
    }
    if (res.body.trades.length === 0) {
      fill(body, el('p', { class: 'muted' }, `No trades recorded yet. ${res.body.coverage}`))
      return
    }
    const amounts = res.body.trades.map(() => el('td', { class: 'num amount', title: "Waiting for the token's decimals" }, AMOUNT_PENDING))
    fill(body, scrollRegion('Recent trades',
      el('table', { class: 'trades' },
        el('caption', {}, `Latest ${res.body.trades.length} trades. ${res.body.coverage}`),
        el('thead', {}, el('tr', {}, ...['Side', 'Amount', 'Price', 'ADA', 'Price (USD)', 'Time', 'Pool'].map((h) => el('th', { scope: 'col' }, h)))),
        el('tbody', {}, ...res.body.trades.map((t: TradeBody, i) =>
          el('tr', {},
            el('th', { scope: 'row', class: t.side === 'buy' ? 'up' : 'down' }, t.side === 'buy' ? 'Buy ▲' : 'Sell ▼'),
            amounts[i],
            el('td', { class: 'num' }, formatPrice(t.priceQuote, t.quoteSymbol)),
            el('td', { class: 'num' }, formatUnits(t.amountQuote, 6)),
            el('td', { class: 'num' }, formatPrice(t.priceUsd)),
            el('td', {}, formatDate(t.time)),
            el('td', {}, el('a', { href: `/pool/${t.pool.address}` }, `${t.pool.name} (${t.pool.dexId})`)),
          ))),
      )))
    const known = await decimals
    res.body.trades.forEach((t, i) => {
      amounts[i].textContent = formatUnits(t.amountToken, known)
      amounts[i].removeAttribute('title')
    })
  })()
  return section('trades', 'Recent trades', body)
}
