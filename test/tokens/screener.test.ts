/**
 * GET /api/v1/tokens through HTTP, against fake upstreams holding the hand-built market of market-world.ts.
 * Every expected figure is worked out in a comment from the figures stated there.
 */
import { afterAll, beforeEach, describe, expect, it } from 'bun:test'
import { startService } from '../helpers'
import { POOL, registryFile, resetMarket, startMarketService, TOKA, TOKB, TOKC, TOKD } from './market-world'

const svc = await startMarketService()
afterAll(() => svc.stop())
beforeEach(() => resetMarket(svc))

const MERGED =
  'DEX figures across covered DEXes only, not chain-wide: sundaeswap, wingriders (source A); ' +
  'minswap-cardano, cswap, saturnswap (source B).'
const SOURCE_A_ONLY = 'DEX figures across covered DEXes only, not chain-wide: sundaeswap, wingriders (source A).'

const row = (body: any, unit: string) => body.tokens.find((t: any) => t.address === unit)

describe('GET /api/v1/tokens merges source A and source B per token', () => {
  it('sums liquidity and volume over the counted pools and weights price and changes by liquidity', async () => {
    const { status, body } = await svc.json('/api/v1/tokens')
    expect(status).toBe(200)
    const toka = row(body, TOKA)
    // Counted: source A 30,000 + 10,000; source B 60,000. Not counted: the quote-side pair (999,999), the
    // quote-side pool (800,000) and the pool on sundaeswap-v3, a source A DEX (500,000).
    expect(toka.liquidityUsd).toBe(100_000)
    // 1,000 + 500 + 3,000
    expect(toka.volume24h).toBe(4_500)
    // (2.0·30,000 + 2.2·10,000 + 2.1·60,000) / 100,000 = 208,000 / 100,000
    expect(toka.priceUsd).toBeCloseTo(2.08, 10)
    // h1: (1·30,000 − 1·10,000 + 2·60,000) / 100,000 = 1.4
    expect(toka.change1h).toBeCloseTo(1.4, 10)
    // h6: the wingriders pair does not report it: (2·30,000 + 4·60,000) / 90,000 = 3.333…
    expect(toka.change6h).toBeCloseTo(10 / 3, 9)
    // h24: (4·30,000 + 8·10,000 + 10·60,000) / 100,000 = 8
    expect(toka.change24h).toBeCloseTo(8, 10)
    // Source A pairs only (source B's 40/30 are not used): buys 10 + 3, sells 5 + 2.
    expect([toka.buys24h, toka.sells24h, toka.txns24h]).toEqual([13, 7, 20])
    expect(toka.pairCount).toBe(3)
    expect(toka.dexIds).toEqual(['minswap-cardano', 'sundaeswap', 'wingriders'])
    // The source B pool (60,000) is deeper than either source A pair.
    expect(toka.topPairAddress).toBe(POOL.b1)
    // Earliest of 1,700,000,000,000, 1,690,000,000,000 and 2023-01-01T00:00:00Z = 1,672,531,200,000.
    expect(toka.pairCreatedAt).toBe(1_672_531_200_000)
    // Source A's deepest pair (30,000) states them; source B's token figures (1 and 2) are not used.
    expect([toka.marketCap, toka.fdv]).toEqual([5_000_000, 6_000_000])
    // The registry's ticker and name, never the upstream's "WRONG".
    expect([toka.symbol, toka.name]).toEqual(['TOKA', 'Token A'])
  })

  it('gives a zero-liquidity pool no weight, and takes market cap and FDV from source B when source A has none', async () => {
    const tokb = row((await svc.json('/api/v1/tokens')).body, TOKB)
    // Pools: 0.5 with 40,000 reserve; 100 with reserve "0" (no weight) and volume null.
    expect(tokb.priceUsd).toBe(0.5)
    expect(tokb.liquidityUsd).toBe(40_000)
    expect(tokb.volume24h).toBe(900)
    // Both pools report the builder's default changes (0.4, 1.1, 2.2); only the first weighs.
    expect([tokb.change1h, tokb.change6h, tokb.change24h]).toEqual([0.4, 1.1, 2.2])
    // No source A pair: source B's token figures.
    expect([tokb.marketCap, tokb.fdv]).toEqual([600_000, 750_000])
    expect([tokb.buys24h, tokb.sells24h, tokb.txns24h]).toEqual([0, 0, 0])
    expect(tokb.dexIds).toEqual(['cswap', 'minswap-cardano'])
    expect(tokb.pairCount).toBe(2)
    // The zero-reserve pool has no creation time: 2024-03-11T07:01:51Z of the other.
    expect(tokb.pairCreatedAt).toBe(1_710_140_511_000)
  })

  it("takes the deepest pool's price when no pool has liquidity, and keeps missing figures null", async () => {
    const tokc = row((await svc.json('/api/v1/tokens')).body, TOKC)
    // Source A pair without a liquidity object (price "0.9"), source B pool with reserve null (0.7): no weight
    // anywhere, so the deepest pool's price, the first on a tie (source A before source B).
    expect(tokc.priceUsd).toBe(0.9)
    expect(tokc.topPairAddress).toBe(POOL.tokcA)
    expect(tokc.liquidityUsd).toBeNull() // no pool reports it: unknown, not 0
    expect(tokc.volume24h).toBe(70) // 50 + 20
    // Only the source B pool reports changes (the pair has no priceChange object).
    expect(tokc.change1h).toBe(0.4)
    // Market cap: none on the pair, none on source B's token, none on its pool. FDV: source B's token.
    expect(tokc.marketCap).toBeNull()
    expect(tokc.fdv).toBe(123_456)
    expect([tokc.buys24h, tokc.sells24h, tokc.txns24h]).toEqual([1, 1, 2])
    expect(tokc.pairCreatedAt).toBe(1_700_000_000_000)
  })

  it('leaves out tokens without any pool and sorts by liquidity, most first', async () => {
    const { body } = await svc.json('/api/v1/tokens')
    // Registry order is TOKC, TOKD, TOKB, TOKA; liquidity 100,000 / 40,000 / 0; TOKD has no pool.
    expect(body.tokens.map((t: any) => t.address)).toEqual([TOKA, TOKB, TOKC])
    expect(body.count).toBe(3)
    expect(row(body, TOKD)).toBeUndefined()
    expect(Number.isNaN(Date.parse(body.updatedAt))).toBe(false)
  })

  it('names both sources in the coverage string, with source B DEXes it reported beyond the configured ones', async () => {
    const { body, res } = await svc.json('/api/v1/tokens')
    expect(body.coverage).toBe(MERGED)
    expect(res.headers.get('cache-control')).toBe('public, s-maxage=45')
  })

  it("links each token to this service's logo, from the request or PUBLIC_BASE_URL", async () => {
    const viaHost = await svc.json('/api/v1/tokens', { host: 'markets.example:8080' })
    expect(row(viaHost.body, TOKA).imageUrl).toBe(`http://markets.example:8080/api/v1/tokens/${TOKA}/logo`)
    const configured = await startService({
      fake: svc.fake,
      env: { TOKEN_REGISTRY_FILE: registryFile(), PUBLIC_BASE_URL: 'https://api.example.org' },
    })
    try {
      const { body } = await configured.json('/api/v1/tokens', { host: 'ignored.example' })
      expect(row(body, TOKB).imageUrl).toBe(`https://api.example.org/api/v1/tokens/${TOKB}/logo`)
    } finally {
      await configured.stop()
    }
  })
})

describe('GET /api/v1/tokens when an upstream fails', () => {
  it('answers from source A alone when source B fails, says so, and is rebuilt soon', async () => {
    svc.fake.fail('geckoterminal', 'server_error')
    const { status, body, res } = await svc.json('/api/v1/tokens')
    expect(status).toBe(200)
    expect(body.coverage).toBe(SOURCE_A_ONLY)
    expect(res.headers.get('x-cache')).toBe('STALE')
    expect(res.headers.get('cache-control')).toBe('public, s-maxage=10')
    // TOKA from its source A pairs only: 30,000 + 10,000; (2.0·30,000 + 2.2·10,000) / 40,000 = 2.05.
    const toka = row(body, TOKA)
    expect(toka.liquidityUsd).toBe(40_000)
    expect(toka.priceUsd).toBeCloseTo(2.05, 10)
    expect(toka.dexIds).toEqual(['sundaeswap', 'wingriders'])
    expect(toka.topPairAddress).toBe(POOL.a1)
    // TOKB trades on source B only: gone while source B is down.
    expect(body.tokens.map((t: any) => t.address)).toEqual([TOKA, TOKC])

    svc.fake.heal('geckoterminal')
    svc.advance(21_000) // past the degraded answer's 10 s lifetime and its 10 s revalidation window
    const healed = await svc.json('/api/v1/tokens')
    expect(healed.res.headers.get('x-cache')).toBe('MISS')
    expect(healed.body.coverage).toBe(MERGED)
    expect(row(healed.body, TOKA).liquidityUsd).toBe(100_000)
  })

  it('answers 502 naming source A when source A fails with no cached copy', async () => {
    svc.fake.fail('dexscreener', 'server_error')
    const { status, body } = await svc.json('/api/v1/tokens')
    expect(status).toBe(502)
    expect(body.error).toBe('Upstream unavailable: source A')
    expect(typeof body.hint).toBe('string')
  })

  it('serves the cached copy when source A fails after a good answer', async () => {
    const fresh = await svc.json('/api/v1/tokens')
    svc.fake.fail('dexscreener', 'server_error')
    svc.advance(10 * 60_000)
    const { status, body, res } = await svc.json('/api/v1/tokens')
    expect(status).toBe(200)
    expect(res.headers.get('x-cache')).toBe('STALE')
    expect(body.tokens).toEqual(fresh.body.tokens)
  })
})

describe('GET /api/v1/tokens upstream economy (the bundled 68-token registry)', () => {
  it('costs ceil(68/30) = 3 source A calls and 3 source B calls per refresh, and none while cached', async () => {
    const bundled = await startService()
    try {
      const { status, body } = await bundled.json('/api/v1/tokens')
      expect(status).toBe(200)
      expect(body.count).toBeGreaterThan(0)
      const sourceA = bundled.fake.callsTo('dexscreener', '/tokens/v1/cardano/')
      const sourceB = bundled.fake.callsTo('geckoterminal', '/networks/cardano/tokens/multi/')
      expect(sourceA).toHaveLength(3)
      expect(sourceB).toHaveLength(3)
      expect(bundled.fake.calls).toHaveLength(6) // nothing per token
      // Each call carries at most 30 units and together they ask for every registry unit once.
      const asked = (calls: typeof sourceA) => calls.flatMap((c) => c.path.split('/').pop()!.split(','))
      for (const calls of [sourceA, sourceB]) {
        expect(calls.every((c) => c.path.split('/').pop()!.split(',').length <= 30)).toBe(true)
        expect(new Set(asked(calls))).toEqual(new Set(bundled.deps.registry.units))
        expect(asked(calls)).toHaveLength(68)
      }
      expect(sourceB.every((c) => c.query.include === 'top_pools')).toBe(true)

      await bundled.json('/api/v1/tokens')
      expect(bundled.fake.calls).toHaveLength(6)

      // Past every lifetime and revalidation window: the next answer is a full refresh, at the same cost,
      // however many clients ask at once.
      bundled.advance(10 * 60_000)
      bundled.fake.resetCalls()
      const answers = await Promise.all(Array.from({ length: 20 }, () => bundled.get('/api/v1/tokens')))
      expect(answers.every((r) => r.status === 200)).toBe(true)
      expect(bundled.fake.count('dexscreener')).toBe(3)
      expect(bundled.fake.count('geckoterminal')).toBe(3)
    } finally {
      await bundled.stop()
    }
  })
})

describe('screener sources as of', () => {
  it('says how old each source is: source B batches may be older than source A reads', async () => {
    svc.advance(10 * 60_000)
    svc.deps.responses.invalidate('')
    const first = await svc.json('/api/v1/tokens')
    const asOf = first.body.sourcesAsOf
    expect(Math.abs(Date.parse(asOf.sourceA) - Date.parse(asOf.sourceB))).toBeLessThan(1000)
    // Source A's batches live 30 s, source B's 45 s or more (the core plan): 35 s later only source A is read again.
    svc.advance(35_000)
    svc.deps.responses.invalidate('')
    const second = await svc.json('/api/v1/tokens')
    const { sourceA, sourceB } = second.body.sourcesAsOf
    expect(sourceB).toBe(first.body.sourcesAsOf.sourceB)
    expect(Date.parse(sourceA) - Date.parse(sourceB)).toBeGreaterThanOrEqual(35_000)
  })
})

describe('screener clock', () => {
  it("stamps updatedAt from the service clock, not the machine's", async () => {
    const DAY_MS = 86_400_000
    svc.advance(30 * DAY_MS)
    svc.deps.responses.invalidate('')
    // The one Core clock every service is built with (the history service hands it out for "today").
    const clock = svc.deps.services.history.now
    const before = clock()
    const { body } = await svc.json('/api/v1/tokens')
    const after = clock()
    const updatedAt = Date.parse(body.updatedAt)
    expect(updatedAt).toBeGreaterThanOrEqual(before)
    expect(updatedAt).toBeLessThanOrEqual(after)
    // A month ahead of the machine's clock, as the test moved it.
    expect(updatedAt - Date.now()).toBeGreaterThan(29 * DAY_MS)
  })
})
