import { describe, expect, it } from 'bun:test'
import { baseSidePairs, liquidityWeighted, sourceAPrice } from '../../src/market/pricing'
import { readPair } from '../../src/upstream/dexscreener'
import { dsPair } from '../fake-upstreams/builders'

const price = (p: { price: number | null; liq: number | null }) => p.price
const liq = (p: { price: number | null; liq: number | null }) => p.liq

describe('liquidityWeighted', () => {
  it('weights each figure by its pool liquidity', () => {
    // (2·100 + 4·300) / 400 = 3.5
    expect(liquidityWeighted([{ price: 2, liq: 100 }, { price: 4, liq: 300 }], price, liq)).toBe(3.5)
  })

  it('gives pools with zero or unknown liquidity no weight', () => {
    expect(liquidityWeighted([{ price: 2, liq: 100 }, { price: 100, liq: 0 }, { price: 50, liq: null }], price, liq)).toBe(2)
  })

  it("falls back to the deepest pool's figure when no pool has liquidity", () => {
    expect(liquidityWeighted([{ price: 7, liq: 0 }, { price: 9, liq: null }], price, liq)).toBe(7)
  })

  it('leaves out pools that do not report the figure, and is null when none does', () => {
    expect(liquidityWeighted([{ price: null, liq: 1000 }, { price: 5, liq: 10 }], price, liq)).toBe(5)
    expect(liquidityWeighted([{ price: null, liq: 1000 }], price, liq)).toBeNull()
    expect(liquidityWeighted([], price, liq)).toBeNull()
  })
})

describe('source A pricing', () => {
  const unit = 'aa'.repeat(28) + '01'
  const other = 'bb'.repeat(28) + '02'
  const dexes = { sourceADexes: ['sundaeswap', 'wingriders'], sourceBDexes: ['minswap-cardano'] }
  const pairs = [
    dsPair({ base: { address: unit }, priceUsd: 1, liquidityUsd: 1000 }),
    dsPair({ base: { address: unit }, priceUsd: 2, liquidityUsd: 3000 }),
    // The unit as the quote side: another token's market, priced in that token.
    dsPair({ base: { address: other }, quote: { address: unit }, priceUsd: 500, liquidityUsd: 1e9 }),
    // Another chain with the same address text.
    dsPair({ base: { address: unit }, chainId: 'solana', priceUsd: 99, liquidityUsd: 1e9 }),
    // A DEX that is not source A's: source B covers it, so counting it here would count it twice.
    dsPair({ base: { address: unit }, dexId: 'minswap', priceUsd: 50, liquidityUsd: 1e9 }),
  ].map((p) => readPair(p)!)

  it("keeps only Cardano pairs where the unit is the base token, on source A's DEXes", () => {
    expect(baseSidePairs(pairs, unit, dexes)).toHaveLength(2)
  })

  it('prices from those pairs alone: (1·1000 + 2·3000) / 4000 = 1.75', () => {
    expect(sourceAPrice(pairs, unit, dexes)).toBe(1.75)
  })
})
