/** UTC calendar days, the unit of the community limits. */

export const DAY_MS = 24 * 60 * 60 * 1000

/** `YYYY-MM-DD` of the UTC day containing the instant. */
export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10)
}

/** Milliseconds from the instant to the next 00:00 UTC (never 0: at midnight itself, a whole day). */
export function msUntilNextUtcDay(ms: number): number {
  return DAY_MS - (((ms % DAY_MS) + DAY_MS) % DAY_MS)
}

/** A wait worded for a hint (`5 h 3 min`, `25 min`) and in whole seconds for Retry-After. */
export function waitOf(ms: number): { wait: string; retryAfterSeconds: number } {
  const minutes = Math.ceil(ms / 60_000)
  return {
    wait: minutes >= 60 ? `${Math.floor(minutes / 60)} h ${minutes % 60} min` : `${minutes} min`,
    retryAfterSeconds: Math.ceil(ms / 1000),
  }
}

/** The wait until 00:00 UTC. */
export const untilMidnight = (nowMs: number) => waitOf(msUntilNextUtcDay(nowMs))
