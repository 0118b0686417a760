/**
 * WingRiders V2: Plutarch/PlutusV2, inline datum (shared/chain/README.md §3.6).
 * Constant-product credential [2: multi-dex-launchpad; orcfax test address]; stableswap credential `946ae228…34a1`
 * [1], not read. Identity: validity token `6fdc63a1…` + `4c`, per-pool share token (32-byte name) = pool id [2].
 * Reserve rule rests on ONE source [1, authoritative: dex-v2-contracts src/DEX/Pool/Util.hs, Constants.hs
 * `poolOilAda = 3_000_000`]: qtyA = value(A) − treasuryA − projectTreasuryA − reserveTreasuryA − 3 ADA "pool oil"
 * (when A is ADA), B likewise. LP supply = 2^63 − 1 − share tokens held [INF from V1 and Splash]. Fee: the datum's
 * swap + protocol + project + reserve fees over feeBasis [1: the datum is authoritative].
 */
import { LOVELACE, type DexReader, type PoolState } from '../types'
import { bytesOf, constrOf, natOf, unitOf } from './plutus-data'
import { bps, inlineDatum, isLpUnit, lpFromRemainder, quantityOf, tradeable } from './common'
import { wingRidersShareUnit } from './wingriders-v1'

export const WINGRIDERS_V2 = {
  credential: 'af97793b8702f381976cec83e303e9ce17781458c73c4bb16fe02b83',
  /** Stableswap pools [1]: not followed. */
  stableCredential: '946ae228430f2fc64aa8b3acb910ee27e9b3e47aa8f925fac27834a1',
  policy: '6fdc63a1d71dc2c65502b79baae7fb543185702b12c3c5fb639ed737',
  validityName: '4c',
  poolOilAda: 3_000_000n,
} as const

export const wingridersV2: DexReader = {
  dex: 'wingriders-v2',
  credentials: [WINGRIDERS_V2.credential],
  datumByHash: false,
  read(output): PoolState | null {
    if (output.paymentCred !== WINGRIDERS_V2.credential) return null
    const share = wingRidersShareUnit(output, WINGRIDERS_V2.policy, WINGRIDERS_V2.validityName)
    if (share === null) return null
    // Flat Constr0, 21 fields [2: dex-v2-contracts Pool.hs; dex-serializer LiquidityPoolDatumV2.ts].
    const f = constrOf(inlineDatum(output, 'WingRiders V2'), 'WingRiders V2 pool datum', 0, 21)
    const nat = (i: number, what: string) => natOf(f[i], `WingRiders V2 ${what}`)
    const assetA = unitOf(bytesOf(f[1], 'WingRiders V2 assetA'), bytesOf(f[2], 'WingRiders V2 assetA'), 'WingRiders V2 assetA')
    const assetB = unitOf(bytesOf(f[3], 'WingRiders V2 assetB'), bytesOf(f[4], 'WingRiders V2 assetB'), 'WingRiders V2 assetB')
    if (isLpUnit(assetA) || isLpUnit(assetB)) return null
    const fees = nat(5, 'swapFee') + nat(6, 'protocolFee') + nat(7, 'projectFee') + nat(8, 'reserveFee')
    const oil = (unit: string) => (unit === LOVELACE ? WINGRIDERS_V2.poolOilAda : 0n)
    const cutA = nat(12, 'treasuryA') + nat(14, 'projectTreasuryA') + nat(16, 'reserveTreasuryA') + oil(assetA)
    const cutB = nat(13, 'treasuryB') + nat(15, 'projectTreasuryB') + nat(17, 'reserveTreasuryB') + oil(assetB)
    return {
      dex: 'wingriders-v2',
      poolId: share,
      identityUnit: share,
      assetA,
      assetB,
      reserveA: tradeable(quantityOf(output, assetA), cutA, 'WingRiders V2 reserve A'),
      reserveB: tradeable(quantityOf(output, assetB), cutB, 'WingRiders V2 reserve B'),
      lpSupply: lpFromRemainder(quantityOf(output, share)),
      feeBps: bps(fees, nat(9, 'feeBasis')),
    }
  },
}
