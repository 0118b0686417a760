/**
 * Which 429 answers mean "your tier is spent until the window resets" rather than "slow down": believed, they
 * stop calls to the upstream until the reset (probing now and then), where retrying would only spend more.
 *
 * - Koios: a spent daily quota answers 429 with the body text `Exceeded Tier Limit` (../shared/chain/README.md §1,
 *   two sources agree); every other 429 is the burst limit (100 per 10 s), about 60 s.
 * - CoinGecko: the Demo plan's 10,000 calls a month. Its published errors page lists 429 only as "Rate limit
 *   exceeded" and documents no distinct body for the monthly cap; a 429 whose body speaks of the month or of
 *   call credits is taken as the cap (an inference from its plan wording, one source; our own count of
 *   COINGECKO_PER_MONTH stops calls before it in any case).
 */
import type { UpstreamName } from './errors'
import type { QuotaWindowKind } from './quota-windows'

const EXHAUSTED: Partial<Record<UpstreamName, { body: RegExp; window: QuotaWindowKind }>> = {
  koios: { body: /Exceeded Tier Limit/i, window: 'day' },
  coingecko: { body: /monthly|month's|call credits|credit limit/i, window: 'month' },
}

export type SpentAnswer = { kind: 'exhausted'; window: QuotaWindowKind } | { kind: 'cooling'; forMs: number }

/** A 429 without Retry-After cools down this long (Koios documents about 60 s for its burst limit). */
export const DEFAULT_COOL_DOWN_MS = 60_000

/** What a 429 answer says: the tier spent until the window's reset, or a cool-down (Retry-After, at most an hour, or 60 s). */
export function readSpent(upstream: UpstreamName, body: string, retryAfter: string | null): SpentAnswer {
  const exhausted = EXHAUSTED[upstream]
  if (exhausted !== undefined && exhausted.body.test(body)) return { kind: 'exhausted', window: exhausted.window }
  const seconds = retryAfter !== null && /^\d+$/.test(retryAfter.trim()) ? Number(retryAfter.trim()) : 0
  return { kind: 'cooling', forMs: seconds > 0 ? Math.min(3600, seconds) * 1000 : DEFAULT_COOL_DOWN_MS }
}
