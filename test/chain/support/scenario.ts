/**
 * The fake chain of the follower tests, with every expected figure worked out by hand in the comments: SNEK
 * (0 decimals) on a Minswap V2 and a SundaeSwap V3 pool, MIN (6 decimals) on a Minswap V1 pool (datum hash).
 * Blocks are 20 s apart from one minute past an hour, so the first three updates share one 1m candle.
 */
import { FakeChain, type FakePool } from '../../fake-upstreams/chain'
import { emptyWorld, type World } from '../../fake-upstreams/world'
import { LOVELACE } from '../../../src/chain/types'

export const SNEK = '279c909f348e533da5808898f87f9a14bb2c3dfbbacccd631d927a3f534e454b'
export const MIN = '29d222ce763455e3d7a09a665ce554f00ac89d2e99a1a83d267170c64d494e'

export interface Scenario {
  chain: FakeChain
  p1: FakePool
  p2: FakePool
  p3: FakePool
  pools: FakePool[]
  /** Block time of height firstHeight + i. */
  timeOf(i: number): number
  first: number
}

/** Fake upstreams whose chain API serves this chain, with ADA at a steady $0.65 (nothing else listed). */
export function worldOf(s: Scenario): World {
  const world = emptyWorld()
  world.koios.chain = s.chain
  world.coingecko.adaPriceAt = () => 0.65
  return world
}

export function scenario(nowMs = Date.now()): Scenario {
  const hourStart = Math.floor(nowMs / 3_600_000) * 3600 - 2 * 3600
  const chain = new FakeChain(10_000_000, hourStart + 60, 20)
  const p1 = chain.pool({ dex: 'minswap-v2', assetA: LOVELACE, assetB: SNEK, reserveA: 1_000_000_000_000n, reserveB: 250_000_000n, lpSupply: 10_000_000_000n })
  const p2 = chain.pool({ dex: 'sundaeswap-v3', assetA: LOVELACE, assetB: SNEK, reserveA: 200_000_000_000n, reserveB: 50_000_000n, lpSupply: 1_000_000_000n, treasuryA: 5_000_000n })
  const p3 = chain.pool({ dex: 'minswap-v1', assetA: LOVELACE, assetB: MIN, reserveA: 500_000_000_000n, reserveB: 25_000_000_000_000n, lpSupply: 100_000_000_000n })
  // h0 (+60 s): the three pools appear (created: not trades). Prices 0.004 (P1), 0.004 (P2), 0.02 (P3).
  chain.addBlock([[{ pool: p1, reserveA: 1_000_000_000_000n, reserveB: 250_000_000n }], [{ pool: p2, reserveA: 200_000_000_000n, reserveB: 50_000_000n }], [{ pool: p3, reserveA: 500_000_000_000n, reserveB: 25_000_000_000_000n }]])
  // h1 (+80 s): P1 buy: 10,000 ADA in, 2,475,000 SNEK out. Price 1,010,000 / 247,525,000.
  chain.addBlock([[{ pool: p1, reserveA: 1_010_000_000_000n, reserveB: 247_525_000n }]])
  // h2 (+100 s): P1 deposit (LP up): not a trade. Price 1,020,100 / 250,000,250.
  chain.addBlock([[{ pool: p1, reserveA: 1_020_100_000_000n, reserveB: 250_000_250n, lpSupply: 10_100_000_000n }]])
  // h3 (+120 s): one tx through two pools: P1 sell 2,000,000 SNEK for 8,100 ADA; P2 buy 249,000 SNEK for 1,000 ADA.
  chain.addBlock([[
    { pool: p1, reserveA: 1_012_000_000_000n, reserveB: 252_000_250n },
    { pool: p2, reserveA: 201_000_000_000n, reserveB: 49_751_000n },
  ]])
  // h4: a Minswap V2 pool output (validity token, P1's LP unit) whose datum is garbage: skipped with a warning.
  chain.addBlock([{ raw: (txHash) => [{ ...p1.output!, txHash, index: 0, datumCbor: 'd87980' }] }])
  // h5: P3 (datum hash, via datum_info) sell 250,000 MIN for 4,950.495049 ADA. Price 495,049.504951 / 25,250,000.
  chain.addBlock([[{ pool: p3, reserveA: 495_049_504_951n, reserveB: 25_250_000_000_000n }]])
  chain.growTo(chain.firstHeight + 20)
  return { chain, p1, p2, p3, pools: [p1, p2, p3], timeOf: (i) => chain.firstTime + 20 * i, first: chain.firstHeight }
}
