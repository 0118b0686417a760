import { describe, expect, test } from 'bun:test'
import { Cardano } from '@cardano-sdk/core'
import { readWingRidersV1Datum, wingridersV1 } from '../../../src/chain/dexes/wingriders-v1'
import { wingridersV2 } from '../../../src/chain/dexes/wingriders-v2'
import { pairLpName } from '../../../src/chain/dexes/common'
import { ChainDecodeError, type ChainOutput } from '../../../src/chain/types'
import { assetClass, bytes, cbor, constr, int, policyAndName } from '../support/plutus'
import { vectorJson, vectorText } from './vectors'

const V1_CRED = 'e6c90a5923713af5786963dee0fdffd830ca7e0c86a041d9e5833e91'
const V1_POLICY = '026a18d04a0c642759bb3d83b12e3344894e5c1c7b2aeb1a2113a570'
const V2_CRED = 'af97793b8702f381976cec83e303e9ce17781458c73c4bb16fe02b83'
const V2_POLICY = '6fdc63a1d71dc2c65502b79baae7fb543185702b12c3c5fb639ed737'
const MAX = 9_223_372_036_854_775_807n
const AADA = '8fef2d34078659493ce161a6c7fba4b56afefa8535296a5743f6958741414441'
const WRT = 'c0ee29a85b13209423b10447d3c2e6a50641a15c57770e27cb9d507357696e67526964657273'
const IAG = '5d16cc1a177b5d9ba9cfa9793b07e60f1fb70fea1f8aef064415d114494147'
const REQUEST_V1 = '86ae9eebd8b97944a45201e4aec1330a72291af2d071644bba015959'

type LpMap = Record<string, { address: string; unitA: string; unitB: string; unitLp: string }>

function output(over: Partial<ChainOutput> & { assets: Map<string, bigint>; lovelace: bigint }): ChainOutput {
  return {
    txHash: 'ab'.repeat(32),
    index: 0,
    address: 'addr_test',
    paymentCred: V1_CRED,
    stakeAddress: null,
    datumHash: null,
    datumCbor: null,
    ...over,
  }
}

function v1Datum(assetA: string, assetB: string, treasuryA: bigint, treasuryB: bigint) {
  return cbor(constr(0, bytes(REQUEST_V1), constr(0, constr(0, assetClass(assetA), assetClass(assetB)), int(1_700_000_000_000n), int(treasuryA), int(treasuryB))))
}

describe('WingRiders V1 datum vector (dex-serializer test/pool.spec.ts)', () => {
  const hex = vectorText('wingriders/v1-pool-datum-ada-aada.cbor.hex')
  test('decodes to the fields the vector states', () => {
    expect(readWingRidersV1Datum(hex)).toEqual({
      requestScriptHash: REQUEST_V1,
      assetA: 'lovelace',
      assetB: AADA,
      lastInteraction: 1_662_811_586_000n,
      treasuryA: 711_919_837n,
      treasuryB: 459_136_992n,
    })
  })
  test('encoding the same fields with @cardano-sdk/core gives the same hex', () => {
    const encoded = cbor(
      constr(0, bytes(REQUEST_V1), constr(0, constr(0, assetClass('lovelace'), assetClass(AADA)), int(1_662_811_586_000n), int(711_919_837n), int(459_136_992n))),
    )
    expect(encoded).toBe(hex)
  })
  test('the reader takes both treasuries and 3 ADA off (hand-computed)', () => {
    const share = V1_POLICY + 'cd'.repeat(32)
    const pool = wingridersV1.read(
      output({
        lovelace: 711_919_837n + 3_000_000n + 1_000_000_000n,
        assets: new Map([[V1_POLICY + '4c', 1n], [share, MAX - 77_000n], [AADA, 459_136_992n + 2_000_000n]]),
        datumCbor: hex,
      }),
    )
    expect(pool).toEqual({
      dex: 'wingriders-v1',
      poolId: share,
      identityUnit: share,
      assetA: 'lovelace',
      assetB: AADA,
      reserveA: 1_000_000_000n,
      reserveB: 2_000_000n,
      lpSupply: 77_000n,
      feeBps: 35,
    })
  })
})

describe('WingRiders V1 LP map vector (dex-blockfrost-adapter, 2022-10-13)', () => {
  const map = vectorJson<LpMap>('wingriders/lpmap.mainnet.20221013.json')
  const entries = Object.entries(map)
  test('217 pools, every address has the constant-product credential; 146 own stake parts, 71 enterprise', () => {
    expect(entries).toHaveLength(217)
    const stakeParts = new Set<string>()
    let enterprise = 0
    for (const [, entry] of entries) {
      const address = Cardano.Address.fromBech32(entry.address)
      expect(String(address.getProps().paymentPart?.hash)).toBe(V1_CRED)
      const base = address.asBase()
      if (base) stakeParts.add(base.getStakeCredential().hash)
      else if (address.asEnterprise()) enterprise++
    }
    expect(stakeParts.size).toBe(146)
    expect(enterprise).toBe(71)
  })
  test('unitLp = share policy + key, for every pool', () => {
    for (const [key, entry] of entries) expect(entry.unitLp).toBe(V1_POLICY + key)
  })
  test('the LP-hash rule SHA3(SHA3(A) ‖ SHA3(B)) reproduces every key (adapter src/utils.ts computeLpHash)', () => {
    for (const [key, entry] of entries) expect(pairLpName(entry.unitA, entry.unitB)).toBe(key)
  })
  test('the one-entry map names the same ADA/WRT pool', () => {
    const small = vectorJson<LpMap>('wingriders/lpmap.mainnet.json')
    const key = 'dec347c549f618e80d97682b5b4c6985256503bbb3f3955831f5679cdb8de72f'
    expect(small[key]).toEqual(map[key])
    expect(small[key].unitB).toBe(WRT)
  })
  test('adapter README ADA/WRT state: issued LP and quantities read back at the real address', () => {
    const key = 'dec347c549f618e80d97682b5b4c6985256503bbb3f3955831f5679cdb8de72f'
    const entry = map[key]
    const address = Cardano.Address.fromBech32(entry.address)
    const pool = wingridersV1.read(
      output({
        address: entry.address,
        paymentCred: address.getProps().paymentPart?.hash ?? '',
        // quantityA is the tradeable ADA: the pool also holds 3 ADA and (here) 1.5 ADA and 10 WRT of treasury
        lovelace: 1_955_086_131_373n + 3_000_000n + 1_500_000n,
        assets: new Map([[V1_POLICY + '4c', 1n], [entry.unitLp, MAX - 3_287_316_988_194n], [WRT, 5_666_239_873_301n + 10_000_000n]]),
        datumCbor: v1Datum('lovelace', WRT, 1_500_000n, 10_000_000n),
      }),
    )
    expect(pool?.poolId).toBe(entry.unitLp)
    expect(pool?.reserveA).toBe(1_955_086_131_373n)
    expect(pool?.reserveB).toBe(5_666_239_873_301n)
    expect(pool?.lpSupply).toBe(3_287_316_988_194n)
  })
})

describe('WingRiders V1 reader', () => {
  const share = V1_POLICY + 'ee'.repeat(32)
  const base = () =>
    output({
      lovelace: 50_000_000n,
      assets: new Map([[V1_POLICY + '4c', 1n], [share, MAX - 1_000n], [WRT, 9_000_000n]]),
      datumCbor: v1Datum('lovelace', WRT, 0n, 0n),
    })
  test('no treasury: only the 3 ADA pool min-ADA leaves the ADA side', () => {
    expect(wingridersV1.read(base())).toMatchObject({ reserveA: 47_000_000n, reserveB: 9_000_000n, lpSupply: 1_000n })
  })
  test('a token/token pool: no 3 ADA cut on either side', () => {
    const o = base()
    o.datumCbor = v1Datum(AADA, WRT, 100n, 7n) // AADA's policy sorts first
    o.assets = new Map([[V1_POLICY + '4c', 1n], [share, MAX - 1_000n], [WRT, 9_000_000n], [AADA, 4_000_100n]])
    expect(wingridersV1.read(o)).toMatchObject({ assetA: AADA, assetB: WRT, reserveA: 4_000_000n, reserveB: 8_999_993n })
  })
  test('datum unknown (datum hash only) → ChainDecodeError: the treasuries are needed for the price', () => {
    expect(() => wingridersV1.read({ ...base(), datumCbor: null, datumHash: 'aa'.repeat(32) })).toThrow(ChainDecodeError)
  })
  test('garbage datum → ChainDecodeError', () => {
    expect(() => wingridersV1.read({ ...base(), datumCbor: 'd8799f' })).toThrow(ChainDecodeError)
    expect(() => wingridersV1.read({ ...base(), datumCbor: cbor(constr(1, int(1))) })).toThrow(ChainDecodeError)
  })
  test('a treasury larger than the value → ChainDecodeError, not a negative reserve', () => {
    expect(() => wingridersV1.read({ ...base(), datumCbor: v1Datum('lovelace', WRT, 48_000_000n, 0n) })).toThrow(ChainDecodeError)
  })
  test('wrong credential, the stableswap credential, or no validity token → null', () => {
    expect(wingridersV1.read({ ...base(), paymentCred: V2_CRED })).toBeNull()
    expect(wingridersV1.read({ ...base(), paymentCred: '9868d58fbfcc2b14cfc7d9eec0b765e7e6fc4e950c9c2748ace9ce61' })).toBeNull()
    const o = base()
    o.assets = new Map([[share, MAX - 1_000n], [WRT, 9_000_000n]])
    expect(wingridersV1.read(o)).toBeNull()
  })
  test('a farm (an asset is a WingRiders share token) → null', () => {
    const o = base()
    const farmed = V1_POLICY + '11'.repeat(32)
    o.assets = new Map([[V1_POLICY + '4c', 1n], [share, MAX - 1_000n], [farmed, 5n]])
    o.datumCbor = v1Datum('lovelace', farmed, 0n, 0n)
    expect(wingridersV1.read(o)).toBeNull()
  })
})

function v2Datum(assetA: string, assetB: string, t: { a?: bigint; b?: bigint; pa?: bigint; pb?: bigint; ra?: bigint; rb?: bigint }) {
  const [pA, nA] = policyAndName(assetA)
  const [pB, nB] = policyAndName(assetB)
  return cbor(
    constr(
      0,
      bytes('c134d839a64a5dfb9b155869ef3f34280751a622f69958baa8ffd29c'),
      pA, nA, pB, nB,
      int(30), int(5), int(0), int(0), int(10_000), // swap, protocol, project, reserve fee; basis
      int(2_000_000), int(1_700_000_000_000n),
      int(t.a ?? 0n), int(t.b ?? 0n), int(t.pa ?? 0n), int(t.pb ?? 0n), int(t.ra ?? 0n), int(t.rb ?? 0n),
      constr(1), constr(1), constr(0),
    ),
  )
}

describe('WingRiders V2 reader (reserve rule [1]: dex-v2-contracts Pool/Util.hs)', () => {
  const share = V2_POLICY + '5a'.repeat(32)
  const out = (lovelace: bigint, iag: bigint, datumCbor: string) =>
    output({ paymentCred: V2_CRED, lovelace, assets: new Map([[V2_POLICY + '4c', 1n], [share, MAX - 42n], [IAG, iag]]), datumCbor })
  test('three treasuries per side and 3 ADA pool oil come off (hand-computed)', () => {
    const pool = wingridersV2.read(out(100_000_000n, 500_000n, v2Datum('lovelace', IAG, { a: 1_000_000n, pa: 2_000_000n, ra: 4_000_000n, b: 10n, pb: 20n, rb: 40n })))
    // 100 − 1 − 2 − 4 − 3 = 90 ADA; 500,000 − 70 = 499,930
    expect(pool).toEqual({
      dex: 'wingriders-v2',
      poolId: share,
      identityUnit: share,
      assetA: 'lovelace',
      assetB: IAG,
      reserveA: 90_000_000n,
      reserveB: 499_930n,
      lpSupply: 42n,
      feeBps: 35,
    })
  })
  test('no datum bytes (inline datum expected) or garbage → ChainDecodeError', () => {
    expect(() => wingridersV2.read(out(100_000_000n, 5n, 'ff'))).toThrow(ChainDecodeError)
    expect(() => wingridersV2.read({ ...out(100_000_000n, 5n, 'ff'), datumCbor: null })).toThrow(ChainDecodeError)
    expect(() => wingridersV2.read(out(100_000_000n, 5n, cbor(constr(0, int(1), int(2)))))).toThrow(ChainDecodeError)
  })
  test('stableswap credential, V1 share policy, or a V1 output → null', () => {
    const o = out(100_000_000n, 5n, v2Datum('lovelace', IAG, {}))
    expect(wingridersV2.read({ ...o, paymentCred: '946ae228430f2fc64aa8b3acb910ee27e9b3e47aa8f925fac27834a1' })).toBeNull()
    expect(wingridersV2.read({ ...o, paymentCred: V1_CRED })).toBeNull()
    expect(wingridersV2.read({ ...o, assets: new Map([[V1_POLICY + '4c', 1n], [V1_POLICY + 'aa'.repeat(32), 5n]]) })).toBeNull()
  })
})
