/**
 * GET and POST /api/v1/prices: many tokens in one call from the figures the service holds. A batch of curated,
 * source-A-only, unknown and malformed units gives each its row, in the order asked, duplicates folded; curated
 * units cost no upstream call; a unit only source A knows costs one call, then none; a refused read nulls its row
 * (reason, retryAfter), never the answer; 101 units are refused. The POST is the GET's cached answer. Expected
 * figures are worked out here from the fake upstreams' own numbers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import registry from '../../src/registry/tokens.json'
import { LOVELACE } from '../../src/chain/types'
import { dsPair, gtPool, koiosAsset } from '../fake-upstreams/builders'
import { FakeChain, type FakePool } from '../fake-upstreams/chain'
import { defaultWorld, SAMPLE, type World } from '../fake-upstreams/world'
import { startService, type TestService } from '../helpers'

/** A curated token whose pools the test sets: INDY, one source A pair and one source B pool. */
const CURATED = registry.find((t) => t.ticker === 'INDY')!.unit
/** A token outside the registry that source A alone lists (two pairs of its own, one where it is the quote). */
const ONLY_A = `${'0a'.repeat(28)}${Buffer.from('ONLYA').toString('hex')}`
/** A well-formed unit nobody knows. */
const UNKNOWN = `${'0b'.repeat(28)}${Buffer.from('NOBODY').toString('hex')}`
const ADA_USD = 0.650012 // test/fixtures/coingecko/coins-markets-cardano.json current_price
/** A token outside the registry only the chain knows (4 decimals in the token registry): a deep and a shallow pool. */
const CHAIN_ONLY = `${'0e'.repeat(28)}${Buffer.from('CHAINY').toString('hex')}`
const HOUR = 3600

/**
 * 30 hours of blocks 10 minutes apart: CHAINY's Minswap V2 pool (20,000 ADA) swaps before the last 24 h began, inside
 * them and near the tip; its SundaeSwap V3 pool (500 ADA, another price) is shallower. Reserves after each move are kept.
 */
function chainOnly(now: number) {
  const chain = new FakeChain(50_000_000, now - 30 * HOUR, 600)
  const deep = chain.pool({ dex: 'minswap-v2', assetA: LOVELACE, assetB: CHAIN_ONLY, reserveA: 20_000_000_000n, reserveB: 4_000_000_000n, lpSupply: 1_000_000_000n })
  const shallow = chain.pool({ dex: 'sundaeswap-v3', assetA: LOVELACE, assetB: CHAIN_ONLY, reserveA: 500_000_000n, reserveB: 50_000_000n, lpSupply: 100_000_000n })
  const states: Array<{ time: number; ada: bigint; token: bigint }> = []
  const move = (pool: FakePool, ada: bigint, token: bigint) => {
    const block = chain.addBlock([[{ pool, reserveA: ada, reserveB: token }]])
    if (pool === deep) states.push({ time: block.time, ada, token })
  }
  move(deep, 20_000_000_000n, 4_000_000_000n)
  move(shallow, 500_000_000n, 50_000_000n)
  move(deep, 20_500_000_000n, 3_902_439_025n) // a buy before the window
  chain.growTo(chain.firstHeight + 60)
  move(deep, 21_000_000_000n, 3_809_523_810n) // a buy inside it
  chain.growTo(chain.firstHeight + 170)
  move(deep, 20_800_000_000n, 3_846_153_847n) // a sell near the tip
  chain.growTo(chain.firstHeight + 178)
  return { chain, states }
}

function pricesWorld(chain: FakeChain = new FakeChain()): World {
  const world = defaultWorld()
  world.koios.chain = chain
  world.koios.assets.push(koiosAsset({ policyId: CHAIN_ONLY.slice(0, 56), assetNameHex: CHAIN_ONLY.slice(56), registry: { name: 'Chainy', ticker: 'CHAINY', decimals: 4 } }))
  world.dexscreener.pairs = world.dexscreener.pairs.filter((p) => p.baseToken.address !== CURATED)
  world.geckoterminal.pools = world.geckoterminal.pools.filter((p) => p.relationships.base_token.data.id !== `cardano_${CURATED}`)
  // INDY: $2.00 on $300k of source A liquidity (24 h +4 %), $2.20 on a $100k source B pool (24 h −8 %).
  world.dexscreener.pairs.push(dsPair({ base: { address: CURATED, symbol: 'INDY' }, dexId: 'sundaeswap', priceUsd: 2, liquidityUsd: 300_000, priceChange: { h1: 0, h6: 0, h24: 4 } }))
  world.geckoterminal.pools.push(gtPool({ address: 'ab'.repeat(32), baseUnit: CURATED, dexId: 'minswap-cardano', priceUsd: 2.2, reserveUsd: 100_000, priceChange: { h1: 0, h6: 0, h24: -8 } }))
  // ONLYA: $0.50 on $10k (24 h +2 %) and $0.70 on $30k (24 h +6 %); a pair where it is the quote side does not count.
  world.dexscreener.pairs.push(dsPair({ base: { address: ONLY_A, symbol: 'ONLYA' }, dexId: 'sundaeswap', priceUsd: 0.5, liquidityUsd: 10_000, priceChange: { h24: 2 } }))
  world.dexscreener.pairs.push(dsPair({ base: { address: ONLY_A, symbol: 'ONLYA' }, dexId: 'wingriders', priceUsd: 0.7, liquidityUsd: 30_000, priceChange: { h24: 6 } }))
  world.dexscreener.pairs.push(dsPair({ base: { address: SAMPLE.hosky, symbol: 'HOSKY' }, quote: { address: ONLY_A, symbol: 'ONLYA' }, dexId: 'sundaeswap', priceUsd: 99, liquidityUsd: 1_000_000 }))
  return world
}

let svc: TestService
let followed: ReturnType<typeof chainOnly>
beforeAll(async () => {
  followed = chainOnly(Math.floor(Date.now() / 1000))
  // With the chain follower recording every token: a unit no source knows is unknown, not merely unfollowed.
  svc = await startService({ world: pricesWorld(followed.chain), env: { DATABASE_URL: ':memory:', CHAIN_FOLLOW: 'on', CHAIN_BACKFILL_HOURS: '2' } })
  for (let i = 0; i < 20; i++) {
    const { cursor } = await svc.deps.chain!.follower.poll()
    if (cursor?.height === followed.chain.tip!.height && cursor.backfill === null && cursor.discovery === null) break
  }
  await svc.deps.chain!.identities.step()
})
afterAll(() => svc.stop())

const units = (...list: string[]) => `/api/v1/prices?units=${list.join(',')}`
const post = (service: TestService, body: unknown, contentType = 'application/json') =>
  service.request('/api/v1/prices', { method: 'POST', headers: { 'content-type': contentType }, body: typeof body === 'string' ? body : JSON.stringify(body) })

describe('a batch of curated, followed-only, source-A-only, unknown and malformed units', () => {
  it('answers one row per distinct unit, in the order asked, each from its source', async () => {
    const { status, body } = await svc.json(units(CURATED, CHAIN_ONLY, ONLY_A, 'snek', UNKNOWN, SAMPLE.snek, SAMPLE.snek.toUpperCase(), ONLY_A))
    expect(status).toBe(200)
    expect(body.count).toBe(6)
    expect(body.adaUsd).toBe(ADA_USD)
    expect(body.prices.map((r: any) => r.unit)).toEqual([CURATED, CHAIN_ONLY, ONLY_A, 'snek', UNKNOWN, SAMPLE.snek])
    const [curated, chainOnlyRow, onlyA, malformed, unknown, snek] = body.prices

    // Its deepest pool (the Minswap one, 20,800 ADA) after its last move, with its 4 decimals; 24 h: against the
    // pool's last state at or before 24 h before the newest block.
    const { states, chain } = followed
    const last = states.at(-1)!
    const then = states.filter((s) => s.time <= chain.tip!.time - 24 * HOUR).at(-1)!
    const priceOf = (s: { ada: bigint; token: bigint }) => Number(s.ada) / 1e6 / (Number(s.token) / 1e4)
    expect(chainOnlyRow).toMatchObject({ source: 'chain', decimalsSource: 'chain-registry', reason: null, asOf: new Date(chain.tip!.time * 1000).toISOString() })
    expect(chainOnlyRow.priceAda).toBeCloseTo(priceOf(last), 10)
    expect(chainOnlyRow.priceUsd).toBeCloseTo(priceOf(last) * ADA_USD, 10)
    expect(chainOnlyRow.change24h).toBeCloseTo((priceOf(last) / priceOf(then) - 1) * 100, 8)

    // Liquidity-weighted over both sources: (2 × 300k + 2.2 × 100k) / 400k; 24 h: (4 × 300k − 8 × 100k) / 400k.
    expect(curated).toMatchObject({ source: 'screener', reason: null, retryAfter: null })
    expect(curated.priceUsd).toBeCloseTo(2.05, 10)
    expect(curated.priceAda).toBeCloseTo(2.05 / ADA_USD, 9)
    expect(curated.change24h).toBeCloseTo(1, 10)
    expect(Date.parse(curated.asOf)).toBeGreaterThan(Date.now() - 60_000)

    // Its own two pairs only: (0.5 × 10k + 0.7 × 30k) / 40k; 24 h: (2 × 10k + 6 × 30k) / 40k.
    expect(onlyA).toMatchObject({ source: 'sourceA', reason: null })
    expect(onlyA.priceUsd).toBeCloseTo(0.65, 10)
    expect(onlyA.priceAda).toBeCloseTo(0.65 / ADA_USD, 9)
    expect(onlyA.change24h).toBeCloseTo(5, 10)

    expect(malformed).toEqual({ unit: 'snek', priceUsd: null, priceAda: null, change24h: null, source: null, asOf: null, decimalsSource: null, reason: 'invalid_unit', retryAfter: null })
    expect(unknown).toMatchObject({ priceUsd: null, priceAda: null, source: null, reason: 'unknown_token', retryAfter: null })
    // SNEK's row is the screener's row for it.
    const screener = (await svc.json('/api/v1/tokens')).body.tokens.find((t: any) => t.address === SAMPLE.snek)
    expect(snek).toMatchObject({ source: 'screener', priceUsd: screener.priceUsd, change24h: screener.change24h })
  })

  it('makes no upstream call for curated and followed units, and one for a unit only source A knows, then none', async () => {
    await svc.json(units(SAMPLE.usdm, CURATED, SAMPLE.snek))
    svc.fake.resetCalls()
    // Another list (another answer to build) of curated and followed tokens: the screener's kept build, the chain figures.
    const kept = await svc.json(units(SAMPLE.snek, CHAIN_ONLY, SAMPLE.usdm, CURATED, SAMPLE.hosky))
    expect(kept.body.prices.map((r: any) => r.source)).toEqual(['screener', 'chain', 'screener', 'screener', 'screener'])
    expect(svc.fake.calls).toEqual([])

    svc.deps.upstreamCache.delete(`ds:pairs-of:${ONLY_A}`)
    await svc.json(units(ONLY_A, SAMPLE.snek))
    expect(svc.fake.calls.map((c) => `${c.upstream} ${c.path}`)).toEqual([`dexscreener /tokens/v1/cardano/${ONLY_A}`])
    svc.fake.resetCalls()
    const again = await svc.json(units(SAMPLE.usdm, ONLY_A))
    expect(again.body.prices[1].source).toBe('sourceA')
    expect(svc.fake.calls).toEqual([])
  })

  it('carries an ETag and the batch lifetime', async () => {
    const first = await svc.get(units(SAMPLE.snek, CURATED))
    expect(first.headers.get('cache-control')).toBe('public, s-maxage=30')
    const etag = first.headers.get('etag')!
    expect((await svc.get(units(SAMPLE.snek, CURATED), { 'if-none-match': etag })).status).toBe(304)
  })
})

describe('the size of a batch', () => {
  const distinct = (n: number) => Array.from({ length: n }, (_, i) => `${'cd'.repeat(28)}${i.toString(16).padStart(4, '0')}`)

  it('refuses 101 distinct units with 400 and a hint, and takes 100', async () => {
    const over = await svc.json(units(...distinct(101)))
    expect(over.status).toBe(400)
    expect(over.body.code).toBe('too_many_units')
    expect(over.body.hint).toContain('at most 100')
    expect(over.body.hint).toContain('101')
    const full = await svc.json(units(...distinct(100)))
    expect(full.status).toBe(200)
    expect(full.body.count).toBe(100)
  })

  it('counts after folding duplicates', async () => {
    const list = distinct(100)
    const { status, body } = await svc.json(units(...list, ...list.slice(0, 50).map((u) => u.toUpperCase())))
    expect(status).toBe(200)
    expect(body.count).toBe(100)
  })

  it('refuses no units, and an entry longer than any unit', async () => {
    for (const query of ['units=', 'units=,,', `units=${SAMPLE.snek},${'a'.repeat(129)}`]) {
      const { status, body } = await svc.json(`/api/v1/prices?${query}`)
      expect({ query, status, code: body.code }).toEqual({ query, status: 400, code: 'invalid_units' })
    }
  })
})

describe('POST /api/v1/prices', () => {
  it('is the GET’s cached answer for the same list, however it is spelled', async () => {
    const list = [SAMPLE.usdm, ONLY_A, 'not-a-unit', SAMPLE.snek]
    const get = await svc.get(units(...list))
    const body = await get.text()
    const posted = await post(svc, { units: [SAMPLE.usdm.toUpperCase(), ONLY_A, ' not-a-unit ', SAMPLE.snek, SAMPLE.usdm] })
    expect(posted.status).toBe(200)
    expect(posted.headers.get('x-cache')).toBe('HIT')
    expect(posted.headers.get('etag')).toBe(get.headers.get('etag'))
    expect(await posted.text()).toBe(body)
    // A list first asked by POST fills the entry the GET then reads.
    const fresh = await post(svc, { units: [CURATED, SAMPLE.hosky, ONLY_A] })
    expect(fresh.headers.get('x-cache')).toBe('MISS')
    expect((await svc.get(units(CURATED, SAMPLE.hosky, ONLY_A))).headers.get('x-cache')).toBe('HIT')
    // And answers If-None-Match with 304, as the GET does.
    const etag = fresh.headers.get('etag')!
    const again = await svc.request('/api/v1/prices', { method: 'POST', headers: { 'content-type': 'application/json', 'if-none-match': etag }, body: JSON.stringify({ units: [CURATED, SAMPLE.hosky, ONLY_A] }) })
    expect(again.status).toBe(304)
  })

  it('refuses what is not the documented body, before reading more than its bound', async () => {
    const cases: Array<[unknown, string | undefined, number, string]> = [
      [{ units: [SAMPLE.snek] }, 'text/plain', 415, 'prices_body_not_json'],
      ['{"units": [', undefined, 400, 'invalid_prices_body'],
      [{ units: SAMPLE.snek }, undefined, 400, 'invalid_prices_body'],
      [{ units: [1, 2] }, undefined, 400, 'invalid_prices_body'],
      [{ units: [SAMPLE.snek], extra: true }, undefined, 400, 'invalid_prices_body'],
      [{ units: [] }, undefined, 400, 'invalid_prices_body'],
      [{ units: Array.from({ length: 101 }, (_, i) => `${'ef'.repeat(28)}${i.toString(16).padStart(4, '0')}`) }, undefined, 400, 'too_many_units'],
      [{ units: [SAMPLE.snek, 'x'.repeat(20_000)] }, undefined, 413, 'prices_body_too_large'],
    ]
    for (const [body, type, status, code] of cases) {
      const res = await post(svc, body, type)
      const answer = await res.json()
      expect({ body: JSON.stringify(body).slice(0, 60), status: res.status, code: answer.code }).toEqual({ body: JSON.stringify(body).slice(0, 60), status, code })
      expect(answer.hint.length).toBeGreaterThan(10)
    }
  })
})

describe('a unit whose source A read is refused or fails', () => {
  let small: TestService
  beforeAll(async () => {
    // Source A at 4 calls a minute: the core takes 2, the long tail 2, a client alone 1.
    small = await startService({ world: pricesWorld(), env: { DEXSCREENER_RPM: '4' } })
  })
  afterAll(() => small.stop())

  it('gets a null row with the refusal’s code and retryAfter; the others are answered, the whole kept no longer', async () => {
    const others = [1, 2, 3].map((i) => `${'0c'.repeat(28)}${i.toString(16).padStart(2, '0')}`)
    const { status, body, res } = await small.json(units(ONLY_A, ...others))
    expect(status).toBe(200)
    expect(body.count).toBe(4)
    const refused = body.prices.filter((r: any) => r.reason === 'busy_for_this_client')
    expect(refused.length).toBeGreaterThan(0)
    for (const row of refused) {
      expect(row.priceUsd).toBeNull()
      expect(row.retryAfter).toBeGreaterThan(0)
    }
    // The first read went out alone and was admitted; without the follower a unit source A lacks is not_followed.
    expect(body.prices.filter((r: any) => r.reason !== 'busy_for_this_client').every((r: any) => r.source === 'sourceA' || r.reason === 'not_followed')).toBe(true)
    expect(res.headers.get('x-cache')).toBe('STALE')
    expect(Number(/s-maxage=(\d+)/.exec(res.headers.get('cache-control')!)![1])).toBeLessThanOrEqual(Math.min(10, ...refused.map((r: any) => r.retryAfter)))
  })

  it('gets upstream_unavailable with retryAfter 10 when source A fails', async () => {
    svc.fake.fail('dexscreener', 'server_error')
    try {
      const unit = `${'0d'.repeat(28)}01`
      const { status, body, res } = await svc.json(units(SAMPLE.snek, unit))
      expect(status).toBe(200)
      expect(body.prices[0].source).toBe('screener')
      expect(body.prices[1]).toMatchObject({ unit, priceUsd: null, reason: 'upstream_unavailable', retryAfter: 10 })
      expect(res.headers.get('x-cache')).toBe('STALE')
    } finally {
      svc.fake.heal()
    }
  })
})

describe('the MCP tool get_prices', () => {
  it('answers with the GET’s answer as structured content', async () => {
    const rest = await svc.json(units(SAMPLE.snek, ONLY_A))
    const res = await svc.request('/api/mcp', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_prices', arguments: { units: `${SAMPLE.snek},${ONLY_A}` } } }),
    })
    const { result } = await res.json()
    expect(result.structuredContent).toEqual(rest.body)
  })
})
