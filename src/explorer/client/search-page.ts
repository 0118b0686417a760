import type { SearchBody } from '../../modules/tokens/schemas'
import { apiGet } from './api'
import { el, fill, logo, main, scrollRegion } from './dom'
import { formatPrice, formatUsd } from './format'
import { missingReasons } from './missing'
import { foundIn } from './search-box'

/** /search?q=: every token GET /api/v1/search finds (registry and chain), each linked to its page. */
export async function searchPage(): Promise<void> {
  const root = main()
  const query = (new URLSearchParams(location.search).get('q') ?? '').trim()
  const meta = el('p', { class: 'muted', id: 'search-meta' })
  const body = el('div', { id: 'search-results' })
  fill(root, el('h1', {}, query === '' ? 'Search tokens' : `Tokens matching “${query}”`), meta, body)
  if (query === '') {
    meta.textContent = 'Type a ticker, a name, an asset unit or a fingerprint (asset1…) in the search box above.'
    return
  }
  document.title = `${query} · search · cardano-market-api`
  meta.textContent = 'Searching…'
  const res = await apiGet<SearchBody>(`/search?q=${encodeURIComponent(query)}`)
  if (!res.ok) {
    fill(meta, el('span', { class: 'error', role: 'alert' }, `${res.error.error}. ${res.error.hint}`))
    return
  }
  meta.textContent = `${res.body.count === 0 ? 'No token matches.' : `${res.body.count} token${res.body.count === 1 ? '' : 's'}.`} ${res.body.coverage} ${missingReasons(res.body.missing)}`.trim()
  if (res.body.count === 0) return
  fill(body, scrollRegion('Search results', el('table', { id: 'search-table' },
    el('caption', {}, 'Each token once, from its deepest pair (its deepest followed pool when only the chain has it): curated tokens whose ticker matches first.'),
    el('thead', {}, el('tr', {}, ...['Token', 'Price', 'Liquidity', 'Found in', 'DEX', '24h volume'].map((h) => el('th', { scope: 'col' }, h)))),
    el('tbody', {}, ...res.body.tokens.map((t) =>
      el('tr', { 'data-unit': t.address },
        el('th', { scope: 'row' }, logo(t.imageUrl, 24), ' ', el('a', { href: `/token/${t.address}` }, t.symbol), el('span', { class: 'muted name' }, t.name)),
        el('td', { class: 'num' }, formatPrice(t.priceUsd)),
        el('td', { class: 'num' }, formatUsd(t.liquidityUsd)),
        el('td', {}, foundIn(t)),
        el('td', {}, t.dexId),
        el('td', { class: 'num' }, formatUsd(t.volume24h)),
      ))),
  )))
}
