/**
 * The UTC day and month windows (issue 19): the core plan fits them, the ledger paces the long tail's allowance
 * over the window with a bounded burst, never passes a window's limit, admits a chain all at once or not at all,
 * and believes an upstream that says its tier is spent (one probe per probe interval until the reset).
 */
import { describe, expect, it } from 'bun:test'
import { MemoryBudgetLedger, PROBE_INTERVAL_MS, type CallClaim } from '../../src/upstream/budget-ledger'
import { coreInputs, intervalOf, laneLimits, MAX_CORE_FRACTION, planCore } from '../../src/upstream/core-plan'
import { DAY_MS, windowBounds } from '../../src/upstream/quota-windows'
import { readSpent } from '../../src/upstream/spent-answers'

const DEFAULTS = { dexscreener: 300, geckoterminal: 10, koios: 600, coingecko: 10, handle: 60 }
const inputs = coreInputs(68, 30)
const DAY = Date.UTC(2026, 10, 24)

describe('the core plan against the calendar windows', () => {
  it('stretches the chain tip to fit half of keyless Koios (5,000 a day), and keeps 20 s with a token (50,000)', () => {
    const keyless = planCore(DEFAULTS, inputs, { koios: { perDay: 5000, perMonth: null } })
    const tip = intervalOf(keyless, 'chain-tip')
    expect(tip).toBeGreaterThan(20_000)
    expect(DAY_MS / tip).toBeLessThanOrEqual(5000 * MAX_CORE_FRACTION)
    expect(keyless.koios.windows).toEqual([{ kind: 'day', limit: 5000, coreReserve: Math.ceil(DAY_MS / tip), longTail: 5000 - Math.ceil(DAY_MS / tip), burst: expect.any(Number) }])
    expect(intervalOf(planCore(DEFAULTS, inputs, { koios: { perDay: 50_000, perMonth: null } }), 'chain-tip')).toBe(20_000)
  })

  it("fits the market provider's inputs into half of a Demo key's 10,000 a month (31-day months)", () => {
    const plan = planCore({ ...DEFAULTS, coingecko: 30 }, inputs, { coingecko: { perDay: null, perMonth: 10_000 } })
    const perMonth = plan.coingecko.inputs.reduce((sum, i) => sum + (i.callsPerRefresh * 31 * DAY_MS) / i.intervalMs, 0)
    expect(perMonth).toBeLessThanOrEqual(5000)
    // Every interval stretched by the same factor.
    expect(intervalOf(plan, 'ada-series-365d') / intervalOf(plan, 'ada-snapshot')).toBeCloseTo(40, 0)
    expect(laneLimits(plan).coingecko.windows?.[0]).toMatchObject({ kind: 'month', limit: 10_000 })
  })

  it('stretches a new core input on the same upstream with the others (the plan is generic over the list)', () => {
    const more = [...inputs, { ...inputs.find((i) => i.id === 'chain-tip')!, id: 'chain-tip' as const, what: 'a second poller', preferredIntervalMs: 20_000 }]
    const plan = planCore(DEFAULTS, more, { koios: { perDay: 5000, perMonth: null } })
    const perDay = plan.koios.inputs.reduce((sum, i) => sum + DAY_MS / i.intervalMs, 0)
    expect(plan.koios.inputs).toHaveLength(2)
    expect(perDay).toBeLessThanOrEqual(2500)
  })
})

function ledgerWith(perDay: number, clock: { now: number }) {
  const plan = planCore({ ...DEFAULTS, koios: 600 }, [], { koios: { perDay, perMonth: null } })
  return { ledger: new MemoryBudgetLedger(laneLimits(plan), () => clock.now), window: plan.koios.windows[0] }
}
const koios = (client: string, calls = 1): CallClaim => ({ upstream: 'koios', lane: 'long_tail', client, calls })

describe('the paced daily allowance', () => {
  it('lets a burst go, then paces what is left over the time left, and never passes the day', () => {
    const clock = { now: DAY }
    const { ledger, window } = ledgerWith(480, clock)
    expect(window).toMatchObject({ limit: 480, coreReserve: 0, longTail: 480, burst: 20 })
    let granted = 0
    const perHour: number[] = []
    for (let minute = 0; minute < 24 * 60 + 120; minute++) {
      clock.now = DAY + minute * 60_000
      let thisMinute = 0
      // A flood: ten clients, five calls each a minute.
      for (let c = 0; c < 10; c++) for (let i = 0; i < 5; i++) if (ledger.tryTake(koios(`10.0.0.${c}`)).granted) thisMinute += 1
      if (minute < 24 * 60) granted += thisMinute
      if (minute % 60 === 0) perHour.push(0)
      perHour[perHour.length - 1] += thisMinute
    }
    expect(granted).toBeLessThanOrEqual(480)
    expect(granted).toBeGreaterThan(460)
    // The first hour holds the burst plus the pace; every later hour about the pace (20 an hour).
    expect(perHour[0]).toBeLessThanOrEqual(20 + 21)
    for (const h of perHour.slice(1, 24)) expect(h).toBeLessThanOrEqual(22)
    expect(perHour[23]).toBeGreaterThan(15)
    // The next day starts afresh.
    expect(perHour[24]).toBeGreaterThan(0)
  })

  it('refuses a quota-paced call with the time until a call frees, and a spent day until midnight', () => {
    const clock = { now: DAY + 12 * 3600_000 }
    const { ledger } = ledgerWith(2, clock)
    expect(ledger.tryTake(koios('a')).granted).toBe(true)
    expect(ledger.tryTake(koios('b')).granted).toBe(true)
    const refused = ledger.tryTake(koios('c'))
    expect(refused).toEqual({ granted: false, reason: 'quota', retryAfterMs: windowBounds('day', clock.now).end - clock.now })
    // Core calls count in the day too.
    expect(ledger.tryTake({ upstream: 'koios', lane: 'core', client: 'internal' }).granted).toBe(false)
  })
})

describe('a chain admitted at once', () => {
  it('grants every claim or none, and gives back what was granted ahead and not used', () => {
    const clock = { now: DAY }
    const limits = laneLimits(planCore(DEFAULTS, inputs))
    const ledger = new MemoryBudgetLedger(limits, () => clock.now)
    // Source B's long tail is 7 a minute: a client alone holds 3.
    const chain = (calls: number) => ledger.tryTakeAll([{ upstream: 'geckoterminal', lane: 'long_tail', client: 'a', calls }])
    expect(chain(2)).toMatchObject({ granted: true, shares: [{ upstream: 'geckoterminal', limit: 3, remaining: 1 }] })
    expect(chain(2)).toMatchObject({ granted: false, reason: 'fair_share' })
    expect(ledger.usage().geckoterminal.windows.find((w) => w.lane === 'long_tail')?.used).toBe(2)
    ledger.release({ upstream: 'geckoterminal', lane: 'long_tail', client: 'a', calls: 1 })
    expect(chain(2).granted).toBe(true)
    // Two upstreams at once: refused on one, nothing taken on the other.
    const before = ledger.usage().koios.windows.find((w) => w.lane === 'long_tail')?.used
    expect(
      ledger.tryTakeAll([
        { upstream: 'koios', lane: 'long_tail', client: 'a', calls: 1 },
        { upstream: 'geckoterminal', lane: 'long_tail', client: 'a', calls: 1 },
      ]).granted,
    ).toBe(false)
    expect(ledger.usage().koios.windows.find((w) => w.lane === 'long_tail')?.used).toBe(before)
  })
})

describe('an upstream that says its tier is spent', () => {
  it('reads Koios "Exceeded Tier Limit" as the day spent, any other 429 as a cool-down (Retry-After, or 60 s)', () => {
    expect(readSpent('koios', 'Exceeded Tier Limit', null)).toEqual({ kind: 'exhausted', window: 'day' })
    expect(readSpent('koios', 'Too Many Requests', '30')).toEqual({ kind: 'cooling', forMs: 30_000 })
    expect(readSpent('dexscreener', '', null)).toEqual({ kind: 'cooling', forMs: 60_000 })
  })

  it('refuses every call until the reset, but one probe per probe interval; a served probe clears it', () => {
    const clock = { now: DAY + 6 * 3600_000 }
    const { ledger } = ledgerWith(5000, clock)
    ledger.markSpent('koios', { kind: 'exhausted', window: 'day' }, clock.now)
    expect(ledger.usage().koios.spent).toEqual({ kind: 'exhausted', until: new Date(DAY + DAY_MS).toISOString() })
    const probes: number[] = []
    for (let t = 0; t <= 30 * 60_000; t += 10_000) {
      clock.now = DAY + 6 * 3600_000 + t
      const v = ledger.tryTake(koios('x'))
      if (v.granted) probes.push(t)
      else expect(v).toMatchObject({ reason: 'spent', retryAfterMs: DAY + DAY_MS - clock.now })
    }
    expect(probes).toEqual([PROBE_INTERVAL_MS, 2 * PROBE_INTERVAL_MS, 3 * PROBE_INTERVAL_MS, 4 * PROBE_INTERVAL_MS, 5 * PROBE_INTERVAL_MS, 6 * PROBE_INTERVAL_MS])
    ledger.markRecovered('koios')
    expect(ledger.tryTake(koios('x')).granted).toBe(true)
    expect(ledger.usage().koios.spent).toBeNull()
  })

  it('cools down after a plain 429 for its Retry-After or 60 s, without probes', () => {
    const clock = { now: DAY }
    const { ledger } = ledgerWith(5000, clock)
    ledger.markSpent('koios', { kind: 'cooling', forMs: 60_000 }, clock.now)
    expect(ledger.tryTake(koios('x'))).toEqual({ granted: false, reason: 'spent', retryAfterMs: 60_000 })
    clock.now = DAY + 59_000
    expect(ledger.tryTake(koios('x')).granted).toBe(false)
    // A cool-down does not shorten a spent day.
    ledger.markSpent('koios', { kind: 'exhausted', window: 'day' }, clock.now)
    ledger.markSpent('koios', { kind: 'cooling', forMs: 1000 }, clock.now)
    expect(ledger.usage().koios.spent?.kind).toBe('exhausted')
    ledger.markRecovered('koios')
    ledger.markSpent('koios', { kind: 'cooling', forMs: 60_000 }, clock.now)
    clock.now = DAY + 59_000 + 60_000
    expect(ledger.tryTake(koios('x')).granted).toBe(true)
  })

  it('reads a spent answer as of the window the call was sent in: sent before midnight, read after, it says nothing of the new day', () => {
    const clock = { now: DAY + DAY_MS + 200 }
    const { ledger } = ledgerWith(5000, clock)
    ledger.markSpent('koios', { kind: 'exhausted', window: 'day' }, DAY + DAY_MS - 300)
    expect(ledger.usage().koios.spent).toBeNull()
    expect(ledger.tryTake(koios('x')).granted).toBe(true)
    // Sent and read in the same day: spent until its end.
    ledger.markSpent('koios', { kind: 'exhausted', window: 'day' }, DAY + DAY_MS + 100)
    expect(ledger.usage().koios.spent).toEqual({ kind: 'exhausted', until: new Date(DAY + 2 * DAY_MS).toISOString() })
    // A cool-down counts from the answer, whenever the call left.
    ledger.markRecovered('koios')
    ledger.markSpent('koios', { kind: 'cooling', forMs: 60_000 }, DAY + DAY_MS - 300)
    expect(ledger.usage().koios.spent).toEqual({ kind: 'cooling', until: new Date(DAY + DAY_MS + 200 + 60_000).toISOString() })
  })
})
