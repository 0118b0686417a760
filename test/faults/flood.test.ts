/**
 * The flood, counted (not timed): over three simulated minutes one client (127.0.0.2) asks for 200 distinct cold
 * charts a minute while another (127.0.0.3) asks every 10 s for the screener and three charts, at the default
 * source B budget of 10 calls a minute. See test/support/flood.ts for the scenario and the simulated clock.
 */
import { describe, expect, it } from 'bun:test'
import { runFlood } from '../support/flood'

const figures = await runFlood({ minutes: 3 })

describe('one client flooding cold charts, another using the screener and three charts', () => {
  it('never sends source B more than its budget in any minute', () => {
    expect(figures.sourceBBudget).toBe(10)
    expect(figures.sourceBMaxInAnyMinute).toBeLessThanOrEqual(10)
    expect(figures.sourceBPerMinute.every((calls) => calls > 0)).toBe(true)
  })

  it('keeps source B in every screener answer', () => {
    expect(figures.screener.asked).toBe(18)
    expect(figures.screener.withSourceB).toBe(18)
  })

  it("serves the second client's three charts", () => {
    expect(figures.dashboardCharts.firstServedAtMs.every((at) => at !== null)).toBe(true)
    // Once served, they stay served (a cached answer is never refused, an expired one is served while rebuilt).
    expect(figures.dashboardCharts.ok).toBeGreaterThan(figures.dashboardCharts.asked / 2)
  })

  it('answers most of the flood 503 with Retry-After and code busy_for_this_client, at no upstream cost', () => {
    expect(figures.flood.sent).toBe(600)
    expect(figures.flood.other).toBe(0)
    expect(figures.flood.busy).toBeGreaterThan(figures.flood.sent / 2)
    expect(figures.flood.busyWithRetryAfter).toBe(figures.flood.busy)
    // What the flood got served is bounded by its share of the long tail, not by what it asked: each chart
    // cost at least its newest page (a 404 may cost nothing once the token's pool list is cached).
    const sourceBCalls = figures.sourceBPerMinute.reduce((a, b) => a + b, 0)
    expect(figures.flood.charts).toBeLessThanOrEqual(sourceBCalls)
    expect(figures.flood.ok).toBeLessThan(figures.flood.sent / 4)
  })
})
