import { describe, expect, test } from 'bun:test'
import { SUNDAE_V3_POOL_DATUM_FIELDS, sundaeswapV3 } from '../../../src/chain/dexes/sundaeswap-v3'
import { sundaeswapV1 } from '../../../src/chain/dexes/sundaeswap-v1'
import { ChainDecodeError, type ChainOutput } from '../../../src/chain/types'
import { assetClass, assetTuple, bytes, cbor, constr, int, list } from '../support/plutus'
import { vectorJson } from './vectors'

const V1_CRED = '4020e7fc2de75a0729c3cc3af715b34d98381e0cdbcfa99c950bc3ac'
const V1_POLICY = '0029cb7c88c7567b63d1a512c0ed626aa169688ec980730c0473b913'
const V3_CRED = 'e0302560ced2fdcbfcb2602697df970cd0d6a38f94b32703f51c312b'
const FACT = 'a3931691f5c4e65d01c429e473d0dd24c51afdb6daf88e632a6c1e516f7263666178746f6b656e'
const SNEK = '279c909f348e533da5808898f87f9a14bb2c3dfbbacccd631d927a3f534e454b'
const IUSD = 'f66d78b4a3cb3d37afa0ec36461e51ecbde00f26c8f0a68f94b6988069555344'

const out = (o: Partial<ChainOutput> & Pick<ChainOutput, 'paymentCred' | 'lovelace' | 'assets'>): ChainOutput => ({
  txHash: 'ef'.repeat(32),
  index: 0,
  address: 'addr_test',
  stakeAddress: null,
  datumHash: null,
  datumCbor: null,
  ...o,
})

interface Blueprint {
  validators: { title: string; hash: string }[]
  definitions: Record<string, { anyOf: { index: number; fields: { title: string }[] }[] }>
}

describe('Sundae V3 plutus.json vector (sundae-contracts, mainnet launch)', () => {
  const blueprint = vectorJson<Blueprint>('sundaeswap-v3/plutus.json')
  const hash = (title: string) => blueprint.validators.find((v) => v.title === title)?.hash
  test('pool.spend = pool.mint = the credential the reader follows; order and pool_stake hashes', () => {
    expect(hash('pool.spend')).toBe(V3_CRED)
    expect(hash('pool.mint')).toBe(V3_CRED)
    expect(sundaeswapV3.credentials).toEqual([V3_CRED])
    expect(hash('order.spend')).toBe('fa6a58bbe2d0ff05534431c8e2f0ef2cbdc1602a8456e4b13c8f3077')
    expect(hash('pool_stake.stake')).toBe('4399813dad91bb78a5eb17c26ff50852bc75d3fa7b6e9ae87232ccc1')
  })
  test("the reader's PoolDatum field list is the blueprint's, constructor 0", () => {
    const [datum] = blueprint.definitions['types/pool/PoolDatum'].anyOf
    expect(datum.index).toBe(0)
    expect(datum.fields.map((f) => f.title)).toEqual([...SUNDAE_V3_POOL_DATUM_FIELDS])
  })
})

const IDENT = 'a5b624b9'.padEnd(56, '7')
const NFT = V3_CRED + '000de140' + IDENT
const LP = V3_CRED + '0014df10' + IDENT

function v3Datum(assetA: string, assetB: string, protocolFees: bigint, opts: { ident?: string; bid?: number; ask?: number; lp?: bigint } = {}) {
  return cbor(
    constr(
      0,
      bytes(opts.ident ?? IDENT),
      list(assetTuple(assetA), assetTuple(assetB)),
      int(opts.lp ?? 1_000n),
      int(opts.bid ?? 30),
      int(opts.ask ?? 100),
      constr(1),
      int(0),
      int(protocolFees),
    ),
  )
}

describe('Sundae V3 reader', () => {
  const pool = (lovelace: bigint, token: bigint, datumCbor: string | null) => out({ paymentCred: V3_CRED, lovelace, assets: new Map([[NFT, 1n], [FACT, token]]), datumCbor })
  test('ADA side = lovelace − protocolFees; token side full (hand-computed)', () => {
    expect(sundaeswapV3.read(pool(3_235_058_618n, 660_985_870_918n, v3Datum('lovelace', FACT, 35_058_618n, { lp: 44n })))).toEqual({
      dex: 'sundaeswap-v3',
      poolId: LP,
      identityUnit: NFT,
      assetA: 'lovelace',
      assetB: FACT,
      reserveA: 3_200_000_000n,
      reserveB: 660_985_870_918n,
      lpSupply: 44n,
      feeBps: 30,
      feeBpsBToA: 100,
    })
  })
  test('token/token pool: protocol fees are ADA outside the pair, both tokens full', () => {
    const o = out({ paymentCred: V3_CRED, lovelace: 5_000_000n, assets: new Map([[NFT, 1n], [SNEK, 70n], [IUSD, 90n]]), datumCbor: v3Datum(SNEK, IUSD, 3_000_000n) })
    expect(sundaeswapV3.read(o)).toMatchObject({ assetA: SNEK, assetB: IUSD, reserveA: 70n, reserveB: 90n })
  })
  test('identifier ≠ NFT ident, protocol fees above the lovelace, garbage or no datum → ChainDecodeError', () => {
    expect(() => sundaeswapV3.read(pool(10_000_000n, 5n, v3Datum('lovelace', FACT, 0n, { ident: '00'.repeat(28) })))).toThrow(ChainDecodeError)
    expect(() => sundaeswapV3.read(pool(10_000_000n, 5n, v3Datum('lovelace', FACT, 10_000_001n)))).toThrow(ChainDecodeError)
    expect(() => sundaeswapV3.read(pool(10_000_000n, 5n, 'd8799f40ff'))).toThrow(ChainDecodeError)
    expect(() => sundaeswapV3.read(pool(10_000_000n, 5n, null))).toThrow(ChainDecodeError)
  })
  test('no pool NFT (an order or stray output at the script), or wrong credential → null', () => {
    expect(sundaeswapV3.read(out({ paymentCred: V3_CRED, lovelace: 10n, assets: new Map([[FACT, 5n]]), datumCbor: v3Datum('lovelace', FACT, 0n) }))).toBeNull()
    expect(sundaeswapV3.read({ ...pool(10n, 5n, v3Datum('lovelace', FACT, 0n)), paymentCred: V1_CRED })).toBeNull()
  })
})

function v1Datum(assetA: string, assetB: string, ident: string, lp: bigint, fee: [number, number]) {
  return cbor(constr(0, constr(0, assetClass(assetA), assetClass(assetB)), bytes(ident), int(lp), constr(0, int(fee[0]), int(fee[1]))))
}

describe('Sundae V1 reader (whole value; the 2-ADA cut is a CONFLICT left out)', () => {
  const ident = '1f'
  const nft = V1_POLICY + '7020' + ident
  const pool = (datumCbor: string | null) => out({ paymentCred: V1_CRED, lovelace: 52_000_000n, assets: new Map([[nft, 1n], [SNEK, 1_000n]]), datumCbor })
  test('with its datum: whole value, LP from field 2, fee from num/den', () => {
    expect(sundaeswapV1.read(pool(v1Datum('lovelace', SNEK, ident, 321n, [1, 100])))).toEqual({
      dex: 'sundaeswap-v1',
      poolId: V1_POLICY + '6c7020' + ident,
      identityUnit: nft,
      assetA: 'lovelace',
      assetB: SNEK,
      reserveA: 52_000_000n, // dendrite would say 50,000,000 (−2 ADA)
      reserveB: 1_000n,
      lpSupply: 321n,
      feeBps: 100,
    })
  })
  test('datum not known: price from the value, LP supply and fee null', () => {
    expect(sundaeswapV1.read(pool(null))).toMatchObject({ reserveA: 52_000_000n, reserveB: 1_000n, lpSupply: null, feeBps: null })
  })
  test('a datum of another pool (ident mismatch) or garbage → ChainDecodeError', () => {
    expect(() => sundaeswapV1.read(pool(v1Datum('lovelace', SNEK, '20', 1n, [3, 1000])))).toThrow(ChainDecodeError)
    expect(() => sundaeswapV1.read(pool('9f'))).toThrow(ChainDecodeError)
  })
  test('the LP token alone ("lp " prefix) is no identity; wrong credential → null', () => {
    expect(sundaeswapV1.read(out({ paymentCred: V1_CRED, lovelace: 5n, assets: new Map([[V1_POLICY + '6c7020' + ident, 1n], [SNEK, 1n]]) }))).toBeNull()
    expect(sundaeswapV1.read({ ...pool(null), paymentCred: V3_CRED })).toBeNull()
  })
})
