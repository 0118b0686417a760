/**
 * Following through Ogmios, live: the service follows the fake Ogmios over a real WebSocket (its own client, a
 * real loopback socket) and serves a swap in /tokens/{unit}/trades, on the stream's trades:<unit> (a real
 * EventSource client), in the chain-built candles and in /chain/tokens within 2 s of the block's delivery, a new
 * pool in /pools/new and on pools:new within 2 s, a rollback within 2 s; and it makes no chain API call per block.
 */
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { LOVELACE } from '../../src/chain/types'
import { FakeOgmios } from '../fake-upstreams/ogmios'
import { Collector } from '../stream/collector'
import { startStreamService, type StreamService } from '../stream/support'
import { scenario, SNEK, worldOf, type Scenario } from './support/scenario'

const LIVE_MS = 2000
const dir = mkdtempSync(join(tmpdir(), 'ogmios-live-'))
let s: Scenario
let ogmios: FakeOgmios
let svc: StreamService
const open: Collector[] = []

/** Ask `path` until `found` holds for its body; the time it first held (ms), or a failure after 5 s. */
async function servedAt(path: string, found: (body: any) => boolean): Promise<number> {
  const until = Date.now() + 5000
  while (Date.now() < until) {
    const { body } = await svc.svc.json(path)
    if (found(body)) return Date.now()
    await Bun.sleep(10)
  }
  throw new Error(`${path} never showed it`)
}

async function caughtUp(): Promise<void> {
  const until = Date.now() + 10_000
  while ((await svc.svc.deps.chain!.position.read()).processed?.blockHash !== s.chain.tip!.hash) {
    if (Date.now() > until) throw new Error('the Ogmios follower did not reach the tip')
    await Bun.sleep(10)
  }
}

beforeAll(async () => {
  s = scenario()
  ogmios = await FakeOgmios.start(s.chain)
  const world = worldOf(s)
  svc = await startStreamService({
    world,
    env: { DATABASE_URL: `file:${join(dir, 'live.db')}`, CHAIN_FOLLOW: 'on', CHAIN_BACKFILL_HOURS: '3', CHAIN_SOURCE: 'ogmios', OGMIOS_URL: ogmios.url },
  })
  svc.svc.deps.chain!.runner.start()
  await caughtUp()
}, 30_000)

afterAll(async () => {
  for (const c of open) c.close()
  await svc.svc.deps.chain?.runner.stop()
  await svc.stop()
  await ogmios.stop()
  rmSync(dir, { recursive: true, force: true })
})

describe('following through Ogmios: live within seconds', () => {
  it('serves a swap in /trades, on trades:<unit> and in the 1m candles within 2 s of its block, without a chain API call', async () => {
    const tradesPath = `/api/v1/tokens/${SNEK}/trades?limit=5`
    const candlesPath = `/api/v1/tokens/${SNEK}/ohlcv?tf=1m&quote=ada&limit=500`
    // Both answers are cached now (15 s and more): the new swap must still show at once.
    const before = (await svc.svc.json(tradesPath)).body
    const candlesBefore = (await svc.svc.json(candlesPath)).body.candles.length
    const listPath = '/api/v1/chain/tokens?limit=200'
    const snekRow = (body: any) => body.tokens.find((t: any) => t.address === SNEK)
    const txnsBefore = snekRow((await svc.svc.json(listPath)).body).txns24h
    const c = new Collector(`${svc.base}/api/v1/stream?topics=trades:${SNEK}`)
    open.push(c)
    await c.next('snapshot')
    svc.svc.fake.calls.length = 0
    const block = s.chain.addBlock([[{ pool: s.p1, reserveA: 1_013_000_000_000n, reserveB: 251_751_000n }]], { time: Math.floor(Date.now() / 1000) })
    const tx = s.chain.txs[s.chain.txs.length - 1].txHash
    ogmios.deliver()
    const restAt = await servedAt(tradesPath, (body) => body.trades[0]?.txHash === tx)
    const candleAt = await servedAt(candlesPath, (body) => body.candles.length > candlesBefore && body.asOf?.blockHash === block.hash)
    // The chain figures' list (cached 15 s) counts it too.
    const listedAt = await servedAt(listPath, (body) => snekRow(body)?.txns24h === txnsBefore + 1)
    const event = await c.next('trade', (e) => e.data.trades?.some((t: any) => t.txHash === tx) ?? e.data.txHash === tx)
    const delivered = ogmios.deliveredAt.get(block.hash)!
    expect(before.trades[0].txHash).not.toBe(tx)
    expect(restAt - delivered).toBeLessThan(LIVE_MS)
    expect(candleAt - delivered).toBeLessThan(LIVE_MS)
    expect(listedAt - delivered).toBeLessThan(LIVE_MS)
    expect(event.at - delivered).toBeLessThan(LIVE_MS)
    expect(svc.svc.fake.count('koios')).toBe(0)
  })

  it('lists a new pool in /pools/new and on pools:new within 2 s of its block', async () => {
    const NEWT = 'b1128f350aaabe0545fdcb56b039bfb08e4bb4d8c4d7c3c7d481c235' + '4e455754'
    const pool = s.chain.pool({ dex: 'sundaeswap-v3', assetA: LOVELACE, assetB: NEWT, reserveA: 30_000_000_000n, reserveB: 1_000_000n, lpSupply: 5_000_000n })
    s.pools.push(pool)
    const c = new Collector(`${svc.base}/api/v1/stream?topics=pools:new`)
    open.push(c)
    await c.next('snapshot')
    await svc.svc.json('/api/v1/pools/new?limit=10')
    const block = s.chain.addBlock([[{ pool, reserveA: 30_000_000_000n, reserveB: 1_000_000n }]])
    ogmios.deliver()
    const listedAt = await servedAt('/api/v1/pools/new?limit=10', (body) => body.pools.some((p: any) => JSON.stringify(p).includes(pool.poolId)))
    const event = await c.next('pool', (e) => JSON.stringify(e.data).includes(pool.poolId))
    const delivered = ogmios.deliveredAt.get(block.hash)!
    expect(listedAt - delivered).toBeLessThan(LIVE_MS)
    expect(event.at - delivered).toBeLessThan(LIVE_MS)
  })

  it('applies a rollback (backward) within 2 s: the orphaned swap is gone, trades:<unit> resets, the new branch follows', async () => {
    await caughtUp()
    const tip = s.chain.tip!.height
    s.chain.addBlock([[{ pool: s.p2, reserveA: 202_000_000_000n, reserveB: 49_505_000n }]])
    const orphan = s.chain.txs[s.chain.txs.length - 1].txHash
    ogmios.deliver()
    const path = `/api/v1/tokens/${SNEK}/trades?limit=5&pool=${s.p2.poolId}`
    await servedAt(path, (body) => body.trades[0]?.txHash === orphan)
    const c = new Collector(`${svc.base}/api/v1/stream?topics=trades:${SNEK}`)
    open.push(c)
    await c.next('snapshot')
    s.chain.rollbackTo(tip, s.pools)
    const at = Date.now()
    s.chain.addBlock([])
    ogmios.deliver()
    const goneAt = await servedAt(path, (body) => !body.trades.some((t: any) => t.txHash === orphan))
    await c.next('reset')
    expect(goneAt - at).toBeLessThan(LIVE_MS)
    await caughtUp()
    const position = (await svc.svc.json('/api/v1/chain/tip')).body
    expect(position.follower).toMatchObject({ source: 'ogmios', status: 'following', behind: { blocks: 0, seconds: 0 }, processed: { blockHash: s.chain.tip!.hash } })
    expect(position).toMatchObject({ blockHeight: s.chain.tip!.height, blockHash: s.chain.tip!.hash, tipSource: 'follower' })
  })
})
