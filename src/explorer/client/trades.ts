import { apiGet } from './api'
import { el, fill, section } from './dom'
import { formatDate, formatPrice, formatUnits } from './format'

/** A trade as the chain follower's endpoint describes it (issue 20: GET /tokens/{asset}/trades). */
interface Trade {
  txHash: string
  time: number
  pool: { address: string; dexId: string; name: string }
  side: 'buy' | 'sell'
  amountToken: string
  quoteSymbol: string
  priceQuote: number
  priceUsd: number | null
}

/**
 * "Recent trades": reads GET /api/v1/tokens/{unit}/trades (the chain follower's records). An answer other than
 * 200 (a deployment without a database: 503; a token that is not followed: 404) is said in the API's own words.
 */
export function tradesSection(unit: string, decimals: () => number): HTMLElement {
  const body = el('div', {}, el('p', { class: 'muted' }, 'Loading trades…'))
  void (async () => {
    const res = await apiGet<{ trades: Trade[]; coverage: string }>(`/tokens/${unit}/trades?limit=25`)
    if (!res.ok || !Array.isArray(res.body?.trades)) {
      const why = res.ok ? 'the answer had no trades list' : `${res.error.error}: ${res.error.hint}`
      fill(body, el('p', { class: 'muted', id: 'trades-empty' }, `Trades are not recorded for this token on this server (${why})`))
      return
    }
    if (res.body.trades.length === 0) {
      fill(body, el('p', { class: 'muted' }, `No trades recorded yet. ${res.body.coverage}`))
      return
    }
    fill(body, el('div', { class: 'table-scroll' },
      el('table', {},
        el('caption', {}, `Latest ${res.body.trades.length} trades. ${res.body.coverage}`),
        el('thead', {}, el('tr', {}, ...['Time', 'Side', 'Amount', 'Price', 'Price (USD)', 'Pool'].map((h) => el('th', { scope: 'col' }, h)))),
        el('tbody', {}, ...res.body.trades.map((t) =>
          el('tr', {},
            el('td', {}, formatDate(t.time)),
            el('td', { class: t.side === 'buy' ? 'up' : 'down' }, t.side === 'buy' ? 'Buy ▲' : 'Sell ▼'),
            el('td', { class: 'num' }, formatUnits(t.amountToken, decimals())),
            el('td', { class: 'num' }, formatPrice(t.priceQuote, t.quoteSymbol)),
            el('td', { class: 'num' }, formatPrice(t.priceUsd)),
            el('td', {}, `${t.pool.name} (${t.pool.dexId})`),
          ))),
      )))
  })()
  return section('trades', 'Recent trades', body)
}
