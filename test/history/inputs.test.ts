/**
 * The history endpoints' inputs and answers around the data: 400 with hints for bad tf/from/to/limit/day/
 * format, 404 for a token that is not recorded, route resolution beside /tokens/{asset} and its /ohlcv, the
 * coverage string, ETag and lifetimes, a token only source A trades, and DATABASE_URL=off.
 */
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { coreRefresh } from '../../src/modules/history/core-refresh'
import { startService, type TestService } from '../helpers'
import { SNEK, startHistory, storedRows, type HistoryHarness } from './support'

const history = (query: string, unit = SNEK) => `/api/v1/tokens/${unit}/history${query}`

let h: HistoryHarness
beforeAll(async () => {
  h = await startHistory()
  const s = h.svc.deps.services
  for (let i = 0; i < 3; i++) {
    await coreRefresh({ tokens: s.tokens, adaMarket: s.adaMarket, recorder: s.historyRecorder!, logger: h.svc.deps.logger })
    h.advance(300_000)
  }
})
afterAll(() => h.stop())

describe('bad inputs are 400 with a hint', () => {
  const cases: Array<[path: string, error: string, hint: RegExp]> = [
    [history('?tf=2m'), 'Invalid timeframe', /tf is one of 5m, 1h, 1d/],
    [history('?tf=1w'), 'Invalid timeframe', /default 1h/],
    [history('?from=yesterday'), 'Invalid from', /Unix seconds .* UTC day .* ISO 8601/],
    [history('?from=2026-02-30'), 'Invalid from', /2026-02-30 is not a real date/],
    [history('?from=2026-01-01T25:00:00Z'), 'Invalid from', /not a real date/],
    [history('?to=-5'), 'Invalid to', /to is Unix seconds/],
    [history('?to=2026-01-01T00:00:00+02:00'), 'Invalid to', /ISO 8601 UTC time/],
    [history('?from=2026-01-02&to=2026-01-01'), 'Invalid range', /from must be earlier than to/],
    [history('?from=1764028800&to=1764028800'), 'Invalid range', /earlier/],
    [history('?limit=0'), 'Invalid limit', /1 to 1000/],
    [history('?limit=1001'), 'Invalid limit', /1 to 1000/],
    [history('?limit=1e2'), 'Invalid limit', /integer/],
    [history('', 'zz'), 'Invalid asset unit', /56-hex-character policy id/],
    ['/api/v1/market/history?tf=15m', 'Invalid timeframe', /5m, 1h, 1d/],
    ['/api/v1/market/history?from=2026-13-01', 'Invalid from', /not a real date/],
    ['/api/v1/export/snapshots?day=2026-1-5', 'Invalid day', /YYYY-MM-DD/],
    ['/api/v1/export/snapshots?day=2026-02-29', 'Invalid day', /today or earlier/],
    ['/api/v1/export/snapshots?day=2999-01-01', 'Invalid day', /2999-01-01 has not begun yet/],
    ['/api/v1/export/snapshots?day=2026-01-01&format=json', 'Invalid format', /ndjson or csv/],
  ]
  for (const [path, error, hint] of cases) {
    it(`GET ${path}`, async () => {
      const { status, body } = await h.svc.json(path)
      expect(status).toBe(400)
      expect(body.error).toBe(error)
      expect(body.hint).toMatch(hint)
    })
  }
})

describe('answers', () => {
  it('resolves /tokens/{asset}/history beside /tokens/{asset} and /tokens/{asset}/ohlcv', async () => {
    const [detail, chart, recorded] = await Promise.all([
      h.svc.json(`/api/v1/tokens/${SNEK}`),
      h.svc.json(`/api/v1/tokens/${SNEK}/ohlcv?tf=1h&limit=2`),
      h.svc.json(history('?tf=5m')),
    ])
    expect(detail.body.pairs).toBeArray()
    expect(chart.body.pool).toBeDefined()
    expect(recorded.body.candles).toHaveLength(3)
  })

  it('gives 5-minute candles of the recorded price, ascending, with the coverage and the first recorded day', async () => {
    const { status, body, res } = await h.svc.json(history('?tf=5m'))
    expect(status).toBe(200)
    const times = body.candles.map((c: any) => c.time)
    expect(times).toEqual([...times].sort((a, b) => a - b))
    expect(times[1] - times[0]).toBe(300)
    for (const c of body.candles) expect([c.open, c.high, c.low]).toEqual([c.close, c.close, c.close])
    const day = new Date(times[0] * 1000).toISOString().slice(0, 10)
    expect(body.recordedSince).toBe(day)
    expect(body.coverage).toBe(`Recorded by this service from the merged source A and source B figures since ${day}; not a pool chart.`)
    expect(res.headers.get('cache-control')).toBe('public, s-maxage=60')
    const again = await h.svc.get(history('?tf=5m'), { 'if-none-match': res.headers.get('etag')! })
    expect(again.status).toBe(304)
  })

  it('keeps a range that is over for an hour, and counts with the timeframe otherwise', async () => {
    const closed = await h.svc.get(history('?tf=1h&from=2026-01-01&to=2026-01-02'))
    expect(closed.headers.get('cache-control')).toBe('public, s-maxage=3600')
    const daily = await h.svc.get(history('?tf=1d'))
    expect(daily.headers.get('cache-control')).toBe('public, s-maxage=900')
  })

  it('answers 404 for a unit outside the curated registry', async () => {
    const { status, body } = await h.svc.json(history('', `${'ab'.repeat(28)}00`))
    expect(status).toBe(404)
    expect(body.error).toBe('Token not recorded')
    expect(body.hint).toContain('/ohlcv')
  })

  it("gives ADA's recorded price at /market/history", async () => {
    const { body } = await h.svc.json('/api/v1/market/history?tf=5m')
    expect(body.asset).toBe('lovelace')
    expect(body.candles).toHaveLength(3)
    expect(body.candles[0].liquidityUsd).toBeNull()
    expect(body.coverage).toStartWith("Recorded by this service from the market provider's ADA price since ")
  })
})

describe('a curated token only source A trades', () => {
  it('has no chart from /ohlcv but has recorded history, from source A alone', async () => {
    const world = h.svc.fake.world
    const withPoolB = new Set(world.geckoterminal.pools.map((p: any) => p.relationships.base_token.data.id.replace('cardano_', '')))
    const onlyA = h.svc.deps.registry.units.find((unit) => !withPoolB.has(unit))!
    expect(onlyA).toBeDefined()
    const chart = await h.svc.json(`/api/v1/tokens/${onlyA}/ohlcv`)
    expect(chart.status).toBe(404)
    expect(chart.body.hint).toContain(`/api/v1/tokens/${onlyA}/history`)
    const { status, body } = await h.svc.json(history('?tf=5m', onlyA))
    expect(status).toBe(200)
    expect(body.candles).toHaveLength(3)
    const rows = await storedRows(h.raw, `unit = '${onlyA}'`)
    expect([...new Set(rows.map((r) => Number(r.sources)))]).toEqual([1])
  })
})

describe('DATABASE_URL=off', () => {
  let off: TestService
  beforeAll(async () => {
    off = await startService()
  })
  afterAll(() => off.stop())

  for (const path of [history(''), '/api/v1/market/history', '/api/v1/export/snapshots?day=2026-01-01']) {
    it(`GET ${path} answers 503 like the community endpoints`, async () => {
      const { status, body } = await off.json(path)
      expect(status).toBe(503)
      expect(body.error).toBe('Community database not configured')
      expect(body.hint).toContain('DATABASE_URL=off')
    })
  }

  it('records nothing: there is no recorder', () => {
    expect(off.deps.services.historyRecorder).toBeNull()
  })
})
