/**
 * GET /api/v1/tokens/{asset}/ohlcv through the whole app, against the fake upstreams. Each test builds its own
 * token and pools in the fake world, so caches never carry over between tests.
 */
import { afterAll, beforeEach, describe, expect, it } from 'bun:test'
import { dsPair, gtPool, koiosAsset } from '../fake-upstreams/builders'
import { startService } from '../helpers'

const svc = await startService()
afterAll(() => svc.stop())

beforeEach(() => {
  svc.fake.heal()
  svc.fake.resetCalls()
})

const HOUR = 3600
const DAY = 86_400
const seconds = (iso: string) => Date.parse(iso) / 1000

let serial = 0
/** A fresh unit the chain knows (as any real token), and pool addresses nobody else uses. */
function fresh(): { unit: string; pool: (i: number) => string } {
  serial += 1
  const tag = serial.toString(16).padStart(8, '0')
  const policyId = `c4a7${tag}`.padEnd(56, '0')
  svc.fake.world.koios.assets.push(koiosAsset({ policyId, assetNameHex: '544b4e' }))
  return { unit: `${policyId}544b4e`, pool: (i) => `${tag}${i.toString(16).padStart(2, '0')}`.padEnd(64, 'e') }
}

/** A token with one minswap pool (the deepest); returns its unit and pool address. */
function tokenWithPool(createdAt = '2024-03-11T07:01:51Z') {
  const { unit, pool } = fresh()
  svc.fake.world.geckoterminal.pools.push(gtPool({ address: pool(1), baseUnit: unit, reserveUsd: 100_000, name: 'TKN / ADA', createdAt }))
  return { unit, pool: pool(1) }
}

/** Rows as source B sends them: [time, open, high, low, close, volume], newest first. */
function setRows(pool: string, timeframe: string, aggregate: number, rows: number[][]) {
  svc.fake.world.geckoterminal.ohlcv.set(`${pool}|${timeframe}|${aggregate}`, rows)
}

const ohlcvCalls = () => svc.fake.callsTo('geckoterminal', '/networks/cardano/pools/')

describe("source B's budget and made-up units", () => {
  it('answers 404 for a unit the chain API does not know, without spending a source B call', async () => {
    const unit = 'dead'.repeat(14) + '4d41444555'
    const { status, body } = await svc.json(`/api/v1/tokens/${unit}/ohlcv`)
    expect(status).toBe(404)
    expect(body.error).toBe('No chartable pool found')
    expect(svc.fake.count('geckoterminal')).toBe(0)
    expect(svc.fake.count('koios', '/asset_info')).toBe(1)
  })
})

describe('timeframes', () => {
  const table: Array<[string, string, string, number]> = [
    ['1m', 'minute', '1', 30],
    ['5m', 'minute', '5', 60],
    ['15m', 'minute', '15', 60],
    ['1h', 'hour', '1', 120],
    ['4h', 'hour', '4', 120],
    ['12h', 'hour', '12', 120],
    ['1d', 'day', '1', 300],
    ['1w', 'day', '1', 300],
  ]
  for (const [tf, timeframe, aggregate, lifetime] of table) {
    it(`reads ${tf} as source B ${timeframe}/${aggregate} and caches it ${lifetime} s`, async () => {
      const { unit, pool } = tokenWithPool()
      const { status, body, res } = await svc.json(`/api/v1/tokens/${unit}/ohlcv?tf=${tf}&limit=3`)
      expect(status).toBe(200)
      expect(body.tf).toBe(tf)
      expect(body.candles.length).toBeGreaterThan(0)
      expect(res.headers.get('cache-control')).toBe(`public, s-maxage=${lifetime}`)
      const first = ohlcvCalls()[0]
      expect(first.path).toBe(`/networks/cardano/pools/${pool}/ohlcv/${timeframe}`)
      expect(first.query).toMatchObject({ aggregate, currency: 'usd' })
    })
  }

  it('answers 400 with the allowed list for any other timeframe', async () => {
    const { unit } = tokenWithPool()
    // Minutes are lowercase only: 1M would read as a month.
    for (const tf of ['2h', '1M', '15M', 'week', '']) {
      const { status, body } = await svc.json(`/api/v1/tokens/${unit}/ohlcv?tf=${tf}`)
      expect(status).toBe(400)
      expect(body).toEqual({ code: 'invalid_timeframe', error: 'Invalid timeframe', hint: 'tf is one of 1m, 5m, 15m, 1h, 4h, 12h, 1d, 1w (default 1h).' })
    }
    expect(svc.fake.calls).toHaveLength(0)
  })

  it('builds 1w from daily candles in weeks starting Monday 00:00 UTC, across a month boundary', async () => {
    const { unit, pool } = tokenWithPool()
    const d = (iso: string) => seconds(`${iso}T00:00:00Z`)
    setRows(pool, 'day', 1, [
      [d('2025-02-04'), 10, 11, 10, 11, 5],
      [d('2025-02-02'), 9, 10, 9, 10, 40],
      [d('2025-02-01'), 20, 22, 8, 9, 30],
      [d('2025-01-31'), 15, 21, 12, 20, 20],
      [d('2025-01-27'), 14, 16, 13, 15, 10],
      [d('2025-01-26'), 11, 15, 10, 14, 50],
      [d('2025-01-22'), 10, 12, 9, 11, 100],
    ])
    const { body } = await svc.json(`/api/v1/tokens/${unit}/ohlcv?tf=1w`)
    expect(body.candles).toEqual([
      // Wed 22 + Sun 26: open 10, close 14, high max(12, 15), low min(9, 10), volume 100 + 50
      { time: d('2025-01-20'), open: 10, high: 15, low: 9, close: 14, volume: 150, source: 'sourceB' },
      // Mon Jan 27 … Sun Feb 2: open 14, close 10, high 22, low 8, volume 10 + 20 + 30 + 40
      { time: d('2025-01-27'), open: 14, high: 22, low: 8, close: 10, volume: 100, source: 'sourceB' },
      { time: d('2025-02-03'), open: 10, high: 11, low: 10, close: 11, volume: 5, source: 'sourceB' },
    ])
  })
})

describe('weeks from a long history', () => {
  it('reads at most four daily pages and leaves out the oldest week they cut off', async () => {
    const { unit, pool } = tokenWithPool('2020-01-01T00:00:00Z')
    const newest = seconds('2025-06-30T00:00:00Z') // a Monday
    // 800 daily rows, row i on newest − i days, every price i and volume 1.
    setRows(pool, 'day', 1, Array.from({ length: 800 }, (_, i) => [newest - i * DAY, i, i, i, i, 1]))
    const { body } = await svc.json(`/api/v1/tokens/${unit}/ohlcv?tf=1w&limit=500`)
    // Pages end at newest − 179, − 358, − 537 and − 716 days; then the cap stops paging. newest − 716 d is a
    // Saturday (716 = 102 × 7 + 2), so its week (from newest − 721 d) is cut off and left out: the weeks run
    // from newest − 714 d to newest, 714 / 7 + 1 = 103 of them.
    expect(ohlcvCalls()).toHaveLength(4)
    expect(body.candles).toHaveLength(103)
    // Week of newest − 714 d: days i = 714 … 708; open of the Monday 714, close of the Sunday 708.
    expect(body.candles[0]).toEqual({ time: newest - 714 * DAY, open: 714, high: 714, low: 708, close: 708, volume: 7, source: 'sourceB' })
    expect(body.candles[102]).toEqual({ time: newest, open: 0, high: 0, low: 0, close: 0, volume: 1, source: 'sourceB' })
  })
})

describe('candles', () => {
  it('serves them ascending, one per time, quiet intervals left out', async () => {
    const { unit, pool } = tokenWithPool()
    const t0 = seconds('2025-07-06T00:00:00Z')
    setRows(pool, 'hour', 1, [
      [t0 + 5 * HOUR, 1.5, 1.6, 1.4, 1.55, 50],
      [t0 + 5 * HOUR, 1.5, 1.6, 1.4, 1.55, 50], // the boundary row, sent twice
      [t0 + 4 * HOUR, 1.4, 1.5, 1.3, 1.5, 40],
      // no row for t0 + 3h and t0 + 2h: nobody traded
      [t0 + 1 * HOUR, 1.1, 1.2, 1.0, 1.4, 10],
      [t0, 1.0, 1.1, 0.9, 1.1, 5],
    ])
    const { status, body } = await svc.json(`/api/v1/tokens/${unit}/ohlcv`)
    expect(status).toBe(200)
    expect(body.candles).toEqual([
      { time: t0, open: 1.0, high: 1.1, low: 0.9, close: 1.1, volume: 5, source: 'sourceB' },
      { time: t0 + HOUR, open: 1.1, high: 1.2, low: 1.0, close: 1.4, volume: 10, source: 'sourceB' },
      { time: t0 + 4 * HOUR, open: 1.4, high: 1.5, low: 1.3, close: 1.5, volume: 40, source: 'sourceB' },
      { time: t0 + 5 * HOUR, open: 1.5, high: 1.6, low: 1.4, close: 1.55, volume: 50, source: 'sourceB' },
    ])
    expect(body.quote).toBe('USD')
    expect(body.tf).toBe('1h')
    expect(body.missing).toEqual([])
  })

  it('defaults to the newest 300 candles', async () => {
    const { unit, pool } = tokenWithPool()
    const t0 = seconds('2025-07-01T00:00:00Z')
    // 320 hourly rows, t0 … t0 + 319 h, newest first.
    setRows(pool, 'hour', 1, Array.from({ length: 320 }, (_, i) => [t0 + (319 - i) * HOUR, 1, 1, 1, 1, i]))
    const { body } = await svc.json(`/api/v1/tokens/${unit}/ohlcv`)
    expect(body.candles).toHaveLength(300)
    // The newest 300 of 320: from t0 + 20 h to t0 + 319 h.
    expect(body.candles[0].time).toBe(t0 + 20 * HOUR)
    expect(body.candles[299].time).toBe(t0 + 319 * HOUR)
  })

  it('gives at most limit candles, the newest ones, for limit 1 to 500', async () => {
    const { unit, pool } = tokenWithPool()
    const t0 = seconds('2025-07-01T00:00:00Z')
    setRows(pool, 'hour', 1, Array.from({ length: 600 }, (_, i) => [t0 + (599 - i) * HOUR, 1, 1, 1, 1, 1]))
    const two = await svc.json(`/api/v1/tokens/${unit}/ohlcv?limit=2`)
    expect(two.body.candles.map((c: { time: number }) => c.time)).toEqual([t0 + 598 * HOUR, t0 + 599 * HOUR])
    expect((await svc.json(`/api/v1/tokens/${unit}/ohlcv?limit=1`)).body.candles).toHaveLength(1)
    const max = await svc.json(`/api/v1/tokens/${unit}/ohlcv?limit=500`)
    expect(max.body.candles).toHaveLength(500)
    expect(max.body.candles[0].time).toBe(t0 + 100 * HOUR)
  })

  it('answers 400 for a limit outside 1–500 or not an integer', async () => {
    const { unit } = tokenWithPool()
    for (const limit of ['0', '501', '-3', '1.5', 'ten', '', '0x10', '1e2', '%2B7']) {
      const { status, body } = await svc.json(`/api/v1/tokens/${unit}/ohlcv?limit=${limit}`)
      expect(status).toBe(400)
      expect(body).toEqual({ code: 'invalid_limit', error: 'Invalid limit', hint: 'limit is the number of candles: an integer from 1 to 500 (default 300).' })
    }
  })

  it('answers 400 for a quote other than usd or ada, and for a malformed asset or pool', async () => {
    const { unit } = tokenWithPool()
    expect((await svc.json(`/api/v1/tokens/${unit}/ohlcv?quote=eur`)).body).toEqual({ code: 'invalid_quote', error: 'Invalid quote', hint: 'quote is usd (default) or ada.' })
    for (const asset of ['abc', unit.slice(0, 55), `${unit}0`, `${unit.slice(0, 54)}zz`]) {
      const { status, body } = await svc.json(`/api/v1/tokens/${asset}/ohlcv`)
      expect(status).toBe(400)
      expect(body.error).toBe('Invalid asset unit')
      expect(body.hint).toContain('56-hex-character policy id')
    }
    for (const pool of ['xyz', 'cardano_abcdef0123', 'abc', 'ab'.repeat(81)]) {
      const { status, body } = await svc.json(`/api/v1/tokens/${unit}/ohlcv?pool=${pool}`)
      expect(status).toBe(400)
      expect(body.error).toBe('Invalid pool address')
    }
    expect(svc.fake.calls).toHaveLength(0)
  })

  it('pages back with before_timestamp past the six months one call covers', async () => {
    const { unit, pool } = tokenWithPool('2024-01-01T00:00:00Z')
    const newest = seconds('2025-06-30T00:00:00Z')
    // 400 daily rows: newest − 399 d … newest.
    setRows(pool, 'day', 1, Array.from({ length: 400 }, (_, i) => [newest - i * DAY, 1, 1, 1, 1, 1]))
    const { body, res } = await svc.json(`/api/v1/tokens/${unit}/ohlcv?tf=1d&limit=400`)
    expect(res.headers.get('x-cache')).toBe('MISS')
    const times = body.candles.map((c: { time: number }) => c.time)
    expect(times).toHaveLength(400)
    expect(times[0]).toBe(newest - 399 * DAY)
    expect(times[399]).toBe(newest)
    expect(new Set(times).size).toBe(400)
    // Page 1: the 180 days up to newest; page 2 from its oldest row (newest − 179 d) back 180 days; page 3 from
    // newest − 358 d: 41 more rows make 400, so paging stops.
    const befores: Array<string | undefined> = ohlcvCalls().map((c) => c.query.before_timestamp)
    expect(befores).toEqual([undefined, String(newest - 179 * DAY), String(newest - 358 * DAY)])
  })

  it('serves one upstream read to every limit and quote of a pool and timeframe, and the same bytes from cache', async () => {
    const { unit, pool } = tokenWithPool()
    const t0 = seconds('2025-07-01T00:00:00Z')
    setRows(pool, 'hour', 4, Array.from({ length: 50 }, (_, i) => [t0 + (49 - i) * 4 * HOUR, 1, 1, 1, 1, 1]))
    const first = await svc.get(`/api/v1/tokens/${unit}/ohlcv?tf=4h&limit=10`)
    const again = await svc.get(`/api/v1/tokens/${unit}/ohlcv?tf=4h&limit=10`)
    expect(again.headers.get('x-cache')).toBe('HIT')
    expect(await again.text()).toBe(await first.text())
    expect((await svc.json(`/api/v1/tokens/${unit}/ohlcv?tf=4h&limit=40`)).body.candles).toHaveLength(40)
    expect(ohlcvCalls()).toHaveLength(1)
    expect(svc.fake.count('geckoterminal')).toBe(2) // the pool list and one page of candles
  })
})

describe('quote=ada', () => {
  it("divides every price and the volume by ADA's USD price at the nearest point of the 1-day series", async () => {
    const { unit, pool } = tokenWithPool()
    const hour = Math.floor(Date.now() / 1000 / HOUR) * HOUR
    const [a, b, c] = [hour - 3 * HOUR, hour - 2 * HOUR, hour - HOUR]
    setRows(pool, 'hour', 1, [
      [c, 0.004, 0.0048, 0.0032, 0.0044, 80],
      [b, 0.002, 0.003, 0.001, 0.0025, 100],
      [a, 0.001, 0.0015, 0.0005, 0.002, 50],
    ])
    // ADA is $0.50 until an hour and a half ago, then $0.80: far from every candle's nearest 5-minute point.
    const switchMs = (hour - 1.5 * HOUR) * 1000
    const previous = svc.fake.world.coingecko.adaPriceAt
    svc.fake.world.coingecko.adaPriceAt = (ms) => (ms < switchMs ? 0.5 : 0.8)
    try {
      const { status, body } = await svc.json(`/api/v1/tokens/${unit}/ohlcv?quote=ada`)
      expect(status).toBe(200)
      expect(body.quote).toBe('ADA')
      const expected = [
        // a at $0.50: 0.001 / 0.5 = 0.002, 0.0015 / 0.5 = 0.003, 0.0005 / 0.5 = 0.001, 0.002 / 0.5 = 0.004, 50 / 0.5 = 100
        { time: a, open: 0.002, high: 0.003, low: 0.001, close: 0.004, volume: 100 },
        // b at $0.50: 0.004, 0.006, 0.002, 0.005, 200
        { time: b, open: 0.004, high: 0.006, low: 0.002, close: 0.005, volume: 200 },
        // c at $0.80: 0.004 / 0.8 = 0.005, 0.0048 / 0.8 = 0.006, 0.0032 / 0.8 = 0.004, 0.0044 / 0.8 = 0.0055, 80 / 0.8 = 100
        { time: c, open: 0.005, high: 0.006, low: 0.004, close: 0.0055, volume: 100 },
      ]
      expect(body.candles).toHaveLength(3)
      body.candles.forEach((candle: Record<string, number>, i: number) => {
        for (const [field, value] of Object.entries(expected[i])) expect(candle[field]).toBeCloseTo(value, 12)
      })
      // The candles span three hours: the 1-day series with 5-minute points.
      expect(svc.fake.callsTo('coingecko')[0]).toMatchObject({ path: '/coins/cardano/market_chart', query: { vs_currency: 'usd', days: '1' } })
    } finally {
      svc.fake.world.coingecko.adaPriceAt = previous
    }
  })

  it('re-bases 1w day by day before aggregating, so each day meets its own ADA price', async () => {
    const { unit, pool } = tokenWithPool()
    const now = Math.floor(Date.now() / 1000)
    const thisMonday = Math.floor((now / DAY + 3) / 7) * 7 * DAY - 3 * DAY
    const weekA = thisMonday - 14 * DAY
    const weekB = thisMonday - 7 * DAY
    setRows(pool, 'day', 1, [
      [weekB, 3, 3, 3, 3, 30],
      [weekA + 6 * DAY, 2, 2.5, 1.5, 2, 20], // Sunday of week A
      [weekA, 1, 1.2, 0.8, 1, 10], // Monday of week A
    ])
    // ADA is $0.50 until Thursday noon of week A, then $0.25.
    const switchMs = (weekA + 3.5 * DAY) * 1000
    const previous = svc.fake.world.coingecko.adaPriceAt
    svc.fake.world.coingecko.adaPriceAt = (ms) => (ms < switchMs ? 0.5 : 0.25)
    try {
      const { body } = await svc.json(`/api/v1/tokens/${unit}/ohlcv?tf=1w&quote=ada`)
      const expected = [
        // Monday at $0.50: open 1 / 0.5 = 2, high 1.2 / 0.5 = 2.4, low 0.8 / 0.5 = 1.6, volume 10 / 0.5 = 20.
        // Sunday at $0.25: high 2.5 / 0.25 = 10, low 1.5 / 0.25 = 6, close 2 / 0.25 = 8, volume 20 / 0.25 = 80.
        // Week: open 2, high max(2.4, 10) = 10, low min(1.6, 6) = 1.6, close 8, volume 20 + 80 = 100.
        { time: weekA, open: 2, high: 10, low: 1.6, close: 8, volume: 100 },
        // 3 / 0.25 = 12, 30 / 0.25 = 120
        { time: weekB, open: 12, high: 12, low: 12, close: 12, volume: 120 },
      ]
      expect(body.candles).toHaveLength(2)
      body.candles.forEach((candle: Record<string, number>, i: number) => {
        for (const [field, value] of Object.entries(expected[i])) expect(candle[field]).toBeCloseTo(value, 12)
      })
      // Three weeks back: the 90-day series with hourly points.
      expect(svc.fake.callsTo('coingecko')[0].query.days).toBe('90')
    } finally {
      svc.fake.world.coingecko.adaPriceAt = previous
    }
  })

  it('answers 502 naming the market provider when the ADA series fails with no cached copy', async () => {
    const { unit } = tokenWithPool()
    svc.deps.upstreamCache.clear() // the ADA series read by the tests above
    svc.fake.fail('coingecko', 'server_error')
    const { status, body } = await svc.json(`/api/v1/tokens/${unit}/ohlcv?tf=15m&quote=ada&limit=7`)
    expect(status).toBe(502)
    expect(body.error).toBe('Upstream unavailable: market provider')
  })
})

describe('pools', () => {
  function tokenWithPools() {
    const { unit, pool } = fresh()
    const pools = svc.fake.world.geckoterminal.pools
    pools.push(gtPool({ address: pool(1), baseUnit: unit, dexId: 'saturnswap', name: 'TKN / ADA', reserveUsd: 100 }))
    pools.push(gtPool({ address: pool(2), baseUnit: unit, dexId: 'minswap-cardano', name: 'TKN / ADA', reserveUsd: 900 }))
    pools.push(gtPool({ address: pool(3), baseUnit: unit, dexId: 'sundaeswap', name: 'TKN / ADA', reserveUsd: 5000 })) // source A's DEX
    pools.push(gtPool({ address: pool(4), baseUnit: 'ef'.repeat(28), quoteUnit: unit, dexId: 'minswap-cardano', name: 'OTHER / TKN', reserveUsd: 7000 }))
    return { unit, pool }
  }

  it("charts the deepest source B pool by default and lists the token's chartable pools, deepest first", async () => {
    const { unit, pool } = tokenWithPools()
    const { body } = await svc.json(`/api/v1/tokens/${unit}/ohlcv?limit=5`)
    expect(body.asset).toBe(unit)
    expect(body.pool).toEqual({ address: pool(2), dexId: 'minswap-cardano', name: 'TKN / ADA' })
    expect(body.poolChoices).toEqual([
      { address: pool(2), dexId: 'minswap-cardano', name: 'TKN / ADA' },
      { address: pool(1), dexId: 'saturnswap', name: 'TKN / ADA' },
    ])
    expect(body.coverage).toBe('Candles of the deepest (top) source B pool (TKN / ADA on minswap-cardano) only, not an all-DEX aggregate.')
    expect(ohlcvCalls()[0].path).toContain(pool(2))
  })

  it('charts the pool asked for, in any case, and says so', async () => {
    const { unit, pool } = tokenWithPools()
    const { body } = await svc.json(`/api/v1/tokens/${unit}/ohlcv?limit=5&pool=${pool(1).toUpperCase()}`)
    expect(body.pool).toEqual({ address: pool(1), dexId: 'saturnswap', name: 'TKN / ADA' })
    expect(body.coverage).toBe('Candles of the chosen source B pool (TKN / ADA on saturnswap) only, not an all-DEX aggregate.')
    expect(ohlcvCalls()[0].path).toContain(pool(1))
  })

  it("answers 404 for a pool that is not one of the token's chartable pools, without reading its candles", async () => {
    const { unit, pool } = tokenWithPools()
    for (const other of [pool(3), pool(4), 'ab'.repeat(32)]) {
      const { status, body } = await svc.json(`/api/v1/tokens/${unit}/ohlcv?pool=${other}`)
      expect(status).toBe(404)
      expect(body.error).toBe('Pool not found')
      expect(body.hint).toContain('poolChoices')
    }
    expect(ohlcvCalls()).toHaveLength(0)
  })

  it('answers 404 No chartable pool found for a token traded only on source A', async () => {
    const { unit, pool } = fresh()
    svc.fake.world.dexscreener.pairs.push(dsPair({ base: { address: unit }, dexId: 'wingriders' }))
    svc.fake.world.geckoterminal.pools.push(gtPool({ address: pool(1), baseUnit: unit, dexId: 'sundaeswap-v3' }))
    for (const asset of [unit, fresh().unit]) {
      const { status, body } = await svc.json(`/api/v1/tokens/${asset}/ohlcv`)
      expect(status).toBe(404)
      expect(body.error).toBe('No chartable pool found')
      expect(body.hint).toContain("source A's DEXes")
    }
  })
})

describe('upstream economy and failures', () => {
  it('serves the cached chart, labelled STALE, when source B fails after the lifetime', async () => {
    const { unit, pool } = tokenWithPool()
    setRows(pool, 'hour', 1, [[seconds('2025-07-01T01:00:00Z'), 1, 2, 0.5, 1.5, 9]])
    const first = await svc.json(`/api/v1/tokens/${unit}/ohlcv`)
    svc.advance(125_000)
    svc.fake.fail('geckoterminal', 'server_error')
    const later = await svc.json(`/api/v1/tokens/${unit}/ohlcv`)
    expect(later.status).toBe(200)
    expect(later.res.headers.get('x-cache')).toBe('STALE')
    expect(later.body.candles).toEqual(first.body.candles)
  })

  it('answers 502 naming source B when it fails and nothing is cached', async () => {
    const { unit } = tokenWithPool()
    svc.fake.fail('geckoterminal', 'server_error')
    const { status, body } = await svc.json(`/api/v1/tokens/${unit}/ohlcv`)
    expect(status).toBe(502)
    expect(body.error).toBe('Upstream unavailable: source B')
  })

  it("never calls source B past its budget: older pages wait for a later answer, labelled STALE meanwhile", async () => {
    // 8 calls a minute: 3 for the screener's core share, 5 for the long tail, of which one client alone holds 2:
    // the pool list and the newest page, then nothing for an older page.
    const tight = await startService({ env: { GECKOTERMINAL_RPM: '8' } })
    try {
      const { unit, pool } = fresh()
      tight.fake.world.koios.assets.push(koiosAsset({ policyId: unit.slice(0, 56), assetNameHex: unit.slice(56) }))
      tight.fake.world.geckoterminal.pools.push(gtPool({ address: pool(1), baseUnit: unit, createdAt: '2024-01-01T00:00:00Z' }))
      const newest = seconds('2025-06-30T00:00:00Z')
      tight.fake.world.geckoterminal.ohlcv.set(`${pool(1)}|day|1`, Array.from({ length: 400 }, (_, i) => [newest - i * DAY, 1, 1, 1, 1, 1]))
      const { status, body, res } = await tight.json(`/api/v1/tokens/${unit}/ohlcv?tf=1d&limit=400`)
      expect(status).toBe(200)
      expect(res.headers.get('x-cache')).toBe('STALE')
      expect(res.headers.get('cache-control')).toBe('public, s-maxage=10')
      // The newest page alone: the 180 days up to newest.
      expect(body.candles).toHaveLength(180)
      expect(body.candles[0].time).toBe(newest - 179 * DAY)
      expect(tight.fake.count('geckoterminal')).toBe(2)
    } finally {
      await tight.stop()
    }
  })
})

// Last in the file: it moves the shared service's clock two days on.
describe('the chart clock', () => {
  it("picks ADA's series from the service clock, not the machine's", async () => {
    const { unit, pool } = tokenWithPool()
    const hour = Math.floor(Date.now() / 1000 / HOUR) * HOUR
    setRows(pool, 'hour', 1, [[hour - HOUR, 1, 1, 1, 1, 1]])
    // An hour old by the machine's clock, but two days old by the service's: past the 1-day series, so the 90-day one.
    svc.advance(2 * DAY * 1000)
    const { status } = await svc.json(`/api/v1/tokens/${unit}/ohlcv?quote=ada`)
    expect(status).toBe(200)
    expect(svc.fake.callsTo('coingecko')[0]).toMatchObject({ path: '/coins/cardano/market_chart', query: { days: '90' } })
  })
})
