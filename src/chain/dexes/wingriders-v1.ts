/**
 * WingRiders V1: PlutusV1, datum by hash (shared/chain/README.md §3.6).
 * Constant-product credential [2: dendrite; dex-blockfrost-adapter README and LP map (vector, 217/217)]; the
 * stableswap credential `9868d58f…ce61` rests on one source [1] and its pools are not read (not constant product).
 * Identity: shared validity token `026a18d0…` + `4c` and a per-pool share token (same policy, 32-byte name) = pool id
 * [2]. Reserves: A = value(A) − treasuryA − 3 ADA (ADA side only), B = value(B) − treasuryB
 * [2: adapter `LIQUIDITY_POOL_MIN_ADA = 3000000`; dendrite]; iris's variant is resolved against (README §3.6).
 * LP supply = 2^63 − 1 − share tokens held [2: adapter; iris]. Fee 0.35 % [2].
 *
 * The treasuries live in the datum, so without its body (datumCbor null: fetch datum_info) the price is unknown and
 * read() throws ChainDecodeError rather than guess.
 */
import { ChainDecodeError, LOVELACE, type ChainOutput, type DexReader, type PoolState } from '../types'
import { assetClassOf, bytesOf, constrOf, decodePlutusData, natOf } from './plutus-data'
import { isLpUnit, lpFromRemainder, oneUnit, quantityOf, tradeable } from './common'

export const WINGRIDERS_V1 = {
  credential: 'e6c90a5923713af5786963dee0fdffd830ca7e0c86a041d9e5833e91',
  /** Stableswap pools [1]: not followed. */
  stableCredential: '9868d58fbfcc2b14cfc7d9eec0b765e7e6fc4e950c9c2748ace9ce61',
  policy: '026a18d04a0c642759bb3d83b12e3344894e5c1c7b2aeb1a2113a570',
  validityName: '4c', // "L"
  /** Pool min-ADA kept out of the ADA reserve (adapter `LIQUIDITY_POOL_MIN_ADA`). */
  poolMinAda: 3_000_000n,
  feeBps: 35,
} as const

export interface WingRidersV1Datum {
  requestScriptHash: string
  assetA: string
  assetB: string
  lastInteraction: bigint
  treasuryA: bigint
  treasuryB: bigint
}

/**
 * Datum Constr0[requestScriptHash, Constr0[Constr0[assetA, assetB], lastInteraction, treasuryA, treasuryB]]
 * [2: WingRiders/dex-serializer LiquidityPoolDatumV1.ts (vector); dendrite].
 */
export function readWingRidersV1Datum(cbor: string): WingRidersV1Datum {
  const [request, state] = constrOf(decodePlutusData(cbor), 'WingRiders V1 pool datum', 0, 2)
  const s = constrOf(state, 'WingRiders V1 pool state', 0, 4)
  const [a, b] = constrOf(s[0], 'WingRiders V1 pair', 0, 2)
  return {
    requestScriptHash: bytesOf(request, 'WingRiders V1 requestScriptHash'),
    assetA: assetClassOf(a, 'WingRiders V1 assetA'),
    assetB: assetClassOf(b, 'WingRiders V1 assetB'),
    lastInteraction: natOf(s[1], 'WingRiders V1 lastInteraction'),
    treasuryA: natOf(s[2], 'WingRiders V1 treasuryA'),
    treasuryB: natOf(s[3], 'WingRiders V1 treasuryB'),
  }
}

/** The share token (pool id) of a WingRiders pool output under `policy`, or null when it carries no single one. */
export function wingRidersShareUnit(output: ChainOutput, policy: string, validityName: string): string | null {
  if (quantityOf(output, policy + validityName) !== 1n) return null
  return oneUnit(output, policy, '', 64)
}

export const wingridersV1: DexReader = {
  dex: 'wingriders-v1',
  credentials: [WINGRIDERS_V1.credential],
  datumByHash: true,
  read(output): PoolState | null {
    if (output.paymentCred !== WINGRIDERS_V1.credential) return null
    const share = wingRidersShareUnit(output, WINGRIDERS_V1.policy, WINGRIDERS_V1.validityName)
    if (share === null) return null
    if (output.datumCbor === null) throw new ChainDecodeError(`WingRiders V1 pool ${share}: datum unknown (treasuries needed)`)
    const d = readWingRidersV1Datum(output.datumCbor)
    if (isLpUnit(d.assetA) || isLpUnit(d.assetB)) return null // farm (iris drops them) [1]
    const oil = (unit: string) => (unit === LOVELACE ? WINGRIDERS_V1.poolMinAda : 0n)
    return {
      dex: 'wingriders-v1',
      poolId: share,
      identityUnit: share,
      assetA: d.assetA,
      assetB: d.assetB,
      reserveA: tradeable(quantityOf(output, d.assetA), d.treasuryA + oil(d.assetA), 'WingRiders V1 reserve A'),
      reserveB: tradeable(quantityOf(output, d.assetB), d.treasuryB + oil(d.assetB), 'WingRiders V1 reserve B'),
      lpSupply: lpFromRemainder(quantityOf(output, share)),
      feeBps: WINGRIDERS_V1.feeBps,
    }
  },
}
