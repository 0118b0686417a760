// The same hand-computed checks across all seven readers: price direction and decimals, foreign credentials,
// zap/farm outputs and garbage datums.
import { describe, expect, test } from 'bun:test'
import { readPool } from '../../../src/chain/dexes'
import { derivePoolUpdate } from '../../../src/chain/pool-update'
import { ChainDecodeError, type DexId } from '../../../src/chain/types'
import { poolFixture, type PoolOutputSpec } from '../support/pool-outputs'

const DEXES: DexId[] = ['minswap-v1', 'minswap-v2', 'sundaeswap-v1', 'sundaeswap-v3', 'wingriders-v1', 'wingriders-v2', 'splash']
// A token with 3 decimals whose unit sorts before and after others does not matter for ADA pools: ADA is always A.
const TOKEN = 'ff'.repeat(28) + '544f4b'
const MINSWAP_V1_LP = 'e4214b7cce62ac6fbba385d164df48e157eae5863521b4b67ca71d86' + '42'.repeat(32)

const spec = (dex: DexId, over: Partial<PoolOutputSpec> = {}): PoolOutputSpec => ({
  dex,
  assetA: 'lovelace',
  assetB: TOKEN,
  reserveA: 2_000_000_000n, // 2,000 ADA
  reserveB: 500_000n, // 500.000 TOKEN
  lpSupply: 1_000_000n,
  ...over,
})

describe.each(DEXES)('%s', (dex) => {
  test('price: 2,000 ADA against 500.000 of a 3-decimal token = 4 ADA per token (token is the base)', () => {
    const next = readPool(poolFixture(spec(dex)).output)
    if (next === null) throw new Error('not read')
    const u = derivePoolUpdate({ previous: null, next, base: { unit: TOKEN, decimals: 3 }, quoteDecimals: 6 })
    expect(u.base).toBe(TOKEN)
    expect(u.quote).toBe('lovelace')
    expect(u.price).toBeCloseTo(4, 12)
  })
  test('a buy of 10.000 tokens for 41 ADA: side and amounts from the reserves', () => {
    const prev = readPool(poolFixture(spec(dex)).output)
    const next = readPool(poolFixture(spec(dex, { reserveA: 2_041_000_000n, reserveB: 490_000n })).output)
    if (prev === null || next === null) throw new Error('not read')
    const u = derivePoolUpdate({ previous: prev, next, base: { unit: TOKEN, decimals: 3 }, quoteDecimals: 6 })
    expect([u.kind, u.side, u.amountBase, u.amountQuote]).toEqual(['swap', 'buy', 10_000n, 41_000_000n])
  })
  test('the same output at a credential no DEX uses → null', () => {
    expect(readPool({ ...poolFixture(spec(dex)).output, paymentCred: '00'.repeat(28) })).toBeNull()
  })
  test('a zap or farm pool (its asset is an LP token) → null', () => {
    expect(readPool(poolFixture(spec(dex, { assetB: MINSWAP_V1_LP })).output)).toBeNull()
  })
  test('a garbage datum → ChainDecodeError', () => {
    for (const garbage of ['d8799f', 'd87980', '00', 'd8799f4040ff'])
      expect(() => readPool({ ...poolFixture(spec(dex)).output, datumCbor: garbage })).toThrow(ChainDecodeError)
  })
})
