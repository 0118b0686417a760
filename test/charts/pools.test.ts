import { describe, expect, it } from 'bun:test'
import { chartablePools } from '../../src/modules/charts/pools'
import type { GtPool } from '../../src/upstream/geckoterminal'

const unit = 'ab'.repeat(28) + '01'
const dexes = { sourceADexes: ['sundaeswap', 'wingriders'], sourceBDexes: ['minswap-cardano', 'saturnswap'] }

const pool = (address: string, over: Partial<GtPool>): GtPool => ({
  address,
  name: 'TKN / ADA',
  dexId: 'minswap-cardano',
  baseTokenUnit: unit,
  quoteTokenUnit: 'lovelace',
  baseTokenPriceUsd: 1,
  reserveUsd: 1000,
  volumeUsd: {},
  priceChange: {},
  transactions: {},
  fdvUsd: null,
  marketCapUsd: null,
  createdAt: Date.parse('2024-03-11T07:01:51Z'),
  ...over,
})

describe('chartable pools', () => {
  it("keeps base-side pools off source A's DEXes, once each, deepest first", () => {
    const pools = chartablePools(
      unit,
      [
        pool('aa11', { reserveUsd: 500, dexId: 'saturnswap' }),
        pool('bb22', { reserveUsd: 9000 }),
        pool('cc33', { reserveUsd: 99_000, dexId: 'sundaeswap-v3' }), // a source A DEX
        pool('dd44', { reserveUsd: 50_000, baseTokenUnit: 'ef'.repeat(28), quoteTokenUnit: unit }), // quote side
        pool('ee55', { reserveUsd: 70_000, dexId: null }), // DEX not named
        pool('BB22', { reserveUsd: 1 }), // the same pool again
        pool('ff66', { reserveUsd: null, name: null }),
      ],
      dexes,
    )
    expect(pools.map((p) => p.address)).toEqual(['bb22', 'aa11', 'ff66'])
    expect(pools[0]).toEqual({ address: 'bb22', dexId: 'minswap-cardano', name: 'TKN / ADA', reserveUsd: 9000, createdAt: 1710140511 })
    expect(pools[2].name).toBe('unnamed pool')
  })
})
