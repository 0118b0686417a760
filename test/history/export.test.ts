/**
 * GET /api/v1/export/snapshots: a recorded day, streamed page by page, equals what the database holds, in
 * NDJSON and CSV; caching and ETag; the day's bounds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import registry from '../../src/registry/tokens.json'
import { EXPORT_PAGE_ROWS } from '../../src/modules/history/service'
import { DAY_MS, startHistory, storedRows, type HistoryHarness } from './support'

const SOURCE_NAMES: Record<number, string[]> = { 1: ['source_a'], 2: ['source_b'], 3: ['source_a', 'source_b'], 4: ['market_provider'] }

let h: HistoryHarness
let day: string
let stored: Array<Record<string, any>>

beforeAll(async () => {
  h = await startHistory()
  day = new Date(h.now()).toISOString().slice(0, 10)
  const scheduler = h.scheduler(300_000)
  scheduler.start()
  // Half a day (144 intervals), then past midnight: the day is over and the next day has one interval.
  for (let i = 0; i < 144; i++) {
    await h.runDue(scheduler)
    h.advance(300_000)
  }
  h.advance(DAY_MS / 2)
  await h.runDue(scheduler)
  await scheduler.stop()
  const start = Date.parse(`${day}T00:00:00Z`) / 1000
  stored = await storedRows(h.raw, `interval_start >= ${start} AND interval_start < ${start + 86_400}`)
}, 120_000)
afterAll(() => h.stop())

const exportOf = (query: string, headers?: Record<string, string>) => h.svc.get(`/api/v1/export/snapshots?${query}`, headers)

describe('the export of a recorded day', () => {
  it('holds more rows than one page, so paging is exercised', () => {
    expect(stored.length).toBe(144 * (registry.length + 1))
    expect(stored.length).toBeGreaterThan(3 * EXPORT_PAGE_ROWS)
  })

  it('as NDJSON equals the stored rows, in order, field by field', async () => {
    const res = await exportOf(`day=${day}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/x-ndjson; charset=utf-8')
    const lines = (await res.text()).split('\n')
    expect(lines.pop()).toBe('')
    const exported = lines.map((line) => JSON.parse(line))
    expect(exported).toHaveLength(stored.length)
    exported.forEach((row, i) => {
      const s = stored[i]
      expect(row).toEqual({
        unit: s.unit,
        resolution: '5m',
        intervalStart: Number(s.interval_start),
        time: new Date(Number(s.interval_start) * 1000).toISOString(),
        priceUsd: s.price_usd,
        openUsd: null,
        highUsd: null,
        lowUsd: null,
        liquidityUsd: s.liquidity_usd,
        volume24hUsd: s.volume24h_usd,
        buys24h: s.buys24h === null ? null : Number(s.buys24h),
        sells24h: s.sells24h === null ? null : Number(s.sells24h),
        sources: SOURCE_NAMES[Number(s.sources)],
        samples: 1,
        recordedAt: new Date(Number(s.recorded_at_ms)).toISOString(),
      })
    })
  })

  it('is streamed: the first chunk holds one page at most', async () => {
    const res = await exportOf(`day=${day}`)
    const reader = res.body!.getReader()
    const first = await reader.read()
    await reader.cancel()
    const lines = new TextDecoder().decode(first.value).trim().split('\n')
    expect(lines.length).toBeGreaterThan(0)
    expect(lines.length).toBeLessThanOrEqual(EXPORT_PAGE_ROWS)
  })

  it('as CSV has the same rows as the NDJSON, with empty cells for null', async () => {
    const ndjson = (await (await exportOf(`day=${day}`)).text()).trim().split('\n').map((line) => JSON.parse(line))
    const res = await exportOf(`day=${day}&format=csv`)
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    const [header, ...lines] = (await res.text()).trim().split('\n')
    const columns = header.split(',')
    expect(columns).toEqual(Object.keys(ndjson[0]))
    expect(lines).toHaveLength(ndjson.length)
    lines.forEach((line, i) => {
      const cells = line.split(',')
      const expected = columns.map((c) => {
        const v = ndjson[i][c]
        return v === null ? '' : Array.isArray(v) ? v.join('+') : String(v)
      })
      expect(cells).toEqual(expected)
    })
  })

  it('is cached long once the day is over, with an ETag that answers 304', async () => {
    const res = await exportOf(`day=${day}`)
    await res.arrayBuffer()
    expect(res.headers.get('cache-control')).toBe('public, s-maxage=86400')
    const etag = res.headers.get('etag')!
    expect(etag).toMatch(/^W\//)
    const again = await exportOf(`day=${day}`, { 'if-none-match': etag })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')
  })

  it('of the current day is cached briefly, and changes its ETag when a row is added', async () => {
    const today = new Date(h.now()).toISOString().slice(0, 10)
    const first = await exportOf(`day=${today}`)
    expect(first.headers.get('cache-control')).toBe('public, s-maxage=60')
    expect((await first.text()).trim().split('\n')).toHaveLength(registry.length + 1)
    h.advance(300_000)
    const s = h.svc.deps.services
    await s.historyRecorder!.recordAda({ priceUsd: 0.5, volume24hUsd: null })
    const second = await exportOf(`day=${today}`)
    expect((await second.text()).trim().split('\n')).toHaveLength(registry.length + 2)
    expect(second.headers.get('etag')).not.toBe(first.headers.get('etag'))
  })

  it('of a day with nothing recorded is 404 naming the first recorded day, never an empty body cached a day', async () => {
    for (const query of ['day=2020-01-01', 'day=2020-01-01&format=csv']) {
      const res = await exportOf(query)
      expect(res.status).toBe(404)
      expect(res.headers.get('cache-control') ?? '').not.toContain('s-maxage=86400')
      const body = await res.json()
      expect(body.code).toBe('day_not_recorded')
      expect(body.hint).toContain(`first recorded day is ${day}`)
      expect(body.hint).toContain(`/api/v1/export/snapshots?day=${day}`)
    }
  })

  it('without day exports today (UTC), the day the service clock is in', async () => {
    const res = await exportOf('format=csv')
    expect(res.status).toBe(200)
    const today = new Date(h.now()).toISOString().slice(0, 10)
    expect(res.headers.get('content-disposition')).toContain(`snapshots-${today}.csv`)
    expect((await res.text()).trim().split('\n').length).toBeGreaterThan(1)
  })
})
