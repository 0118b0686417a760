/**
 * The default chart of a token whose most liquid pool the chain follower records: its whole history, source B's
 * candles of the same pool (a Minswap V2 pool's id is source B's pool address) before the follower's first
 * record of it, chain-built candles from then on. Here SNEK's Minswap V2 pool has been followed for one hour and
 * source B has 120 days of it; a second followed pool (SundaeSwap V3, which source B does not list for SNEK) is
 * shallower. When source B is refused, the chain-built part is served with `missing` naming it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { LOVELACE } from '../../src/chain/types'
import { FakeChain } from '../fake-upstreams/chain'
import { existedBefore } from '../chain/support/existing-pool'
import { defaultWorld, SAMPLE } from '../fake-upstreams/world'
import { startService, type TestService } from '../helpers'

const DAY = 86_400
const dir = mkdtempSync(join(tmpdir(), 'stitched-chart-'))
let svc: TestService
let firstRecord = 0

beforeAll(async () => {
  const world = defaultWorld()
  const now = Math.floor(Date.now() / 1000)
  // The follower's first record of the pools: one hour ago; a block every 20 s since.
  const chain = new FakeChain(10_000_000, now - 3600, 20)
  const minswap = chain.pool({ dex: 'minswap-v2', assetA: LOVELACE, assetB: SAMPLE.snek, reserveA: 400_000_000_000n, reserveB: 300_000_000_000n, lpSupply: 10_000_000_000n })
  const sundae = chain.pool({ dex: 'sundaeswap-v3', assetA: LOVELACE, assetB: SAMPLE.snek, reserveA: 20_000_000_000n, reserveB: 15_000_000_000n, lpSupply: 1_000_000_000n })
  expect(minswap.poolId).toBe(SAMPLE.minswapSnekPool)
  // Both pools were on chain long before the follower's first block (source B has four months of one of them).
  existedBefore(chain, minswap)
  existedBefore(chain, sundae)
  chain.addBlock([[{ pool: minswap, reserveA: 400_000_000_000n, reserveB: 300_000_000_000n }], [{ pool: sundae, reserveA: 20_000_000_000n, reserveB: 15_000_000_000n }]])
  for (let i = 1; i <= 30; i++) {
    const ada = 400_000_000_000n + BigInt(i) * 1_000_000_000n
    chain.addBlock([[{ pool: minswap, reserveA: ada, reserveB: (400_000_000_000n * 300_000_000_000n) / ada }]])
  }
  chain.growTo(chain.firstHeight + 170)
  firstRecord = chain.firstTime
  world.koios.chain = chain
  // Source B: 120 daily candles of the same pool, the newest today.
  const today = Math.floor(now / DAY) * DAY
  world.geckoterminal.ohlcv.set(`${SAMPLE.minswapSnekPool}|day|1`, Array.from({ length: 120 }, (_, i) => [today - i * DAY, 0.0013, 0.0014, 0.0012, 0.0013, 1000 + i]))
  svc = await startService({ world, env: { DATABASE_URL: `file:${join(dir, 'chart.db')}`, CHAIN_FOLLOW: 'on', CHAIN_BACKFILL_HOURS: '2' } })
  for (let i = 0; i < 20 && (await svc.deps.chain!.follower.poll()).cursor?.height !== chain.tip!.height; i++);
})

afterAll(async () => {
  await svc.stop()
  rmSync(dir, { recursive: true, force: true })
})

describe('the default chart of a pool followed for an hour and on source B for 120 days', () => {
  it('has 90 daily candles: source B before the first record, chain-built from its day on, and says where the seam is', async () => {
    const { status, body } = await svc.json(`/api/v1/tokens/${SAMPLE.snek}/ohlcv?tf=1d&limit=90`)
    expect(status).toBe(200)
    expect(body.pool).toEqual({ address: SAMPLE.minswapSnekPool, dexId: 'minswap-v2', name: 'SNEK / ADA' })
    expect(body.candles).toHaveLength(90)
    const seam = Math.floor(firstRecord / DAY) * DAY
    const chainBuilt = body.candles.filter((c: any) => c.source === 'chain')
    expect(chainBuilt.length).toBeGreaterThanOrEqual(1)
    expect(chainBuilt.every((c: any) => c.time >= seam)).toBe(true)
    expect(body.candles.slice(-chainBuilt.length)).toEqual(chainBuilt)
    expect(body.candles.filter((c: any) => c.source === 'sourceB').every((c: any) => c.time < seam)).toBe(true)
    // Ascending, one per day, the oldest 89 days back from the seam's side.
    expect(body.candles.map((c: any) => c.time)).toEqual([...body.candles.map((c: any) => c.time)].sort((a, b) => a - b))
    expect(new Set(body.candles.map((c: any) => c.time)).size).toBe(90)
    expect(body.coverage).toContain(`from ${new Date(seam * 1000).toISOString().replace('.000Z', 'Z')} on built by this service`)
    expect(body.coverage).toContain("source B's candles of the same pool")
    expect(body.missing).toEqual([])
    // The most liquid pool first; the followed pool source B does not list is a choice too.
    expect(body.poolChoices[0].address).toBe(SAMPLE.minswapSnekPool)
    expect(body.poolChoices.map((p: any) => p.dexId)).toContain('sundaeswap-v3')
  })

  it('reads source B as a chart of that pool does: one call for the daily page', async () => {
    svc.fake.resetCalls()
    svc.deps.upstreamCache.clear()
    svc.deps.responses.invalidate('')
    const { status } = await svc.json(`/api/v1/tokens/${SAMPLE.snek}/ohlcv?tf=1d&limit=90`)
    expect(status).toBe(200)
    expect(svc.fake.callsTo('geckoterminal', `/networks/cardano/pools/${SAMPLE.minswapSnekPool}/ohlcv/day`)).toHaveLength(1)
  })

  it('reads no source B candles when the chain-built ones alone fill the answer', async () => {
    svc.fake.resetCalls()
    svc.deps.upstreamCache.clear()
    svc.deps.responses.invalidate('')
    const { status, body } = await svc.json(`/api/v1/tokens/${SAMPLE.snek}/ohlcv?tf=1h&limit=1`)
    expect(status).toBe(200)
    expect(body.candles).toHaveLength(1)
    expect(body.candles[0].source).toBe('chain')
    expect(svc.fake.callsTo('geckoterminal', `/networks/cardano/pools/${SAMPLE.minswapSnekPool}/ohlcv`)).toHaveLength(0)
  })

  it('serves the chain-built part with missing naming source B when source B fails', async () => {
    svc.deps.upstreamCache.clear()
    svc.deps.responses.invalidate('')
    svc.fake.fail('geckoterminal', 'server_error')
    try {
      const { status, body, res } = await svc.json(`/api/v1/tokens/${SAMPLE.snek}/ohlcv?tf=1h&limit=300`)
      expect(status).toBe(200)
      expect(body.pool.address).toBe(SAMPLE.minswapSnekPool)
      expect(body.candles.length).toBeGreaterThan(0)
      expect(body.candles.every((c: any) => c.source === 'chain')).toBe(true)
      expect(body.missing).toEqual([{ source: 'sourceB', code: 'upstream_unavailable', retryAfter: 10 }])
      expect(res.headers.get('x-cache')).toBe('STALE')
    } finally {
      svc.fake.heal()
    }
  })
})
