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
