/**
 * GET /api/v1/tokens/{unit}/safety against the fake chain API (Koios shapes) and a database holding the chain
 * follower's pools. Every figure is worked out by hand in the comments: policies (a locked time lock, no time
 * bound, an `any` of a past and a future bound, `atLeast`, Plutus), supply with later mints and burns, a token
 * with few holders including pools and a whale, one with more holders than the bound, holders over several pages,
 * the chain API refusing or failing, and the cache (a second report makes no chain API call; a day later it reads
 * again).
 */
import { afterAll, beforeEach, describe, expect, it } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { koiosAsset } from '../fake-upstreams/builders'
import { koiosHistory, koiosNativeScript, koiosPlutusScript, setHolderCounts, setHolders, type Holding } from '../fake-upstreams/koios-safety'
import { emptyWorld, SAMPLE, type World } from '../fake-upstreams/world'
import { startService, type TestService } from '../helpers'
import { CREDENTIALS, scriptAddress } from '../chain/support/pool-outputs'
import { seedFollowedPools } from './support/followed-pools'

const DAY = 86_400
const NOW = Math.floor(Date.now() / 1000)
const iso = (unix: number) => new Date(unix * 1000).toISOString().replace('.000Z', 'Z')
const K1 = '11'.repeat(28)
const K2 = '22'.repeat(28)
const sig = (keyHash: string) => ({ type: 'sig', keyHash })
const before = (slot: number) => ({ type: 'before', slot })
/** before 92,964,000: last slot 92,963,999 = 1,596,059,091 + (92,963,999 − 4,492,800) = 1,684,530,290 = 2023-05-19T21:04:50Z. */
const PAST = 92_964_000
/** before 400,000,000: last slot 399,999,999 = 1,596,059,091 + 395,507,199 = 1,991,566,290 = 2033-02-09T12:51:30Z. */
const FUTURE = 400_000_000
/** before 100,000,000: last slot 99,999,999 = 1,596,059,091 + 95,507,199 = 1,691,566,290 = 2023-08-09T07:31:30Z. */
const PAST_LATER = 100_000_000

/** A unit of its own policy per case: `cc…cc` + the name in hex. */
const unitOf = (policyByte: string, name: string) => policyByte.repeat(28) + Buffer.from(name).toString('hex')
const LOCKED = unitOf('a1', 'LOCKED')
const OPEN = unitOf('a2', 'OPEN')
const ANY = unitOf('a3', 'ANY')
const ATLEAST = unitOf('a4', 'ATLEAST')
const PLUTUS = unitOf('a5', 'PLUTUS')
const MINTS = unitOf('a6', 'MINTS')
const HOLDERS = unitOf('a7', 'HOLDERS')
const CROWD = unitOf('a8', 'CROWD')
const PAGED = unitOf('a9', 'PAGED')
const HEAVY = unitOf('aa', 'HEAVY')
const UNKNOWN = unitOf('ab', 'NOPE')

const MINSWAP_V2_POOL = scriptAddress(CREDENTIALS['minswap-v2'], { key: '52563c5410bff6a0d43ccebb7c37e1f69f5eb260552521adff33b9c2' })
const SUNDAE_V3_POOL = scriptAddress(CREDENTIALS['sundaeswap-v3'], { script: '4399813dad91bb78a5eb17c26ff50852bc75d3fa7b6e9ae87232ccc1' })
const keyAddress = (n: number) => `addr1q${String(n).padStart(6, '0')}holder`
const stake = (name: string) => `stake1u${name}`

function world(): World {
  const w = emptyWorld()
  const asset = (unit: string, totalSupply: string, extra: { mint_cnt?: number; burn_cnt?: number } = {}) =>
    w.koios.assets.push({ ...koiosAsset({ policyId: unit.slice(0, 56), assetNameHex: unit.slice(56), totalSupply }), mint_cnt: 1, burn_cnt: 0, ...extra })
  for (const unit of [LOCKED, OPEN, ANY, ATLEAST, PLUTUS, HOLDERS, CROWD, PAGED, HEAVY]) asset(unit, '1000000')
  w.koios.scripts.set(LOCKED.slice(0, 56), koiosNativeScript(LOCKED.slice(0, 56), { type: 'all', scripts: [sig(K1), before(PAST)] }))
  w.koios.scripts.set(OPEN.slice(0, 56), koiosNativeScript(OPEN.slice(0, 56), sig(K2)))
  w.koios.scripts.set(ANY.slice(0, 56), koiosNativeScript(ANY.slice(0, 56), { type: 'any', scripts: [{ type: 'all', scripts: [sig(K1), before(PAST)] }, { type: 'all', scripts: [sig(K2), before(FUTURE)] }] }))
  w.koios.scripts.set(ATLEAST.slice(0, 56), koiosNativeScript(ATLEAST.slice(0, 56), { type: 'atLeast', required: 2, scripts: [sig(K1), before(PAST), before(PAST_LATER)] }))
  w.koios.scripts.set(PLUTUS.slice(0, 56), koiosPlutusScript(PLUTUS.slice(0, 56), 'plutusV3'))
  for (const unit of [LOCKED, OPEN, ANY, ATLEAST, PLUTUS]) setHolders(w, unit, [{ paymentAddress: keyAddress(1), stakeAddress: stake('only'), quantity: 1_000_000n }])

  // Minted 1,000,000 200 days ago, burned 100,000 190 days ago, minted 50,000 5 days ago: 950,000; 2 mints, 1 burn.
  asset(MINTS, '950000', { mint_cnt: 2, burn_cnt: 1 })
  w.koios.scripts.set(MINTS.slice(0, 56), koiosNativeScript(MINTS.slice(0, 56), { type: 'all', scripts: [sig(K1), before(FUTURE)] }))
  const history = koiosHistory(MINTS, [
    { txHash: 'f1'.repeat(32), time: NOW - 200 * DAY, quantity: 1_000_000n },
    { txHash: 'f2'.repeat(32), time: NOW - 190 * DAY, quantity: -100_000n },
    { txHash: 'f3'.repeat(32), time: NOW - 5 * DAY, quantity: 50_000n },
  ])
  // Koios lists a transaction once per metadata label it carries: the latest mint twice.
  history.minting_txs.unshift({ ...history.minting_txs[0], metadata: [{ key: '674', json: { msg: ['more'] } }] })
  w.koios.histories.set(MINTS, history)
  setHolders(w, MINTS, [{ paymentAddress: keyAddress(2), stakeAddress: stake('minter'), quantity: 950_000n }])

  // 1,000,000 held: the Minswap V2 pool 300,000 and the SundaeSwap V3 pool 50,000 (35 % in pools); a whale on two
  // addresses 200,000 + 50,000 = 250,000 (25 %); B 100,000 and an enterprise address 100,000 (10 % each); eight of
  // 25,000 (2.5 % each). Outside the pools: 11 holders; top 10 = 250 + 100 + 100 + 7 × 25 = 625,000 (62.5 %).
  const small: Holding[] = Array.from({ length: 8 }, (_, i) => ({ paymentAddress: keyAddress(100 + i), stakeAddress: stake(`small${i}`), quantity: 25_000n }))
  setHolders(w, HOLDERS, [
    { paymentAddress: MINSWAP_V2_POOL, stakeAddress: stake('minswappoolstake'), quantity: 300_000n },
    { paymentAddress: keyAddress(10), stakeAddress: stake('whale'), quantity: 200_000n },
    { paymentAddress: SUNDAE_V3_POOL, stakeAddress: stake('sundaepoolstake'), quantity: 50_000n },
    { paymentAddress: keyAddress(11), stakeAddress: stake('whale'), quantity: 50_000n },
    { paymentAddress: keyAddress(12), stakeAddress: stake('b'), quantity: 100_000n },
    { paymentAddress: 'addr1vx3al6j59n56gtkwq73nm3c59escgappd99s68568g5xk3q0jd3pw', stakeAddress: null, quantity: 100_000n },
    ...small,
  ])
  w.koios.scripts.set(HOLDERS.slice(0, 56), koiosNativeScript(HOLDERS.slice(0, 56), { type: 'all', scripts: [sig(K1), before(PAST)] }))

  // 5,001 addresses: one more than SAFETY_MAX_HOLDER_PAGES (5) × 1,000.
  setHolderCounts(w, CROWD, { addresses: 5_001, staked: 4_800, unstaked: 201 })

  // 2,500 addresses of 400 each (1,000,000), one stake address per address: three pages of asset_addresses.
  setHolders(w, PAGED, Array.from({ length: 2_500 }, (_, i) => ({ paymentAddress: keyAddress(10_000 + i), stakeAddress: stake(`p${String(i).padStart(4, '0')}`), quantity: 400n })))

  // Listed under the bound, but Koios's query times out (504).
  setHolderCounts(w, HEAVY, { addresses: 4_000, staked: 3_900, unstaked: 100 })
  w.koios.holderTimeouts.add(HEAVY)
  return w
}

const dir = mkdtempSync(join(tmpdir(), 'safety-'))
let database = 0
let svc: TestService

/** A service on a fresh database holding the follower's pools below, on a fresh world. */
async function start(env: Record<string, string> = {}): Promise<TestService> {
  const url = `file:${join(dir, `s${database++}.db`)}`
  // HOLDERS: 3,000 ADA on Minswap V2 (3 days old) and 1,500 ADA on SundaeSwap V3 (2 days old): 9,000 ADA of liquidity.
  // LOCKED: 60,000 ADA in a pool older than the follower's records.
  await seedFollowedPools(
    url,
    [
      { poolId: 'b1'.repeat(28), dex: 'minswap-v2', tokenUnit: HOLDERS, reserveAda: '3000000000', createdTime: NOW - 3 * DAY },
      { poolId: 'b2'.repeat(28), dex: 'sundaeswap-v3', tokenUnit: HOLDERS, reserveAda: '1500000000', createdTime: NOW - 2 * DAY },
      { poolId: 'b3'.repeat(28), dex: 'minswap-v2', tokenUnit: LOCKED, reserveAda: '60000000000', createdTime: null },
    ],
    NOW - 60,
  )
  return startService({ world: world(), env: { DATABASE_URL: url, ...env } })
}

beforeEach(async () => {
  await svc?.stop()
  svc = await start()
})
afterAll(async () => {
  await svc?.stop()
  rmSync(dir, { recursive: true, force: true })
})

const report = async (unit: string) => {
  const { status, body, res } = await svc.json(`/api/v1/tokens/${unit}/safety`)
  return { status, body, res }
}

describe('the policy', () => {
  it('a time lock whose bound is past: locked, mintableUntil the last slot before it, no mint_open', async () => {
    const { status, body } = await report(LOCKED)
    expect(status).toBe(200)
    expect(body.policy).toEqual({
      policyId: LOCKED.slice(0, 56),
      kind: 'native',
      scriptType: 'timelock',
      mintableUntil: '2023-05-19T21:04:50Z',
      mintableUntilSlot: 92_963_999,
      locked: true,
      signatures: [K1],
      script: { type: 'all', scripts: [sig(K1), before(PAST)] },
      size: JSON.stringify({ type: 'all', scripts: [sig(K1), before(PAST)] }).length,
    })
    expect(body.flags.map((f: any) => f.code)).not.toContain('mint_open')
  })

  it('a script with no time bound: not locked, mintableUntil null, mint_open danger', async () => {
    const { body } = await report(OPEN)
    expect(body.policy).toMatchObject({ kind: 'native', mintableUntil: null, mintableUntilSlot: null, locked: false, signatures: [K2] })
    expect(body.flags[0]).toEqual({ code: 'mint_open', severity: 'danger', message: 'The minting policy is a native script with no time bound: whoever holds its key can mint more at any time.' })
  })

  it('an `any` of a past and a future bound: open until the future one', async () => {
    const { body } = await report(ANY)
    expect(body.policy).toMatchObject({ mintableUntil: '2033-02-09T12:51:30Z', mintableUntilSlot: 399_999_999, locked: false, signatures: [K1, K2] })
    expect(body.flags).toContainEqual({
      code: 'mint_open',
      severity: 'warning',
      message: 'The minting policy can still mint until 2033-02-09T12:51:30Z (a native time lock); after that it is locked for good.',
    })
  })

  it('`atLeast 2` of a signature and two past bounds: the second latest bound, past, so locked', async () => {
    const { body } = await report(ATLEAST)
    expect(body.policy).toMatchObject({ mintableUntil: '2023-08-09T07:31:30Z', mintableUntilSlot: 99_999_999, locked: true })
  })

  it('a Plutus policy: kind plutus, locked null, mint_open warning', async () => {
    const { body } = await report(PLUTUS)
    expect(body.policy).toMatchObject({ kind: 'plutus', scriptType: 'plutusV3', mintableUntil: null, locked: null, signatures: [], script: null })
    expect(body.flags.find((f: any) => f.code === 'mint_open')).toMatchObject({ severity: 'warning' })
  })
})

describe('the supply', () => {
  it('counts the later mint and the burn, and dates the first and the latest mint (burns excluded)', async () => {
    const { body } = await report(MINTS)
    expect(body.supply).toEqual({ total: '950000', mintTxCount: 2, burnTxCount: 1, firstMintAt: iso(NOW - 200 * DAY), lastMintAt: iso(NOW - 5 * DAY) })
    expect(body.flags).toContainEqual({ code: 'minted_recently', severity: 'warning', message: `More was minted on ${iso(NOW - 5 * DAY).slice(0, 10)}, within the last 30 days (first minted ${iso(NOW - 200 * DAY).slice(0, 10)}).` })
    // No pool followed for it.
    expect(body.liquidity).toEqual({ poolCount: 0, liquidityAda: 0, deepestPool: null, oldestPoolCreatedAt: null })
    expect(body.flags).toContainEqual(expect.objectContaining({ code: 'no_pool', severity: 'info' }))
  })
})

describe('the supply when asset_info gives no counts', () => {
  it('counts the mint history’s transactions, each once though Koios lists one per metadata label', async () => {
    const row = svc.fake.world.koios.assets.find((a) => a.policy_id + a.asset_name === MINTS)!
    row.mint_cnt = null
    row.burn_cnt = null
    const { body } = await report(MINTS)
    expect(body.supply).toMatchObject({ total: '950000', mintTxCount: 2, burnTxCount: 1 })
  })
})

describe('the holders', () => {
  it('groups by stake address, sets the pools apart and gives exact shares; flags the whale and the concentration', async () => {
    const { body } = await report(HOLDERS)
    expect(body.holders).toEqual({
      addresses: 14,
      stakeAddresses: 12,
      unstakedAddresses: 1,
      concentration: {
        computed: true,
        reason: null,
        maxAddresses: 5000,
        addressesRead: 14,
        holderCount: 11,
        inPools: { quantity: '350000', share: 0.35, addresses: 2 },
        top1Share: 0.25,
        top10Share: 0.625,
        top: [
          { holder: stake('whale'), kind: 'stake', quantity: '250000', share: 0.25 },
          // Equal holdings by holder: addr1… before stake1….
          { holder: 'addr1vx3al6j59n56gtkwq73nm3c59escgappd99s68568g5xk3q0jd3pw', kind: 'address', quantity: '100000', share: 0.1 },
          { holder: stake('b'), kind: 'stake', quantity: '100000', share: 0.1 },
          ...Array.from({ length: 7 }, (_, i) => ({ holder: stake(`small${i}`), kind: 'stake', quantity: '25000', share: 0.025 })),
        ],
      },
    })
    expect(body.flags.map((f: any) => `${f.severity}:${f.code}`)).toEqual(['danger:single_whale', 'warning:concentrated', 'warning:young_pool', 'warning:thin_liquidity'])
  })

  it('lists the pools from the follower: twice their ADA, the deepest, the oldest creation', async () => {
    const { body } = await report(HOLDERS)
    expect(body.liquidity).toEqual({
      poolCount: 2,
      liquidityAda: 9_000,
      deepestPool: { id: 'b1'.repeat(28), dexId: 'minswap-v2', reserveAda: '3000000000', createdAt: iso(NOW - 3 * DAY) },
      oldestPoolCreatedAt: iso(NOW - 3 * DAY),
    })
    expect(body.asOf).toEqual({ blockHeight: 100, blockHash: 'cd'.repeat(32), time: NOW - 60 })
    // A pool older than the follower's records: its age is unknown, so no young_pool; 120,000 ADA is no thin
    // liquidity. (Its one holder raises the holder flags alone.)
    const locked = await report(LOCKED)
    expect(locked.body.liquidity).toMatchObject({ poolCount: 1, liquidityAda: 120_000, oldestPoolCreatedAt: null })
    expect(locked.body.flags.map((f: any) => f.code)).toEqual(['single_whale', 'concentrated'])
  })

  it('does not list a token held at more addresses than the bound: computed false, no asset_addresses call', async () => {
    const { body } = await report(CROWD)
    expect(body.holders).toEqual({
      addresses: 5_001,
      stakeAddresses: 4_800,
      unstakedAddresses: 201,
      concentration: {
        computed: false,
        reason: '5,001 addresses hold it, more than the 5,000 this service lists (SAFETY_MAX_HOLDER_PAGES=5 pages of 1,000).',
        maxAddresses: 5000,
        addressesRead: null,
        holderCount: null,
        inPools: null,
        top1Share: null,
        top10Share: null,
        top: [],
      },
    })
    expect(svc.fake.count('koios', '/asset_addresses')).toBe(0)
    expect(svc.fake.count('koios')).toBe(4)
  })

  it('reads 2,500 holders over three pages in an explicit order (Koios gives none), each address once', async () => {
    const { body } = await report(PAGED)
    // 2,500 holders of 400 each: 0.04 % each; the top ten by holder name: 0.4 %.
    expect(body.holders.concentration).toMatchObject({ computed: true, addressesRead: 2_500, holderCount: 2_500, top1Share: 0.0004, top10Share: 0.004 })
    expect(body.holders.concentration.top.map((h: any) => h.holder)).toEqual(Array.from({ length: 10 }, (_, i) => stake(`p000${i}`)))
    const pages = svc.fake.callsTo('koios', '/asset_addresses')
    expect(pages.map((c) => [c.query.order, c.query.offset, c.query.limit])).toEqual([
      ['payment_address.asc', '0', '1000'],
      ['payment_address.asc', '1000', '1000'],
      ['payment_address.asc', '2000', '1000'],
    ])
  })

  it('leaves the concentration uncomputed when Koios times out listing the holders (504), without a retry, for the day', async () => {
    const { body } = await report(HEAVY)
    expect(body.holders.concentration).toMatchObject({ computed: false, reason: 'The chain API timed out listing its holders (HTTP 504: its 30 s query limit, which large tokens meet); asked again after a day.' })
    expect(body.missing).toEqual([])
    expect(svc.fake.count('koios', '/asset_addresses')).toBe(1)
    svc.advance(301_000)
    expect((await report(HEAVY)).body.holders.concentration.computed).toBe(false)
    expect(svc.fake.count('koios', '/asset_addresses')).toBe(1)
  })
})

describe('which tokens', () => {
  it('404s a unit that is neither curated, followed nor known to the chain API, after one chain API call', async () => {
    const { status, body } = await report(UNKNOWN)
    expect(status).toBe(404)
    expect(body).toEqual({
      code: 'token_not_on_chain',
      error: 'Token not found',
      hint: expect.stringContaining(`The chain API has no asset ${UNKNOWN}, the chain follower records no pool of it and it is not curated`),
    })
    expect(svc.fake.callsTo('koios').map((c) => c.path)).toEqual(['/asset_info'])
  })
})

describe('the budget', () => {
  it('serves the second report from the cache with no chain API call, and after the answer expires from the day-long reads', async () => {
    const first = await report(HOLDERS)
    expect(first.res.headers.get('x-cache')).toBe('MISS')
    // asset_info, script_info, asset_history, asset_summary, one asset_addresses page.
    expect(svc.fake.callsTo('koios').map((c) => c.path).sort()).toEqual(['/asset_addresses', '/asset_history', '/asset_info', '/asset_summary', '/script_info'])
    const second = await report(HOLDERS)
    expect(second.res.headers.get('x-cache')).toBe('HIT')
    expect(second.body).toEqual(first.body)
    expect(svc.fake.count('koios')).toBe(5)
    // The answer lives 300 s; the chain API reads a day: rebuilt without a call.
    svc.advance(301_000)
    await report(HOLDERS)
    await Bun.sleep(20)
    expect(svc.fake.count('koios')).toBe(5)
    // A day later every read but the script (kept for good) is made again.
    svc.advance(DAY * 1000)
    await report(HOLDERS)
    await Bun.sleep(20)
    expect(svc.fake.count('koios')).toBe(9)
    expect(svc.fake.count('koios', '/script_info')).toBe(1)
  })

  it('spends the long tail of the chain API, never the core plan’s share', async () => {
    await report(HOLDERS)
    const usage = await svc.deps.upstreams.ledger.usage()
    const minute = (lane: string) => usage.koios.windows.find((w) => w.window === 'minute' && w.lane === lane)!.used
    expect(minute('long_tail')).toBe(5)
    expect(minute('core')).toBe(0)
  })

  it('answers 200 with `missing` when the chain API fails, with the follower’s part', async () => {
    svc.fake.fail('koios', 'server_error')
    const { status, body, res } = await report(HOLDERS)
    expect(status).toBe(200)
    // Built without a source: STALE, kept 10 s.
    expect(res.headers.get('x-cache')).toBe('STALE')
    expect(body).toMatchObject({ policy: null, supply: null, holders: null, checkedAt: null, missing: [{ source: 'chainApi', code: 'upstream_unavailable', retryAfter: 10 }] })
    expect(body.liquidity.poolCount).toBe(2)
    expect(body.flags.map((f: any) => f.code)).toEqual(['young_pool', 'thin_liquidity'])
    expect(res.headers.get('cache-control')).toContain('s-maxage=10')
  })

  it('answers 200 with `missing` when this client’s share of the chain API is spent: nothing is called', async () => {
    await svc.stop()
    // 8 calls a minute: the chain tip's core share leaves a long tail of 5; a client alone may hold 2, fewer than a report's 4.
    svc = await start({ KOIOS_RPM: '8' })
    const { status, body } = await report(HOLDERS)
    expect(status).toBe(200)
    expect(body.missing).toEqual([{ source: 'chainApi', code: 'busy_for_this_client', retryAfter: 60 }])
    expect(body).toMatchObject({ policy: null, supply: null, holders: null })
    expect(svc.fake.count('koios')).toBe(0)
  })

  it('a unit outside the registry and the follower gets the chain API’s error when it cannot tell', async () => {
    svc.fake.fail('koios', 'server_error')
    const { status, body } = await report(OPEN)
    expect(status).toBe(502)
    expect(body.code).toBe('upstream_unavailable')
  })

  it('a curated token is reported though the chain API failed', async () => {
    svc.fake.fail('koios', 'server_error')
    const { status, body } = await report(SAMPLE.snek)
    expect(status).toBe(200)
    expect(body.missing).toHaveLength(1)
  })
})
