/**
 * The upstreams' real quotas (issue 19), on a manual clock the budget ledger reads too:
 * - a simulated UTC day of mixed traffic and one flooder stays within Koios's keyless 5,000 calls a day and
 *   every minute budget, while the core inputs are refreshed in every hour;
 * - a Koios that answers 429 `Exceeded Tier Limit` is believed: at most one probe per probe interval until the
 *   reset, cached answers still served, /readyz says so;
 * - 24 cold charts at once at source B's 10 a minute: at least one chart, and the refused ones cost no call.
 */
import { afterAll, describe, expect, it } from 'bun:test'
import registry from '../../src/registry/tokens.json'
import { PROBE_INTERVAL_MS } from '../../src/upstream/budget-ledger'
import { SAMPLE } from '../fake-upstreams/world'
import { clockedService, DAY_START, runSimulatedDay } from '../support/simulated-day'

async function service(env: Record<string, string>, start = DAY_START) {
  const { clock, fake, deps, app } = await clockedService(env, start)
  const get = (path: string) => app.handle(new Request(`http://localhost${path}`))
  return { clock, fake, deps, get, stop: () => fake.stop() }
}

const day = await runSimulatedDay({ hours: 24, floodPerMinute: 10 })

describe('a simulated UTC day: normal clients and one flooder, keyless Koios', () => {
  it('never sends an upstream more than its daily quota or its minute budget', () => {
    expect(day.perUpstream.koios.quota).toBe(5000)
    // The flood alone asks for 14,400 cold chain API reads.
    expect(day.flood.sent).toBe(14_400)
    expect(day.perUpstream.koios.day).toBeLessThanOrEqual(5000)
    expect(day.perUpstream.koios.day).toBeGreaterThan(1000)
    for (const u of Object.values(day.perUpstream)) expect(u.maxInAMinute).toBeLessThanOrEqual(u.budgetPerMinute)
  })

  it('refreshes the core inputs in every hour of the day', () => {
    for (const hours of Object.values(day.coreCallsPerHour)) {
      expect(hours).toHaveLength(24)
      expect(hours.every((calls) => calls > 0)).toBe(true)
    }
  })

  it("serves the normal clients' requests in every hour, the evening too", () => {
    for (let h = 0; h < 24; h++) {
      expect(day.normal.servedPerHour[h]).toBeGreaterThan(day.normal.askedPerHour[h] / 2)
      // Their cold reads too, not only what the cache answers.
      expect(day.normal.coldServedPerHour[h]).toBeGreaterThan(day.normal.coldPerHour[h] / 2)
    }
  })
})

describe('Koios answering 429 Exceeded Tier Limit', async () => {
  const svc = await service({ KOIOS_PER_DAY: '5000' }, DAY_START + 12 * 3600_000)
  afterAll(() => svc.stop())
  const detail = (unit: string) => `/api/v1/tokens/${unit}`

  it('is believed: no call until the reset but one probe per probe interval; cached answers still served; /readyz says so', async () => {
    // A cached answer first, then the tier is spent.
    expect((await svc.get(detail(SAMPLE.snek))).status).toBe(200)
    svc.fake.fail('koios', 'tier_exhausted')
    svc.fake.resetCalls()
    // A cold chain API read meets the 429: the service stops calling Koios.
    const first = await svc.get(`/api/v1/wallet/${SAMPLE.stakeAddress}`)
    expect([502, 503]).toContain(first.status)
    // The wallet's chain API reads left together; each met the 429 once, none was retried.
    const spentOn = svc.fake.count('koios')
    expect(spentOn).toBeGreaterThanOrEqual(1)
    expect(spentOn).toBeLessThanOrEqual(3)

    const ready = (await (await svc.get('/readyz')).json()) as any
    expect(ready.status).toBe('degraded')
    expect(ready.upstreams.koios.ok).toBe(false)
    expect(ready.upstreams.koios.exhaustedUntil).toBe(new Date(DAY_START + 24 * 3600_000).toISOString())
    expect(ready.quotas.koios.spent).toEqual({ kind: 'exhausted', until: new Date(DAY_START + 24 * 3600_000).toISOString() })
    // Per upstream and window: limit, used, reset.
    const dayWindow = ready.quotas.koios.windows.find((w: any) => w.window === 'day')
    expect(dayWindow).toEqual({ window: 'day', limit: 5000, used: expect.any(Number), resetsAt: new Date(DAY_START + 24 * 3600_000).toISOString() })
    expect(dayWindow.used).toBeGreaterThanOrEqual(spentOn)
    expect(ready.plan.koios.windows[0]).toMatchObject({ kind: 'day', limit: 5000 })

    // Six simulated hours of requests every 30 s: at most one Koios call (a probe) per probe interval.
    let refused = 0
    for (let t = 30_000; t <= 6 * 3600_000; t += 30_000) {
      svc.clock.now = DAY_START + 12 * 3600_000 + t
      const res = await svc.get(`/api/v1/wallet/${SAMPLE.stakeAddress}`)
      if (res.status === 503) {
        refused += 1
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
        expect(((await res.json()) as any).code).toBe('upstream_quota_exhausted')
      } else await res.arrayBuffer()
      // A cached token detail is still served (stale or not), never refused.
      expect((await svc.get(detail(SAMPLE.snek))).status).toBe(200)
    }
    const calls = svc.fake.callsTo('koios')
    const probes = calls.length - spentOn
    expect(probes).toBeGreaterThan(0)
    expect(probes).toBeLessThanOrEqual(Math.ceil((6 * 3600_000) / PROBE_INTERVAL_MS))

    expect(refused).toBeGreaterThan(600)
  })

  it('serves again after the reset', async () => {
    svc.fake.heal('koios')
    svc.clock.now = DAY_START + 24 * 3600_000 + 1000
    expect((await svc.get(`/api/v1/wallet/${SAMPLE.stakeAddress}`)).status).toBe(200)
    const ready = (await (await svc.get('/readyz')).json()) as any
    expect(ready.quotas.koios.spent).toBeNull()
  })
})

describe('a Koios 429 Exceeded Tier Limit sent just before the reset and read just after it', async () => {
  const svc = await service({ KOIOS_PER_DAY: '5000' }, DAY_START + 24 * 3600_000 - 1000)
  afterAll(() => svc.stop())
  // Tokens nobody curated: each detail is one cold chain API read (asset_info).
  const madeUp = (n: number) => `/api/v1/tokens/${'f'.repeat(55)}${n}${'0'.repeat(8)}`

  it('speaks of the day that ended: the new day is not spent, and the read is asked again at once', async () => {
    svc.fake.fail('koios', 'tier_exhausted', 1)
    svc.fake.delay('koios', 300)
    const answer = svc.get(madeUp(1))
    // The call has reached Koios, which answers with the old day's 429; the UTC day turns meanwhile.
    while (svc.fake.count('koios') === 0) await Bun.sleep(5)
    svc.clock.now = DAY_START + 24 * 3600_000 + 500
    // Asked again in the new day, it gets the chain API's real answer (nobody has that made-up token) rather than
    // the old day's refusal, and so does every request that waited on the same read.
    expect((await answer).status).toBe(404)
    expect(svc.fake.count('koios')).toBe(2)
    const ready = (await (await svc.get('/readyz')).json()) as any
    expect(ready.quotas.koios.spent).toBeNull()
    // The next cold read is sent, not refused.
    svc.fake.delay('koios', 0)
    const before = svc.fake.count('koios')
    expect([200, 404]).toContain((await svc.get(madeUp(2))).status)
    expect(svc.fake.count('koios')).toBeGreaterThan(before)
  })
})

describe('one client asking for 24 cold charts at once at source B 10 a minute', async () => {
  const svc = await service({ GECKOTERMINAL_RPM: '10' })
  afterAll(() => svc.stop())

  it('gets at least one chart, and the refused requests cost no upstream call', async () => {
    const units = registry.map((t) => t.unit).slice(0, 24)
    expect(units).toHaveLength(24)
    svc.fake.resetCalls()
    const answers = await Promise.all(units.map((u) => svc.get(`/api/v1/tokens/${u}/ohlcv?tf=1h&limit=10`)))
    const statuses = answers.map((a) => a.status)
    const done = statuses.filter((s) => s === 200 || s === 404).length
    const charts = statuses.filter((s) => s === 200).length
    expect(charts).toBeGreaterThanOrEqual(1)
    for (const a of answers.filter((x) => x.status === 503)) {
      expect(Number(a.headers.get('retry-after'))).toBeGreaterThan(0)
      expect(a.headers.get('ratelimit-policy')).toContain('"source-B";q=')
      expect(a.headers.get('ratelimit')).toMatch(/"source-B";r=\d+;t=\d+/)
    }
    // Each answered chart cost its pool look-up and its newest page (a token with no chartable pool, only the
    // look-up); the refused ones nothing.
    expect(svc.fake.count('geckoterminal')).toBeLessThanOrEqual(2 * done)
    expect(svc.fake.count('geckoterminal')).toBeGreaterThanOrEqual(charts + done)
    expect(statuses.filter((s) => s === 503).length).toBe(24 - done)
    expect(answers.find((a) => a.status === 200)!.headers.get('access-control-expose-headers')).toContain('RateLimit-Policy')
  })
})
