import type { SafetyReport } from '../../modules/safety/schemas'
import { apiGet } from './api'
import { el, fill, scrollRegion, section } from './dom'
import { formatInteger, formatUnits, UNKNOWN } from './format'
import { countdown } from './countdown'
import { askingAgain, missingText, retryDelayMs } from './missing'
import { concentrationWords, isoDate, policyWords, SEVERITY_WORDS, shareWords } from './safety-words'

/** A refusal of the whole report without Retry-After (a 502): asked again this soon. */
const FAILED_RETRY_S = 10

/**
 * "Safety": GET /api/v1/tokens/{unit}/safety on the token page. The flags first, in words (or that none was
 * raised), then the figures they come from: the minting policy, the supply, the holders (the largest ten), the
 * followed pools. Supply and holdings are base units in the API: shown in whole tokens once `decimals` resolves
 * ("…" until then).
 * A part the report lacks (`missing`) is said in words and the report read again after its retryAfter.
 */
export function safetySection(unit: string, decimals: Promise<number>): HTMLElement {
  const body = el('div', {}, el('p', { class: 'muted' }, 'Reading the chain…'))
  // The report is shown at once; its amounts wait for the token's decimals (a raw amount is not whole tokens).
  let report: SafetyReport | null = null
  let receivedAt = 0
  let known: number | null = null
  void decimals.then((d) => {
    known = d
    if (report !== null) show(body, report, known, receivedAt)
  })
  const load = async (again: boolean) => {
    const res = await apiGet<SafetyReport>(`/tokens/${unit}/safety`, again)
    if (!res.ok) {
      if (res.status === 404 || res.status === 400) {
        fill(body, el('p', { class: 'muted', id: 'safety-none' }, `${res.error.error}. ${res.error.hint}`))
        return
      }
      const wait = res.retryAfter ?? FAILED_RETRY_S
      const line = el('p', { class: 'muted', id: 'safety-none' })
      fill(body, line)
      countdown(line, wait, (elapsed) => `The safety report is unavailable right now (${res.error.error}): ${res.error.hint} ${askingAgain(wait - elapsed)}`)
      setTimeout(() => void load(true), wait * 1000)
      return
    }
    report = res.body
    receivedAt = performance.now()
    show(body, report, known, receivedAt)
    const delay = retryDelayMs(res.body.missing)
    if (delay !== null) setTimeout(() => void load(true), delay)
  }
  void load(false)
  return section('safety', 'Safety', body)
}

/** What an amount shows until the token's decimals are known. */
const AMOUNT_PENDING = '…'

/** The report, `receivedAt` (performance.now()) when it came: a missing part's "asking again" counts down from there. */
function show(body: HTMLElement, r: SafetyReport, decimals: number | null, receivedAt: number): void {
  const units = (raw: string | null) => (decimals === null ? AMOUNT_PENDING : formatUnits(raw, decimals))
  const c = r.holders?.concentration ?? null
  const status = r.missing.length === 0 ? null : el('p', { class: 'status', role: 'status' })
  fill(body,
    el('p', { class: 'muted' }, 'What the chain says about this token: facts read on chain, not advice.'),
    status,
    r.flags.length === 0
      ? el('p', { id: 'safety-flags' }, r.missing.length === 0 ? 'No flags: none of the checks below found anything to point out.' : 'No flags from the parts read so far.')
      : el('ul', { class: 'flags', id: 'safety-flags' }, ...r.flags.map((f) =>
          el('li', { class: `flag ${f.severity}`, 'data-code': f.code }, el('strong', {}, `${SEVERITY_WORDS[f.severity]}: `), f.message))),
    el('dl', { class: 'facts', id: 'safety-facts' },
      ...fact('Minting policy', r.policy === null ? UNKNOWN : policyWords(r.policy)),
      ...fact('Supply', r.supply === null ? UNKNOWN : units(r.supply.total)),
      ...fact('Mints / burns', r.supply === null ? UNKNOWN : `${formatInteger(r.supply.mintTxCount)} / ${formatInteger(r.supply.burnTxCount)} transactions`),
      ...fact('First minted', isoDate(r.supply?.firstMintAt ?? null)),
      ...fact('Last minted', isoDate(r.supply?.lastMintAt ?? null)),
      ...fact('Holders', r.holders === null ? UNKNOWN : `${formatInteger(r.holders.addresses)} addresses, ${formatInteger(r.holders.stakeAddresses)} stake addresses`),
      ...fact('Concentration', c === null ? UNKNOWN : concentrationWords(c)),
      ...fact('Followed pools', r.liquidity === null
        ? 'Not followed on this server (no database)'
        : `${r.liquidity.poolCount} pool${r.liquidity.poolCount === 1 ? '' : 's'}, ${formatInteger(r.liquidity.liquidityAda)} ADA of liquidity`),
      ...fact('Oldest pool created', r.liquidity === null || r.liquidity.poolCount === 0 ? UNKNOWN : r.liquidity.oldestPoolCreatedAt === null ? 'Before this server’s chain records began' : isoDate(r.liquidity.oldestPoolCreatedAt)),
    ),
    c === null || c.top.length === 0 ? null : scrollRegion('Largest holders', el('table', { class: 'holders' },
      el('caption', {}, 'Largest holders outside the DEX pools (addresses grouped by stake address)'),
      el('thead', {}, el('tr', {}, ...['Holder', 'Share', 'Amount'].map((h) => el('th', { scope: 'col' }, h)))),
      el('tbody', {}, ...c.top.map((h) => el('tr', {},
        el('th', { scope: 'row', class: 'holder' }, h.holder),
        el('td', { class: 'num' }, shareWords(h.share)),
        el('td', { class: 'num' }, units(h.quantity))))),
    )),
    el('p', { class: 'muted' }, `Chain API read ${isoDate(r.checkedAt)}; pools as of block ${r.asOf === null ? UNKNOWN : formatInteger(r.asOf.blockHeight)}.`),
  )
  if (status !== null) {
    const already = Math.floor((performance.now() - receivedAt) / 1000)
    countdown(status, Math.max(0, (retryDelayMs(r.missing) ?? 0) / 1000 - already), (elapsed) => missingText(r.missing, already + elapsed))
  }
}

function fact(term: string, value: string): HTMLElement[] {
  return [el('dt', {}, term), el('dd', {}, value)]
}
