/**
 * Minswap V2: constant product, PlutusV2, inline datum (shared/chain/README.md §3.3).
 * Credential and the shared validity token `…4d5350` ("MSP") [2: minswap-dex-v2 README; minswap/sdk constants;
 * dexter]. Reserves = datum reserveA/reserveB: the value also holds the 4.5 ADA pool min-ADA and fee-sharing
 * earnings not yet withdrawn [2: minswap-dex-v2 utils.ak `min_pool_ada`; minswap/sdk `DEFAULT_POOL_ADA`; iris and
 * dendrite price from the datum]. LP name = SHA3-256(SHA3-256(policyA‖nameA) ‖ SHA3-256(policyB‖nameB))
 * [2: minswap-dex-v2 utils.ak `compute_lp_asset_name`; minswap/sdk `PoolV2.computeLPAssetName`].
 */
import { ChainDecodeError, type DexReader, type PoolState } from '../types'
import { constrOf, natOf, assetClassOf } from './plutus-data'
import { bps, inlineDatum, isLpUnit, pairLpName, quantityOf } from './common'

export const MINSWAP_V2 = {
  credential: 'ea07b733d932129c378af627436e7cbc2ef0bf96e0036bb51b3bde6b',
  lpPolicy: 'f5808c2c990d86da54bfc97d89cee6efa20cd8461616359478d96b4c',
  validityUnit: 'f5808c2c990d86da54bfc97d89cee6efa20cd8461616359478d96b4c4d5350',
  /** Pool min-ADA, not part of the datum's reserveA (utils.ak `min_pool_ada`). */
  minPoolAda: 4_500_000n,
  feeDenominator: 10_000n,
} as const

/** The LP unit of a pair given in DEX order. */
export function minswapV2LpUnit(assetA: string, assetB: string): string {
  return MINSWAP_V2.lpPolicy + pairLpName(assetA, assetB)
}

export const minswapV2: DexReader = {
  dex: 'minswap-v2',
  credentials: [MINSWAP_V2.credential],
  datumByHash: false,
  read(output): PoolState | null {
    if (output.paymentCred !== MINSWAP_V2.credential) return null
    if (quantityOf(output, MINSWAP_V2.validityUnit) !== 1n) return null
    // Datum Constr0, 10 fields [2: minswap/sdk PoolV2.Datum; amm-v2-specs.md §3.3.5.2].
    const f = constrOf(inlineDatum(output, 'Minswap V2'), 'Minswap V2 pool datum', 0, 10)
    const assetA = assetClassOf(f[1], 'Minswap V2 assetA')
    const assetB = assetClassOf(f[2], 'Minswap V2 assetB')
    if (isLpUnit(assetA) || isLpUnit(assetB)) return null // zap/farm-like pair of LP tokens
    const lp = minswapV2LpUnit(assetA, assetB)
    // The pool holds the unissued LP remainder: a datum naming another pair is not this output's datum.
    if (!output.assets.has(lp)) throw new ChainDecodeError(`Minswap V2 datum pair does not match the LP held (${lp})`)
    const reserveA = natOf(f[4], 'Minswap V2 reserveA')
    const reserveB = natOf(f[5], 'Minswap V2 reserveB')
    if (reserveA > quantityOf(output, assetA) || reserveB > quantityOf(output, assetB))
      throw new ChainDecodeError('Minswap V2 datum reserves exceed the value')
    const feeA = natOf(f[6], 'Minswap V2 baseFeeANumerator')
    const feeB = natOf(f[7], 'Minswap V2 baseFeeBNumerator')
    return {
      dex: 'minswap-v2',
      poolId: lp,
      identityUnit: lp, // no per-pool NFT: the LP unit is the only unique unit (README §6.3)
      assetA,
      assetB,
      reserveA,
      reserveB,
      lpSupply: natOf(f[3], 'Minswap V2 totalLiquidity'),
      feeBps: bps(feeA, MINSWAP_V2.feeDenominator),
      feeBpsBToA: bps(feeB, MINSWAP_V2.feeDenominator),
    }
  },
}
