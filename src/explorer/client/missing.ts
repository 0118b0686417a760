import type { MissingEntry } from '../../http/missing-source'

/**
 * What an answer that lacks a source (its `missing` list, or a refusal of the whole answer) means, in words a
 * person reads, and when the page asks again. Pure, so the unit tests cover it.
 */

/** Each source by what it brings to a token page. */
const SOURCE_WORDS: Record<MissingEntry['source'], string> = {
  sourceA: 'source A (DexScreener: pairs, prices and trade counts)',
  sourceB: 'source B (GeckoTerminal: pools and candle history)',
  chainApi: 'the chain API (Koios: supply, mint time and holders)',
  marketProvider: "the market provider (CoinGecko: ADA's price)",
  handleResolver: 'the handle resolver (ADA Handle)',
}

/** Why it is missing. */
const CODE_WORDS: Record<MissingEntry['code'], string> = {
  busy_for_this_client: "this browser has used its fair share of that source's calls for now",
  upstream_budget_spent: "this service's calls to it for this minute are taken",
  upstream_quota_paced: 'its daily allowance is paced and used for now',
  upstream_quota_exhausted: 'its quota is used up (or it asked us to slow down)',
  upstream_unavailable: 'it did not answer',
}

/** The page asks again no sooner than this, and no later than this (a long quota reset is checked hourly). */
const MIN_RETRY_S = 2
const MAX_RETRY_S = 3600

/** "in 25 s", "in 3 min", "in 2 h". */
export function inWords(seconds: number): string {
  if (seconds < 120) return `${Math.max(1, Math.round(seconds))} s`
  if (seconds < 7200) return `${Math.round(seconds / 60)} min`
  return `${Math.round(seconds / 3600)} h`
}

/** When the page asks again, `secondsLeft` from now: "Asking again in 25 s.", and "Asking again now…" at 0. */
export function askingAgain(secondsLeft: number): string {
  return secondsLeft > 0 ? `Asking again in ${inWords(secondsLeft)}.` : 'Asking again now…'
}

/**
 * One sentence per missing source (which, and why), then when the page asks again (after the shortest
 * retryAfter, see retryDelayMs), `elapsedSeconds` after the answer came: the page counts it down.
 */
export function missingText(missing: readonly MissingEntry[], elapsedSeconds = 0): string {
  const delay = retryDelayMs(missing)
  if (delay === null) return ''
  return `${missingReasons(missing)} ${askingAgain(delay / 1000 - elapsedSeconds)}`
}

/** One sentence per missing source: which, and why (for an answer the page does not ask again). */
export function missingReasons(missing: readonly MissingEntry[]): string {
  return missing.map((m) => `Missing ${SOURCE_WORDS[m.source]}: ${CODE_WORDS[m.code]}.`).join(' ')
}

/** When to ask again (ms): the shortest retryAfter, within bounds; null when nothing is missing. */
export function retryDelayMs(missing: readonly Pick<MissingEntry, 'retryAfter'>[]): number | null {
  if (missing.length === 0) return null
  const seconds = Math.min(...missing.map((m) => m.retryAfter))
  return Math.min(MAX_RETRY_S, Math.max(MIN_RETRY_S, seconds)) * 1000
}
