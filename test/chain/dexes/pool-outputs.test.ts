// The test-support builder (used by the follower's fake Koios chain) yields outputs every reader reads back as specified.
import { describe, expect, test } from 'bun:test'
import { readPool, FOLLOWED_CREDENTIALS } from '../../../src/chain/dexes'
import { ChainDecodeError, type DexId } from '../../../src/chain/types'
import { poolFixture, SPLASH_KINDS, type PoolOutputSpec, type SplashKind } from '../support/pool-outputs'

const SNEK = '279c909f348e533da5808898f87f9a14bb2c3dfbbacccd631d927a3f534e454b'
const DEXES: DexId[] = ['minswap-v1', 'minswap-v2', 'sundaeswap-v1', 'sundaeswap-v3', 'wingriders-v1', 'wingriders-v2', 'splash']

function check(spec: PoolOutputSpec) {
  const fixture = poolFixture(spec)
  expect(FOLLOWED_CREDENTIALS).toContain(fixture.output.paymentCred)
  const pool = readPool(fixture.output)
  expect(pool).not.toBeNull()
  expect(pool).toMatchObject({
    dex: spec.dex,
    poolId: fixture.poolId,
    identityUnit: fixture.identityUnit,
    assetA: spec.assetA,
    assetB: spec.assetB,
    reserveA: spec.reserveA,
    reserveB: spec.reserveB,
    lpSupply: spec.lpSupply,
  })
}

describe('poolFixture', () => {
  for (const dex of DEXES) {
    test(`${dex}: ADA pool with treasuries reads back`, () => {
      const treasuries = dex === 'wingriders-v1' || dex === 'wingriders-v2' || dex === 'splash' || dex === 'sundaeswap-v3'
      check({
        dex,
        assetA: 'lovelace',
        assetB: SNEK,
        reserveA: 1_234_567_890n,
        reserveB: 98_765_432_100n,
        lpSupply: 5_000_000_000n,
        ...(treasuries ? { treasuryA: 7_000_000n, treasuryB: dex === 'sundaeswap-v3' ? 0n : 11_000n } : {}),
      })
    })
  }
  for (const kind of Object.keys(SPLASH_KINDS) as SplashKind[]) {
    test(`splash ${kind} reads back`, () => {
      check({ dex: 'splash', splashKind: kind, assetA: 'lovelace', assetB: SNEK, reserveA: 10n ** 9n, reserveB: 10n ** 12n, lpSupply: 10n ** 10n })
    })
  }
})

describe('poolFixture without the datum (datum-hash DEXes before datum_info)', () => {
  const spec = (dex: DexId): PoolOutputSpec => ({ dex, assetA: 'lovelace', assetB: SNEK, reserveA: 10n ** 9n, reserveB: 10n ** 6n, lpSupply: 77n, withDatum: false })
  test('Minswap V1 and Sundae V1: the price from the value, LP supply null; the datum hash is the datum body hash', () => {
    for (const dex of ['minswap-v1', 'sundaeswap-v1'] as const) {
      const f = poolFixture(spec(dex))
      expect(f.output.datumCbor).toBeNull()
      expect(f.output.datumHash).toMatch(/^[0-9a-f]{64}$/)
      expect(readPool(f.output)).toMatchObject({ reserveA: 10n ** 9n, reserveB: 10n ** 6n, lpSupply: null })
      expect(readPool({ ...f.output, datumCbor: f.datumCbor })?.lpSupply).toBe(77n)
    }
  })
  test('WingRiders V1 needs its treasuries: ChainDecodeError until datum_info gives the body', () => {
    const f = poolFixture(spec('wingriders-v1'))
    expect(() => readPool(f.output)).toThrow(ChainDecodeError)
    expect(readPool({ ...f.output, datumCbor: f.datumCbor })?.reserveA).toBe(10n ** 9n)
  })
})
