/**
 * GET /api/v1/chain/tokens over a fake chain of 30 hours (blocks 10 minutes apart) with tokens outside the registry:
 * every row equals the figures worked out here from the fake chain's own moves (test/chain-tokens/support/ledger.ts),
 * as the window moves on and after a rollback; sorting, paging by cursor, the CHAIN_MIN_LIQUIDITY_ADA threshold and
 * `q`; a pool created during the test listed after one poll; no upstream call per request but ADA's cached price;
 * the token detail's `chain` (a chain-only token answered 200 from it) and the MCP tool list_chain_tokens.
 *
 * The tokens (h = the block's index, 10 minutes each; the window's start is h = 36 at first):
 * - ALPHA (6 decimals, token registry): a deep Minswap V2 pool and a shallow Splash one, created at h 2 and 3;
 *   a swap before the start, one exactly at it (the price then), deposits, buys and sells inside.
 * - BETA (8 decimals, CIP-68): a SundaeSwap V3 pool created at h 0, the block the backfill does not read (so its
 *   creation is unknown: pairCreatedAt null), a netted batch (no side: not a trade).
 * - DELTA (2 decimals): a WingRiders V2 pool created inside the window (change24h null).
 * - GAMMA (no metadata: priced per base unit): 300 ADA, below the default threshold of 500.
 * - SNEK (curated, 0 decimals): a deep Minswap V2 pool.
 */
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import cgAda from '../fixtures/coingecko/coins-markets-cardano.json'
import { cip68Metadata, koiosAsset } from '../fake-upstreams/builders'
import { FakeChain, type FakePool } from '../fake-upstreams/chain'
import { emptyWorld, type World } from '../fake-upstreams/world'
import { startService, type TestService } from '../helpers'
import { cip14, DAY, deepestAda, deposit, expectedRow, Ledger, netted, swap, type ExpectedRow } from './support/ledger'

const hex = (text: string) => Buffer.from(text, 'utf8').toString('hex')
const ALPHA = `${'a7'.repeat(28)}${hex('ALPHA')}`
const BETA = `${'b8'.repeat(28)}0014df10${hex('BETA')}`
const DELTA = `${'d9'.repeat(28)}${hex('DELTA')}`
const GAMMA = `${'e1'.repeat(28)}${hex('GAMMA')}`
const FRESH = `${'f2'.repeat(28)}${hex('FRESH')}`
const SNEK = '279c909f348e533da5808898f87f9a14bb2c3dfbbacccd631d927a3f534e454b'
const DECIMALS: Record<string, number | null> = { [ALPHA]: 6, [BETA]: 8, [DELTA]: 2, [GAMMA]: null, [FRESH]: 3, [SNEK]: 0 }
const ADA_USD = 0.5
const BLOCK_S = 600

const dir = mkdtempSync(join(tmpdir(), 'chain-tokens-'))
let svc: TestService
let ledger: Ledger
let world: World
/** The backfill's bottom: blocks at or below it are not read (only the pools' current state is). */
let readAbove: number
const dex = new Map<string, string>()
const pools: Record<string, FakePool> = {}

function buildChain(): void {
  const first = 40_000_000
  const t0 = Math.floor(Date.now() / 1000 / BLOCK_S) * BLOCK_S - 180 * BLOCK_S
  ledger = new Ledger(new FakeChain(first, t0, BLOCK_S))
  const plan = (name: string, dexId: Parameters<Ledger['pool']>[0]['dex'], token: string, a: bigint, b: bigint) => {
    pools[name] = ledger.pool({ dex: dexId, token, a, b, lp: 1_000_000_000n })
    dex.set(pools[name].poolId, dexId)
  }
  plan('beta', 'sundaeswap-v3', BETA, 40_000_000_000n, 8_000_000_000_000_000n) // 40,000 ADA vs 80,000,000 BETA
  plan('snek', 'minswap-v2', SNEK, 2_000_000_000_000n, 500_000_000n) // 2,000,000 ADA vs 500,000,000 SNEK
  plan('alpha1', 'minswap-v2', ALPHA, 100_000_000_000n, 2_000_000_000_000n) // 100,000 ADA vs 2,000,000 ALPHA
  plan('alpha2', 'splash', ALPHA, 5_000_000_000n, 110_000_000_000n)
  plan('gamma', 'wingriders-v2', GAMMA, 300_000_000n, 9_000_000n)
  plan('delta', 'wingriders-v2', DELTA, 800_000_000n, 4_000_000n)
  const at = new Map<number, Array<() => Parameters<Ledger['block']>[0][number]>>()
  const on = (h: number, step: () => Parameters<Ledger['block']>[0][number]) => at.set(h, [...(at.get(h) ?? []), step])
  const create = (pool: FakePool) => () => ({ pool, a: pool.spec.reserveA, b: pool.spec.reserveB })
  on(0, create(pools.beta))
  on(1, create(pools.snek))
  on(2, create(pools.alpha1))
  on(3, create(pools.alpha2))
  on(5, () => swap(pools.beta, 0.01, true))
  on(10, () => swap(pools.alpha1, 0.02, true))
  on(20, create(pools.gamma))
  on(30, () => swap(pools.beta, 0.005, false))
  on(36, () => swap(pools.alpha1, 0.01, false)) // exactly at the window's start: the price then, not a trade in it
  on(37, () => swap(pools.alpha2, 0.03, true))
  on(40, () => swap(pools.beta, 0.02, true))
  on(50, () => swap(pools.alpha1, 0.015, true))
  on(60, () => deposit(pools.alpha1))
  on(80, () => swap(pools.snek, 0.001, true))
  on(90, () => swap(pools.gamma, 0.05, true))
  on(100, () => swap(pools.beta, 0.01, false))
  on(120, () => swap(pools.alpha1, 0.004, false))
  on(140, create(pools.delta))
  on(150, () => swap(pools.alpha2, 0.02, false))
  on(160, () => swap(pools.delta, 0.03, true))
  on(170, () => netted(pools.beta))
  on(175, () => swap(pools.beta, 0.002, false))
  on(178, () => swap(pools.snek, 0.002, false))
  for (let h = 0; h <= 180; h++) ledger.block((at.get(h) ?? []).map((step) => step()))
}

const tip = () => ledger.chain.tip!
const expected = (token: string, end = tip().time): ExpectedRow => expectedRow(ledger, token, end, readAbove, DECIMALS[token], (id) => dex.get(id)!)
const poll = () => svc.deps.chain!.follower.poll()
let asked = 0
/** A query no earlier request used (answers are cached per query). */
const uncached = (path: string) => `${path}${path.includes('?') ? '&' : '?'}limit=${200 - (asked++ % 150)}`

function expectRow(row: any, want: ExpectedRow): void {
  expect(row.address).toBe(want.address)
  for (const field of ['buys24h', 'sells24h', 'txns24h', 'pairCount', 'dexIds', 'topPairAddress', 'pairCreatedAt'] as const) {
    expect([want.address, field, row[field]]).toEqual([want.address, field, want[field]])
  }
  for (const field of ['priceAda', 'change24h', 'liquidityAda', 'volume24hAda'] as const) {
    if (want[field] === null) expect([field, row[field]]).toEqual([field, null])
    else expect(row[field]).toBeCloseTo(want[field]!, 9)
  }
  expect(row.priceUsd).toBeCloseTo(want.priceAda! * ADA_USD, 12)
  expect(row.liquidityUsd).toBeCloseTo(want.liquidityAda * ADA_USD, 6)
  expect(row.volume24h).toBeCloseTo(want.volume24hAda * ADA_USD, 6)
}

async function expectEveryRow(units: string[]): Promise<void> {
  const { status, body } = await svc.json(uncached('/api/v1/chain/tokens?limit=200'))
  expect(status).toBe(200)
  expect(body.asOf).toEqual({ blockHeight: tip().height, blockHash: tip().hash, time: tip().time })
  expect(body.window).toEqual({ from: tip().time - DAY, to: tip().time })
  expect(body.tokens.map((t: { address: string }) => t.address).sort()).toEqual([...units].sort())
  expect(body.count).toBe(units.length)
  for (const row of body.tokens) expectRow(row, expected(row.address))
}

beforeAll(async () => {
  buildChain()
  world = emptyWorld()
  world.koios.chain = ledger.chain
  world.koios.assets.push(
    koiosAsset({ policyId: ALPHA.slice(0, 56), assetNameHex: ALPHA.slice(56), registry: { name: 'Alpha Token', ticker: 'ALPHA', decimals: 6 } }),
    koiosAsset({ policyId: BETA.slice(0, 56), assetNameHex: BETA.slice(56), registry: null, cip68: cip68Metadata({ name: 'Beta Sixty-Eight', ticker: 'BETA', decimals: 8 }) }),
    koiosAsset({ policyId: DELTA.slice(0, 56), assetNameHex: DELTA.slice(56), registry: { name: 'Delta', ticker: 'DLT', decimals: 2 } }),
    koiosAsset({ policyId: FRESH.slice(0, 56), assetNameHex: FRESH.slice(56), registry: { name: 'Fresh', ticker: 'FRSH', decimals: 3 } }),
  )
  world.coingecko.coins.push({ ...structuredClone(cgAda[0]), current_price: ADA_USD })
  svc = await startService({ world, env: { DATABASE_URL: `file:${join(dir, 'c.db')}`, CHAIN_FOLLOW: 'on', CHAIN_BACKFILL_HOURS: '1', KOIOS_RPM: '6000' } })
  // One hour of backfill is 180 blocks: the first block (BETA's creation) is below it.
  readAbove = tip().height - 180
  for (let i = 0; i < 40 && (await poll()).cursor?.backfill !== null; i++);
  await svc.deps.chain!.identities.step()
}, 60_000)

afterAll(async () => {
  await svc.stop()
  rmSync(dir, { recursive: true, force: true })
})

describe('GET /api/v1/chain/tokens', () => {
  it('lists every token over the threshold, each row equal to the figures worked out from the fake chain', async () => {
    await expectEveryRow([ALPHA, BETA, DELTA, SNEK])
    const { body } = await svc.json('/api/v1/chain/tokens')
    expect(body).toMatchObject({ minLiquidityAda: 500, adaUsd: ADA_USD, sort: 'liquidity', order: 'desc', nextCursor: null })
    expect(body.coverage).toContain('ADA pairs only')
    const byUnit = Object.fromEntries(body.tokens.map((t: any) => [t.address, t]))
    expect(byUnit[ALPHA]).toMatchObject({ symbol: 'ALPHA', name: 'Alpha Token', decimals: 6, decimalsSource: 'chain-registry', curated: false })
    expect(byUnit[BETA]).toMatchObject({ symbol: 'BETA', name: 'Beta Sixty-Eight', decimals: 8, decimalsSource: 'cip68', pairCreatedAt: null })
    expect(byUnit[SNEK]).toMatchObject({ symbol: 'SNEK', decimals: 0, decimalsSource: 'registry', curated: true })
    expect(byUnit[ALPHA].imageUrl).toBe(`http://localhost/api/v1/tokens/${ALPHA}/logo`)
    // Worked out by hand: ALPHA's window holds the buys at h 37 and 50 and the sells at h 120 and 150, not h 36.
    expect([byUnit[ALPHA].buys24h, byUnit[ALPHA].sells24h]).toEqual([2, 2])
    // BETA's netted batch at h 170 is no trade: the buy at h 40, the sells at h 100 and 175.
    expect([byUnit[BETA].buys24h, byUnit[BETA].sells24h]).toEqual([1, 2])
    expect(byUnit[DELTA].change24h).toBeNull()
  })

  it('sorts by each figure either way, unknown figures last, ties by unit', async () => {
    const units = [ALPHA, BETA, DELTA, SNEK]
    const rows = units.map((u) => expected(u))
    const key = { liquidity: 'liquidityAda', volume24h: 'volume24hAda', change24h: 'change24h', txns24h: 'txns24h', pairCreatedAt: 'pairCreatedAt' } as const
    for (const [sort, field] of Object.entries(key)) {
      for (const order of ['desc', 'asc'] as const) {
        const want = [...rows]
          .sort((x, y) => {
            const a = x[field]
            const b = y[field]
            if (a === null || b === null) return a === b ? (x.address < y.address ? -1 : 1) : a === null ? 1 : -1
            return (order === 'desc' ? b - a : a - b) || (x.address < y.address ? -1 : 1)
          })
          .map((r) => r.address)
        const { status, body } = await svc.json(`/api/v1/chain/tokens?sort=${sort}&order=${order.toUpperCase()}`)
        expect(status).toBe(200)
        expect([sort, order, body.tokens.map((t: { address: string }) => t.address)]).toEqual([sort, order, want])
      }
    }
  })

  it('pages with nextCursor: every token once, count of all on each page; a foreign or bad cursor is refused', async () => {
    for (const sort of ['liquidity', 'change24h', 'pairCreatedAt']) {
      const seen: string[] = []
      let cursor: string | null = null
      let pages = 0
      do {
        const path: string = `/api/v1/chain/tokens?sort=${sort}&limit=1${cursor === null ? '' : `&cursor=${cursor}`}`
        const { status, body } = await svc.json(path)
        expect(status).toBe(200)
        expect(body.count).toBe(4)
        seen.push(...body.tokens.map((t: { address: string }) => t.address))
        cursor = body.nextCursor
        pages += 1
      } while (cursor !== null && pages < 10)
      const whole = (await svc.json(`/api/v1/chain/tokens?sort=${sort}`)).body.tokens.map((t: { address: string }) => t.address)
      expect(seen).toEqual(whole)
    }
    const first = (await svc.json('/api/v1/chain/tokens?limit=2')).body.nextCursor
    for (const path of [`/api/v1/chain/tokens?sort=volume24h&cursor=${first}`, `/api/v1/chain/tokens?order=asc&cursor=${first}`, '/api/v1/chain/tokens?cursor=bm9wZQ', '/api/v1/chain/tokens?cursor=' + Buffer.from('liquidity|desc|12|nope').toString('base64url')]) {
      const res = await svc.json(path)
      expect([path, res.status, res.body.code]).toEqual([path, 400, 'invalid_cursor'])
      expect(res.body.hint).toContain('nextCursor')
    }
    for (const [query, code] of [['sort=price', 'invalid_sort'], ['order=up', 'invalid_order'], ['limit=201', 'invalid_limit'], ['limit=0', 'invalid_limit'], ['q=%20', 'invalid_search_query']]) {
      const res = await svc.json(`/api/v1/chain/tokens?${query}`)
      expect([query, res.status, res.body.code]).toEqual([query, 400, code])
    }
  })

  it('keeps tokens whose deepest pool is under CHAIN_MIN_LIQUIDITY_ADA out; 0 lists every one', async () => {
    expect(deepestAda(ledger, GAMMA)).toBeLessThan(500)
    const all = await startService({ fake: svc.fake, env: { DATABASE_URL: `file:${join(dir, 'c.db')}`, CHAIN_MIN_LIQUIDITY_ADA: '0' } })
    try {
      const { body } = await all.json('/api/v1/chain/tokens?limit=200')
      expect(body.minLiquidityAda).toBe(0)
      expect(body.count).toBe(5)
      const gamma = body.tokens.find((t: { address: string }) => t.address === GAMMA)
      expectRow(gamma, expected(GAMMA))
      // No metadata: the asset name as its label, per base unit.
      expect(gamma).toMatchObject({ symbol: 'GAMMA', name: 'GAMMA', decimals: null, decimalsSource: 'unknown' })
    } finally {
      await all.stop()
    }
    const higher = await startService({ fake: svc.fake, env: { DATABASE_URL: `file:${join(dir, 'c.db')}`, CHAIN_MIN_LIQUIDITY_ADA: String(Math.ceil(deepestAda(ledger, ALPHA)) - 1) } })
    try {
      const { body } = await higher.json('/api/v1/chain/tokens')
      expect(body.tokens.map((t: { address: string }) => t.address).sort()).toEqual([ALPHA, SNEK].sort())
    } finally {
      await higher.stop()
    }
  })

  it('filters by ticker, name, unit, policy id and fingerprint with q', async () => {
    const found = async (q: string) => (await svc.json(`/api/v1/chain/tokens?q=${encodeURIComponent(q)}`)).body
    expect((await found('alp')).tokens.map((t: { address: string }) => t.address)).toEqual([ALPHA])
    expect((await found('sixty-EIGHT')).tokens.map((t: { address: string }) => t.address)).toEqual([BETA])
    expect((await found(DELTA.toUpperCase())).tokens.map((t: { address: string }) => t.address)).toEqual([DELTA])
    expect((await found(BETA.slice(0, 56))).tokens.map((t: { address: string }) => t.address)).toEqual([BETA])
    expect((await found(cip14(BETA))).tokens.map((t: { address: string }) => t.address)).toEqual([BETA])
    expect((await found('snek')).tokens.map((t: { address: string }) => t.address)).toEqual([SNEK])
    const none = await found('GAMMA') // under the threshold
    expect([none.count, none.tokens]).toEqual([0, []])
  })

  it('calls no upstream per request: ADA’s price is the market provider’s cached snapshot', async () => {
    svc.fake.calls.length = 0
    for (let i = 0; i < 25; i++) expect((await svc.json(uncached(`/api/v1/chain/tokens?sort=${['liquidity', 'volume24h', 'txns24h'][i % 3]}`))).status).toBe(200)
    expect(svc.fake.count('geckoterminal') + svc.fake.count('dexscreener') + svc.fake.count('koios') + svc.fake.count('handle')).toBe(0)
    expect(svc.fake.count('coingecko')).toBeLessThanOrEqual(1)
  })

  it('keeps the figures current as the window moves on', async () => {
    // Six hours on: trades up to h 72 leave the window; the price at its start is now ALPHA's after the deposit at h 60.
    for (let i = 0; i < 36; i++) ledger.block(i === 10 ? [swap(pools.alpha2, 0.01, true)] : i === 20 ? [swap(pools.beta, 0.01, true)] : [])
    await poll()
    await expectEveryRow([ALPHA, BETA, DELTA, SNEK])
    const alpha = expected(ALPHA)
    expect([alpha.buys24h, alpha.sells24h]).toEqual([1, 2]) // h 37 and 50 left, the buy at h 190 came
  })

  it('lists a pool created during the test after one poll', async () => {
    // 1,000 ADA against 20,000.000 FRSH.
    pools.fresh = ledger.pool({ dex: 'splash', token: FRESH, a: 1_000_000_000n, b: 20_000_000n, lp: 1_000_000n })
    dex.set(pools.fresh.poolId, 'splash')
    ledger.block([{ pool: pools.fresh, a: 1_000_000_000n, b: 20_000_000n }])
    await poll()
    const { body } = await svc.json(uncached('/api/v1/chain/tokens'))
    const fresh = body.tokens.find((t: { address: string }) => t.address === FRESH)
    expect(fresh).toBeDefined()
    // Its decimals are not asked yet: per base unit for now.
    expect(fresh).toMatchObject({ decimalsSource: 'unknown', pairCount: 1, txns24h: 0, change24h: null, pairCreatedAt: tip().time * 1000, topPairAddress: pools.fresh.poolId })
    expect(fresh.priceAda).toBeCloseTo(1000 / 20_000_000, 14)
    await svc.deps.chain!.identities.step()
    await expectEveryRow([ALPHA, BETA, DELTA, SNEK, FRESH])
  })

  it('undoes rolled-back blocks: their trades and their new pool go', async () => {
    const height = tip().height
    const orphan = ledger.pool({ dex: 'minswap-v2', token: GAMMA, a: 50_000_000_000n, b: 1_000_000n, lp: 1_000_000n })
    dex.set(orphan.poolId, 'minswap-v2')
    ledger.block([swap(pools.alpha1, 0.05, true), { pool: orphan, a: 50_000_000_000n, b: 1_000_000n }])
    ledger.block([swap(pools.beta, 0.01, false)])
    await poll()
    await expectEveryRow([ALPHA, BETA, DELTA, SNEK, FRESH, GAMMA]) // GAMMA's new pool lifts it over the threshold
    ledger.rollbackTo(height)
    // The new branch reaches the old tip's height (a lower tip would be a lagging chain API, waited for).
    ledger.block([])
    ledger.block([swap(pools.beta, 0.004, true)])
    expect((await poll()).rolledBackFrom).toBe(height + 1)
    await expectEveryRow([ALPHA, BETA, DELTA, SNEK, FRESH])
  })
})

describe('chain figures in the token detail', () => {
  it('carries each followed token’s row, with asOf, as `chain`', async () => {
    const list = (await svc.json(uncached('/api/v1/chain/tokens'))).body
    for (const row of list.tokens) {
      const { status, body } = await svc.json(`/api/v1/tokens/${row.address}`)
      expect(status).toBe(200)
      expect(body.chain).toEqual({ ...row, asOf: list.asOf, window: list.window, coverage: list.coverage })
    }
  })

  it('answers a token no source knows 200 from the chain, labelled as chain figures', async () => {
    for (const unit of [BETA, GAMMA]) {
      const { status, body } = await svc.json(`/api/v1/tokens/${unit}`)
      expect(status).toBe(200)
      expect(body.pairs).toEqual([])
      expect(body.figuresFrom).toBe('chain')
      expect(body.coverage).toContain('chain follower')
      const want = expected(unit)
      expect(body.priceUsd).toBeCloseTo(want.priceAda! * ADA_USD, 12)
      expect(body.liquidityUsd).toBeCloseTo(want.liquidityAda * ADA_USD, 6)
      expect(body.volume24h).toBeCloseTo(want.volume24hAda * ADA_USD, 6)
      expect(body.change24h).toBe(body.chain.change24h)
      expect(body.chainPools.map((p: { address: string }) => p.address)).toContain(want.topPairAddress)
    }
    const beta = (await svc.json(`/api/v1/tokens/${BETA}`)).body
    expect(beta).toMatchObject({ symbol: 'BETA', name: 'Beta Sixty-Eight', decimals: 8, decimalsSource: 'cip68' })
    // GAMMA: the chain API has no record of it, yet its pool proves it exists.
    const gamma = (await svc.json(`/api/v1/tokens/${GAMMA}`)).body
    expect(gamma).toMatchObject({ symbol: 'GAMMA', decimalsSource: 'unknown' })
    const unknown = await svc.json(`/api/v1/tokens/${'c4'.repeat(28)}${hex('NOBODY')}`)
    expect([unknown.status, unknown.body.code]).toEqual([404, 'token_not_found'])
  })

  it('answers list_chain_tokens from its REST twin', async () => {
    const rest = (await svc.json('/api/v1/chain/tokens?sort=volume24h&limit=3')).body
    const res = await svc.request('/api/mcp', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_chain_tokens', arguments: { sort: 'volume24h', limit: 3 } } }),
    })
    const answer = (await res.json()) as any
    expect(answer.result.isError).toBeFalsy()
    expect(answer.result.structuredContent).toEqual(rest)
  })
})
