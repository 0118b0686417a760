import { describe, expect, test } from 'bun:test'
import { readSplashDatum, splash, SPLASH_POOL_SCRIPTS } from '../../../src/chain/dexes/splash'
import { decodePlutusData } from '../../../src/chain/dexes/plutus-data'
import { ChainDecodeError, type ChainOutput } from '../../../src/chain/types'
import { assetClass, bytes, cbor, constr, int, list } from '../support/plutus'
import { vectorJson, vectorText } from './vectors'

const MAX = 9_223_372_036_854_775_807n
const SNEK = '279c909f348e533da5808898f87f9a14bb2c3dfbbacccd631d927a3f534e454b'
const NFT = '6aaa652b39f5723afc85bba38401a4cbfd5b2f7aa3771504257ac8a774657374425f4144415f4e4654'
const TESTB = '4b3459fd18a1dbabe207cd19c9951a9fac9f5c0f9c384e3d97efba267465737442'
const LQ = '635f44ae5df86be9e80fd0c57a5ec699a146d9d9034516ffd72febef74657374425f4144415f4c51'

const out = (o: Partial<ChainOutput> & Pick<ChainOutput, 'paymentCred' | 'lovelace' | 'assets'>): ChainOutput => ({
  txHash: '12'.repeat(32),
  index: 3,
  address: 'addr_test',
  stakeAddress: null,
  datumHash: null,
  datumCbor: null,
  ...o,
})

describe('Splash mainnet.deployment.json vector', () => {
  const deployment = vectorJson<Record<string, { hash: string }>>('splash/mainnet.deployment.json')
  test('each constant-product kind the reader follows has the deployed hash', () => {
    for (const [kind, { hash }] of Object.entries(SPLASH_POOL_SCRIPTS)) expect(deployment[kind]?.hash).toBe(hash)
    expect(deployment.constFnPoolV1.hash).toBe('e628bfd68c07a7a38fcd7d8df650812a9dfdbee54b1ed4c25c87ffbf')
    expect(deployment.constFnPoolV2.hash).toBe('6b9c456aa650cb808a9ab54326e039d5235ed69f069c9664a8fe5b69')
  })
  test('weighted, stable, royalty pools and orders are not followed', () => {
    for (const kind of ['balanceFnPoolV1', 'balanceFnPoolV2', 'stableFnPoolT2t', 'royaltyPool', 'limitOrder'])
      expect(splash.credentials).not.toContain(deployment[kind].hash)
    expect(deployment.limitOrder.hash).toBe('464eeee89f05aff787d40045af2a40a83fd96c513197d32fbc54ff02')
  })
})

describe('Splash fee-switch datum vector (splash-offchain fee_switch_pool.rs DATUM_SAMPLE)', () => {
  const hex = vectorText('splash/fee-switch-pool-datum-sample.cbor.hex')
  test('field order nft, x, y, lq, lpFeeNum, treasuryFeeNum, treasuryX, treasuryY, DAO list, lqBound, treasury address', () => {
    const d = readSplashDatum(decodePlutusData(hex), 'feeSwitch')
    expect(d).toMatchObject({ nft: NFT, x: 'lovelace', y: TESTB, lq: LQ, keptX: 9995n, treasuryFeeNum: 1n, treasuryX: 0n, treasuryY: 0n, lqBound: 10_000_000_000n })
    const fields = decodePlutusData(hex)
    expect(fields.kind === 'constr' && fields.fields[8]).toEqual({ kind: 'list', items: [] })
    expect(fields.kind === 'constr' && fields.fields[10]).toEqual({ kind: 'bytes', hex: '2618e94cdb06792f05ae9b1ec78b0231f4b7f4215b1b4cf52e6342de' })
  })
  test('an output carrying the sample datum reads as that pool (test pool: its fee is not a real one)', () => {
    const pool = splash.read(
      out({
        paymentCred: SPLASH_POOL_SCRIPTS.constFnPoolFeeSwitch.hash,
        lovelace: 25_000_000n,
        assets: new Map([[NFT, 1n], [TESTB, 400n], [LQ, MAX - 1_000n]]),
        datumCbor: hex,
      }),
    )
    expect(pool).toMatchObject({ dex: 'splash', poolId: LQ, identityUnit: NFT, assetA: 'lovelace', assetB: TESTB, reserveA: 25_000_000n, reserveB: 400n, lpSupply: 1_000n })
  })
})

const POOL_NFT = 'aa'.repeat(28) + Buffer.from('SNEK_ADA_NFT').toString('hex')
const POOL_LQ = 'bb'.repeat(28) + Buffer.from('SNEK_ADA_LQ').toString('hex')
const head = [assetClass(POOL_NFT), assetClass('lovelace'), assetClass(SNEK), assetClass(POOL_LQ)]
const pool = (cred: string, lovelace: bigint, snek: bigint, datumCbor: string | null) =>
  out({ paymentCred: cred, lovelace, assets: new Map([[POOL_NFT, 1n], [SNEK, snek], [POOL_LQ, MAX - 5_000n]]), datumCbor })

describe('Splash reader (reserve rule [1]: value − treasury, no min-ADA cut)', () => {
  test('fee switch: treasuries come off both sides; fee from lpFeeNum / 100,000', () => {
    const datum = cbor(constr(0, ...head, int(99_700), int(10_000), int(1_500_000), int(20), list(), int(0), bytes('cc'.repeat(28))))
    expect(splash.read(pool(SPLASH_POOL_SCRIPTS.constFnPoolFeeSwitchV2.hash, 1_977_157_659n, 397_938n, datum))).toEqual({
      dex: 'splash',
      poolId: POOL_LQ,
      identityUnit: POOL_NFT,
      assetA: 'lovelace',
      assetB: SNEK,
      reserveA: 1_975_657_659n,
      reserveB: 397_918n,
      lpSupply: 5_000n,
      feeBps: 30,
    })
  })
  test('legacy (Spectrum) datum: whole value, lpFeeNum / 1,000', () => {
    const datum = cbor(constr(0, ...head, int(997), list(), int(0)))
    expect(splash.read(pool(SPLASH_POOL_SCRIPTS.constFnPoolV1.hash, 1_977_157_659n, 397_918n, datum))).toMatchObject({ reserveA: 1_977_157_659n, reserveB: 397_918n, feeBps: 30 })
  })
  test('bidirectional fee: one fee per direction, treasuries at fields 7 and 8', () => {
    const datum = cbor(constr(0, ...head, int(99_700), int(99_000), int(5_000), int(7n), int(8n), list(), int(0), bytes('cc'.repeat(28))))
    expect(splash.read(pool(SPLASH_POOL_SCRIPTS.constFnPoolFeeSwitchBidirFee.hash, 100n, 50n, datum))).toMatchObject({
      reserveA: 93n,
      reserveB: 42n,
      feeBps: 30,
      feeBpsBToA: 100,
    })
  })
  test('weighted or stable pool credential → null', () => {
    const datum = cbor(constr(0, ...head, int(997), list(), int(0)))
    expect(splash.read(pool('f60fd1e70f4b9dfc09cdde8d7f7f1277de2694c82a516d7d3cc9e03e', 100n, 50n, datum))).toBeNull()
    expect(splash.read(pool('5d3df99fcfbbf282bd76a3d76a2e30bdd22e61c56f1462447938933b', 100n, 50n, datum))).toBeNull()
  })
  test('the NFT the datum names is not held, or no datum → null', () => {
    const other = cbor(constr(0, assetClass('dd'.repeat(28) + '01'), assetClass('lovelace'), assetClass(SNEK), assetClass(POOL_LQ), int(997), list(), int(0)))
    expect(splash.read(pool(SPLASH_POOL_SCRIPTS.constFnPoolV2.hash, 100n, 50n, other))).toBeNull()
    expect(splash.read(pool(SPLASH_POOL_SCRIPTS.constFnPoolV2.hash, 100n, 50n, null))).toBeNull()
  })
  test('garbage datum, or a treasury above the value → ChainDecodeError', () => {
    expect(() => splash.read(pool(SPLASH_POOL_SCRIPTS.constFnPoolV2.hash, 100n, 50n, 'd8799fd8799f4040ffff'))).toThrow(ChainDecodeError)
    const datum = cbor(constr(0, ...head, int(99_700), int(0), int(101n), int(0), list(), int(0), bytes('cc'.repeat(28))))
    expect(() => splash.read(pool(SPLASH_POOL_SCRIPTS.constFnPoolFeeSwitch.hash, 100n, 50n, datum))).toThrow(ChainDecodeError)
  })
})
