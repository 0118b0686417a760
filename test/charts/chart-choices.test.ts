/**
 * The default chart pool, chain first (chartChoices, pure): a followed pool is the default unless a pool only source
 * B lists is more than ten times deeper (its chart costs source B calls, a followed pool's none); with no followed
 * pool, source B's pools rank among themselves by their USD reserve. Liquidities are worked out here from the
 * reserves: a followed pool's is twice its ADA reserve, a source B pool's its USD reserve at ADA's price.
 */
import { describe, expect, it } from 'bun:test'
import { chartChoices, type ChartablePool, type FollowedPool } from '../../src/modules/charts/pools'

const NOW = 1_800_000_000
const MONTHS_AGO = NOW - 90 * 86_400
const ADA_USD = 0.5
const UNIT = 'ab'.repeat(28) + '544f4b'

/** A followed pool with `ada` ADA on its ADA side, recorded for months. */
function followed(poolId: string, ada: number): FollowedPool {
  return {
    poolId,
    dex: 'sundaeswap-v3',
    tokenUnit: UNIT,
    identityUnit: poolId,
    reserveAda: String(ada * 1_000_000),
    reserveToken: '1000000000',
    lastHeight: 100,
    lastTime: NOW - 60,
    lastTxHash: 'cd'.repeat(32),
    lpSupply: null,
    feeBpsAdaIn: null,
    feeBpsTokenIn: null,
    createdHeight: null,
    createdHash: null,
    createdTime: null,
    createdTxHash: null,
    initialReserveAda: null,
    initialReserveToken: null,
    firstRecord: MONTHS_AGO,
  }
}

/** A pool only source B lists, `usd` of reserve, created months ago. */
const listed = (address: string, usd: number): ChartablePool => ({ address, dexId: 'saturnswap', name: 'TOK / ADA', reserveUsd: usd, createdAt: MONTHS_AGO })

const defaultOf = (f: FollowedPool[], b: ChartablePool[]) => chartChoices(f, b, 'TOK', ADA_USD, NOW)[0].ref.address

describe('the default chart pool, chain first', () => {
  // The followed pool: 50,000 ADA a side, 100,000 ADA of liquidity = 50,000 USD at 0.5.
  const ours = followed('f0'.repeat(28), 50_000)

  it('is the followed pool beside a source B pool nine times deeper', () => {
    expect(defaultOf([ours], [listed('b1'.repeat(28), 9 * 50_000)])).toBe(ours.poolId)
  })

  it('is the source B pool only when it is more than ten times deeper', () => {
    expect(defaultOf([ours], [listed('b1'.repeat(28), 11 * 50_000)])).toBe('b1'.repeat(28))
  })

  it('ranks the followed pools among themselves by their chain liquidity', () => {
    const deeper = followed('f1'.repeat(28), 80_000)
    expect(chartChoices([ours, deeper], [], 'TOK', ADA_USD, NOW).map((c) => c.ref.address)).toEqual([deeper.poolId, ours.poolId])
  })

  it('ranks source B pools by their reserve when nothing is followed', () => {
    expect(chartChoices([], [listed('b1'.repeat(28), 10), listed('b2'.repeat(28), 20)], 'TOK', ADA_USD, NOW).map((c) => c.ref.address)).toEqual(['b2'.repeat(28), 'b1'.repeat(28)])
  })
})
