/**
 * GET /api/v1/market through HTTP against the fake market provider: the ADA snapshot, the series for each
 * `days` bound, the ecosystem list (ADA left out, top 50 by market cap), bad parameters, the demo-key header,
 * caching and upstream failure.
 *
 * The provider's real call budget applies (30 a minute with a key, a burst of 15), so caches are kept across
 * tests and each test asks for what it needs with its own parameters.
 */
import { afterAll, beforeEach, describe, expect, it } from 'bun:test'
import { cgMarket } from '../fake-upstreams/builders'
import { defaultWorld } from '../fake-upstreams/world'
import { startService } from '../helpers'

/** ADA, 60 ecosystem coins with market caps 60M, 59M, … 1M, and a bigger coin outside the category. */
function marketWorld() {
  const world = defaultWorld()
  const ada = world.coingecko.coins.find((c) => c.id === 'cardano')!
  const members = Array.from({ length: 60 }, (_, i) => ({
    ...cgMarket({
      id: `coin-${i + 1}`,
      symbol: `c${i + 1}`,
      name: `Coin ${i + 1}`,
      price: (i + 1) / 100,
      change24h: i - 30,
      marketCap: (60 - i) * 1_000_000,
      volume24h: (i + 1) * 1000,
    }),
    categories: ['cardano-ecosystem'],
  }))
  const outsider = { ...cgMarket({ id: 'outsider', symbol: 'out', name: 'Outsider', price: 1, change24h: 0, marketCap: 9e11, volume24h: 1 }), categories: ['other'] }
  world.coingecko.coins = [outsider, ada, ...members]
  return world
}

const svc = await startService({ world: marketWorld(), env: { COINGECKO_API_KEY: 'test-demo-key', COINGECKO_PER_MONTH: '0' } })
afterAll(() => svc.stop())

beforeEach(() => {
  svc.fake.heal()
  svc.fake.resetCalls()
})

const chartCalls = () => svc.fake.callsTo('coingecko', '/coins/cardano/market_chart')

describe('GET /market', () => {
  it('answers the ADA snapshot and a 1-day series by default', async () => {
    const { status, body, res } = await svc.json('/api/v1/market')
    expect(status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('public, s-maxage=90')
    // The documented sample: current_price, price_change_percentage_24h, market_cap, total_volume.
    expect(body.ada).toEqual({ priceUsd: 0.650012, change24h: 1.93, marketCap: 23492814467, volume24h: 612345678 })
    expect(body.days).toBe(1)
    expect('ecosystem' in body).toBe(false)
    expect(chartCalls().map((c) => c.query)).toEqual([{ vs_currency: 'usd', days: '1' }])
    const snapshot = svc.fake.callsTo('coingecko', '/coins/markets')[0]
    expect(snapshot.query).toMatchObject({ vs_currency: 'usd', ids: 'cardano' })
    // One day of 5-minute points, oldest first, plus "now": 24 × 12 + 1 = 289.
    expect(body.series).toHaveLength(289)
    for (let i = 1; i < 288; i++) expect(body.series[i][0] - body.series[i - 1][0]).toBe(300_000)
    for (const [ms, usd] of body.series) expect(usd).toBe(svc.fake.world.coingecko.adaPriceAt(ms))
  })

  it('accepts days=365, with daily points', async () => {
    const { status, body } = await svc.json('/api/v1/market?days=365')
    expect(status).toBe(200)
    expect(body.days).toBe(365)
    expect(chartCalls().map((c) => c.query.days)).toEqual(['365'])
    // 365 daily points and "now".
    expect(body.series).toHaveLength(366)
    expect(body.series[1][0] - body.series[0][0]).toBe(86_400_000)
  })

  it('accepts days=1 explicitly and shares the default answer', async () => {
    const res = await svc.get('/api/v1/market?days=1')
    expect(res.status).toBe(200)
    expect(res.headers.get('x-cache')).toBe('HIT')
    expect(svc.fake.count('coingecko')).toBe(0)
  })

  for (const days of ['0', '366', '-1', '1.5', 'abc', '', '0x10', '1e2', '%2B7']) {
    it(`answers 400 for days=${days}`, async () => {
      const { status, body } = await svc.json(`/api/v1/market?days=${days}`)
      expect(status).toBe(400)
      expect(body.error).toBe('Invalid days')
      expect(body.hint).toContain('1 to 365')
      expect(svc.fake.count('coingecko')).toBe(0)
    })
  }

  it('adds the top 50 ecosystem tokens by market cap, ADA left out, with ecosystem=1', async () => {
    const { status, body } = await svc.json('/api/v1/market?days=7&ecosystem=1')
    expect(status).toBe(200)
    expect(body.ecosystem).toHaveLength(50)
    // Members by market cap: coin-1 (60M) … coin-50 (11M); ADA and the non-member are not in it.
    expect(body.ecosystem.map((t: any) => t.id)).toEqual(Array.from({ length: 50 }, (_, i) => `coin-${i + 1}`))
    // unit: the registry does not list coin-1, so it cannot be joined to /tokens.
    expect(body.ecosystem[0]).toEqual({ id: 'coin-1', unit: null, symbol: 'c1', name: 'Coin 1', priceUsd: 0.01, change24h: -30, marketCap: 60_000_000, volume24h: 1000 })
    const query = svc.fake.callsTo('coingecko', '/coins/markets').find((c) => c.query.category)!.query
    // 51 asked so that leaving ADA out still leaves 50.
    expect(query).toMatchObject({ vs_currency: 'usd', category: 'cardano-ecosystem', order: 'market_cap_desc', per_page: '51' })
  })

  for (const value of ['0', '2', 'true', 'yes', '', '1.0', '0x1']) {
    it(`answers 400 for ecosystem=${value}`, async () => {
      const { status, body } = await svc.json(`/api/v1/market?ecosystem=${value}`)
      expect(status).toBe(400)
      expect(body.error).toBe('Invalid ecosystem')
      expect(body.hint).toContain('only the value 1')
    })
  }

  it('slices every days from one of three canonical windows: days=14 costs no call once days=7 read the 90-day one', async () => {
    const first = await svc.json('/api/v1/market?days=14')
    const second = await svc.get('/api/v1/market?days=14')
    expect(first.res.headers.get('x-cache')).toBe('MISS')
    expect(second.headers.get('x-cache')).toBe('HIT')
    expect(svc.fake.calls).toEqual([])
    // What the provider answers for days=14: hourly points from 14 days back, and "now".
    const series: Array<[number, number]> = first.body.series
    expect(series).toHaveLength(14 * 24 + 1)
    expect(series.at(-1)![0] - series[0][0]).toBe(14 * 86_400_000)
    for (let i = 1; i < series.length - 1; i++) expect(series[i][0] - series[i - 1][0]).toBe(3_600_000)
  })

  it('sends the demo key in the x-cg-demo-api-key header', async () => {
    svc.deps.upstreamCache.delete('cg:ada-chart:90')
    await svc.get('/api/v1/market?days=2')
    expect(chartCalls()[0].headers['x-cg-demo-api-key']).toBe('test-demo-key')
  })

  it('sends no key header without COINGECKO_API_KEY', async () => {
    const keyless = await startService({ fake: svc.fake })
    try {
      expect((await keyless.get('/api/v1/market?days=3')).status).toBe(200)
      expect(chartCalls()[0].headers['x-cg-demo-api-key']).toBeUndefined()
    } finally {
      await keyless.stop()
    }
  })

  it('answers 502 naming the market provider when it fails and nothing is cached', async () => {
    const cold = await startService({ fake: svc.fake })
    try {
      svc.fake.fail('coingecko', 'down')
      const { status, body } = await cold.json('/api/v1/market?days=30')
      expect(status).toBe(502)
      expect(body.error).toBe('Upstream unavailable: market provider')
    } finally {
      await cold.stop()
    }
  })

  it('serves the cached copy, labelled stale, when the provider fails later', async () => {
    const fresh = await svc.json('/api/v1/market?days=90')
    svc.fake.fail('coingecko', 'server_error')
    // Past the 90 s lifetime and its stale-while-revalidate window.
    svc.advance(181_000)
    const later = await svc.json('/api/v1/market?days=90')
    expect(later.status).toBe(200)
    expect(later.res.headers.get('x-cache')).toBe('STALE')
    expect(later.body).toEqual(fresh.body)
  })
})
