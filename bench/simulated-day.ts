/**
 * A simulated UTC day (manual clock, one minute a step; test/support/simulated-day.ts): three normal clients
 * asking for one thing a minute each (screener, market, a token detail, the sample wallet, a chart) and one
 * flooder asking for 10 made-up token details a minute, at the default budgets with keyless Koios (5,000 calls
 * a UTC day). Counts, not speed: calls per upstream in the day against its quota, the most in any minute
 * against its budget, and the share of the normal clients' requests served in each hour. The bounds are
 * asserted in test/faults/quotas.test.ts.
 */
import { runSimulatedDay } from '../test/support/simulated-day'
import type { Figure } from './figures'

export const simulatedDay: Figure = {
  name: 'day',
  title: '10. A simulated UTC day: normal clients and one flooder against the daily quotas (keyless Koios)',
  async run() {
    const d = await runSimulatedDay({ hours: 24, floodPerMinute: 10 })
    const lines = Object.entries(d.perUpstream).map(([name, u]) => ({
      label: `${name} calls in the day (quota)`,
      value: `${u.day} (${u.quota ?? 'none'})`,
      note: `most in one minute ${u.maxInAMinute} (budget ${u.budgetPerMinute})`,
    }))
    const share = d.normal.servedPerHour.map((s, h) => Math.round((100 * s) / Math.max(1, d.normal.askedPerHour[h])))
    const cold = d.normal.coldServedPerHour.map((s, h) => Math.round((100 * s) / Math.max(1, d.normal.coldPerHour[h])))
    return [
      ...lines,
      { label: 'normal clients served per hour (%)', value: `${Math.min(...share)}–${Math.max(...share)}`, note: share.join(' ') },
      { label: "normal clients' cold reads served per hour (%)", value: `${Math.min(...cold)}–${Math.max(...cold)}`, note: `${cold.join(' ')} (of ${d.normal.coldPerHour.join(' ')})` },
      { label: 'core refreshes per hour (A / B / provider)', value: `${Math.min(...d.coreCallsPerHour.dexscreener)}+ / ${Math.min(...d.coreCallsPerHour.geckoterminal)}+ / ${Math.min(...d.coreCallsPerHour.coingecko)}+`, note: 'fewest calls in any hour of the core inputs' },
      { label: 'flood answered (served / 503)', value: `${d.flood.served} / ${d.flood.refused}`, note: `${d.flood.sent} made-up token details` },
      { label: 'real time for the simulated day', value: `${(d.realMs / 1000).toFixed(1)} s`, note: '1440 one-minute steps' },
    ]
  },
}
