/**
 * Source B over its call budget (GECKOTERMINAL_RPM): every read of it is refused before it leaves the service.
 * The screener and the token detail degrade to source A with the source-A-only coverage, a chart serves its
 * stale copy or 502s, a logo falls to the monogram, and the fake never sees more calls than the budget allows.
 */
import { afterAll, describe, expect, it } from 'bun:test'
import registry from '../../src/registry/tokens.json'
import { SAMPLE } from '../fake-upstreams/world'
import { startService } from '../helpers'
import { COVERAGE, expectUpstream502, MARGIN_MS, PAST_LIFETIMES_MS, timedGet, UPSTREAM_TIMEOUT_MS } from './support'

/** 4 calls a minute: a burst of ceil(4/2) = 2, then one more every 15 s. */
const RPM = 4
const BURST = 2

const svc = await startService({ env: { GECKOTERMINAL_RPM: String(RPM), UPSTREAM_TIMEOUT_MS: String(UPSTREAM_TIMEOUT_MS) } })
const startedAt = Date.now()
afterAll(() => svc.stop())

/** What the budget allows up to now: the burst, plus one call per 60/RPM s of real time since the start. */
const allowedCalls = () => BURST + Math.floor(((Date.now() - startedAt) * RPM) / 60_000)

const others = registry.filter((t) => t.unit !== SAMPLE.snek && t.unit !== SAMPLE.usdm).slice(0, 4).map((t) => t.unit)
const chart = (unit: string) => `/api/v1/tokens/${unit}/ohlcv?tf=1h&limit=5`

describe(`source B over its budget (GECKOTERMINAL_RPM=${RPM})`, () => {
  let warmCandles: unknown

  it('spends the burst on one chart: the token pool list and the newest candle page', async () => {
    const warm = await timedGet(svc, chart(SAMPLE.snek))
    expect(warm.status).toBe(200)
    expect(warm.xCache).toBe('MISS')
    warmCandles = warm.body.candles
    expect(svc.fake.count('geckoterminal')).toBe(BURST)
  })

  it('then answers the screener, details, charts and logos without another source B call', async () => {
    svc.advance(PAST_LIFETIMES_MS) // every cached answer and upstream copy past its lifetime; the budget runs on real time
    // No registry PNG for these tokens: their logo needs source B's image or the monogram.
    for (const asset of svc.fake.world.koios.assets) {
      if (others.includes(asset.policy_id + asset.asset_name) && asset.token_registry_metadata) asset.token_registry_metadata.logo = null
    }
    const before = svc.fake.count('geckoterminal')
    const [screener, snekDetail, snekChart, ...rest] = await Promise.all([
      timedGet(svc, '/api/v1/tokens'),
      timedGet(svc, `/api/v1/tokens/${SAMPLE.snek}`),
      timedGet(svc, chart(SAMPLE.snek)),
      ...others.map((unit) => timedGet(svc, `/api/v1/tokens/${unit}`)),
      ...others.map((unit) => timedGet(svc, chart(unit))),
      ...others.map((unit) => timedGet(svc, `/api/v1/tokens/${unit}/logo`)),
    ])
    const details = rest.slice(0, others.length)
    const charts = rest.slice(others.length, 2 * others.length)
    const logos = rest.slice(2 * others.length)
    for (const answer of [screener, snekDetail, snekChart, ...rest]) expect(answer.ms).toBeLessThan(UPSTREAM_TIMEOUT_MS + MARGIN_MS)

    // The screener's three tokens/multi reads are refused: source A figures only, labelled and rebuilt soon.
    expect(screener.status).toBe(200)
    expect(screener.xCache).toBe('STALE')
    expect(screener.res.headers.get('cache-control')).toBe('public, s-maxage=10')
    expect(screener.body.coverage).toBe(COVERAGE.sourceAOnly)
    expect(screener.body.count).toBeGreaterThan(0)

    // Details of tokens whose source B pools were never read: source A only.
    for (const detail of details) {
      expect(detail.status).toBe(200)
      expect(detail.xCache).toBe('STALE')
      expect(detail.body.coverage).toBe(COVERAGE.sourceAOnly)
      for (const pair of detail.body.pairs) expect(pair.source).toBe('source_a')
    }
    // SNEK's pool list is cached from its chart: the detail uses that copy (merged, labelled stale).
    expect(snekDetail.status).toBe(200)
    expect(snekDetail.xCache).toBe('STALE')
    expect(snekDetail.body.coverage).toBe(COVERAGE.merged)

    // The warmed chart answers its stale copy; charts never read answer 502 naming source B's budget.
    expect(snekChart.status).toBe(200)
    expect(snekChart.xCache).toBe('STALE')
    expect(snekChart.body.candles).toEqual(warmCandles)
    for (const answer of charts) {
      expectUpstream502(answer, 'source B')
      expect(answer.body.hint).toContain('over budget')
    }

    // Logos never fail: the batch read of curated images is refused, so the monogram answers for now.
    for (const logo of logos) {
      expect(logo.status).toBe(200)
      expect(logo.res.headers.get('content-type')).toBe('image/svg+xml')
      expect(logo.xCache).toBe('STALE')
    }

    expect(svc.fake.count('geckoterminal') - before).toBeLessThanOrEqual(allowedCalls() - BURST)
    expect(svc.fake.count('geckoterminal')).toBeLessThanOrEqual(allowedCalls())
  })

  it('still answers liveness', async () => {
    expect((await svc.get('/healthz')).status).toBe(200)
  })
})
