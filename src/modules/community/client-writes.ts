import { apiError } from '../../http/error-catalogue'
import type { WindowCounter, WindowRule } from '../../limits/window-counter'
import { waitOf } from './utc-day'

const HOUR_MS = 60 * 60 * 1000

/** WRITES_PER_CLIENT_PER_HOUR as a window rule: community POSTs per client key per clock hour (0: no limit). */
export const clientWritesRule = (limit: number): WindowRule => ({ name: 'community-writes', limit, windowMs: HOUR_MS })

/**
 * Count one community POST against its client (its address, an IPv6 one by /64), before its body is even read:
 * every attempt counts, whatever its answer, so a client cannot make the server verify signatures or ask the
 * chain API faster than the limit. 429 with Retry-After (the end of the hour) past it.
 */
export async function countClientWrite(windows: WindowCounter, rule: WindowRule, client: string): Promise<void> {
  const verdict = await windows.take(rule, client)
  if (!verdict.allowed) throw apiError('client_write_limit_reached', { limit: verdict.limit, ...waitOf(verdict.retryAfterMs) })
}
