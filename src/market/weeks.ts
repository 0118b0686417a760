/** Weeks start on Monday 00:00 UTC, for every weekly candle the service builds (source B's daily rows, the chain's updates). */

const DAY_S = 86_400
/** 1970-01-01 was a Thursday: three days after a Monday. */
const EPOCH_WEEKDAY_FROM_MONDAY = 3

/** Monday 00:00 UTC of the week a time falls in, unix seconds. */
export function weekStart(time: number): number {
  const day = Math.floor(time / DAY_S)
  const daysSinceMonday = (((day + EPOCH_WEEKDAY_FROM_MONDAY) % 7) + 7) % 7
  return (day - daysSinceMonday) * DAY_S
}
