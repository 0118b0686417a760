/**
 * Holder concentration, worked out by hand: grouping by stake address, pools apart, shares of the supply read,
 * the 10 largest, rounding.
 */
import { describe, expect, it } from 'bun:test'
import { concentrationOf, notComputed, shareOf, tallyHolders } from '../../src/modules/safety/concentration'

const POOL = 'addr1pool'
const row = (paymentAddress: string, stakeAddress: string | null, quantity: number) => ({ paymentAddress, stakeAddress, quantity: String(quantity) })

/**
 * 1,000,000 units: the pool 300,000 (30 %); stake S1 on two addresses 150,000 + 100,000 = 250,000 (25 %); S2 120,000
 * (12 %); an enterprise address 80,000 (8 %); twelve stake holders of 20,000 (2 % each) and one of 10,000 (1 %).
 */
function rows() {
  const small = Array.from({ length: 12 }, (_, i) => row(`addr1small${String(i).padStart(2, '0')}`, `stake1small${String(i).padStart(2, '0')}`, 20_000))
  return [
    row('addr1s1b', 'stake1s1', 100_000),
    row(POOL, 'stake1poolscript', 300_000),
    row('addr1s2', 'stake1s2', 120_000),
    ...small,
    row('addr1s1a', 'stake1s1', 150_000),
    row('addr1enterprise', null, 80_000),
    row('addr1last', 'stake1last', 10_000),
    // Koios pages without an order can repeat a row: counted once.
    row('addr1s2', 'stake1s2', 120_000),
    row('addr1empty', 'stake1empty', 0),
  ]
}

describe('grouping holders', () => {
  const tally = tallyHolders(rows(), (a) => a === POOL)

  it('groups addresses by stake address, counts an address without one alone and sets the pools apart', () => {
    // 18 addresses hold some: the repeated one counted once, the empty one not at all.
    expect(tally.addresses).toBe(18)
    expect(tally.total).toBe('1000000')
    expect(tally.pools).toEqual({ quantity: '300000', addresses: 1 })
    // S1, S2, the enterprise address, 12 small and the last: 16 holders outside the pool.
    expect(tally.holderCount).toBe(16)
    expect(tally.top.slice(0, 4)).toEqual([
      { holder: 'stake1s1', kind: 'stake', quantity: '250000' },
      { holder: 'stake1s2', kind: 'stake', quantity: '120000' },
      { holder: 'addr1enterprise', kind: 'address', quantity: '80000' },
      // Equal holdings: by holder.
      { holder: 'stake1small00', kind: 'stake', quantity: '20000' },
    ])
    expect(tally.top).toHaveLength(10)
    expect(tally.top[9].holder).toBe('stake1small06')
  })

  it('gives the shares of the supply read: top 1 = 25 %, top 10 = (250 + 120 + 80 + 7 × 20) / 1000 = 59 %, pools 30 %', () => {
    const c = concentrationOf(tally, 5000)
    expect(c).toMatchObject({ computed: true, reason: null, maxAddresses: 5000, addressesRead: 18, holderCount: 16, top1Share: 0.25, top10Share: 0.59 })
    expect(c.inPools).toEqual({ quantity: '300000', share: 0.3, addresses: 1 })
    expect(c.top.map((h) => h.share)).toEqual([0.25, 0.12, 0.08, 0.02, 0.02, 0.02, 0.02, 0.02, 0.02, 0.02])
  })

  it('has no top shares when only the pools hold the token, and a not-computed section says why', () => {
    const onlyPool = concentrationOf(tallyHolders([row(POOL, null, 5)], () => true), 5000)
    expect(onlyPool).toMatchObject({ holderCount: 0, top1Share: null, top10Share: null, top: [], inPools: { share: 1 } })
    expect(notComputed('too many', 5000)).toEqual({ computed: false, reason: 'too many', maxAddresses: 5000, addressesRead: null, holderCount: null, inPools: null, top1Share: null, top10Share: null, top: [] })
  })
})

describe('shares', () => {
  it('round half up to 6 decimals, exact on large integers', () => {
    expect(shareOf(1n, 3n)).toBe(0.333333)
    expect(shareOf(2n, 3n)).toBe(0.666667)
    expect(shareOf(1n, 2_000_000n)).toBe(0.000001)
    expect(shareOf(1n, 2_000_001n)).toBe(0)
    expect(shareOf(45_000_000_000_000_000n, 90_000_000_000_000_001n)).toBe(0.5)
    expect(shareOf(0n, 0n)).toBe(0)
  })
})
