/**
 * Flood: one client (127.0.0.2) asks for 200 distinct cold charts a minute while another (127.0.0.3) asks every
 * 10 s for the screener and three charts, at the default budgets (source B: 10 calls a minute). Five simulated
 * minutes in a few real seconds: the caches and the budget ledger run on a clock moved one second per step
 * (test/support/flood.ts). Counts, not speed: the same scenario is asserted in test/faults/flood.test.ts.
 */
import { runFlood } from '../test/support/flood'
import type { Figure } from './figures'

export const flood: Figure = {
  name: 'flood',
  title: '9. Flood: 200 cold charts a minute from one client, a dashboard from another (5 simulated minutes)',
  async run() {
    const f = await runFlood({ minutes: 5 })
    const served = f.dashboardCharts.firstServedAtMs.map((at) => (at === null ? 'never' : `${at / 1000} s`)).join(', ')
    return [
      { label: 'source B calls per minute (budget)', value: `${f.sourceBPerMinute.join(' ')} (${f.sourceBBudget})`, note: `most in any sliding minute: ${f.sourceBMaxInAnyMinute}` },
      { label: 'flood answered 503 Busy for this client', value: `${f.flood.busy} / ${f.flood.sent}`, note: `${f.flood.busyWithRetryAfter} with Retry-After; ${f.flood.ok} served (200/404), ${f.flood.other} other` },
      { label: 'screener answers with source B', value: `${f.screener.withSourceB} / ${f.screener.asked}`, note: `${f.screener.withoutSourceB} without source B, ${f.screener.other} failed` },
      { label: 'dashboard chart answers 200', value: `${f.dashboardCharts.ok} / ${f.dashboardCharts.asked}`, note: `first served at ${served}; ${f.dashboardCharts.busy} × 503` },
      { label: 'real time for the simulated minutes', value: `${(f.realMs / 1000).toFixed(1)} s`, note: `${f.minutes} simulated minutes, 1 s steps` },
    ]
  },
}
