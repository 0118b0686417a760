/**
 * A fake chain whose every pool move is logged as the test wrote it (reserves before and after, LP supply, block
 * height and time), and the /chain/tokens figures worked out here from that log alone: by the rules the endpoint
 * documents, with plain arithmetic, never through the service's own code. A CIP-14 fingerprint too, from
 * blake2b-160 and bech32 libraries the service does not use.
 */
import { blake2b } from '@noble/hashes/blake2b'
import { bech32 } from 'bech32'
import { LOVELACE, type DexId } from '../../../src/chain/types'
import { FakeChain, type FakePool } from '../../fake-upstreams/chain'

export const DAY = 86_400

export interface LoggedMove {
  poolId: string
  token: string
  height: number
  time: number
  /** Order in the block. */
  index: number
  before: { a: bigint; b: bigint; lp: bigint } | null
  after: { a: bigint; b: bigint; lp: bigint }
}

export interface PoolPlan {
  dex: DexId
  token: string
  a: bigint
  b: bigint
  lp: bigint
}

/** One move of a pool in a block: new reserves (and LP supply, for a deposit or withdrawal). */
export interface Step {
  pool: FakePool
  a: bigint
  b: bigint
  lp?: bigint
}

export class Ledger {
  readonly moves: LoggedMove[] = []
  readonly pools: FakePool[] = []

  constructor(readonly chain: FakeChain) {}

  pool(plan: PoolPlan): FakePool {
    const pool = this.chain.pool({ dex: plan.dex, assetA: LOVELACE, assetB: plan.token, reserveA: plan.a, reserveB: plan.b, lpSupply: plan.lp })
    this.pools.push(pool)
    return pool
  }

  /** The next block, one transaction per step (a pool's first step creates it). */
  block(steps: Step[]): void {
    const before = steps.map((s) => (s.pool.output === null ? null : { a: s.pool.spec.reserveA, b: s.pool.spec.reserveB, lp: s.pool.spec.lpSupply }))
    const block = this.chain.addBlock(steps.map((s) => [{ pool: s.pool, reserveA: s.a, reserveB: s.b, lpSupply: s.lp }]))
    steps.forEach((s, index) => {
      this.moves.push({
        poolId: s.pool.poolId,
        token: s.pool.spec.assetB,
        height: block.height,
        time: block.time,
        index,
        before: before[index],
        after: { a: s.a, b: s.b, lp: s.lp ?? s.pool.spec.lpSupply },
      })
    })
  }

  /** Blocks above `height` are dropped (a rollback): so are their moves. */
  rollbackTo(height: number): void {
    this.chain.rollbackTo(height, this.pools)
    for (let i = this.moves.length - 1; i >= 0; i--) if (this.moves[i].height > height) this.moves.splice(i, 1)
  }
}

/** A constant-product buy (ADA in) or sell (token in) of `share` of the pool, from its reserves now. */
export function swap(pool: FakePool, share: number, buy: boolean): Step {
  const { reserveA: a, reserveB: b } = pool.spec
  if (buy) {
    const ada = BigInt(Math.round(Number(a) * share))
    return { pool, a: a + ada, b: (a * b) / (a + ada) }
  }
  const tokens = BigInt(Math.round(Number(b) * share))
  return { pool, a: (a * b) / (b + tokens), b: b + tokens }
}

/** A batch whose opposite orders netted out: both reserves rose by the fees, LP unchanged (a swap with no side). */
export const netted = (pool: FakePool): Step => ({ pool, a: (pool.spec.reserveA * 1001n) / 1000n, b: (pool.spec.reserveB * 1001n) / 1000n })

/** A deposit of 2 %: reserves and LP supply up alike. */
export const deposit = (pool: FakePool): Step => ({ pool, a: (pool.spec.reserveA * 102n) / 100n, b: (pool.spec.reserveB * 102n) / 100n, lp: (pool.spec.lpSupply * 102n) / 100n })

export interface ExpectedRow {
  address: string
  priceAda: number | null
  change24h: number | null
  liquidityAda: number
  volume24hAda: number
  buys24h: number
  sells24h: number
  txns24h: number
  pairCount: number
  dexIds: string[]
  topPairAddress: string
  pairCreatedAt: number | null
}

const sideOf = (m: LoggedMove): 'buy' | 'sell' | null => {
  if (m.before === null || m.after.lp !== m.before.lp) return null
  const da = m.after.a - m.before.a
  const db = m.after.b - m.before.b
  return da > 0n && db < 0n ? 'buy' : da < 0n && db > 0n ? 'sell' : null
}

const chainOrder = (x: LoggedMove, y: LoggedMove) => x.height - y.height || x.index - y.index

/**
 * The row of `token` as of the window ending at `end`, from the moves the follower read (heights above `readAbove`:
 * the backfill's bottom; the current state of every pool is read anyway). `decimals` null: per base unit.
 */
export function expectedRow(ledger: Ledger, token: string, end: number, readAbove: number, decimals: number | null, dexOf: (poolId: string) => string): ExpectedRow {
  const start = end - DAY
  const moves = ledger.moves.filter((m) => m.token === token).sort(chainOrder)
  const poolIds = [...new Set(moves.map((m) => m.poolId))]
  const last = (poolId: string) => moves.filter((m) => m.poolId === poolId).at(-1)!
  const deepest = [...poolIds].sort((x, y) => {
    const d = last(y).after.a - last(x).after.a
    return d > 0n ? 1 : d < 0n ? -1 : x < y ? -1 : 1
  })[0]
  const price = (s: { a: bigint; b: bigint }) => (s.b === 0n ? null : Number(s.a) / 1e6 / (Number(s.b) / 10 ** (decimals ?? 0)))
  const now = last(deepest)
  const read = moves.filter((m) => m.height > readAbove)
  const then = now.time <= start ? now : read.filter((m) => m.poolId === deepest && m.time <= start).at(-1)
  const priceNow = price(now.after)
  const priceThen = then === undefined ? null : price(then.after)
  const trades = read.filter((m) => m.time > start && m.time <= end && sideOf(m) !== null)
  const creations = poolIds.map((id) => moves.find((m) => m.poolId === id && m.before === null))
  const buys = trades.filter((m) => sideOf(m) === 'buy').length
  const sells = trades.length - buys
  return {
    address: token,
    priceAda: priceNow,
    change24h: priceNow === null || priceThen === null ? null : (priceNow / priceThen - 1) * 100,
    liquidityAda: (2 * poolIds.reduce((sum, id) => sum + Number(last(id).after.a), 0)) / 1e6,
    volume24hAda: trades.reduce((sum, m) => sum + Math.abs(Number(m.after.a - m.before!.a)), 0) / 1e6,
    buys24h: buys,
    sells24h: sells,
    txns24h: buys + sells,
    pairCount: poolIds.length,
    dexIds: [...new Set(poolIds.map(dexOf))].sort(),
    topPairAddress: deepest,
    pairCreatedAt: creations.every((c) => c !== undefined && c.height > readAbove) ? Math.min(...creations.map((c) => c!.time)) * 1000 : null,
  }
}

/** CIP-14: bech32 "asset" of blake2b-160 over policy id and asset name bytes. */
export function cip14(unit: string): string {
  const digest = blake2b(Buffer.from(unit, 'hex'), { dkLen: 20 })
  return bech32.encode('asset', bech32.toWords(digest))
}

/** Largest tradeable ADA reserve of the token's pools now (the threshold's measure), in ADA. */
export function deepestAda(ledger: Ledger, token: string): number {
  const byPool = new Map<string, bigint>()
  for (const m of ledger.moves.filter((m) => m.token === token).sort(chainOrder)) byPool.set(m.poolId, m.after.a)
  return Math.max(...[...byPool.values()].map((a) => Number(a) / 1e6))
}
