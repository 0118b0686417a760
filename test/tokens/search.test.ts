/**
 * GET /api/v1/search through HTTP: source A's search answer (every chain mixed) shaped into one row per
 * Cardano base token, curated matches first.
 */
import { afterAll, beforeEach, describe, expect, it } from 'bun:test'
import { dsPair } from '../fake-upstreams/builders'
import { SAMPLE } from '../fake-upstreams/world'
import { startService } from '../helpers'
import { POOL, resetMarket, startMarketService, TOKA, TOKB } from './market-world'

const svc = await startMarketService()
afterAll(() => svc.stop())

const SOURCE_A_ONLY = 'DEX figures across covered DEXes only, not chain-wide: sundaeswap, wingriders (source A).'
const NOT_CURATED = 'e6'.repeat(28) + Buffer.from('TOKAX').toString('hex')

beforeEach(() => {
  resetMarket(svc)
  svc.fake.world.dexscreener.pairs.push(
    // Curated TOKB ("Tokamak") on a source A DEX: its name contains "toka".
    dsPair({ base: { address: TOKB, symbol: 'TOKB', name: 'Tokamak' }, dexId: 'wingriders', priceUsd: 0.51, liquidityUsd: 20_000 }),
    // Not curated, deeper than anything curated.
    dsPair({ base: { address: NOT_CURATED, symbol: 'TOKAX', name: 'Toka X' }, dexId: 'sundaeswap', priceUsd: 3, liquidityUsd: 900_000, volume24h: 12 }),
    // Other chains and unusable base addresses never show.
    dsPair({ base: { address: 'ToKa1111111111111111111111111111111111pump', symbol: 'TOKA', name: 'Toka on Solana' }, chainId: 'solana', dexId: 'raydium', liquidityUsd: 5_000_000 }),
    dsPair({ base: { address: '0x', symbol: 'TOKA', name: 'Placeholder' }, dexId: 'sundaeswap', liquidityUsd: 4_000_000 }),
  )
})

describe('GET /api/v1/search', () => {
  it('answers one row per Cardano base token from its deepest pair, curated matches first', async () => {
    const { status, body } = await svc.json('/api/v1/search?q=toka')
    expect(status).toBe(200)
    expect(body.coverage).toBe(SOURCE_A_ONLY)
    expect(body.query).toBe('toka')
    // TOKA: curated, ticker equals the query. TOKB: curated, name contains it. Then the rest by liquidity:
    // TOKAX (900,000) and OTHER, the base of the pair where TOKA is the quote side (999,999), deepest first.
    // Left out: the Solana pair and the pair whose base address is not a unit.
    expect(body.tokens.map((t: any) => t.symbol)).toEqual(['TOKA', 'TOKB', 'OTHER', 'TOKAX'])
    expect(body.count).toBe(4)
    // TOKA's deepest pair is the sundaeswap one (30,000 against 10,000); registry ticker and name.
    expect(body.tokens[0]).toEqual({
      address: TOKA,
      symbol: 'TOKA',
      name: 'Token A',
      priceUsd: 2,
      liquidityUsd: 30_000,
      volume24h: 1_000,
      dexId: 'sundaeswap',
      pairAddress: POOL.a1,
      url: `https://dexscreener.com/cardano/${POOL.a1}`,
      curated: true,
      foundOn: ['sourceA'],
      imageUrl: `http://localhost/api/v1/tokens/${TOKA}/logo`,
    })
    expect(body.tokens[3]).toMatchObject({ address: NOT_CURATED, name: 'Toka X', curated: false, priceUsd: 3 })
  })

  it('leaves out the other chains of the documented SNEK search', async () => {
    const samples = await startService()
    try {
      const { body } = await samples.json('/api/v1/search?q=SNEK')
      const addresses = body.tokens.map((t: any) => t.address)
      // The Solana "SNEK" (9sNekx…pump) is dropped; SNEK itself is one row, from its sundaeswap pair (the
      // deeper of 1,804,211.7 and 48,220.4).
      expect(addresses.filter((a: string) => a === SAMPLE.snek)).toHaveLength(1)
      expect(addresses.some((a: string) => a.includes('pump'))).toBe(false)
      expect(body.tokens[0]).toMatchObject({ address: SAMPLE.snek, symbol: 'SNEK', liquidityUsd: 1_804_211.7, dexId: 'sundaeswap' })
    } finally {
      await samples.stop()
    }
  })

  it('caps the answer at 20 rows, most liquidity first', async () => {
    for (let i = 1; i <= 25; i++) {
      const address = i.toString(16).padStart(2, '0').repeat(28) + Buffer.from('CAPX').toString('hex')
      svc.fake.world.dexscreener.pairs.push(dsPair({ base: { address, symbol: `CAPX${i}`, name: 'Cap test' }, liquidityUsd: i * 1_000 }))
    }
    const { body } = await svc.json('/api/v1/search?q=capx')
    expect(body.count).toBe(20)
    // Liquidity i·1,000 for i = 1…25: the 20 deepest are i = 25 down to 6.
    expect(body.tokens.map((t: any) => t.liquidityUsd)).toEqual(Array.from({ length: 20 }, (_, k) => (25 - k) * 1_000))
  })

  it('searches the trimmed text and echoes it', async () => {
    const { status, body } = await svc.json('/api/v1/search?q=%20%20toka%20')
    expect(status).toBe(200)
    expect(body.query).toBe('toka')
    expect(svc.fake.callsTo('dexscreener', '/latest/dex/search')[0].query.q).toBe('toka')
  })

  it('answers 400 for a missing, empty, blank or over-long query, and accepts 100 characters', async () => {
    for (const path of ['/api/v1/search', '/api/v1/search?q=', '/api/v1/search?q=%20%20%09', `/api/v1/search?q=${'a'.repeat(101)}`]) {
      const { status, body } = await svc.json(path)
      expect(status).toBe(400)
      expect(body.error).toBe('Invalid search query')
      expect(body.hint).toContain('1 to 100 characters')
    }
    expect(svc.fake.calls).toHaveLength(0)
    const longest = await svc.json(`/api/v1/search?q=${'a'.repeat(100)}`)
    expect(longest.status).toBe(200)
    expect(longest.body.tokens).toEqual([])
  })

  it('answers 502 naming source A when its search fails with no cached copy', async () => {
    svc.fake.fail('dexscreener', 'server_error')
    const { status, body } = await svc.json('/api/v1/search?q=toka')
    expect(status).toBe(502)
    expect(body.error).toBe('Upstream unavailable: source A')
  })
})
