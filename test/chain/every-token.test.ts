/**
 * Every token from the chain (test/chain/support/outside-registry.ts): the follower records the ADA pools of tokens
 * outside the curated registry; their trades, chain-built candles, chainPools and trades:<unit> are served with the
 * decimals the chain API gives once per token (off-chain registry, CIP-68 datum) and say where they came from
 * (`decimalsSource`; `unknown` prices per base unit); a pool created during the test is on /pools/new and on the
 * pools:new topic after one poll, and /pools/{id} is the fake chain's state.
 */
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { LOVELACE } from '../../src/chain/types'
import { emptyWorld } from '../fake-upstreams/world'
import { Collector } from '../stream/collector'
import { startStreamService, type StreamService } from '../stream/support'
import { assetRows, CIPS, FRESH, NOPE, outsideRegistry, REGIS, type OutsideRegistry } from './support/outside-registry'

const dir = mkdtempSync(join(tmpdir(), 'every-token-'))
const ADA_USD = 0.5
let s: StreamService
let o: OutsideRegistry
const open: Collector[] = []
const poll = () => s.svc.deps.chain!.follower.poll()
let asked = 0
/** A new cache key each time (answers are cached per query). */
const fresh = () => `limit=${400 - asked++}`

beforeAll(async () => {
  o = outsideRegistry()
  const world = emptyWorld()
  world.koios.chain = o.chain
  world.koios.assets.push(...assetRows())
  world.coingecko.adaPriceAt = () => ADA_USD
  s = await startStreamService({ world, env: { DATABASE_URL: `file:${join(dir, 'c.db')}`, CHAIN_FOLLOW: 'on', CHAIN_BACKFILL_HOURS: '3' }, ledgerOnClock: true })
  for (let i = 0; i < 10 && (await poll()).cursor?.backfill !== null; i++);
})

afterAll(async () => {
  for (const c of open) c.close()
  await s.stop()
  rmSync(dir, { recursive: true, force: true })
})

describe('tokens outside the registry', () => {
  it('records their pools and serves their trades per base unit until their decimals are known', async () => {
    const { status, body } = await s.svc.json(`/api/v1/tokens/${REGIS}/trades?${fresh()}`)
    expect(status).toBe(200)
    expect(body.count).toBe(1)
    expect(body.trades[0]).toMatchObject({ side: 'buy', amountToken: '99009901', amountQuote: '50000000', decimalsSource: 'unknown' })
    // ADA per base unit: 5,050 ADA / 9,900,990,099 units.
    expect(body.trades[0].priceQuote).toBeCloseTo(5_050 / 9_900_990_099, 15)
  })

  it('learns ticker, name and decimals in one asset_info call for the three tokens, and never asks again', async () => {
    s.svc.fake.calls.length = 0
    const report = await s.svc.deps.chain!.identities.step()
    expect(report.asked).toBe(3)
    const calls = s.svc.fake.callsTo('koios', '/asset_info')
    expect(calls).toHaveLength(1)
    expect(new Set(((calls[0].body as { _asset_list: string[][] })._asset_list).map(([p, n]) => p + n))).toEqual(new Set([REGIS, CIPS, NOPE]))
    s.svc.fake.calls.length = 0
    expect((await s.svc.deps.chain!.identities.step()).asked).toBe(0)
    expect(s.svc.fake.count('koios', '/asset_info')).toBe(0)
  })

  it('prices REGIS with the token registry’s 4 decimals', async () => {
    const { body } = await s.svc.json(`/api/v1/tokens/${REGIS}/trades?${fresh()}`)
    const trade = body.trades[0]
    expect(trade.decimalsSource).toBe('chain-registry')
    expect(trade.pool).toEqual({ address: o.regis.poolId, dexId: 'minswap-v2', name: 'REGIS / ADA' })
    // 5,050 ADA / 990,099.0099 REGIS.
    expect(trade.priceQuote).toBeCloseTo(5_050 / 990_099.0099, 12)
    expect(trade.priceUsd).toBeCloseTo((5_050 / 990_099.0099) * ADA_USD, 12)
    expect(body.coverage).toContain('REGIS')
  })

  it('prices CIPS with its CIP-68 datum’s 8 decimals, in trades and in chain-built candles', async () => {
    const trades = (await s.svc.json(`/api/v1/tokens/${CIPS}/trades?${fresh()}`)).body
    expect(trades.trades[0]).toMatchObject({ side: 'sell', amountToken: '4000000000000', amountQuote: '19801981', decimalsSource: 'cip68' })
    // 1,980.198019 ADA / 4,040,000 CIPS.
    expect(trades.trades[0].priceQuote).toBeCloseTo(1_980.198019 / 4_040_000, 14)
    const { status, body } = await s.svc.json(`/api/v1/tokens/${CIPS}/ohlcv?tf=1d&quote=ada&limit=3`)
    expect(status).toBe(200)
    expect(body.decimalsSource).toBe('cip68')
    expect(body.pool).toEqual({ address: o.cips.poolId, dexId: 'sundaeswap-v3', name: 'CIPS / ADA' })
    // One day, or two when the test runs just after a UTC midnight.
    const candles: Array<{ open: number; close: number; volume: number }> = body.candles
    expect(candles.length).toBeGreaterThanOrEqual(1)
    expect(candles[0].open).toBeCloseTo(2_000 / 4_000_000, 14) // the creation's price
    expect(candles.at(-1)!.close).toBeCloseTo(1_980.198019 / 4_040_000, 14)
    expect(candles.reduce((sum, c) => sum + c.volume, 0)).toBeCloseTo(19.801981, 9)
    expect(s.svc.fake.count('geckoterminal', '/ohlcv')).toBe(0)
  })

  it('says unknown and prices per base unit for a token the chain API has no metadata for', async () => {
    const { body } = await s.svc.json(`/api/v1/tokens/${NOPE}/trades?${fresh()}`)
    expect(body.trades[0]).toMatchObject({ side: 'buy', decimalsSource: 'unknown', pool: { name: 'NOPE / ADA' } })
    expect(body.trades[0].priceQuote).toBeCloseTo(1_010 / 2_970_297, 15)
    const chart = (await s.svc.json(`/api/v1/tokens/${NOPE}/ohlcv?tf=1h&quote=ada&limit=5`)).body
    expect(chart.decimalsSource).toBe('unknown')
    expect(chart.candles.at(-1).close).toBeCloseTo(1_010 / 2_970_297, 15)
  })

  it('lists the pools in the token detail’s chainPools, with the decimals and their source', async () => {
    const { status, body } = await s.svc.json(`/api/v1/tokens/${REGIS}`)
    expect(status).toBe(200)
    expect(body).toMatchObject({ decimals: 4, decimalsSource: 'chain-registry', symbol: 'REGIS' })
    expect(body.chainPools).toHaveLength(1)
    expect(body.chainPools[0]).toMatchObject({ address: o.regis.poolId, dexId: 'minswap-v2', name: 'REGIS / ADA', reserveAda: '5050000000', reserveToken: '9900990099' })
    expect(body.chainPools[0].priceAda).toBeCloseTo(5_050 / 990_099.0099, 12)
  })

  it('answers 404 only for a unit with no followed pool, and keeps the screener curated', async () => {
    const none = await s.svc.json(`/api/v1/tokens/${'e5'.repeat(28)}${Buffer.from('NONE').toString('hex')}/trades`)
    expect([none.status, none.body.code]).toEqual([404, 'token_not_followed'])
    const screener = (await s.svc.json('/api/v1/tokens')).body
    expect(screener.tokens.some((t: { address: string }) => [REGIS, CIPS, NOPE].includes(t.address))).toBe(false)
    const topic = await s.svc.json(`/api/v1/stream?topics=token:${REGIS}`)
    expect([topic.status, topic.body.code]).toEqual([400, 'invalid_stream_topics'])
  })

  it('streams trades:<unit> of a token outside the registry', async () => {
    const c = new Collector(`${s.base}/api/v1/stream?topics=trades:${REGIS}`)
    open.push(c)
    const snapshot = await c.next('snapshot')
    expect(snapshot.data.trades).toHaveLength(1)
    o.chain.addBlock([[{ pool: o.regis, reserveA: 5_000_000_000n, reserveB: 10_000_000_000n }]]) // sell 99,009,901 back
    await poll()
    const trade = await c.next('trade')
    expect(trade.data.trades[0]).toMatchObject({ side: 'sell', amountToken: '99009901', decimalsSource: 'chain-registry' })
    expect(trade.data.trades[0].priceQuote).toBeCloseTo(0.005, 12)
  })
})

describe('new pools', () => {
  it('shows a pool created during the test on /pools/new and on pools:new after one poll', async () => {
    const c = new Collector(`${s.base}/api/v1/stream?topics=pools:new`)
    open.push(c)
    const snapshot = await c.next('snapshot')
    expect(snapshot.data.topic).toBe('pools:new')
    // The three pools of the first block (read by the backfill), newest first.
    expect(snapshot.data.pools.map((p: { poolId: string }) => p.poolId).sort()).toEqual([o.regis.poolId, o.cips.poolId, o.nope.poolId].sort())

    // 800 ADA against 40,000.00 FRESH: 0.02 ADA per FRESH.
    const pool = o.chain.pool({ dex: 'minswap-v2', assetA: LOVELACE, assetB: FRESH, reserveA: 800_000_000n, reserveB: 4_000_000n, lpSupply: 56_000_000n, feeBps: 25 })
    const block = o.chain.addBlock([[{ pool, reserveA: 800_000_000n, reserveB: 4_000_000n }]])
    const creation = o.chain.txs.at(-1)!
    await poll()
    const { body } = await s.svc.json('/api/v1/pools/new?limit=10')
    expect(body.count).toBe(4)
    const expected = {
      poolId: pool.poolId,
      dexId: 'minswap-v2',
      name: 'FRESH / ADA',
      token: { unit: FRESH, ticker: null, name: null, decimals: null, decimalsSource: 'unknown' },
      initialReserves: { ada: '800000000', token: '4000000' },
      created: { blockHeight: block.height, blockHash: block.hash, time: block.time, txHash: creation.txHash },
    }
    expect(body.pools[0]).toMatchObject(expected)
    expect(body.pools[0].initialPrice).toBeCloseTo(800 / 4_000_000, 15) // per base unit: decimals not known yet
    const event = await c.next('pool')
    expect(event.data.pools).toEqual([body.pools[0]])

    // Once the chain API told FRESH's decimals, the same pool is priced per whole token.
    await s.svc.deps.chain!.identities.step()
    const later = (await s.svc.json('/api/v1/pools/new?limit=9&dex=minswap-v2')).body
    expect(later.pools.map((p: { poolId: string }) => p.poolId)).toEqual([pool.poolId, o.regis.poolId])
    expect(later.pools[0].token).toEqual({ unit: FRESH, ticker: 'FRESH', name: 'Fresh', decimals: 2, decimalsSource: 'chain-registry' })
    expect(later.pools[0].initialPrice).toBeCloseTo(0.02, 14)
    const older = (await s.svc.json(`/api/v1/pools/new?before=${block.time}`)).body
    expect(older.pools.map((p: { poolId: string }) => p.poolId)).not.toContain(pool.poolId)
  })

  it('gives one pool’s current state as the fake chain holds it', async () => {
    const state = o.regis.spec
    const last = o.chain.txs.filter((t) => t.outputs.some((out) => out.assets.has(o.regis.poolId))).at(-1)!
    const { status, body } = await s.svc.json(`/api/v1/pools/${o.regis.poolId.toUpperCase()}`)
    expect(status).toBe(200)
    expect(body).toMatchObject({
      poolId: o.regis.poolId,
      dexId: 'minswap-v2',
      token: { unit: REGIS, ticker: 'REGIS', decimals: 4, decimalsSource: 'chain-registry' },
      reserves: { ada: String(state.reserveA), token: String(state.reserveB) },
      lpSupply: String(state.lpSupply),
      feeBps: { adaIn: 30, tokenIn: 30 },
      lastUpdate: { blockHeight: last.block.height, time: last.block.time, txHash: last.txHash },
      created: { blockHeight: o.chain.firstHeight, blockHash: o.chain.blocks[0].hash },
    })
    expect(body.priceAda).toBeCloseTo(Number(state.reserveA) / 1e6 / (Number(state.reserveB) / 1e4), 12)
    for (const [path, code, status] of [
      [`/api/v1/pools/${'cd'.repeat(32)}`, 'chain_pool_not_found', 404],
      ['/api/v1/pools/xyz', 'invalid_pool_id', 400],
      ['/api/v1/pools/new?limit=201', 'invalid_limit', 400],
      ['/api/v1/pools/new?dex=uniswap', 'invalid_dex', 400],
      ['/api/v1/pools/new?before=soon', 'invalid_before', 400],
    ] as const) {
      const res = await s.svc.json(path)
      expect([res.status, res.body.code]).toEqual([status, code])
      expect(res.body.hint.length).toBeGreaterThan(10)
    }
  })

  it('drops a pool created in a block that a rollback removed, and the swap of that block from the hourly candles', async () => {
    const tip = o.chain.tip!.height
    const chart = async (limit: number) => (await s.svc.json(`/api/v1/tokens/${REGIS}/ohlcv?tf=1h&quote=ada&limit=${limit}`)).body.candles
    const orphan = o.chain.pool({ dex: 'wingriders-v2', assetA: LOVELACE, assetB: FRESH, reserveA: 700_000_000n, reserveB: 3_000_000n, lpSupply: 45_000_000n })
    // REGIS buy in the same block: 100 ADA for 196,078.4314 REGIS (the pool held 5,000 ADA and 1,000,000 REGIS).
    o.chain.addBlock([[{ pool: orphan, reserveA: 700_000_000n, reserveB: 3_000_000n }], [{ pool: o.regis, reserveA: 5_100_000_000n, reserveB: 9_803_921_569n }]])
    await poll()
    expect((await s.svc.json(`/api/v1/pools/${orphan.poolId}`)).status).toBe(200)
    expect((await chart(490)).at(-1).close).toBeCloseTo(5_100 / 980_392.1569, 12)
    o.chain.rollbackTo(tip, [orphan, o.regis])
    o.chain.addBlock([])
    o.chain.addBlock([])
    expect((await poll()).rolledBackFrom).toBe(tip + 1)
    s.svc.advance(60_000) // past the answers' lifetimes
    expect((await s.svc.json(`/api/v1/pools/${orphan.poolId}`)).body.code).toBe('chain_pool_not_found')
    const listed = (await s.svc.json('/api/v1/pools/new?limit=8')).body.pools.map((p: { poolId: string }) => p.poolId)
    expect(listed).not.toContain(orphan.poolId)
    // The hour's candle was built again without the orphaned swap: it closes where the pool stood before (0.005).
    expect((await chart(489)).at(-1).close).toBeCloseTo(0.005, 12)
  })

  it('asks the chain API again about a token without metadata only after a week', async () => {
    s.svc.fake.calls.length = 0
    s.svc.advance(6 * 86_400_000)
    expect((await s.svc.deps.chain!.identities.step()).asked).toBe(0)
    s.svc.advance(2 * 86_400_000)
    expect((await s.svc.deps.chain!.identities.step()).asked).toBe(1)
    expect((s.svc.fake.callsTo('koios', '/asset_info')[0].body as { _asset_list: string[][] })._asset_list).toEqual([[NOPE.slice(0, 56), NOPE.slice(56)]])
  })
})
