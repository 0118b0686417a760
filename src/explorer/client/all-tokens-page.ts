import type { ChainTokenRow, ChainTokensBody } from '../../modules/chain-tokens/schemas'
import { apiGet } from './api'
import { el, fill, logo, main, scrollRegion, statusLine } from './dom'
import { changeClass, formatChange, formatDate, formatInteger, formatPrice, formatUsd, UNKNOWN } from './format'
import { openLive } from './live'

/** Rows per page. */
const PAGE_SIZE = 50

type Sort = ChainTokensBody['sort']
type Order = ChainTokensBody['order']

interface Column {
  label: string
  /** The API's sort for this column; columns without one are not sortable. */
  sort?: Sort
  cell: (row: ChainTokenRow) => HTMLElement
}

const num = (...children: (Node | string)[]) => el('td', { class: 'num' }, ...children)
/** Per whole token, or per base unit when the decimals are unknown (said in the cell). */
const perUnit = (row: ChainTokenRow) => (row.decimalsSource === 'unknown' ? el('span', { class: 'muted' }, ' per base unit') : '')

const COLUMNS: Column[] = [
  {
    label: 'Token',
    cell: (r) => el('th', { scope: 'row' }, logo(r.imageUrl, 24), ' ', el('a', { href: `/token/${r.address}` }, r.symbol ?? `${r.address.slice(0, 10)}…`),
      el('span', { class: 'muted name' }, [r.name, r.curated ? 'curated' : null].filter(Boolean).join(' · '))),
  },
  { label: 'Price', cell: (r) => num(r.priceUsd === null ? formatPrice(r.priceAda, 'ADA') : formatPrice(r.priceUsd), perUnit(r)) },
  { label: '24h', sort: 'change24h', cell: (r) => el('td', { class: `num ${changeClass(r.change24h)}` }, formatChange(r.change24h)) },
  { label: 'Liquidity', sort: 'liquidity', cell: (r) => num(r.liquidityUsd === null ? `${formatInteger(r.liquidityAda)} ADA` : formatUsd(r.liquidityUsd)) },
  { label: 'Volume 24h', sort: 'volume24h', cell: (r) => num(r.volume24h === null ? `${formatInteger(r.volume24hAda)} ADA` : formatUsd(r.volume24h)) },
  { label: 'Trades 24h', sort: 'txns24h', cell: (r) => num(formatInteger(r.txns24h), el('span', { class: 'muted', title: 'buys / sells' }, ` (${r.buys24h} / ${r.sells24h})`)) },
  { label: 'Price in ADA', cell: (r) => num(formatPrice(r.priceAda, 'ADA'), perUnit(r)) },
  { label: 'Pools', cell: (r) => el('td', {}, el('a', { href: `/pool/${r.topPairAddress}`, title: 'The deepest pool' }, `${r.pairCount} on ${r.dexIds.join(', ')}`)) },
  {
    label: 'First pool',
    sort: 'pairCreatedAt',
    cell: (r) => el('td', {}, r.pairCreatedAt === null ? 'before the follower’s first block' : formatDate(Math.floor(r.pairCreatedAt / 1000))),
  },
]

const rowOf = (row: ChainTokenRow) => el('tr', { 'data-unit': row.address }, ...COLUMNS.map((col) => col.cell(row)))

/** What the page shows, kept in the address (sort, order, filter) so it can be shared and reloaded. */
interface View {
  sort: Sort
  order: Order
  q: string
}

function viewFromAddress(): View {
  const params = new URLSearchParams(location.search)
  const sort = COLUMNS.find((c) => c.sort === params.get('sort'))?.sort ?? 'liquidity'
  return { sort, order: params.get('order') === 'asc' ? 'asc' : 'desc', q: (params.get('q') ?? '').trim() }
}

function apiQuery(view: View, cursor: string | null): string {
  const params = new URLSearchParams({ sort: view.sort, order: view.order, limit: String(PAGE_SIZE) })
  if (view.q !== '') params.set('q', view.q)
  if (cursor !== null) params.set('cursor', cursor)
  return `/chain/tokens?${params}`
}

/**
 * /tokens: every token with a followed ADA pool, from the chain (GET /api/v1/chain/tokens), beside the curated
 * screener: sorted by the service (liquidity, 24 h change, volume, trades, first pool; the header's buttons, with
 * aria-sort), 50 a page (the API's keyset cursor forward, the cursors already seen back), a filter, each token
 * linked to its page and its deepest pool to the pool page. The rows shown follow the stream's chain:tokens topic.
 */
export async function allTokensPage(): Promise<void> {
  const root = main()
  let view = viewFromAddress()
  /** Cursors of the pages before the one shown (the first page's is null). */
  let cursors: (string | null)[] = []
  let cursor: string | null = null

  const meta = el('p', { class: 'muted', id: 'all-tokens-meta' }, 'Loading tokens…')
  const coverage = el('p', { class: 'muted', id: 'all-tokens-coverage' })
  const status = statusLine('all-tokens-status')
  const live = el('p', { class: 'muted', id: 'all-tokens-live' })
  const filter = el('input', { type: 'search', name: 'q', 'aria-label': 'Filter tokens', placeholder: 'Filter: ticker, name, unit or fingerprint', maxlength: 100, value: view.q })
  const filterForm = el('form', { class: 'filter', role: 'search', 'aria-label': 'Filter the list' }, filter, el('button', { type: 'submit' }, 'Filter'))
  const headRow = el('tr', {})
  const body = el('tbody', {})
  const table = el('table', { id: 'all-tokens', class: 'all-tokens' },
    el('caption', {}, 'Every token traded against ADA in the pools this service follows on chain; sort with the column buttons.'),
    el('thead', {}, headRow), body)
  const previous = el('button', { type: 'button', disabled: true }, '← Previous page')
  const next = el('button', { type: 'button', disabled: true }, 'Next page →')
  const pageInfo = el('span', { class: 'muted', id: 'all-tokens-page' })
  fill(root,
    el('h1', {}, 'All tokens on chain'),
    el('p', {}, 'Ranked from this service’s own chain records, not only the ', el('a', { href: '/' }, 'curated screener'), '’s tokens.'),
    meta, el('details', {}, el('summary', {}, 'What these figures cover'), coverage), filterForm, status, scrollRegion('All tokens', table),
    el('nav', { class: 'pager', 'aria-label': 'Pages' }, previous, pageInfo, next), live)

  const renderHead = () => fill(headRow, ...COLUMNS.map((col) => {
    if (col.sort === undefined) return el('th', { scope: 'col' }, col.label)
    const sorted = col.sort === view.sort
    const button = el('button', { type: 'button', class: 'sort' }, col.label, el('span', { 'aria-hidden': 'true' }, sorted ? (view.order === 'desc' ? ' ▼' : ' ▲') : ''))
    button.addEventListener('click', () => {
      view = { ...view, sort: col.sort!, order: sorted && view.order === 'desc' ? 'asc' : 'desc' }
      void show(null, [])
    })
    return el('th', { scope: 'col', 'aria-sort': sorted ? (view.order === 'desc' ? 'descending' : 'ascending') : null }, button)
  }))

  async function show(at: string | null, before: (string | null)[]) {
    const params = new URLSearchParams({ sort: view.sort, order: view.order })
    if (view.q !== '') params.set('q', view.q)
    history.replaceState(null, '', `/tokens?${params}`)
    renderHead()
    status.textContent = 'Loading…'
    const res = await apiGet<ChainTokensBody>(apiQuery(view, at))
    if (!res.ok) {
      fill(status, el('span', { class: 'error', role: 'alert' }, `${res.error.error}. ${res.error.hint}`))
      return
    }
    const page = res.body
    cursor = at
    cursors = before
    status.textContent = ''
    const asOf = page.asOf === null ? 'nothing read yet' : `block ${formatInteger(page.asOf.blockHeight)} (${formatDate(page.asOf.time)})`
    meta.textContent =
      `${formatInteger(page.count)} tokens${view.q === '' ? '' : ` matching “${view.q}”`} with a followed ADA pool holding at least ` +
      `${formatInteger(page.minLiquidityAda)} ADA; ADA at ${page.adaUsd === null ? UNKNOWN : formatPrice(page.adaUsd)}. Read up to ${asOf}.`
    coverage.textContent = page.coverage
    fill(body, ...page.tokens.map(rowOf))
    if (page.tokens.length === 0) fill(body, el('tr', {}, el('td', { colspan: COLUMNS.length, class: 'muted' }, 'No token matches.')))
    const first = before.length * PAGE_SIZE
    pageInfo.textContent = page.count === 0 ? '' : ` Tokens ${first + 1}–${first + page.tokens.length} of ${formatInteger(page.count)} `
    previous.disabled = before.length === 0
    next.disabled = page.nextCursor === null
    next.dataset.cursor = page.nextCursor ?? ''
  }

  // Live: the chain:tokens topic's rows that changed at a block batch replace theirs on this page, in place (the
  // order stays the service's as of the page's read: a reload or a sort reads it again).
  openLive(['chain:tokens'], {
    'chain-tokens': (data) => {
      const event = data as { asOf: ChainTokensBody['asOf']; changed: ChainTokenRow[]; removed: string[] }
      let updated = 0
      for (const changed of event.changed) {
        const shown = body.querySelector(`tr[data-unit="${changed.address}"]`)
        if (shown === null) continue
        shown.replaceWith(rowOf(changed))
        updated++
      }
      for (const unit of event.removed) body.querySelector(`tr[data-unit="${unit}"]`)?.classList.add('gone')
      if (updated > 0 && event.asOf !== null) live.textContent = `Live: ${updated} row${updated === 1 ? '' : 's'} updated at block ${formatInteger(event.asOf.blockHeight)}.`
    },
  }, () => {
    live.textContent = 'Live updates are off: reload for new figures.'
  })

  previous.addEventListener('click', () => void show(cursors[cursors.length - 1] ?? null, cursors.slice(0, -1)))
  next.addEventListener('click', () => {
    if (next.dataset.cursor) void show(next.dataset.cursor, [...cursors, cursor])
  })
  filterForm.addEventListener('submit', (event) => {
    event.preventDefault()
    view = { ...view, q: filter.value.trim() }
    void show(null, [])
  })
  await show(null, [])
}
