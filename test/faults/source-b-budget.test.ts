/**
 * Source B at its default budget (GECKOTERMINAL_RPM=10) and one client (app.handle: no socket, one client).
 * The core plan reserves 3 calls a minute for the screener's three tokens/multi batches (every 60 s); the long
 * tail keeps 7, of which a client alone may hold 3 (half: the rest waits for newcomers). Past that, its cold reads
 * are refused before they leave (503, Retry-After) while the screener keeps source B and cached answers are
 * served. The ledger runs on real time: the whole file stays inside one budget minute.
 */
import { afterAll, describe, expect, it } from 'bun:test'
import registry from '../../src/registry/tokens.json'
import { SAMPLE } from '../fake-upstreams/world'
import { startService } from '../helpers'
import { COVERAGE, PAST_LIFETIMES_MS, timedGet, UPSTREAM_TIMEOUT_MS, type TimedAnswer } from './support'

const svc = await startService({ env: { GECKOTERMINAL_RPM: '10', UPSTREAM_TIMEOUT_MS: String(UPSTREAM_TIMEOUT_MS) } })
afterAll(() => svc.stop())

const plan = svc.deps.upstreams.plan.geckoterminal
const others = registry.filter((t) => t.unit !== SAMPLE.snek && t.unit !== SAMPLE.usdm).slice(0, 4).map((t) => t.unit)
const chart = (unit: string) => `/api/v1/tokens/${unit}/ohlcv?tf=1h&limit=5`

function expectBusy(answer: TimedAnswer): void {
  expect(answer.status).toBe(503)
  expect(Number(answer.res.headers.get('retry-after'))).toBeGreaterThan(0)
  expect(answer.body.error).toBe('Busy for this client')
  expect(answer.body.hint).toContain("source B's call budget")
}

describe('source B at its default budget, one client', () => {
  let warmCandles: unknown

  it('plans 3 core calls a minute for the screener and 7 for the long tail', () => {
    expect(plan).toMatchObject({ budgetPerMinute: 10, corePerMinute: 3, longTailPerMinute: 7 })
    expect(plan.inputs).toEqual([expect.objectContaining({ id: 'screener-source-b', callsPerRefresh: 3, intervalMs: 60_000 })])
  })

  it('serves a chart from the long tail, then refuses the client past its share without calling', async () => {
    const warm = await timedGet(svc, chart(SAMPLE.snek))
    expect(warm.status).toBe(200)
    warmCandles = warm.body.candles
    expect(svc.fake.count('geckoterminal')).toBe(2) // the pool list and the newest candle page
    // USDM's chart needs two calls (pool list, newest page) and one is left of the share: refused before its
    // first call, so it spends nothing (issue 19: admission per request).
    expectBusy(await timedGet(svc, chart(SAMPLE.usdm)))
    expect(svc.fake.count('geckoterminal')).toBe(2)
    for (const unit of others) expectBusy(await timedGet(svc, chart(unit)))
    expect(svc.fake.count('geckoterminal')).toBe(2)
  })

  it('keeps the screener on source B: its batches take the core share', async () => {
    const screener = await timedGet(svc, '/api/v1/tokens')
    expect(screener.status).toBe(200)
    expect(screener.xCache).toBe('MISS')
    expect(screener.body.coverage).toBe(COVERAGE.merged)
    expect(svc.fake.count('geckoterminal', '/networks/cardano/tokens/multi/')).toBe(3)
  })

  it('never refuses a cached answer, and serves an expired one rather than a 503', async () => {
    const again = await timedGet(svc, chart(SAMPLE.snek))
    expect(again.status).toBe(200)
    expect(again.xCache).toBe('HIT')
    svc.advance(PAST_LIFETIMES_MS)
    const before = svc.fake.count('geckoterminal')
    const expired = await timedGet(svc, chart(SAMPLE.snek))
    expect(expired.status).toBe(200)
    expect(expired.xCache).toBe('STALE')
    expect(expired.body.candles).toEqual(warmCandles)
    // Its rebuild may spend the one call left of the client's share.
    expect(svc.fake.count('geckoterminal')).toBeLessThanOrEqual(before + 1)
  })

  it('answers details 200 with source A\'s pairs and missing naming source B, spending no source B call; logos with the monogram', async () => {
    for (const asset of svc.fake.world.koios.assets) {
      if (others.includes(asset.policy_id + asset.asset_name) && asset.token_registry_metadata) asset.token_registry_metadata.logo = null
    }
    const before = svc.fake.count('geckoterminal')
    for (const unit of others) {
      const detail = await timedGet(svc, `/api/v1/tokens/${unit}`)
      expect(detail.status).toBe(200)
      // Source A's pairs and the chain facts are there; source B's part is named missing, with when to ask again.
      expect(detail.body.pairs.length).toBeGreaterThan(0)
      expect(detail.body.pairs.every((p: { source: string }) => p.source === 'source_a')).toBe(true)
      expect(detail.body.priceUsd).toBeGreaterThan(0)
      expect(detail.body.totalSupply).toMatch(/^[0-9]+$/)
      expect(detail.body.coverage).toBe(COVERAGE.sourceAOnly)
      expect(detail.body.missing).toEqual([{ source: 'sourceB', code: 'busy_for_this_client', retryAfter: expect.any(Number) }])
      const retryAfter = detail.body.missing[0].retryAfter
      expect(retryAfter).toBeGreaterThan(0)
      // Kept no longer than the shortest retryAfter (and, degraded, labelled STALE for at most 10 s).
      expect(detail.xCache).toBe('STALE')
      expect(detail.res.headers.get('cache-control')).toBe(`public, s-maxage=${Math.min(10, retryAfter)}`)
    }
    expect(svc.fake.count('geckoterminal')).toBe(before)
    for (const unit of others) {
      const logo = await timedGet(svc, `/api/v1/tokens/${unit}/logo`)
      expect(logo.status).toBe(200)
      expect(logo.res.headers.get('content-type')).toBe('image/svg+xml')
    }
    // The logos' curated batch is the screener's: a core read again after the clock moved, nothing else.
    expect(svc.fake.count('geckoterminal') - before).toBeLessThanOrEqual(3)
    expect(svc.fake.count('geckoterminal')).toBeLessThanOrEqual(plan.budgetPerMinute)
  })

  it('publishes the plan in /readyz: per upstream the budget, the core share and the intervals', async () => {
    const { status, body } = await svc.json('/readyz')
    expect(status).toBe(200)
    expect(body.plan.geckoterminal).toMatchObject({
      budgetPerMinute: 10,
      corePerMinute: 3,
      longTailPerMinute: 7,
      inputs: [{ id: 'screener-source-b', callsPerRefresh: 3, intervalMs: 60_000 }],
    })
    expect(body.plan.coingecko.inputs.map((i: { id: string }) => i.id)).toContain('ada-series-365d')
    // One client over its fair share says nothing about source B's health.
    expect(body.upstreams.geckoterminal.ok).toBe(true)
  })

  it('counts calls by lane and refusals by reason in /metrics', async () => {
    const text = await (await svc.get('/metrics')).text()
    expect(text).toMatch(/upstream_calls_total\{upstream="geckoterminal",lane="long_tail"\} [23]\n/)
    expect(text).toMatch(/upstream_calls_total\{upstream="geckoterminal",lane="core"\} [3-6]\n/)
    expect(text).toMatch(/upstream_refusals_total\{upstream="geckoterminal",lane="long_tail",reason="fair_share"\} \d+/)
  })
})

describe('a core input paced by its own plan', () => {
  it('is no outage: /readyz stays ready while source B\'s budget of 1 a minute leaves the screener batches waiting', async () => {
    const tight = await startService({ env: { GECKOTERMINAL_RPM: '1', UPSTREAM_TIMEOUT_MS: '800' } })
    try {
      // Three tokens/multi batches, one call a minute: the second and third are refused by the minute's budget
      // (no call made), and the screener degrades to source A for now.
      const screener = await timedGet(tight, '/api/v1/tokens')
      expect(screener.status).toBe(200)
      expect(tight.fake.count('geckoterminal')).toBeLessThanOrEqual(1)
      const metrics = await (await tight.get('/metrics')).text()
      expect(metrics).toMatch(/upstream_refusals_total\{upstream="geckoterminal",lane="[a-z_]+",reason="budget"\} [1-9]/)
      const { status, body } = await tight.json('/readyz')
      expect(status).toBe(200)
      expect(body.status).toBe('ready')
      expect(body.upstreams.geckoterminal?.ok).not.toBe(false)
    } finally {
      await tight.stop()
    }
  })
})
