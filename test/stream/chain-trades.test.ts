/**
 * The chain follower on the live stream, through a real `eventsource` client: a `trades:<unit>` snapshot gives the
 * recorded recent trades as GET /tokens/{asset}/trades does; a swap the follower records on the fake Koios chain
 * arrives as `event: trade` with the REST row; a rollback makes the topic `reset` without the orphaned trade,
 * and its replacement follows as a trade.
 */
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { scenario, SNEK, worldOf, type Scenario } from '../chain/support/scenario'
import { Collector } from './collector'
import { startStreamService, type StreamService } from './support'

const dir = mkdtempSync(join(tmpdir(), 'stream-chain-'))
let s: StreamService
let chain: Scenario
const open: Collector[] = []
const poll = () => s.svc.deps.chain!.follower.poll()
let asked = 0
/** The REST answer's newest trades (a `before` far ahead, new each time: the route caches per query for 15 s). */
const restTrades = async (limit: number) => (await s.svc.json(`/api/v1/tokens/${SNEK}/trades?limit=${limit}&before=${99_999_999_000 + asked++}`)).body.trades
const collector = () => {
  const c = new Collector(`${s.base}/api/v1/stream?topics=trades:${SNEK}`)
  open.push(c)
  return c
}

beforeAll(async () => {
  chain = scenario()
  const world = worldOf(chain)
  s = await startStreamService({ world, env: { DATABASE_URL: `file:${join(dir, 'c.db')}`, CHAIN_FOLLOW: 'on', CHAIN_BACKFILL_HOURS: '3' } })
  for (let i = 0; i < 10 && (await poll()).cursor?.height !== chain.chain.tip!.height; i++);
})

afterAll(async () => {
  for (const c of open) c.close()
  await s.stop()
  rmSync(dir, { recursive: true, force: true })
})

describe('trades:<unit> fed by the chain follower', () => {
  it('starts with a snapshot of the recorded recent trades, the REST rows', async () => {
    const c = collector()
    const snapshot = await c.next('snapshot')
    expect(snapshot.data).toMatchObject({ topic: `trades:${SNEK}`, recorded: true })
    expect(snapshot.data.note).toBeUndefined()
    expect(snapshot.data.trades).toHaveLength(3)
    expect(snapshot.data.trades).toEqual(await restTrades(20))
  })

  it('sends event: trade when the follower records a swap, with the row GET /trades answers', async () => {
    const c = collector()
    await c.next('snapshot')
    chain.chain.addBlock([[{ pool: chain.p1, reserveA: 1_013_000_000_000n, reserveB: 251_751_000n }]]) // buy 249,250 SNEK
    await poll()
    const trade = await c.next('trade')
    expect(trade.data.topic).toBe(`trades:${SNEK}`)
    expect(trade.data.trades).toHaveLength(1)
    expect(trade.data.trades[0]).toMatchObject({ blockHeight: chain.chain.tip!.height, side: 'buy', amountToken: '249250', source: 'chain' })
    expect(trade.data.trades[0].priceUsd).toBeCloseTo(trade.data.trades[0].priceQuote * 0.65, 12)
    expect(trade.data.trades).toEqual(await restTrades(1))
    // A client arriving now gets it in its snapshot, newest first.
    const later = collector()
    const snapshot = await later.next('snapshot')
    expect(snapshot.data.trades).toHaveLength(4)
    expect(snapshot.data.trades[0]).toEqual(trade.data.trades[0])
  })

  it('resets the topic on a rollback (the orphaned trade gone), then sends the replacement', async () => {
    const c = collector()
    await c.next('snapshot')
    const orphan = (await restTrades(2))[0]
    const fork = orphan.blockHeight
    chain.chain.rollbackTo(fork - 1, chain.pools)
    chain.chain.addBlock([[{ pool: chain.p1, reserveA: 1_011_000_000_000n, reserveB: 252_250_000n }]]) // sell 249,750 SNEK
    chain.chain.addBlock([])
    expect((await poll()).rolledBackFrom).toBe(fork)
    const reset = await c.next('reset')
    expect(reset.data).toMatchObject({ topic: `trades:${SNEK}`, fromHeight: fork })
    expect(reset.data.trades).toHaveLength(3)
    expect(reset.data.trades.some((t: any) => t.txHash === orphan.txHash)).toBe(false)
    const replacement = await c.next('trade')
    expect(replacement.data.trades[0]).toMatchObject({ blockHeight: fork, side: 'sell', amountToken: '249750' })
    expect(c.events.findIndex((e) => e.type === 'reset')).toBeLessThan(c.events.findIndex((e) => e.type === 'trade'))
    expect(replacement.data.trades).toEqual(await restTrades(1))
  })
})
