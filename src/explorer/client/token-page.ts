import type { PairRow, ScreenerRow, TokenDetailBody } from '../../modules/tokens/schemas'
import { apiGet } from './api'
import { chartSection } from './chart'
import { communitySection } from './community'
import { el, fill, logo, main, section } from './dom'
import { changeClass, formatChange, formatDate, formatInteger, formatPrice, formatUnits, formatUsd, UNKNOWN } from './format'
import { openLive } from './live'
import { tradesSection } from './trades'

/** /token/{unit}: price and chain facts, pairs, chart, recent trades, boosts and comments. */
export async function tokenPage(unit: string): Promise<void> {
  const root = main()
  let decimals = 0
  const heading = el('h1', {}, unit)
  const facts = el('div', { id: 'facts' }, el('p', { class: 'muted' }, 'Loading token…'))
  const pairs = el('div', { id: 'pairs-body' })
  fill(root, heading, facts, section('pairs', 'Pairs', pairs), chartSection(unit), tradesSection(unit, () => decimals), communitySection(unit))

  const res = await apiGet<TokenDetailBody>(`/tokens/${unit}`)
  if (!res.ok) {
    fill(facts, el('p', { class: 'error', role: 'alert' }, `${res.error.error}. ${res.error.hint}`))
    fill(pairs, el('p', { class: 'muted' }, UNKNOWN))
    return
  }
  const t = res.body
  decimals = t.decimals
  document.title = `${t.symbol} · cardano-market-api`
  fill(heading, logo(t.imageUrl, 32), ` ${t.name} `, el('span', { class: 'muted' }, t.symbol))
  const price = el('p', { class: 'price', id: 'price' })
  const showPrice = (usd: number | null, change24h: number | null) =>
    fill(price, formatPrice(usd), ' ', el('span', { class: changeClass(change24h) }, formatChange(change24h), ' 24h'))
  showPrice(t.priceUsd, t.change24h)
  fill(facts,
    price,
    el('p', { class: 'muted' }, t.coverage),
    el('dl', { class: 'facts' },
      ...fact('Liquidity (across covered DEXes)', formatUsd(t.liquidityUsd)),
      ...fact('24h volume (across covered DEXes)', formatUsd(t.volume24h)),
      ...fact('Market cap', formatUsd(t.marketCap)),
      ...fact('Fully diluted valuation', formatUsd(t.fdv)),
      ...fact('Total supply', formatUnits(t.totalSupply, t.decimals)),
      ...fact('Decimals', String(t.decimals)),
      ...fact('Fingerprint', t.fingerprint),
      ...fact('Policy id', t.policyId),
      ...fact('First minted', formatDate(t.creationTime)),
      // null means the chain API's holder count is still being estimated, never zero holders.
      ...fact('Holders', t.holders === null ? 'estimating…' : formatInteger(t.holders)),
    ),
    t.description === null ? null : el('p', { class: 'description' }, t.description),
    links(t),
  )
  fill(pairs, el('div', { class: 'table-scroll' }, pairsTable(t.pairs, t.symbol)))
  // The price follows the stream's `token:<unit>` topic (the token's screener row: the same liquidity-weighted
  // price). Only changes after this read (`token` events; the snapshot may be older than the detail just read).
  // Curated tokens only: the stream refuses others (400), and the page keeps the price it read.
  openLive([`token:${unit}`], {
    token: (data) => {
      const row = (data as { token: ScreenerRow | null }).token
      if (row !== null) showPrice(row.priceUsd, row.change24h)
    },
  }, () => {})
}

function fact(term: string, value: string): HTMLElement[] {
  return [el('dt', {}, term), el('dd', {}, value)]
}

function links(t: TokenDetailBody): HTMLElement | null {
  const all = [...t.websites.map((w) => ({ label: w.label ?? 'Website', url: w.url })), ...t.socials.map((s) => ({ label: s.type ?? 'Social', url: s.url }))]
  // Only web links: an upstream string is never trusted as a javascript: URL.
  const safe = all.filter((l) => /^https?:\/\//i.test(l.url))
  if (safe.length === 0) return null
  return el('p', { class: 'links' }, ...safe.flatMap((l, i) => [i > 0 ? ' · ' : '', el('a', { href: l.url, rel: 'noopener noreferrer nofollow' }, l.label)]))
}

/** Source B pools have no per-pool buy/sell counts: "—", never 0. */
function pairsTable(rows: PairRow[], symbol: string): HTMLElement {
  const label = (row: PairRow) => `${symbol} / ${row.quoteSymbol}`
  const counts = (row: PairRow, n: number) => (row.source === 'source_b' ? UNKNOWN : formatInteger(n))
  return el('table', { class: 'pairs' },
    el('caption', {}, 'Pools of both sources, most liquidity first'),
    el('thead', {}, el('tr', {}, ...['DEX', 'Pair', 'Price', 'Liquidity', '24h volume', 'Buys 24h', 'Sells 24h', 'Source'].map((h) => el('th', { scope: 'col' }, h)))),
    el('tbody', {}, ...rows.map((row) =>
      el('tr', {},
        el('td', {}, row.dexId),
        el('td', {}, /^https?:\/\//i.test(row.url) ? el('a', { href: row.url, rel: 'noopener noreferrer nofollow' }, label(row)) : label(row)),
        el('td', { class: 'num' }, formatPrice(row.priceUsd)),
        el('td', { class: 'num' }, formatUsd(row.liquidityUsd)),
        el('td', { class: 'num' }, formatUsd(row.volume24h)),
        el('td', { class: 'num' }, counts(row, row.buys24h)),
        el('td', { class: 'num' }, counts(row, row.sells24h)),
        el('td', {}, row.source === 'source_a' ? 'A (DexScreener)' : 'B (GeckoTerminal)'),
      ))),
  )
}
