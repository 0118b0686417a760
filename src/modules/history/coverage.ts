/** The `coverage` strings of the history endpoints: what the candles are, from when. Pure; part of the API. */
import { isoDay } from './intervals'

const since = (first: number | null) => (first === null ? '; nothing recorded yet' : ` since ${isoDay(first)}`)

export function tokenHistoryCoverage(first: number | null): string {
  return `Recorded by this service from the merged source A and source B figures${since(first)}; not a pool chart.`
}

export function adaHistoryCoverage(first: number | null): string {
  return `Recorded by this service from the market provider's ADA price${since(first)}; not an exchange chart.`
}
