/**
 * The pools a token can be charted from: source B pools whose base token is the unit (a pool where it is the
 * quote side charts another token's price), on a DEX source B names that is not one of source A's (the same
 * rule as the screener's merge; source A has no candles). One per address, deepest (largest USD reserve)
 * first; ties keep source B's order.
 */
import { chainPoolRef } from '../../chain/serving'
import type { ChainPoolRow } from '../../db/schema'
import { isSourceADex, type CoverageConfig } from '../../market/coverage'
import type { GtPool } from '../../upstream/geckoterminal'
import type { PoolRef } from './schemas'

export interface ChartablePool extends PoolRef {
  reserveUsd: number | null
  /** Unix seconds; paging back stops there. */
  createdAt: number | null
}

export function chartablePools(unit: string, pools: readonly GtPool[], dexes: CoverageConfig): ChartablePool[] {
  const seen = new Set<string>()
  const out: ChartablePool[] = []
  for (const pool of pools) {
    const address = pool.address.toLowerCase()
    if (pool.dexId === null || isSourceADex(dexes, pool.dexId)) continue
    if (pool.baseTokenUnit?.toLowerCase() !== unit || seen.has(address)) continue
    seen.add(address)
    out.push({
      address,
      dexId: pool.dexId,
      name: pool.name ?? 'unnamed pool',
      reserveUsd: pool.reserveUsd,
      createdAt: pool.createdAt === null ? null : Math.floor(pool.createdAt / 1000),
    })
  }
  return out.sort((a, b) => (b.reserveUsd ?? 0) - (a.reserveUsd ?? 0))
}

export const poolRef = (pool: PoolRef): PoolRef => ({ address: pool.address, dexId: pool.dexId, name: pool.name })

/**
 * The span a pool's history is measured against: the default chart's (300 hourly candles). A pool with that much
 * history or more counts its whole liquidity; a younger one in proportion, so a pool of a day beside one of months
 * is the default only when it is far deeper. The same for every timeframe: the default pool does not change with it.
 */
export const HISTORY_SPAN_SECONDS = 300 * 3600

/** A followed pool with where its chart can start: its creation on chain, or the follower's first record of it. */
export type FollowedPool = ChainPoolRow & { firstRecord: number | null }

/**
 * One pool the chart may show: followed on chain (`chain`), listed by source B (`sourceB`), or both (a Minswap V2
 * pool's id is source B's pool address). `score` ranks them (chart-pools rule below); null when unknown.
 */
export interface ChartChoice {
  ref: PoolRef
  chain: FollowedPool | null
  sourceB: ChartablePool | null
  score: number | null
}

/**
 * Chain first: a pool only source B lists is the default only when its weighted liquidity is more than this many
 * times a followed pool's. Its chart costs source B calls (10 a minute for the whole service, so it goes partial as
 * soon as a few clients ask) and its candles are an aggregator's, where a followed pool's are this service's own
 * and cost no call.
 */
export const CHAIN_PREFERENCE = 10

const historyWeight = (start: number | null, nowSeconds: number) => (start === null ? 0 : Math.min(1, Math.max(0, nowSeconds - start) / HISTORY_SPAN_SECONDS))

/**
 * The token's chartable pools, the default first: the followed pools and source B's chartable pools, one entry per
 * address. Each pool's liquidity weighted by its history (HISTORY_SPAN_SECONDS): a followed pool's liquidity is its
 * chain liquidity (twice its tradeable ADA reserve, in ADA), its history from its creation or the follower's first
 * record (or source B's creation of it, when source B lists it); a pool only source B lists counts its USD reserve in
 * ADA at ADA's USD price, its history from source B's creation of it (unknown: whole), and ranks above a followed
 * pool only when more than CHAIN_PREFERENCE times deeper. Without ADA's price such a pool comes after the followed ones
 * (beside none, its USD reserve ranks it). Ties go to the larger ADA reserve, then to the order given.
 */
export function chartChoices(followed: readonly FollowedPool[], sourceB: readonly ChartablePool[], ticker: string, adaUsd: number | null, nowSeconds: number): ChartChoice[] {
  const listed = new Map(sourceB.map((p) => [p.address, p]))
  const choices: ChartChoice[] = followed.map((chain) => {
    const pool = listed.get(chain.poolId) ?? null
    const starts = [chain.createdTime, chain.firstRecord, pool?.createdAt ?? null].filter((t): t is number => t !== null)
    const liquidityAda = (2 * Number(chain.reserveAda)) / 1e6
    const weighted = liquidityAda * historyWeight(starts.length === 0 ? null : Math.min(...starts), nowSeconds)
    return { ref: chainPoolRef(chain, ticker), chain, sourceB: pool, score: weighted * CHAIN_PREFERENCE }
  })
  const inAda = followed.length > 0
  for (const pool of sourceB) {
    if (followed.some((f) => f.poolId === pool.address)) continue
    const liquidity = pool.reserveUsd === null ? null : inAda ? (adaUsd === null ? null : pool.reserveUsd / adaUsd) : pool.reserveUsd
    const weight = pool.createdAt === null ? 1 : historyWeight(pool.createdAt, nowSeconds)
    choices.push({ ref: poolRef(pool), chain: null, sourceB: pool, score: liquidity === null ? null : liquidity * weight })
  }
  const ada = (c: ChartChoice) => (c.chain === null ? -1 : Number(c.chain.reserveAda))
  return choices
    .map((choice, order) => ({ choice, order }))
    .sort((a, b) => (b.choice.score ?? -1) - (a.choice.score ?? -1) || ada(b.choice) - ada(a.choice) || a.order - b.order)
    .map(({ choice }) => choice)
}
