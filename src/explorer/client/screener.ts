import type { ScreenerBody, ScreenerRow } from '../../modules/tokens/schemas'
import { apiGet } from './api'
import { el, fill, logo, main, scrollRegion, statusLine } from './dom'
import { changeClass, formatChange, formatPrice, formatUsd, UNKNOWN } from './format'
import { subscribeScreener } from './screener-source'

/** The boosts endpoint takes at most 60 units per call. */
const BOOST_BATCH = 60

interface Column {
  key: string
  label: string
  value: (row: ScreenerRow, boosts: Map<string, number>) => number | string | null
  cell: (row: ScreenerRow, boosts: Map<string, number>) => HTMLElement
}

const num = (text: string, cls = '') => el('td', { class: `num ${cls}`.trim() }, text)
const change = (v: number | null) => num(formatChange(v), changeClass(v))

const COLUMNS: Column[] = [
  { key: 'symbol', label: 'Token', value: (r) => r.symbol.toLowerCase(), cell: (r) =>
    el('th', { scope: 'row' }, logo(r.imageUrl, 24), ' ', el('a', { href: `/token/${r.address}` }, r.symbol), el('span', { class: 'muted name' }, r.name)) },
  { key: 'price', label: 'Price', value: (r) => r.priceUsd, cell: (r) => num(formatPrice(r.priceUsd)) },
  { key: 'change1h', label: '1h', value: (r) => r.change1h, cell: (r) => change(r.change1h) },
  { key: 'change6h', label: '6h', value: (r) => r.change6h, cell: (r) => change(r.change6h) },
  { key: 'change24h', label: '24h', value: (r) => r.change24h, cell: (r) => change(r.change24h) },
  { key: 'volume', label: 'Volume 24h', value: (r) => r.volume24h, cell: (r) => num(formatUsd(r.volume24h)) },
  { key: 'liquidity', label: 'Liquidity', value: (r) => r.liquidityUsd, cell: (r) => num(formatUsd(r.liquidityUsd)) },
  { key: 'marketCap', label: 'Market cap', value: (r) => r.marketCap, cell: (r) => num(formatUsd(r.marketCap)) },
  { key: 'boosts', label: 'Boosts today', value: (r, b) => b.get(r.address) ?? null, cell: (r, b) => num(b.has(r.address) ? String(b.get(r.address)) : UNKNOWN) },
]

/** Sort order: unknown values last whichever the direction. */
export function compareValues(a: number | string | null, b: number | string | null, descending: boolean): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1
  const order = a < b ? -1 : a > b ? 1 : 0
  return descending ? -order : order
}

/** `/` for browsers: the curated tokens in a sortable table (WAI-ARIA sortable table pattern). */
export function screenerPage(): void {
  const root = main()
  let rows: ScreenerRow[] = []
  let boosts = new Map<string, number>()
  let sortKey = 'liquidity'
  let descending = true

  const caption = el('caption', {}, 'Curated Cardano tokens. Volume and liquidity across covered DEXes; sort with the column buttons.')
  const headRow = el('tr', {})
  const body = el('tbody', {})
  const table = el('table', { id: 'screener', class: 'screener' }, caption, el('thead', {}, headRow), body)
  const meta = el('p', { class: 'muted', id: 'screener-meta' }, 'Loading tokens…')
  const status = statusLine('screener-status')
  const beside = el('p', {}, 'The curated tokens, from the DEX aggregators. Every token traded on the followed DEXes, from the chain: ', el('a', { href: '/tokens' }, 'All tokens'), '.')
  fill(root, el('h1', {}, 'Cardano token screener'), beside, meta, status, scrollRegion('Token screener', table))

  function renderHead() {
    fill(headRow, ...COLUMNS.map((col) => {
      const sorted = col.key === sortKey
      const button = el('button', { type: 'button', class: 'sort' }, col.label, el('span', { 'aria-hidden': 'true' }, sorted ? (descending ? ' ▼' : ' ▲') : ''))
      button.addEventListener('click', () => {
        descending = sorted ? !descending : col.key !== 'symbol'
        sortKey = col.key
        renderHead()
        renderBody()
      })
      return el('th', { scope: 'col', 'aria-sort': sorted ? (descending ? 'descending' : 'ascending') : null }, button)
    }))
  }

  function renderBody() {
    const col = COLUMNS.find((c) => c.key === sortKey)!
    const sorted = [...rows].sort((a, b) => compareValues(col.value(a, boosts), col.value(b, boosts), descending))
    fill(body, ...sorted.map((row) => el('tr', { 'data-unit': row.address }, ...COLUMNS.map((c) => {
      const cell = c.cell(row, boosts)
      cell.dataset.col = c.key
      return cell
    }))))
  }

  async function loadBoosts(units: string[]) {
    const next = new Map<string, number>()
    for (let i = 0; i < units.length; i += BOOST_BATCH) {
      const res = await apiGet<{ summaries: { unit: string; boostsToday: number }[] }>(`/community/boosts?units=${units.slice(i, i + BOOST_BATCH).join(',')}`)
      if (!res.ok) return // community off or busy: the column says "—"
      for (const s of res.body.summaries) next.set(s.unit, s.boostsToday)
    }
    boosts = next
    renderBody()
  }

  renderHead()
  subscribeScreener((data: ScreenerBody) => {
    rows = data.tokens
    meta.textContent = `${data.count} tokens. ${data.coverage} Updated ${data.updatedAt.replace('T', ' ').slice(0, 19)} UTC.`
    status.textContent = ''
    renderBody()
    void loadBoosts(rows.map((r) => r.address))
  }, (error) => {
    status.textContent = `The token list could not be refreshed: ${error.hint}`
  })
}
