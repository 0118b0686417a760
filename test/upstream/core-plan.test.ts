import { describe, expect, it } from 'bun:test'
import { coreInputs, intervalOf, laneLimits, MAX_CORE_FRACTION, planCore, UPSTREAM_NAMES } from '../../src/upstream/core-plan'

const DEFAULTS = { dexscreener: 300, geckoterminal: 10, koios: 600, coingecko: 10, handle: 60 }
const inputs68 = coreInputs(68, 30)

/** The most calls refreshes every `intervalMs` can put into one sliding minute. */
const perMinute = (calls: number, intervalMs: number) => calls * Math.ceil(60_000 / intervalMs)

describe('core plan', () => {
  it('reserves for each upstream exactly what its core inputs can cost in a minute, and leaves the rest to the long tail', () => {
    for (const budgets of [DEFAULTS, { ...DEFAULTS, geckoterminal: 30, coingecko: 30 }, { ...DEFAULTS, geckoterminal: 4 }]) {
      const plan = planCore(budgets, inputs68)
      for (const name of UPSTREAM_NAMES) {
        const p = plan[name]
        const cost = p.inputs.reduce((sum, i) => sum + perMinute(i.callsPerRefresh, i.intervalMs), 0)
        expect(p.corePerMinute).toBe(Math.min(budgets[name], cost))
        expect(p.corePerMinute + p.longTailPerMinute).toBe(budgets[name])
        for (const i of p.inputs) expect(i.intervalMs).toBeGreaterThanOrEqual(i.preferredIntervalMs)
      }
    }
  })

  it('keeps preferred intervals when they fit half the budget, and stretches source B to a minute when they do not', () => {
    const roomy = planCore({ ...DEFAULTS, geckoterminal: 30 }, inputs68)
    expect(intervalOf(roomy, 'screener-source-b')).toBe(45_000)
    expect(roomy.geckoterminal.corePerMinute).toBe(6) // 3 batches, twice in a sliding minute
    const tight = planCore(DEFAULTS, inputs68)
    // 6 calls would pass 10 × 0.5: one refresh a minute, 3 calls.
    expect(tight.geckoterminal.corePerMinute).toBeLessThanOrEqual(DEFAULTS.geckoterminal * MAX_CORE_FRACTION)
    expect(intervalOf(tight, 'screener-source-b')).toBe(60_000)
    expect(tight.geckoterminal.longTailPerMinute).toBe(7)
  })

  it('grows the intervals with the registry, not the budget share', () => {
    const big = planCore({ ...DEFAULTS, geckoterminal: 30 }, coreInputs(300, 30))
    // 10 batches: 20 a minute at 45 s passes 15, so one refresh a minute.
    expect(big.geckoterminal.inputs[0]).toMatchObject({ callsPerRefresh: 10, intervalMs: 60_000, callsPerMinute: 10 })
  })

  it('plans the market provider from its three canonical series windows, the snapshot and the ecosystem list', () => {
    const plan = planCore(DEFAULTS, inputs68)
    expect(plan.coingecko.inputs.map((i) => i.id)).toEqual(['ada-snapshot', 'ada-series-1d', 'ada-series-90d', 'ada-series-365d', 'ecosystem'])
    expect(plan.coingecko.corePerMinute).toBe(5)
    expect(planCore({ ...DEFAULTS, coingecko: 30 }, inputs68).coingecko.corePerMinute).toBe(5)
    expect(plan.handle).toMatchObject({ corePerMinute: 0, longTailPerMinute: 60, inputs: [] })
  })

  it('gives the ledger one limit per upstream and lane', () => {
    const limits = laneLimits(planCore(DEFAULTS, inputs68))
    expect(limits.geckoterminal).toEqual({ core: { perMinute: 3 }, long_tail: { perMinute: 7 } })
  })
})

describe('core plan: the chain follower', () => {
  it('reserves 13 calls a poll at one poll a block on the default Koios budget, and stretches the poll on a small one', () => {
    const withFollower = coreInputs(68, 30, 20_000)
    const roomy = planCore(DEFAULTS, withFollower)
    expect(roomy.koios.inputs.find((i) => i.id === 'chain-follower')).toMatchObject({ callsPerRefresh: 13, intervalMs: 20_000, callsPerMinute: 39 })
    // With the chain tip's 3 and the token identity step's 3 (one asset_info after each poll).
    expect(roomy.koios.inputs.find((i) => i.id === 'chain-tokens')).toMatchObject({ callsPerRefresh: 1, intervalMs: 20_000, callsPerMinute: 3 })
    expect(roomy.koios.corePerMinute).toBe(45)
    const small = planCore({ ...DEFAULTS, koios: 40 }, withFollower)
    expect(intervalOf(small, 'chain-follower')).toBeGreaterThan(20_000)
    expect(small.koios.corePerMinute).toBeLessThanOrEqual(20)
    expect(planCore(DEFAULTS, coreInputs(68, 30)).koios.inputs.map((i) => i.id)).toEqual(['chain-tip'])
  })
})
