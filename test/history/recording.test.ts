/**
 * Recording: the core refresh runs on its own schedule (a manual timer on the service's clock here) and each
 * refresh's merged figures become one snapshot per token per 5-minute interval, with no upstream call beyond
 * what the refresh itself costs, and no request to the service needed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import registry from '../../src/registry/tokens.json'
import { coreRefresh } from '../../src/modules/history/core-refresh'
import { DAY_MS, SNEK, startHistory, storedRows, type HistoryHarness } from './support'

const FIVE_MINUTES = 300_000
/** The screener's documented cost: one source A and one source B call per 30 registry tokens. */
const BATCHES = Math.ceil(registry.length / 30)

describe('a day of scheduled refreshes, with nobody asking for anything', () => {
  let h: HistoryHarness
  let dayStart: number
  beforeAll(async () => {
    h = await startHistory()
    dayStart = Math.floor(h.now() / DAY_MS) * DAY_MS
    h.svc.fake.resetCalls()
    const scheduler = h.scheduler(FIVE_MINUTES)
    scheduler.start()
    // 288 refreshes, one per 5 minutes: the first fires at start, each next one 5 minutes after.
    for (let i = 0; i < 288; i++) {
      await h.runDue(scheduler)
      h.advance(FIVE_MINUTES)
    }
    await scheduler.stop()
  }, 120_000)
  afterAll(() => h.stop())

  it('records every 5-minute interval of the day, every token with a price and ADA once each', async () => {
    const rows = await storedRows(h.raw)
    const byInterval = new Map<number, string[]>()
    for (const row of rows) byInterval.set(Number(row.interval_start), [...(byInterval.get(Number(row.interval_start)) ?? []), String(row.unit)])
    const expectedStarts = Array.from({ length: 288 }, (_, i) => dayStart / 1000 + i * 300)
    expect([...byInterval.keys()]).toEqual(expectedStarts)
    // The fake market gives every curated token a price (SNEK and USDM from the samples, the rest generated).
    for (const units of byInterval.values()) {
      expect(units).toHaveLength(registry.length + 1)
      expect(new Set(units).size).toBe(units.length)
      expect(units).toContain('lovelace')
    }
    expect(rows.every((row) => Number(row.interval_seconds) === 300 && Number(row.samples) === 1)).toBe(true)
  })

  it('made exactly the refreshes\' own upstream calls: no call for recording, none to the chain API or the resolver', () => {
    // Each refresh outlives every upstream copy (5 minutes > 30 s, 45 s and 90 s), so each reads afresh once.
    expect(h.svc.fake.count('dexscreener', '/tokens/v1/')).toBe(288 * BATCHES)
    expect(h.svc.fake.count('geckoterminal', '/networks/cardano/tokens/multi/')).toBe(288 * BATCHES)
    expect(h.svc.fake.count('coingecko', '/coins/markets')).toBe(288)
    expect(h.svc.fake.calls).toHaveLength(288 * (2 * BATCHES + 1))
  })

  it('serves the day as candles: 24 hourly candles of 12 snapshots each, and 288 five-minute ones', async () => {
    const from = dayStart / 1000
    const hourly = await h.svc.json(`/api/v1/tokens/${SNEK}/history?tf=1h&from=${from}&to=${from + 86_400}`)
    expect(hourly.status).toBe(200)
    expect(hourly.body.candles).toHaveLength(24)
    expect(hourly.body.candles.map((c: any) => c.samples)).toEqual(Array(24).fill(12))
    expect(hourly.body.candles[0].time).toBe(from)
    const fine = await h.svc.json(`/api/v1/tokens/${SNEK}/history?tf=5m&from=${from}&limit=1000`)
    expect(fine.body.candles).toHaveLength(288)
    const daily = await h.svc.json(`/api/v1/market/history?tf=1d&from=${from}`)
    expect(daily.body.candles).toEqual([expect.objectContaining({ time: from, samples: 288, liquidityUsd: null })])
  })
})

describe('refreshes at the default pace (45 s)', () => {
  let h: HistoryHarness
  beforeAll(async () => {
    h = await startHistory()
  })
  afterAll(() => h.stop())

  it('keeps the first refresh of each interval and writes nothing for the others', async () => {
    const deps = () => {
      const s = h.svc.deps.services
      return { tokens: s.tokens, adaMarket: s.adaMarket, recorder: s.historyRecorder!, logger: h.svc.deps.logger }
    }
    const outcomes = []
    // 20 refreshes 45 s apart span 15 minutes: intervals 0, 1 and 2 after the start (10 s into the day).
    for (let i = 0; i < 20; i++) {
      outcomes.push(await coreRefresh(deps()))
      h.advance(45_000)
    }
    const recorded = outcomes.filter((o) => typeof o.tokens === 'object')
    expect(recorded).toHaveLength(3)
    expect(outcomes.filter((o) => o.tokens === 'already-recorded')).toHaveLength(17)
    const starts = new Set((await storedRows(h.raw)).map((r) => Number(r.interval_start)))
    expect(starts.size).toBe(3)
    // The first refresh of an interval wins: its recording time is within 45 s of the interval's start.
    for (const row of await storedRows(h.raw, `unit = '${SNEK}'`)) {
      expect(Number(row.recorded_at_ms) - Number(row.interval_start) * 1000).toBeLessThan(45_000 + 10_000)
    }
  })

  it('records nothing from stale upstream copies, and resumes once the upstream answers again', async () => {
    const s = h.svc.deps.services
    const deps = { tokens: s.tokens, adaMarket: s.adaMarket, recorder: s.historyRecorder!, logger: h.svc.deps.logger }
    h.advance(300_000)
    h.svc.fake.fail('dexscreener', 'server_error')
    h.svc.fake.fail('coingecko', 'server_error')
    const failed = await coreRefresh(deps)
    expect(failed).toEqual({ tokens: 'not-recorded', ada: 'not-recorded' })
    h.svc.fake.heal()
    const healed = await coreRefresh(deps)
    expect(healed.tokens).toEqual({ added: registry.length, existing: 0 })
    expect(healed.ada).toEqual({ added: 1, existing: 0 })
  })
})
