/**
 * GET /api/v1/tokens/{asset} through HTTP against the hand-built market of market-world.ts (and, where the
 * documented samples are the point, the default world).
 */
import { afterAll, beforeEach, describe, expect, it } from 'bun:test'
import { cip68Metadata, dsPair, koiosAsset } from '../fake-upstreams/builders'
import { SAMPLE } from '../fake-upstreams/world'
import { startService, type TestService } from '../helpers'
import { OTHER, POOL, resetMarket, startMarketService, TOKA, TOKB, TOKC, TOKD } from './market-world'

const svc = await startMarketService()
afterAll(() => svc.stop())
beforeEach(() => resetMarket(svc))

const SOURCE_A_ONLY = 'DEX figures across covered DEXes only, not chain-wide: sundaeswap, wingriders (source A).'
const UNIT_HINT_START = 'An asset unit is the 56-hex-character policy id followed by the asset name in hex'

/** Made-up units the chain API may know without any DEX trading them. */
const unit = (policyByte: string, nameHex = '') => policyByte.repeat(28) + nameHex

/** Wait (bounded) until the background holder estimate of a unit has landed in the cache. */
async function holdersComputed(service: TestService, u: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (service.deps.upstreams.koios.peekAssetSummary(u.slice(0, 56), u.slice(56)) !== undefined) return
    await Bun.sleep(5)
  }
  throw new Error('holder estimate never computed')
}

describe('GET /api/v1/tokens/{asset}: input', () => {
  it('answers 400 with the unit format in the hint for anything that is not a unit', async () => {
    const bad = [
      'xyz',
      'a1'.repeat(27), // 54 hex: policy id too short
      `${'a1'.repeat(28)}5`, // odd-length asset name
      `${'a1'.repeat(28)}zz`, // not hex
      `${'a1'.repeat(28)}${'00'.repeat(33)}`, // 66-hex asset name: longer than 64
      `${'a1'.repeat(28)}.534e454b`, // the dotted policy.name form other tools use
    ]
    for (const asset of bad) {
      const { status, body } = await svc.json(`/api/v1/tokens/${asset}`)
      expect(status).toBe(400)
      expect(body.error).toBe('Invalid asset unit')
      expect(body.hint).toStartWith(UNIT_HINT_START)
    }
    expect(svc.fake.calls).toHaveLength(0)
  })

  it('accepts upper case and answers in lower case', async () => {
    const { status, body } = await svc.json(`/api/v1/tokens/${TOKA.toUpperCase()}`)
    expect(status).toBe(200)
    expect(body.address).toBe(TOKA)
    expect(body.policyId).toBe(TOKA.slice(0, 56))
    expect(body.assetNameHex).toBe(TOKA.slice(56))
  })
})

describe('GET /api/v1/tokens/{asset}: pairs and merged figures', () => {
  it('lists one row per counted pool of both sources, deepest first, with source B buy/sell counts at 0', async () => {
    const { status, body } = await svc.json(`/api/v1/tokens/${TOKA}`)
    expect(status).toBe(200)
    // 60,000 (source B), 30,000 and 10,000 (source A). Left out: the pair and pool where TOKA is the quote
    // side, and the source B pool on sundaeswap-v3 (source A's DEX).
    expect(body.pairs.map((p: any) => [p.pairAddress, p.source, p.liquidityUsd])).toEqual([
      [POOL.b1, 'source_b', 60_000],
      [POOL.a1, 'source_a', 30_000],
      [POOL.a2, 'source_a', 10_000],
    ])
    expect(body.pairs[0]).toEqual({
      dexId: 'minswap-cardano',
      pairAddress: POOL.b1,
      quoteSymbol: 'ADA',
      priceUsd: 2.1,
      liquidityUsd: 60_000,
      volume24h: 3_000,
      // Source B reports 40 buys and 30 sells for this pool; the spec says source_b rows carry 0.
      buys24h: 0,
      sells24h: 0,
      url: `https://www.geckoterminal.com/cardano/pools/${POOL.b1}`,
      source: 'source_b',
    })
    expect(body.pairs[1]).toMatchObject({ dexId: 'sundaeswap', quoteSymbol: 'ADA', priceUsd: 2, buys24h: 10, sells24h: 5 })
    expect(body.pairs[2]).toMatchObject({ dexId: 'wingriders', priceUsd: 2.2, volume24h: 500, buys24h: 3, sells24h: 2 })
    expect(body.pairs[1].url).toBe(`https://dexscreener.com/cardano/${POOL.a1}`)
  })

  it('computes price, market cap and FDV by the screener rules and names both sources', async () => {
    const { body } = await svc.json(`/api/v1/tokens/${TOKA}`)
    // (2.0·30,000 + 2.2·10,000 + 2.1·60,000) / 100,000
    expect(body.priceUsd).toBeCloseTo(2.08, 10)
    expect(body.liquidityUsd).toBe(100_000)
    expect(body.volume24h).toBe(4_500)
    expect([body.marketCap, body.fdv]).toEqual([5_000_000, 6_000_000])
    expect(body.coverage).toBe(
      'DEX figures across covered DEXes only, not chain-wide: sundaeswap, wingriders (source A); minswap-cardano, saturnswap (source B).',
    )
    expect(body.imageUrl).toBe(`http://localhost/api/v1/tokens/${TOKA}/logo`)
  })

  it("takes market cap and FDV from source B's deepest pool when source A has no pair", async () => {
    const { status, body } = await svc.json(`/api/v1/tokens/${TOKB}`)
    expect(status).toBe(200)
    // The pool on cswap quotes in TOKA (named through the registry) and has no reserve: 0.5 alone weighs.
    expect(body.pairs.map((p: any) => [p.dexId, p.quoteSymbol])).toEqual([
      ['minswap-cardano', 'ADA'],
      ['cswap', 'TOKA'],
    ])
    expect(body.priceUsd).toBe(0.5)
    // Source B's pools state fdv_usd 2,000,000 and no market cap (the builder's defaults).
    expect(body.marketCap).toBeNull()
    expect(body.fdv).toBe(2_000_000)
  })

  it('takes websites and socials from source A pair info, either shape', async () => {
    const { body } = await svc.json(`/api/v1/tokens/${TOKA}`)
    expect(body.websites).toEqual([{ label: 'Website', url: 'https://toka.example' }])
    expect(body.socials).toEqual([
      { type: 'twitter', url: 'https://x.com/toka' },
      { type: 'telegram', url: 'https://t.me/toka' },
    ])
  })

  it('answers from source A alone when source B fails, says so, and is rebuilt soon', async () => {
    svc.fake.fail('geckoterminal', 'server_error')
    const { status, body, res } = await svc.json(`/api/v1/tokens/${TOKA}`)
    expect(status).toBe(200)
    expect(body.coverage).toBe(SOURCE_A_ONLY)
    expect(body.pairs.map((p: any) => p.source)).toEqual(['source_a', 'source_a'])
    // (2.0·30,000 + 2.2·10,000) / 40,000
    expect(body.priceUsd).toBeCloseTo(2.05, 10)
    expect(res.headers.get('x-cache')).toBe('STALE')
    expect(res.headers.get('cache-control')).toBe('public, s-maxage=10')
    expect(body.missing).toEqual([{ source: 'sourceB', code: 'upstream_unavailable', retryAfter: 10 }])
  })

  it('says nothing is missing when every source answered', async () => {
    const { body, res } = await svc.json(`/api/v1/tokens/${TOKA}`)
    expect(body.missing).toEqual([])
    expect(res.headers.get('x-cache')).toBe('MISS')
  })

  it("answers with source B's pools and the chain facts when source A fails, naming source A missing", async () => {
    svc.fake.fail('dexscreener', 'server_error')
    const { status, body, res } = await svc.json(`/api/v1/tokens/${TOKA}`)
    expect(status).toBe(200)
    expect(body.pairs.map((p: any) => [p.source, p.pairAddress])).toEqual([['source_b', POOL.b1]])
    expect(body.coverage).toBe('DEX figures across covered DEXes only, not chain-wide: minswap-cardano, saturnswap (source B).')
    expect(body.totalSupply).toMatch(/^[0-9]{30}$/)
    expect(body.missing).toEqual([{ source: 'sourceA', code: 'upstream_unavailable', retryAfter: 10 }])
    expect(res.headers.get('x-cache')).toBe('STALE')
  })

  it('answers 502 naming source A when source A fails and nothing else knows the unit', async () => {
    svc.fake.fail('dexscreener', 'server_error')
    const { status, body } = await svc.json(`/api/v1/tokens/${unit('f7', '51')}`)
    expect(status).toBe(502)
    expect(body.error).toBe('Upstream unavailable: source A')
  })
})

describe('GET /api/v1/tokens/{asset}: a source refused', () => {
  it('answers 200 with source A\'s pairs and missing naming source B after source B said 429, calling source B no more', async () => {
    const limited = await startMarketService({}, { ledgerOnClock: true })
    try {
      // Source B answers 429 (for a minute, as it says nothing else): believed, it is not called until then.
      limited.fake.fail('geckoterminal', 'rate_limited')
      const first = await limited.json(`/api/v1/tokens/${TOKA}`)
      expect(first.status).toBe(200)
      expect(first.body.missing.map((m: any) => m.source)).toEqual(['sourceB'])
      limited.fake.heal('geckoterminal')
      const calls = limited.fake.count('geckoterminal')
      limited.advance(11_000) // past the degraded answer's lifetime
      const { status, body, res } = await limited.json(`/api/v1/tokens/${TOKC}`)
      expect(status).toBe(200)
      expect(body.pairs.map((p: any) => p.source)).toEqual(['source_a'])
      expect(body.missing).toEqual([{ source: 'sourceB', code: 'upstream_quota_exhausted', retryAfter: expect.any(Number) }])
      expect(body.missing[0].retryAfter).toBeWithin(40, 61)
      expect(res.headers.get('retry-after')).toBeNull() // a 200, not a refusal
      expect(limited.fake.count('geckoterminal')).toBe(calls)
    } finally {
      await limited.stop()
    }
  })

  it('names every source it lacks, with the registry\'s label for a curated token, when all three are refused', async () => {
    svc.fake.fail('dexscreener', 'server_error')
    svc.fake.fail('geckoterminal', 'server_error')
    svc.fake.fail('koios', 'server_error')
    const { status, body } = await svc.json(`/api/v1/tokens/${TOKA}`)
    expect(status).toBe(200)
    expect([body.symbol, body.name, body.decimals, body.priceUsd, body.pairs]).toEqual(['TOKA', 'Token A', 6, null, []])
    expect(body.coverage).toBe('No DEX figures: neither source A nor source B answered (see missing); chain facts only.')
    expect(body.missing.map((m: any) => m.source).sort()).toEqual(['chainApi', 'sourceA', 'sourceB'])
  })

  it('gives unknown decimals (null), not 0, when the chain API did not answer for a token outside the registry', async () => {
    svc.fake.fail('koios', 'server_error')
    const { status, body } = await svc.json(`/api/v1/tokens/${OTHER}`)
    expect(status).toBe(200)
    expect(body.decimals).toBeNull()
    expect(body.missing.map((m: any) => m.source)).toEqual(['chainApi'])
  })
})

describe('GET /api/v1/tokens/{asset}: chain facts', () => {
  it('reports supply exactly, registry decimals first, and asks the chain API for no logo', async () => {
    const { body } = await svc.json(`/api/v1/tokens/${TOKA}`)
    // 30 digits: far past 2^53, so only an exact string survives.
    expect(body.totalSupply).toBe('123456789012345678901234567890')
    // Curated registry says 6; the token registry's 9 does not override it. Nor do its ticker and name.
    expect(body.decimals).toBe(6)
    expect([body.symbol, body.name]).toEqual(['TOKA', 'Token A'])
    expect(body.fingerprint).toBe('asset1tokafingerprint0000000000000000000000')
    expect(body.creationTime).toBe(1_650_000_000)
    expect(body.description).toBe('Token A, as registered')
    const infoCall = svc.fake.callsTo('koios', '/asset_info')[0]
    expect(infoCall.query.select).not.toContain('logo')
    expect(infoCall.query.select.split(',')).not.toContain('token_registry_metadata')
  })

  it('falls back for decimals: token registry, then CIP-68, else 0', async () => {
    const cases = [
      { u: unit('f1', '0014df10' + '464f4f'), registry: { decimals: 4, ticker: 'FOO', name: 'Foo' }, cip68: { decimals: 8 }, decimals: 4, symbol: 'FOO' },
      { u: unit('f2', '0014df10' + '424152'), registry: null, cip68: { decimals: 8, ticker: 'BAR', name: 'Bar' }, decimals: 8, symbol: 'BAR' },
      // Neither: the asset name (hex of "BAZ") is all there is.
      { u: unit('f3', '42415a'), registry: null, cip68: null, decimals: 0, symbol: 'BAZ' },
    ]
    for (const c of cases) {
      svc.fake.world.koios.assets.push(
        koiosAsset({
          policyId: c.u.slice(0, 56),
          assetNameHex: c.u.slice(56),
          registry: c.registry,
          cip68: c.cip68 === null ? null : cip68Metadata(c.cip68),
        }),
      )
      const { status, body } = await svc.json(`/api/v1/tokens/${c.u}`)
      expect(status).toBe(200)
      expect(body.decimals).toBe(c.decimals)
      expect(body.symbol).toBe(c.symbol)
    }
  })

  it('answers 200 with empty pairs for a token the chain knows and no covered DEX trades', async () => {
    const chainOnly = unit('f4', '51554945')
    svc.fake.world.koios.assets.push(
      koiosAsset({ policyId: chainOnly.slice(0, 56), assetNameHex: chainOnly.slice(56), totalSupply: '1000', registry: null }),
    )
    const { status, body } = await svc.json(`/api/v1/tokens/${chainOnly}`)
    expect(status).toBe(200)
    expect(body.pairs).toEqual([])
    expect(body.priceUsd).toBeNull()
    // No pool reports them: unknown, not 0.
    expect([body.liquidityUsd, body.volume24h]).toEqual([null, null])
    expect(body.totalSupply).toBe('1000')
  })

  it('answers 404 Token not found, with the unit format in the hint, when neither source A nor the chain knows it', async () => {
    // TOKD is curated but no source has a pool of it and the chain API does not know it.
    const { status, body } = await svc.json(`/api/v1/tokens/${TOKD}`)
    expect(status).toBe(404)
    expect(body.error).toBe('Token not found')
    expect(body.hint).toContain(UNIT_HINT_START)
  })

  it('does not count a pair where the unit is only the quote side as a pair of the token', async () => {
    // A Cardano unit that source A lists only as the quote side of OTHER's pair, and the chain does not know.
    const quoteOnly = unit('f5', '5155')
    svc.fake.world.dexscreener.pairs.push(
      dsPair({ base: { address: OTHER }, quote: { address: quoteOnly, symbol: 'QO' }, liquidityUsd: 5_000 }),
    )
    expect((await svc.json(`/api/v1/tokens/${quoteOnly}`)).status).toBe(404)
    // Made-up units never spend source B's small budget.
    expect(svc.fake.count('geckoterminal')).toBe(0)
  })

  it('serves pairs without chain facts when the chain API fails, and 502 when nothing else knows the unit', async () => {
    svc.fake.fail('koios', 'server_error')
    const { status, body, res } = await svc.json(`/api/v1/tokens/${TOKA}`)
    expect(status).toBe(200)
    expect(body.pairs).toHaveLength(3)
    expect([body.totalSupply, body.creationTime, body.description]).toEqual([null, null, null])
    // Registry decimals do not need the chain API.
    expect(body.decimals).toBe(6)
    expect(res.headers.get('x-cache')).toBe('STALE')

    const chainOnly = unit('f6', '51')
    const lost = await svc.json(`/api/v1/tokens/${chainOnly}`)
    expect(lost.status).toBe(502)
    expect(lost.body.error).toBe('Upstream unavailable: chain API')
  })

  it('computes the CIP-14 fingerprint itself when the chain API cannot give it', async () => {
    const samples = await startService()
    try {
      samples.fake.fail('koios', 'server_error')
      const { status, body } = await samples.json(`/api/v1/tokens/${SAMPLE.snek}`)
      expect(status).toBe(200)
      // SNEK's fingerprint as published (upstreams README, section 0).
      expect(body.fingerprint).toBe('asset108xu02ckwrfc8qs9d97mgyh4kn8gdu9w8f5sxk')
    } finally {
      await samples.stop()
    }
  })
})

describe('GET /api/v1/tokens/{asset}: holders', () => {
  // A service of its own: no background read left over from another test can warm its cache.
  const coldService = () => startMarketService()

  it('is null on a cold cache, computed in the background, and shown by a later request', async () => {
    const cold = await coldService()
    try {
      cold.fake.world.koios.summaries.set(TOKA, {
        policy_id: TOKA.slice(0, 56),
        asset_name: TOKA.slice(56),
        staked_wallets: 1_200,
        unstaked_addresses: '34', // a number sent as a string
        addresses: 2_000,
      })
      const first = await cold.json(`/api/v1/tokens/${TOKA}`)
      expect(first.body.holders).toBeNull()
      // The unfinished answer is kept briefly so the estimate shows up soon.
      expect(first.res.headers.get('cache-control')).toBe('public, s-maxage=10')

      await holdersComputed(cold, TOKA)
      cold.advance(21_000) // past that answer's 10 s lifetime and its 10 s revalidation window
      const later = await cold.json(`/api/v1/tokens/${TOKA}`)
      // 1,200 staked wallets + 34 unstaked addresses (not the 2,000 addresses, which count wallets again).
      expect(later.body.holders).toBe(1_234)
      expect(later.res.headers.get('cache-control')).toBe('public, s-maxage=60')
      expect(cold.fake.count('koios', '/asset_summary')).toBe(1)
    } finally {
      await cold.stop()
    }
  })

  it('stays null, with the normal lifetime, once the chain API said it has no summary for the asset', async () => {
    const cold = await coldService()
    try {
      await cold.json(`/api/v1/tokens/${TOKB}`)
      await holdersComputed(cold, TOKB)
      cold.advance(21_000)
      const { body, res } = await cold.json(`/api/v1/tokens/${TOKB}`)
      expect(body.holders).toBeNull()
      expect(res.headers.get('cache-control')).toBe('public, s-maxage=60')
    } finally {
      await cold.stop()
    }
  })
})
