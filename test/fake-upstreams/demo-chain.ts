/**
 * The demo's chain (bun run demo, the benchmarks): `hours` of blocks, 20 s apart, in which every curated token has
 * an ADA pool on Minswap V2 (the pool source B lists for it in the demo world) and a third of them one more across
 * the six other followed DEXes, and trades on them (constant-product swaps of 0.05–1 % of the pool, leaning back
 * towards the pool's opening price, a deposit now and then). The pools were created two days before the first
 * block of trades (`createdBlocksEarlier`), so a follower reading the trades back finds them existing, as mainnet's
 * established pools are, rather than all created at its first block. `tick()` adds the next block with a few swaps
 * (and one on each of `liveUnits`' pools), so the follower always has something new. Deterministic: the same
 * registry gives the same chain.
 */
import { LOVELACE, type DexId } from '../../src/chain/types'
import type { RegistryToken } from '../../src/registry/registry'
import { FakeChain, type FakePool, type PoolMove } from './chain'
import { demoPrice } from './demo-market'
import { seededRandom } from '../support/seeded-random'

const DEXES: DexId[] = ['minswap-v2', 'sundaeswap-v3', 'wingriders-v2', 'splash', 'minswap-v1', 'sundaeswap-v1', 'wingriders-v1']
const OTHER_DEXES = DEXES.filter((dex) => dex !== 'minswap-v2')
const BLOCK_SECONDS = 20
const DAY_BLOCKS = 86_400 / BLOCK_SECONDS


export interface DemoChain {
  chain: FakeChain
  pools: FakePool[]
  /** Add the next block (a few swaps on random pools). */
  tick(): void
}

/**
 * `swapsPerBlock`: average pool updates a block (the bench states the rate it uses). ADA at `adaUsd` turns the
 * demo's USD prices into pool reserves.
 */
export function demoChain(
  tokens: readonly RegistryToken[],
  options: {
    nowMs?: number
    adaUsd?: number
    swapsPerBlock?: number
    hours?: number
    blocks?: number
    unfollowedPools?: number
    createdBlocksEarlier?: number
    /** Units whose first pool trades in every block `tick()` adds (a token page that moves as one watches it). */
    liveUnits?: readonly string[]
  } = {},
): DemoChain {
  const now = Math.floor((options.nowMs ?? Date.now()) / 1000)
  const adaUsd = options.adaUsd ?? 0.65
  const perBlock = options.swapsPerBlock ?? 0.4
  const rand = seededRandom(20)
  // Heights follow the clock, so a demo restarted on the same database finds the chain ahead of its cursor.
  // The first block of trades, `hours` before now; `blocks` of them (by default up to now).
  const span = ((options.hours ?? 24) * 3600) / BLOCK_SECONDS
  const first = Math.floor(now / BLOCK_SECONDS) - span
  // The pools' creation block, this many blocks before the first block of trades (at least the one before it).
  const created = first - Math.max(1, options.createdBlocksEarlier ?? 2 * DAY_BLOCKS)
  const chain = new FakeChain(created, created * BLOCK_SECONDS, BLOCK_SECONDS)
  const pools: FakePool[] = []
  tokens.forEach((token, i) => {
    const priceAda = demoPrice(token.ticker, 0) / adaUsd
    const count = i % 3 === 0 ? 2 : 1
    for (let k = 0; k < count; k++) {
      const adaSide = BigInt(Math.round(20_000 + rand() * 1_500_000)) * 1_000_000n
      const tokenSide = BigInt(Math.max(1, Math.round((Number(adaSide) / 1e6 / priceAda) * 10 ** token.decimals)))
      // Every token on Minswap V2 (as on mainnet; the demo world's source B lists the same pool), a third on another DEX too.
      const dex = k === 0 ? 'minswap-v2' : OTHER_DEXES[i % OTHER_DEXES.length]
      pools.push(chain.pool({ dex, assetA: LOVELACE, assetB: token.unit, reserveA: adaSide, reserveB: tokenSide, lpSupply: 1_000_000_000n + BigInt(i) }))
    }
  })
  // Pools of tokens outside the registry: the follower reads their transactions and discards them (mainnet's waste).
  for (let i = 0; i < (options.unfollowedPools ?? 0); i++) {
    const unit = Bun.hash.wyhash(`unfollowed:${i}`).toString(16).padStart(16, '0').repeat(4).slice(0, 56) + '4e4f4e45'
    pools.push(chain.pool({ dex: DEXES[i % DEXES.length], assetA: LOVELACE, assetB: unit, reserveA: 50_000_000_000n, reserveB: 1_000_000_000_000n, lpSupply: 1_000_000_000n }))
  }
  // Each pool's opening price (ADA per base unit): swaps lean back towards it, so the chain's price stays near the
  // market's (the demo's sources A and B price the tokens from the same table) however long the chain runs.
  const opening = new Map(pools.map((p) => [p, Number(p.spec.reserveA) / Number(p.spec.reserveB)]))
  const swap = (pool: FakePool): PoolMove => {
    const { reserveA, reserveB } = pool.spec
    const share = 0.0005 + rand() * 0.01
    const drift = Math.log(Number(reserveA) / Number(reserveB) / opening.get(pool)!)
    // ADA in (a buy) raises the price: less likely the further the price is above its opening, and the other way.
    if (rand() < Math.min(0.85, Math.max(0.15, 0.5 - 4 * drift))) {
      const ada = BigInt(Math.max(1_000_000, Math.round(Number(reserveA) * share)))
      return { pool, reserveA: reserveA + ada, reserveB: (reserveA * reserveB) / (reserveA + ada) }
    }
    const tok = BigInt(Math.max(1, Math.round(Number(reserveB) * share)))
    return { pool, reserveA: (reserveA * reserveB) / (reserveB + tok), reserveB: reserveB + tok }
  }
  const deposit = (pool: FakePool): PoolMove => {
    const { reserveA, reserveB, lpSupply } = pool.spec
    return { pool, reserveA: (reserveA * 101n) / 100n, reserveB: (reserveB * 101n) / 100n, lpSupply: (lpSupply * 101n) / 100n }
  }
  const live = (options.liveUnits ?? []).flatMap((unit) => pools.find((p) => p.spec.assetB === unit) ?? [])
  const nextBlock = (always: readonly FakePool[] = []) => {
    const txs: PoolMove[][] = always.map((pool) => [swap(pool)])
    let n = Math.floor(perBlock) + (rand() < perBlock % 1 ? 1 : 0)
    const used = new Set<FakePool>(always)
    while (n-- > 0) {
      const pool = pools[Math.floor(rand() * pools.length)]
      if (used.has(pool)) continue
      used.add(pool)
      txs.push([rand() < 0.05 ? deposit(pool) : swap(pool)])
    }
    chain.addBlock(txs, { height: Math.max(first, chain.tip!.height + 1) })
  }
  chain.addBlock(pools.map((p) => [{ pool: p, reserveA: p.spec.reserveA, reserveB: p.spec.reserveB }]))
  for (let b = 0; b < (options.blocks ?? span); b++) nextBlock()
  return { chain, pools, tick: () => nextBlock(live) }
}
