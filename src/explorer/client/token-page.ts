import { normaliseUnit } from '../../cardano/unit'
import type { PairRow, ScreenerBody, ScreenerRow, TokenDetailBody } from '../../modules/tokens/schemas'
import { apiGet, type ApiErrorBody } from './api'
import { chartSection } from './chart'
import { communitySection } from './community'
import { countdown, stopCountdown } from './countdown'
import { el, fill, logo, main, scrollRegion, section, statusLine } from './dom'
import { changeClass, formatChange, formatDate, formatInteger, formatPrice, formatUnits, formatUsd, UNKNOWN } from './format'
import { openLive } from './live'
import { askingAgain, missingText, retryDelayMs } from './missing'
import { chainFiguresSection } from './chain-figures'
import { headline, type Headline, type HeadlineFrom } from './headline'
import { tradesSection } from './trades'
import { safetySection } from './safety'

/** A refusal of the whole detail without Retry-After (a 502): asked again this soon. */
const FAILED_RETRY_S = 10

/** The one error a page shows for a unit that is no token (malformed, or unknown to every source), with a way on. */
function notAToken(input: string, error: ApiErrorBody): HTMLElement {
  // Text that is no unit may be a ticker or a name: the search page finds it.
  const search = /^[0-9a-f]*$/i.test(input) ? null : el('a', { href: `/search?q=${encodeURIComponent(input)}` }, `Search for “${input}”`)
  return el('p', { class: 'error', role: 'alert', id: 'token-error' }, `${error.error}. ${error.hint}`, search === null ? null : ' ', search)
}

/**
 * /token/{unit}: price and chain facts, pairs, chart, recent trades, safety report, boosts and comments. The detail may lack a
 * source (its `missing`) or be refused whole for a while: the page then shows the screener's row for the token
 * (name, ticker, price) meanwhile, says in words what is missing, and counts down to asking again after the
 * retryAfter given. A unit that is no token gets one error and nothing else: a malformed one is not asked about
 * beyond the detail, and an unknown one's sections are taken off the page when the detail says so.
 */
export async function tokenPage(input: string): Promise<void> {
  const root = main()
  const unit = input.toLowerCase()
  const heading = el('h1', {}, unit)
  const status = statusLine('token-status')
  const alone = (error: ApiErrorBody) => {
    stopCountdown(status)
    fill(root, heading, notAToken(input, error))
  }
  if (normaliseUnit(unit) === null) {
    fill(root, heading)
    // The API's own words for it (one request): the page asks nothing else.
    const res = await apiGet<TokenDetailBody>(`/tokens/${encodeURIComponent(input)}`)
    if (!res.ok) alone(res.error)
    return
  }
  // The token's decimals, once a detail says them: trade amounts wait for them rather than guess 0.
  let knowDecimals: (decimals: number) => void = () => {}
  const decimals = new Promise<number>((resolve) => (knowDecimals = resolve))
  const price = el('p', { class: 'price', id: 'price' })
  const scope = el('p', { class: 'muted', id: 'price-scope' })
  const facts = el('div', { id: 'facts' }, el('p', { class: 'muted' }, 'Loading token…'))
  const onChain = el('div', { id: 'chain-body' })
  const pairs = el('div', { id: 'pairs-body' })
  const trades = tradesSection(unit, decimals)
  fill(root, heading, price, scope, status, facts, onChain, section('pairs', 'Pairs', pairs), chartSection(unit), trades.element, safetySection(unit, decimals), communitySection(unit))

  let detailShown = false
  let live = false
  // Where the headline's figures come from now: the stream's screener row updates them only when they are the sources'.
  let shownFrom: HeadlineFrom | null = null
  const showName = (name: string, symbol: string, imageUrl: string) => {
    document.title = `${symbol} · cardano-market-api`
    fill(heading, logo(imageUrl, 32), ` ${name} `, el('span', { class: 'muted' }, symbol))
  }
  const showPrice = (usd: number | null, change24h: number | null) =>
    fill(price, formatPrice(usd), ' ', el('span', { class: changeClass(change24h) }, formatChange(change24h), ' 24h'))

  // The screener's row for the token (curated tokens): its name until a detail arrives, and its price while the
  // detail is refused (not before: a price that the detail's would replace a moment later is a swing).
  const row = apiGet<ScreenerBody>('/tokens').then((res) => (res.ok ? (res.body.tokens.find((t) => t.address === unit) ?? null) : null))
  const standIn = async (withPrice: boolean) => {
    const r = await row
    if (r === null || detailShown) return
    showName(r.name, r.symbol, r.imageUrl)
    if (withPrice) {
      showPrice(r.priceUsd, r.change24h)
      scope.textContent = 'The screener’s figures, across covered DEXes, while the token’s details are unavailable.'
    }
  }
  void standIn(false)

  const followLive = async () => {
    if (live) return
    live = true
    // One stream for the page's topics. The price follows `token:<unit>` (the token's screener row: the same
    // liquidity-weighted price; only changes after this read, as `token` events), for curated tokens only (those
    // with a screener row: the stream refuses the topic for others, 400). The trades follow `trades:<unit>` when
    // the token's trades are recorded here (their first read answered). A token with neither opens no stream.
    const [curated, followed] = await Promise.all([row.then((r) => r !== null), trades.followed])
    const topics = [...(curated ? [`token:${unit}`] : []), ...(followed ? [`trades:${unit}`] : [])]
    if (topics.length === 0) return
    openLive(topics, {
      token: (data) => {
        const r = (data as { token: ScreenerRow | null }).token
        if (r !== null && shownFrom === 'sources') showPrice(r.priceUsd, r.change24h)
      },
      ...trades.live,
    }, () => {})
  }

  const load = async (again: boolean) => {
    const res = await apiGet<TokenDetailBody>(`/tokens/${unit}`, again)
    if (!res.ok) {
      if (res.status === 404 || res.status === 400) {
        alone(res.error)
        return
      }
      // Refused or failed whole for now: the screener's row stands in, and the page asks again.
      const wait = res.retryAfter ?? FAILED_RETRY_S
      const why = `The token's details are unavailable right now (${res.error.error}): ${res.error.hint}`
      countdown(status, wait, (elapsed) => `${why} ${askingAgain(wait - elapsed)}`)
      if (!detailShown) fill(facts, el('p', { class: 'muted' }, 'Waiting for the token’s details…'))
      await standIn(true)
      setTimeout(() => void load(true), wait * 1000)
      return
    }
    const t = res.body
    detailShown = true
    if (t.decimals !== null) knowDecimals(t.decimals)
    showName(t.name, t.symbol, t.imageUrl)
    const h = headline(t)
    shownFrom = h.from
    showPrice(h.priceUsd, h.change24h)
    scope.textContent = scopeWords(h, t)
    const delay = retryDelayMs(t.missing)
    countdown(status, (delay ?? 0) / 1000, (elapsed) => missingText(t.missing, elapsed))
    showFacts(facts, t, h)
    fill(onChain, chainFiguresSection(t))
    fill(pairs, scrollRegion('Pairs', pairsTable(t.pairs, t.symbol)))
    void followLive()
    if (delay !== null) setTimeout(() => void load(true), delay)
  }
  await load(false)
}

/** What the headline's figures are, under the price. */
function scopeWords(h: Headline, t: TokenDetailBody): string {
  if (h.from === 'sources') return ''
  if (h.from === 'partial') return 'Only from the sources that answered: a market source is missing (below), so these are not the whole.'
  return t.figuresFrom === 'chain'
    ? 'From the chain: no market source lists this token; these are the pools this service follows.'
    : 'From the chain, the pools this service follows, while a market source is missing: the figures across covered DEXes come back when it answers.'
}

function showFacts(facts: HTMLElement, t: TokenDetailBody, h: Headline): void {
  const chainMissing = t.missing.some((m) => m.source === 'chainApi')
  fill(facts,
    el('p', { class: 'muted', id: 'figures-coverage' }, h.coverage),
    el('dl', { class: 'facts' },
      ...fact(`Liquidity (${h.scope})`, formatUsd(h.liquidityUsd)),
      ...fact(`24h volume (${h.scope})`, formatUsd(h.volume24h)),
      ...fact('Market cap', formatUsd(t.marketCap)),
      ...fact('Fully diluted valuation', formatUsd(t.fdv)),
      ...fact('Total supply', t.decimals === null ? UNKNOWN : formatUnits(t.totalSupply, t.decimals)),
      ...fact('Decimals', t.decimals === null ? UNKNOWN : String(t.decimals)),
      ...fact('Fingerprint', t.fingerprint),
      ...fact('Policy id', t.policyId),
      ...fact('First minted', formatDate(t.creationTime)),
      // null means the chain API's holder count is still being estimated (or the chain API is missing), never zero holders.
      ...fact('Holders', t.holders !== null ? formatInteger(t.holders) : chainMissing ? UNKNOWN : 'estimating…'),
    ),
    t.description === null ? null : el('p', { class: 'description' }, t.description),
    links(t),
  )
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

/** Source B pools have no per-pool buy/sell counts: "—", never 0. The pair and its price come first (the key columns on a phone). */
function pairsTable(rows: PairRow[], symbol: string): HTMLTableElement {
  const label = (row: PairRow) => `${symbol} / ${row.quoteSymbol}`
  const counts = (row: PairRow, n: number) => (row.source === 'source_b' ? UNKNOWN : formatInteger(n))
  return el('table', { class: 'pairs' },
    el('caption', {}, 'Pools of both sources, most liquidity first'),
    el('thead', {}, el('tr', {}, ...['Pair', 'Price', 'Liquidity', 'DEX', '24h volume', 'Buys 24h', 'Sells 24h', 'Source'].map((h) => el('th', { scope: 'col' }, h)))),
    el('tbody', {}, ...rows.map((row) =>
      el('tr', {},
        el('th', { scope: 'row' }, /^https?:\/\//i.test(row.url) ? el('a', { href: row.url, rel: 'noopener noreferrer nofollow' }, label(row)) : label(row)),
        el('td', { class: 'num' }, formatPrice(row.priceUsd)),
        el('td', { class: 'num' }, formatUsd(row.liquidityUsd)),
        el('td', {}, row.dexId),
        el('td', { class: 'num' }, formatUsd(row.volume24h)),
        el('td', { class: 'num' }, counts(row, row.buys24h)),
        el('td', { class: 'num' }, counts(row, row.sells24h)),
        el('td', {}, row.source === 'source_a' ? 'A (DexScreener)' : 'B (GeckoTerminal)'),
      ))),
  )
}
