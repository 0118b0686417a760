/**
 * Parameters a newcomer tries must do what they say or be refused with a hint, never silently ignored:
 * /tokens sort, order and limit (over the cached list, no upstream cost); quote in either case (tf stays
 * case-sensitive); search by fingerprint and by full unit; a ticker given where a unit is due points to search;
 * the chain tip over REST like the MCP tool; ecosystem entries joined to /tokens by the registry's unit.
 * Against the default fake world (the demo's).
 */
import { afterAll, describe, expect, it } from 'bun:test'
import { cgMarket } from '../fake-upstreams/builders'
import { startService } from '../helpers'

const svc = await startService()
afterAll(() => svc.stop())

const SNEK = '279c909f348e533da5808898f87f9a14bb2c3dfbbacccd631d927a3f534e454b'
const SNEK_FINGERPRINT = 'asset108xu02ckwrfc8qs9d97mgyh4kn8gdu9w8f5sxk'

const mcpCall = async (name: string, args: Record<string, unknown>) => {
  const res = await svc.request('/api/mcp', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
  })
  return (await res.json()).result
}

describe('GET /api/v1/tokens?sort=&order=&limit=', () => {
  it('sorts by any numeric column, either way, and keeps the first N', async () => {
    const all = (await svc.json('/api/v1/tokens')).body.tokens as any[]
    const { status, body } = await svc.json('/api/v1/tokens?sort=volume24h&order=desc&limit=5')
    expect(status).toBe(200)
    expect(body.count).toBe(5)
    const byVolume = all.filter((t) => t.volume24h !== null).sort((a, b) => b.volume24h - a.volume24h)
    expect(body.tokens.map((t: any) => t.address)).toEqual(byVolume.slice(0, 5).map((t) => t.address))
    // The default order is by liquidity: a different first five, so the parameters were not ignored.
    expect(body.tokens.map((t: any) => t.address)).not.toEqual(all.slice(0, 5).map((t) => t.address))

    const asc = (await svc.json('/api/v1/tokens?sort=priceUsd&order=asc')).body
    expect(asc.count).toBe(all.length)
    const prices = asc.tokens.map((t: any) => t.priceUsd).filter((p: number | null) => p !== null)
    expect(prices).toEqual([...prices].sort((a: number, b: number) => a - b))
  })

  it('puts unknown (null) figures last in either order', async () => {
    for (const order of ['asc', 'desc']) {
      const rows = (await svc.json(`/api/v1/tokens?sort=marketCap&order=${order}`)).body.tokens as any[]
      const firstNull = rows.findIndex((t) => t.marketCap === null)
      if (firstNull >= 0) expect(rows.slice(firstNull).every((t) => t.marketCap === null)).toBe(true)
    }
  })

  it('costs no upstream call and shares one cached answer whatever order the query names them in', async () => {
    await svc.get('/api/v1/tokens')
    const before = svc.fake.calls.length
    const first = await svc.get('/api/v1/tokens?sort=txns24h&order=asc&limit=3')
    const second = await svc.get('/api/v1/tokens?limit=3&order=asc&sort=txns24h')
    expect(svc.fake.calls.length).toBe(before)
    expect(second.headers.get('x-cache')).toBe('HIT')
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'))
    // Spelling out the defaults is the default list.
    const spelled = await svc.get('/api/v1/tokens?sort=liquidityUsd&order=desc')
    expect(spelled.headers.get('etag')).toBe((await svc.get('/api/v1/tokens')).headers.get('etag'))
  })

  it('takes order in either case, like quote: ASC is asc, the same cached answer', async () => {
    const lower = await svc.json('/api/v1/tokens?sort=priceUsd&order=asc')
    for (const order of ['ASC', 'Asc']) {
      const other = await svc.json(`/api/v1/tokens?sort=priceUsd&order=${order}`)
      expect(other.status).toBe(200)
      expect(other.res.headers.get('etag')).toBe(lower.res.headers.get('etag'))
    }
    expect((await svc.json('/api/v1/tokens?order=DESC')).res.headers.get('etag')).toBe((await svc.get('/api/v1/tokens')).headers.get('etag'))
  })

  it('refuses an unknown column, order or limit with {code, error, hint}', async () => {
    const cases: Array<[string, string, RegExp]> = [
      ['sort=volume', 'invalid_sort', /volume24h/],
      ['sort=VOLUME24H', 'invalid_sort', /exact case/],
      ['order=down', 'invalid_order', /asc/],
      ['limit=0', 'invalid_limit', /tokens to list/],
      ['limit=abc', 'invalid_limit', /tokens to list/],
    ]
    for (const [query, code, hint] of cases) {
      const { status, body } = await svc.json(`/api/v1/tokens?${query}`)
      expect({ query, status, code: body.code }).toEqual({ query, status: 400, code })
      expect(body.hint).toMatch(hint)
    }
  })

  it('sorts the same way through the MCP tool list_tokens', async () => {
    const result = await mcpCall('list_tokens', { sort: 'volume24h', order: 'desc', limit: 5 })
    const rest = (await svc.json('/api/v1/tokens?sort=volume24h&order=desc&limit=5')).body
    expect(result.structuredContent.tokens.map((t: any) => t.address)).toEqual(rest.tokens.map((t: any) => t.address))
  })
})

describe('case rules', () => {
  it('takes quote in either case, as the answers write it', async () => {
    const lower = await svc.json(`/api/v1/tokens/${SNEK}/ohlcv?tf=1d&limit=10&quote=ada`)
    const upper = await svc.json(`/api/v1/tokens/${SNEK}/ohlcv?tf=1d&limit=10&quote=ADA`)
    expect(lower.status).toBe(200)
    expect(upper.status).toBe(200)
    expect(upper.body.quote).toBe(lower.body.quote)
    expect(upper.body.candles).toEqual(lower.body.candles)
    expect((await svc.json(`/api/v1/tokens/${SNEK}/ohlcv?tf=1d&limit=10&quote=Usd`)).status).toBe(200)
    expect((await svc.json(`/api/v1/tokens/${SNEK}/ohlcv?quote=eur`)).body.code).toBe('invalid_quote')
  })

  it('keeps tf case-sensitive: 1m is a minute, 1M is refused', async () => {
    const { status, body } = await svc.json(`/api/v1/tokens/${SNEK}/ohlcv?tf=1M`)
    expect(status).toBe(400)
    expect(body.code).toBe('invalid_timeframe')
  })
})

describe('GET /api/v1/search by fingerprint or unit', () => {
  it('finds a curated token by the fingerprint its detail gives', async () => {
    const detail = (await svc.json(`/api/v1/tokens/${SNEK}`)).body
    expect(detail.fingerprint).toBe(SNEK_FINGERPRINT)
    const { status, body } = await svc.json(`/api/v1/search?q=${SNEK_FINGERPRINT}`)
    expect(status).toBe(200)
    expect(body.tokens.map((t: any) => t.address)).toEqual([SNEK])
  })

  it('finds a token by its full unit, in either case, through its own pair list', async () => {
    for (const q of [SNEK, SNEK.toUpperCase()]) {
      const { body } = await svc.json(`/api/v1/search?q=${q}`)
      expect(body.tokens.map((t: any) => t.address)).toEqual([SNEK])
      expect(body.tokens[0].symbol).toBe('SNEK')
    }
  })

  it('gives no row for a fingerprint outside the registry, without asking source A', async () => {
    const before = svc.fake.callsTo('dexscreener').length
    const { status, body } = await svc.json('/api/v1/search?q=asset1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq')
    expect(status).toBe(200)
    expect(body.count).toBe(0)
    expect(svc.fake.callsTo('dexscreener').length).toBe(before)
  })
})

describe('a ticker where a unit is due', () => {
  it('is answered with a hint naming /search?q=<input>, on REST and MCP alike', async () => {
    for (const path of ['/api/v1/tokens/SNEK', '/api/v1/tokens/SNEK/ohlcv', '/api/v1/tokens/SNEK/history', '/api/v1/community/comments/SNEK']) {
      const { status, body } = await svc.json(path)
      expect({ path, status, code: body.code }).toEqual({ path, status: 400, code: 'invalid_asset_unit' })
      expect(body.hint).toContain('GET /api/v1/search?q=SNEK')
    }
    const result = await mcpCall('get_token', { asset: 'snek token' })
    expect(result.isError).toBe(true)
    expect(JSON.parse(result.content[0].text).hint).toContain('/api/v1/search?q=snek%20token')
  })

  it('gets no search hint for hex of the wrong length (a typo, not a ticker)', async () => {
    const { body } = await svc.json('/api/v1/tokens/abcd')
    expect(body.code).toBe('invalid_asset_unit')
    expect(body.hint).not.toContain('/search')
  })
})

describe('GET /api/v1/chain/tip', () => {
  it('answers the chain tip as the MCP tool get_chain_tip does', async () => {
    const { status, body, res } = await svc.json('/api/v1/chain/tip')
    expect(status).toBe(200)
    expect(res.headers.get('cache-control')).toMatch(/s-maxage=2$/)
    const tool = await mcpCall('get_chain_tip', {})
    expect(body).toEqual(tool.structuredContent)
    expect(new Date(body.blockTime * 1000).toISOString()).toBe(body.blockTimeIso)
  })

  it('is listed in the index', async () => {
    const { body } = await svc.json('/api/v1/')
    expect(body.endpoints.map((e: any) => e.path)).toContain('/api/v1/chain/tip')
  })
})

describe('/market?ecosystem=1 entries carry the registry unit', () => {
  it('joins curated coins to /tokens by unit, and gives null for the rest', async () => {
    // Two coins the registry does not know: a ticker it has never listed, and a curated ticker on another coin.
    svc.fake.world.coingecko.coins.unshift(
      { ...cgMarket({ id: 'zork', symbol: 'zork', name: 'Zork', price: 1, change24h: 0, marketCap: 9e9, volume24h: 1e6 }), categories: ['cardano-ecosystem'] },
      { ...cgMarket({ id: 'min-other', symbol: 'min', name: 'Minimal Other Chain', price: 1, change24h: 0, marketCap: 8e9, volume24h: 1e6 }), categories: ['cardano-ecosystem'] },
    )
    const eco = (await svc.json('/api/v1/market?ecosystem=1')).body.ecosystem as any[]
    const screener = new Set(((await svc.json('/api/v1/tokens')).body.tokens as any[]).map((t) => t.address))
    const registry = new Map(svc.deps.registry.tokens.map((t) => [t.ticker.toLowerCase(), t.unit]))
    expect(eco.find((coin) => coin.id === 'snek').unit).toBe(SNEK)
    const known = eco.filter((coin) => coin.unit !== null)
    expect(known.length).toBeGreaterThan(3)
    for (const coin of known) {
      expect(registry.get(coin.symbol.toLowerCase())).toBe(coin.unit)
      expect(screener.has(coin.unit)).toBe(true)
    }
    // A null is a coin the registry does not list under that ticker and name (the provider gives no policy id).
    const unknown = eco.filter((c) => c.unit === null)
    expect(unknown.length).toBeGreaterThan(0)
    expect(unknown.map((coin) => coin.id).sort()).toEqual(['min-other', 'zork'])
  })
})
