import { describe, expect, test } from 'bun:test'
import { minswapV1 } from '../../../src/chain/dexes/minswap-v1'
import { minswapV2, minswapV2LpUnit } from '../../../src/chain/dexes/minswap-v2'
import { ChainDecodeError, type ChainOutput } from '../../../src/chain/types'
import { assetClass, bytes, cbor, constr, int } from '../support/plutus'
import { minswapV2LpName, scriptAddress } from '../support/pool-outputs'
import { vectorJson } from './vectors'

const V1_CRED = 'e1317b152faac13426e6a83e06ff88a4d62cce3c1634ab0a5ec13309'
const V1_FACTORY = '13aa2accf2e1561723aa26871e071fdf32c867cff7e7d50ad470d62f4d494e53574150'
const V1_NFT = '0be55d262b29f564998ff81efe21bdc0022621c12f15af08d0f2ddb1'
const V1_LP = 'e4214b7cce62ac6fbba385d164df48e157eae5863521b4b67ca71d86'
const V2_CRED = 'ea07b733d932129c378af627436e7cbc2ef0bf96e0036bb51b3bde6b'
const V2_POLICY = 'f5808c2c990d86da54bfc97d89cee6efa20cd8461616359478d96b4c'
const V2_VALIDITY = V2_POLICY + '4d5350'
const MAX = 9_223_372_036_854_775_807n
const SNEK = '279c909f348e533da5808898f87f9a14bb2c3dfbbacccd631d927a3f534e454b'
const DJED = '8db269c3ec630e06ae29f74bc39edd1f87c819f1056206e879a1cd61446a65644d6963726f555344'
const IUSD = 'f66d78b4a3cb3d37afa0ec36461e51ecbde00f26c8f0a68f94b6988069555344'

const out = (o: Partial<ChainOutput> & Pick<ChainOutput, 'paymentCred' | 'lovelace' | 'assets'>): ChainOutput => ({
  txHash: 'cd'.repeat(32),
  index: 1,
  address: 'addr_test',
  stakeAddress: null,
  datumHash: null,
  datumCbor: null,
  ...o,
})

describe('Minswap V2 vectors', () => {
  test('params.mainnet.json: pool NFT name MSP = the validity token name the reader requires; default stake key', () => {
    const params = vectorJson<{ poolNFTName: string; poolStakeCredential: { type: string; hash: string } }>('minswap-v2/params.mainnet.json')
    expect(Buffer.from(params.poolNFTName).toString('hex')).toBe('4d5350')
    expect(V2_VALIDITY.endsWith(Buffer.from(params.poolNFTName).toString('hex'))).toBe(true)
    // the default pool address of README §3.3 is the pool credential + that stake key
    expect(scriptAddress(V2_CRED, { key: params.poolStakeCredential.hash })).toBe(
      'addr1z84q0denmyep98ph3tmzwsmw0j7zau9ljmsqx6a4rvaau66j2c79gy9l76sdg0xwhd7r0c0kna0tycz4y5s6mlenh8pq777e2a',
    )
  })
  test('the LP rule reproduces the real SNEK/ADA pool id (source B pool address, shared/upstreams README)', () => {
    expect(minswapV2LpUnit('lovelace', SNEK)).toBe(
      'f5808c2c990d86da54bfc97d89cee6efa20cd8461616359478d96b4c2ffadbb87144e875749122e0bbb9f535eeaa7f5660c6c4a91bcc4121e477f08d',
    )
  })
  test('the rule agrees with an independent implementation on a token/token pair', () => {
    expect(minswapV2LpUnit(DJED, IUSD)).toBe(V2_POLICY + minswapV2LpName(DJED, IUSD))
  })
})

function v2Datum(assetA: string, assetB: string, total: bigint, rA: bigint, rB: bigint, feeA = 30, feeB = 30) {
  return cbor(
    constr(0, constr(0, constr(0, bytes('11'.repeat(28)))), assetClass(assetA), assetClass(assetB), int(total), int(rA), int(rB), int(feeA), int(feeB), constr(1), constr(0)),
  )
}

describe('Minswap V2 reader', () => {
  const lp = minswapV2LpUnit('lovelace', SNEK)
  const pool = (lovelace: bigint, snek: bigint, datumCbor: string | null) =>
    out({ paymentCred: V2_CRED, lovelace, assets: new Map([[V2_VALIDITY, 1n], [lp, MAX - 8_000_000n], [SNEK, snek]]), datumCbor })
  test('reserves from the datum: the value also holds 4.5 ADA min-ADA and 2 ADA of fee-sharing earnings', () => {
    const state = minswapV2.read(pool(1_000_000_000n + 4_500_000n + 2_000_000n, 300_000n, v2Datum('lovelace', SNEK, 8_000_000n, 1_000_000_000n, 300_000n, 30, 50)))
    expect(state).toEqual({
      dex: 'minswap-v2',
      poolId: lp,
      identityUnit: lp,
      assetA: 'lovelace',
      assetB: SNEK,
      reserveA: 1_000_000_000n,
      reserveB: 300_000n,
      lpSupply: 8_000_000n,
      feeBps: 30,
      feeBpsBToA: 50,
    })
  })
  test('a datum naming another pair than the LP held → ChainDecodeError', () => {
    expect(() => minswapV2.read(pool(10_000_000n, 5n, v2Datum('lovelace', DJED, 1n, 1n, 1n)))).toThrow(ChainDecodeError)
  })
  test('datum reserves above the value → ChainDecodeError', () => {
    expect(() => minswapV2.read(pool(10_000_000n, 5n, v2Datum('lovelace', SNEK, 1n, 10_000_001n, 5n)))).toThrow(ChainDecodeError)
  })
  test('no datum bytes, garbage, or a 9-field datum → ChainDecodeError', () => {
    expect(() => minswapV2.read(pool(10_000_000n, 5n, null))).toThrow(ChainDecodeError)
    expect(() => minswapV2.read(pool(10_000_000n, 5n, '00ff'))).toThrow(ChainDecodeError)
    expect(() => minswapV2.read(pool(10_000_000n, 5n, cbor(constr(0, int(1), int(2), int(3), int(4), int(5), int(6), int(7), int(8), int(9)))))).toThrow(ChainDecodeError)
  })
  test('wrong credential or no validity token → null', () => {
    expect(minswapV2.read({ ...pool(1n, 1n, null), paymentCred: V1_CRED })).toBeNull()
    expect(minswapV2.read(out({ paymentCred: V2_CRED, lovelace: 5n, assets: new Map([[lp, 5n]]), datumCbor: v2Datum('lovelace', SNEK, 1n, 1n, 1n) }))).toBeNull()
  })
})

function v1Datum(assetA: string, assetB: string, total: bigint) {
  return cbor(constr(0, assetClass(assetA), assetClass(assetB), int(total), int(123n), constr(1)))
}

describe('Minswap V1 reader (whole value, no subtraction)', () => {
  const name = '9a'.repeat(32)
  const nft = V1_NFT + name
  const assets = (extra: [string, bigint][]) => new Map<string, bigint>([[V1_FACTORY, 1n], [nft, 1n], ...extra])
  test('ADA pool with its datum: all lovelace is reserve A; LP supply from the datum', () => {
    const state = minswapV1.read(out({ paymentCred: V1_CRED, lovelace: 15_851_844_464n, assets: assets([[DJED, 12_563_856_040n]]), datumCbor: v1Datum('lovelace', DJED, 777n) }))
    expect(state).toEqual({
      dex: 'minswap-v1',
      poolId: V1_LP + name,
      identityUnit: nft,
      assetA: 'lovelace',
      assetB: DJED,
      reserveA: 15_851_844_464n,
      reserveB: 12_563_856_040n,
      lpSupply: 777n,
      feeBps: 30,
    })
  })
  test('datum not known (datum hash only): the price is still read, LP supply null', () => {
    const state = minswapV1.read(out({ paymentCred: V1_CRED, lovelace: 20_000_000n, assets: assets([[SNEK, 4_000n]]), datumHash: 'ef'.repeat(32) }))
    expect(state).toMatchObject({ assetA: 'lovelace', assetB: SNEK, reserveA: 20_000_000n, reserveB: 4_000n, lpSupply: null })
  })
  test('token/token pool without datum: the two tokens in DEX order; its lovelace is no reserve', () => {
    const state = minswapV1.read(out({ paymentCred: V1_CRED, lovelace: 2_000_000n, assets: assets([[SNEK, 10n], [DJED, 20n]]) }))
    expect(state).toMatchObject({ assetA: SNEK, assetB: DJED, reserveA: 10n, reserveB: 20n })
  })
  test('a zap pool (asset B is an LP token) → null', () => {
    const zapped = V1_LP + '01'.repeat(32)
    expect(minswapV1.read(out({ paymentCred: V1_CRED, lovelace: 9n, assets: assets([[zapped, 5n]]), datumCbor: v1Datum('lovelace', zapped, 1n) }))).toBeNull()
    expect(minswapV1.read(out({ paymentCred: V1_CRED, lovelace: 9n, assets: assets([[zapped, 5n]]) }))).toBeNull()
  })
  test('no factory token, no NFT, or wrong credential → null', () => {
    expect(minswapV1.read(out({ paymentCred: V1_CRED, lovelace: 9n, assets: new Map([[nft, 1n], [SNEK, 5n]]) }))).toBeNull()
    expect(minswapV1.read(out({ paymentCred: V1_CRED, lovelace: 9n, assets: new Map([[V1_FACTORY, 1n], [SNEK, 5n]]) }))).toBeNull()
    expect(minswapV1.read(out({ paymentCred: V2_CRED, lovelace: 9n, assets: assets([[SNEK, 5n]]) }))).toBeNull()
  })
  test('garbage datum → ChainDecodeError; ambiguous value without datum → ChainDecodeError', () => {
    expect(() => minswapV1.read(out({ paymentCred: V1_CRED, lovelace: 9n, assets: assets([[SNEK, 5n]]), datumCbor: 'd87980' }))).toThrow(ChainDecodeError)
    expect(() => minswapV1.read(out({ paymentCred: V1_CRED, lovelace: 9n, assets: assets([[SNEK, 5n], [DJED, 1n], [IUSD, 1n]]) }))).toThrow(ChainDecodeError)
  })
})
