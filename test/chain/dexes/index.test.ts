import { describe, expect, test } from 'bun:test'
import { DEX_READERS, FOLLOWED_CREDENTIALS, readPool, readerFor } from '../../../src/chain/dexes'
import { ChainDecodeError } from '../../../src/chain/types'
import { poolFixture } from '../support/pool-outputs'

const SNEK = '279c909f348e533da5808898f87f9a14bb2c3dfbbacccd631d927a3f534e454b'

describe('DEX_READERS and FOLLOWED_CREDENTIALS', () => {
  test('seven DEXes, eleven constant-product credentials (README §3.9 without stable, weighted or royalty scripts)', () => {
    expect(DEX_READERS.map((r) => r.dex)).toEqual(['minswap-v1', 'minswap-v2', 'sundaeswap-v1', 'sundaeswap-v3', 'wingriders-v1', 'wingriders-v2', 'splash'])
    expect(new Set(FOLLOWED_CREDENTIALS).size).toBe(11)
    for (const c of FOLLOWED_CREDENTIALS) expect(c).toMatch(/^[0-9a-f]{56}$/)
  })
  test('all eleven fit one credential_txs body under the keyless 1 KB limit', () => {
    const body = JSON.stringify({ _payment_credentials: FOLLOWED_CREDENTIALS, _after_block_height: 12_345_678 })
    expect(body.length).toBeLessThanOrEqual(1_000)
  })
  test('datum-hash DEXes are the three PlutusV1 ones', () => {
    expect(DEX_READERS.filter((r) => r.datumByHash).map((r) => r.dex)).toEqual(['minswap-v1', 'sundaeswap-v1', 'wingriders-v1'])
  })
})

describe('readPool', () => {
  test('finds the reader by payment credential', () => {
    const f = poolFixture({ dex: 'sundaeswap-v3', assetA: 'lovelace', assetB: SNEK, reserveA: 10n ** 9n, reserveB: 10n ** 6n, lpSupply: 10n ** 7n })
    expect(readerFor(f.output.paymentCred)?.dex).toBe('sundaeswap-v3')
    expect(readPool(f.output)?.poolId).toBe(f.poolId)
  })
  test('an output at no followed credential → null', () => {
    const f = poolFixture({ dex: 'minswap-v2', assetA: 'lovelace', assetB: SNEK, reserveA: 10n ** 9n, reserveB: 10n ** 6n, lpSupply: 10n ** 7n })
    expect(readPool({ ...f.output, paymentCred: 'c3e28c36c3447315ba5a56f33da6a6ddc1770a876a8d9f0cb3a97c4c' /* Minswap V2 order script */ })).toBeNull()
  })
  test('a pool output with a garbage datum throws ChainDecodeError for the caller to skip', () => {
    const f = poolFixture({ dex: 'wingriders-v2', assetA: 'lovelace', assetB: SNEK, reserveA: 10n ** 9n, reserveB: 10n ** 6n, lpSupply: 10n ** 7n })
    expect(() => readPool({ ...f.output, datumCbor: 'd8799fff00' })).toThrow(ChainDecodeError)
  })
})
