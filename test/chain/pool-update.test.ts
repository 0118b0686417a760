import { describe, expect, test } from 'bun:test'
import { classifyPoolUpdate, derivePoolUpdate, priceOf } from '../../src/chain/pool-update'
import type { PoolState } from '../../src/chain/types'

const SNEK = '279c909f348e533da5808898f87f9a14bb2c3dfbbacccd631d927a3f534e454b' // 0 decimals
const IUSD = 'f66d78b4a3cb3d37afa0ec36461e51ecbde00f26c8f0a68f94b6988069555344' // 6 decimals
const LP = 'f5808c2c990d86da54bfc97d89cee6efa20cd8461616359478d96b4c' + 'ab'.repeat(32)

function state(over: Partial<PoolState>): PoolState {
  return {
    dex: 'minswap-v2',
    poolId: LP,
    identityUnit: LP,
    assetA: 'lovelace',
    assetB: SNEK,
    reserveA: 1_000_000_000_000n, // 1,000,000 ADA
    reserveB: 200_000_000n, // 200,000,000 SNEK
    lpSupply: 10_000_000n,
    feeBps: 30,
    ...over,
  }
}

const snek = { unit: SNEK, decimals: 0 }

describe('classifyPoolUpdate', () => {
  const prev = state({})
  test('no previous state → created', () => {
    expect(classifyPoolUpdate(null, prev)).toBe('created')
  })
  test('LP unchanged, one reserve up and one down → swap', () => {
    expect(classifyPoolUpdate(prev, state({ reserveA: prev.reserveA + 5n, reserveB: prev.reserveB - 1n }))).toBe('swap')
  })
  test('LP up → deposit, LP down → withdrawal, even with reserves moving opposite (zap)', () => {
    expect(classifyPoolUpdate(prev, state({ reserveA: prev.reserveA + 10n, reserveB: prev.reserveB - 1n, lpSupply: 10_000_100n }))).toBe('deposit')
    expect(classifyPoolUpdate(prev, state({ reserveA: prev.reserveA - 10n, reserveB: prev.reserveB - 2n, lpSupply: 9_000_000n }))).toBe('withdrawal')
  })
  test('a batch that netted out (both reserves rose by fees, LP unchanged) is one swap update', () => {
    expect(classifyPoolUpdate(prev, state({ reserveA: prev.reserveA + 3_000n, reserveB: prev.reserveB + 1n }))).toBe('swap')
  })
  test('nothing tradeable changed, or both fell without an LP burn → other', () => {
    expect(classifyPoolUpdate(prev, state({}))).toBe('other')
    expect(classifyPoolUpdate(prev, state({ reserveA: prev.reserveA - 1n, reserveB: prev.reserveB - 1n }))).toBe('other')
  })
  test('LP supply unknown: judged from the reserves', () => {
    const p = state({ lpSupply: null })
    expect(classifyPoolUpdate(p, state({ lpSupply: null, reserveA: p.reserveA + 9n, reserveB: p.reserveB + 9n }))).toBe('deposit')
    expect(classifyPoolUpdate(p, state({ lpSupply: null, reserveA: p.reserveA - 9n, reserveB: p.reserveB - 9n }))).toBe('withdrawal')
    expect(classifyPoolUpdate(p, state({ lpSupply: null, reserveA: p.reserveA - 9n, reserveB: p.reserveB + 9n }))).toBe('swap')
  })
  test('a minting DEX: the tx mint wins over datum LP figures (Sundae V1 field-2 conflict)', () => {
    const p = state({ dex: 'sundaeswap-v1', lpSupply: 1_000n })
    // datum field 2 moved (as dendrite's "last_swap" would) but no LP was minted: a swap
    const n = state({ dex: 'sundaeswap-v1', lpSupply: 2_000n, reserveA: p.reserveA + 9n, reserveB: p.reserveB - 9n })
    expect(classifyPoolUpdate(p, n, 0n)).toBe('swap')
    expect(classifyPoolUpdate(p, n)).toBe('deposit')
    expect(classifyPoolUpdate(p, n, -5n)).toBe('withdrawal')
  })
  test('a held-remainder DEX ignores a zero mint (its deposits mint nothing)', () => {
    const n = state({ lpSupply: 10_000_500n, reserveA: prev.reserveA + 50n, reserveB: prev.reserveB + 10n })
    expect(classifyPoolUpdate(prev, n, 0n)).toBe('deposit')
  })
})

describe('derivePoolUpdate', () => {
  test('users sold ADA for SNEK → buy of the token; amounts |Δ|; price in ADA per SNEK', () => {
    const prev = state({})
    // 1,000 ADA in, 200,000 SNEK out (round figures: only the deltas matter here)
    const next = state({ reserveA: 1_001_000_000_000n, reserveB: 199_800_000n })
    const u = derivePoolUpdate({ previous: prev, next, base: snek, quoteDecimals: 6 })
    expect(u.kind).toBe('swap')
    expect(u.side).toBe('buy')
    expect(u.amountBase).toBe(200_000n)
    expect(u.amountQuote).toBe(1_000_000_000n)
    expect(u.base).toBe(SNEK)
    expect(u.quote).toBe('lovelace')
    // 1,001,000 ADA / 199,800,000 SNEK = 0.005010010… ADA per SNEK
    expect(u.price).toBeCloseTo(1_001_000 / 199_800_000, 15)
  })
  test('users sold SNEK → sell', () => {
    const prev = state({})
    const next = state({ reserveA: 999_000_000_000n, reserveB: 200_300_000n })
    const u = derivePoolUpdate({ previous: prev, next, base: snek, quoteDecimals: 6 })
    expect([u.side, u.amountBase, u.amountQuote]).toEqual(['sell', 300_000n, 1_000_000_000n])
  })
  test('price direction and decimals: token/token pool ordered the other way (curated token is A)', () => {
    // iUSD (6 dp) as quote, a curated token with 3 decimals as base, stored as A because its unit sorts first.
    const TOK = '0000000000000000000000000000000000000000000000000000000054' + '4f4b'
    const s = state({ assetA: TOK, assetB: IUSD, reserveA: 5_000_000n /* 5,000.000 */, reserveB: 2_500_000_000n /* 2,500 iUSD */ })
    const u = derivePoolUpdate({ previous: null, next: s, base: { unit: TOK, decimals: 3 }, quoteDecimals: 6 })
    expect(u.kind).toBe('created')
    expect(u.base).toBe(TOK)
    expect(u.quote).toBe(IUSD)
    expect(u.price).toBeCloseTo(0.5, 12) // 2,500 iUSD / 5,000 TOK
    expect(u.side).toBeNull()
    expect(u.amountBase).toBeNull()
  })
  test('decimals: 1,000 ADA against 2,000 of a 6-decimal token = 0.5 ADA per token', () => {
    const s = state({ assetB: IUSD, reserveA: 1_000_000_000n, reserveB: 2_000_000_000n })
    expect(derivePoolUpdate({ previous: null, next: s, base: { unit: IUSD, decimals: 6 }, quoteDecimals: 6 }).price).toBeCloseTo(0.5, 12)
  })
  test('deposit: price kept, no trade amounts', () => {
    const prev = state({})
    const next = state({ reserveA: prev.reserveA * 2n, reserveB: prev.reserveB * 2n, lpSupply: 20_000_000n })
    const u = derivePoolUpdate({ previous: prev, next, base: snek, quoteDecimals: 6 })
    expect([u.kind, u.side, u.amountBase, u.amountQuote]).toEqual(['deposit', null, null, null])
    expect(u.price).toBeCloseTo(0.005, 15)
  })
  test('a netted batch is one swap with no side and the net amounts', () => {
    const prev = state({})
    const u = derivePoolUpdate({ previous: prev, next: state({ reserveA: prev.reserveA + 6_000n, reserveB: prev.reserveB + 2n }), base: snek, quoteDecimals: 6 })
    expect([u.kind, u.side, u.amountBase, u.amountQuote]).toEqual(['swap', null, 2n, 6_000n])
  })
  test('a base not in the pool is a caller error', () => {
    expect(() => derivePoolUpdate({ previous: null, next: state({}), base: { unit: IUSD, decimals: 6 }, quoteDecimals: 6 })).toThrow()
  })
})

describe('priceOf', () => {
  test('empty base reserve → null, never 0 or Infinity', () => {
    expect(priceOf(0n, 5n, 0, 6)).toBeNull()
  })
  test('reserves near 2^63 keep their ratio', () => {
    expect(priceOf(9_000_000_000_000_000_000n, 4_500_000_000_000_000_000n, 6, 6)).toBe(0.5)
  })
})
