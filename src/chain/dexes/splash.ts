/**
 * Splash (including the former Spectrum pools): inline datum (shared/chain/README.md §3.7).
 * Script hashes per pool kind: vector splash/mainnet.deployment.json; constFnPoolV1/V2 (Spectrum) [2: dendrite
 * spectrum.py; iris SplashAnalyzer], the fee-switch kinds [1: the deployment file only]. Weighted (balanceFn) and
 * stable pools are not constant product and are not read.
 * Identity: per-pool NFT named in datum field 0 (qty 1 held), LP unit in field 3 = pool id [2: iris; splash-offchain
 * cfmm_pool.rs; orcfax]. Reserve rule rests on ONE source [1, authoritative: splash-offchain swap math uses
 * reserves − treasury]: value(X) − treasuryX, value(Y) − treasuryY, no min-ADA cut (iris does not subtract the
 * treasury: CONFLICT, resolved for the contract's own off-chain code). LP supply = 2^63 − 1 − LP held
 * [2: iris; splash MAX_LQ_CAP].
 */
import { type DexReader, type PoolState } from '../types'
import { assetClassOf, constrOf, natOf, type PlutusData } from './plutus-data'
import { bps, inlineDatum, isLpUnit, lpFromRemainder, quantityOf, tradeable } from './common'

/** The datum layout of each constant-product kind. */
export type SplashLayout = 'legacy' | 'feeSwitch' | 'bidirFee'

/** Constant-product pool scripts (deployment keys), from the vector splash/mainnet.deployment.json. */
export const SPLASH_POOL_SCRIPTS: Readonly<Record<string, { hash: string; layout: SplashLayout }>> = {
  constFnPoolV1: { hash: 'e628bfd68c07a7a38fcd7d8df650812a9dfdbee54b1ed4c25c87ffbf', layout: 'legacy' },
  constFnPoolV2: { hash: '6b9c456aa650cb808a9ab54326e039d5235ed69f069c9664a8fe5b69', layout: 'legacy' },
  constFnPoolFeeSwitch: { hash: 'f002facfd69d51b63e7046c6d40349b0b17c8dd775ee415c66af3ccc', layout: 'feeSwitch' },
  constFnPoolFeeSwitchV2: { hash: '9dee0659686c3ab807895c929e3284c11222affd710b09be690f924d', layout: 'feeSwitch' },
  constFnPoolFeeSwitchBidirFee: { hash: '680f52841c06f32cecdcdeff2c20ce6b70c2a5249b94d1a2b4eff294', layout: 'bidirFee' },
}

const LAYOUT_BY_CREDENTIAL = new Map(Object.values(SPLASH_POOL_SCRIPTS).map((s) => [s.hash, s.layout]))

/** Legacy fee numerator is out of 1,000 (997 = 0.3 %); fee-switch numerators out of FEE_DEN = 100,000 [1]. */
const LEGACY_FEE_DEN = 1_000n
const FEE_DEN = 100_000n

export interface SplashDatum {
  nft: string
  x: string
  y: string
  lq: string
  /** Share of the input kept after the LP fee, per direction (X sold, Y sold). */
  keptX: bigint
  keptY: bigint
  feeDen: bigint
  treasuryX: bigint
  treasuryY: bigint
  /** The treasury's share of the LP fee (fee-switch kinds; 0 for legacy pools). */
  treasuryFeeNum: bigint
  lqBound: bigint
}

/**
 * Legacy CFMM: [nft, x, y, lq, lpFeeNum, stakeAdminPolicy, lqBound] [2: splash-offchain cfmm_pool.rs; dendrite].
 * Fee switch: [nft, x, y, lq, lpFeeNum, treasuryFeeNum, treasuryX, treasuryY, DAO list, lqBound, treasury address]
 * [1: splash-offchain fee_switch_pool.rs; iris reads 5–7 the same].
 * Bidirectional fee: [nft, x, y, lq, lpFeeNumX, lpFeeNumY, treasuryFeeNum, treasuryX, treasuryY, DAO list, lqBound, …]
 * [1: splash-offchain fee_switch_bidirectional_fee.rs].
 */
export function readSplashDatum(d: PlutusData, layout: SplashLayout): SplashDatum {
  const minFields = layout === 'legacy' ? 5 : layout === 'feeSwitch' ? 8 : 9
  const f = constrOf(d, `Splash ${layout} pool datum`, 0, minFields)
  const base = {
    nft: assetClassOf(f[0], 'Splash nft'),
    x: assetClassOf(f[1], 'Splash x'),
    y: assetClassOf(f[2], 'Splash y'),
    lq: assetClassOf(f[3], 'Splash lq'),
  }
  const nat = (i: number, what: string) => natOf(f[i], `Splash ${what}`)
  if (layout === 'legacy') {
    const kept = nat(4, 'lpFeeNum')
    const lqBound = f.length > 6 ? nat(6, 'lqBound') : 0n
    return { ...base, keptX: kept, keptY: kept, feeDen: LEGACY_FEE_DEN, treasuryX: 0n, treasuryY: 0n, treasuryFeeNum: 0n, lqBound }
  }
  if (layout === 'feeSwitch') {
    const kept = nat(4, 'lpFeeNum')
    return {
      ...base,
      keptX: kept,
      keptY: kept,
      feeDen: FEE_DEN,
      treasuryFeeNum: nat(5, 'treasuryFeeNum'),
      treasuryX: nat(6, 'treasuryX'),
      treasuryY: nat(7, 'treasuryY'),
      lqBound: f.length > 9 ? nat(9, 'lqBound') : 0n,
    }
  }
  return {
    ...base,
    keptX: nat(4, 'lpFeeNumX'),
    keptY: nat(5, 'lpFeeNumY'),
    feeDen: FEE_DEN,
    treasuryFeeNum: nat(6, 'treasuryFeeNum'),
    treasuryX: nat(7, 'treasuryX'),
    treasuryY: nat(8, 'treasuryY'),
    lqBound: f.length > 10 ? nat(10, 'lqBound') : 0n,
  }
}

const feeOf = (kept: bigint, den: bigint) => (kept > den ? null : bps(den - kept, den))

export const splash: DexReader = {
  dex: 'splash',
  credentials: Object.values(SPLASH_POOL_SCRIPTS).map((s) => s.hash),
  datumByHash: false,
  read(output): PoolState | null {
    const layout = LAYOUT_BY_CREDENTIAL.get(output.paymentCred)
    if (layout === undefined) return null
    // Splash's identity token is named by the datum itself, so an output without a datum is no recognisable pool.
    if (output.datumCbor === null) return null
    const d = readSplashDatum(inlineDatum(output, 'Splash'), layout)
    if (quantityOf(output, d.nft) !== 1n) return null // the identity token the datum names is not here: no pool
    if (isLpUnit(d.x) || isLpUnit(d.y)) return null
    return {
      dex: 'splash',
      poolId: d.lq,
      identityUnit: d.nft,
      assetA: d.x,
      assetB: d.y,
      reserveA: tradeable(quantityOf(output, d.x), d.treasuryX, 'Splash reserve X'),
      reserveB: tradeable(quantityOf(output, d.y), d.treasuryY, 'Splash reserve Y'),
      lpSupply: lpFromRemainder(quantityOf(output, d.lq)),
      feeBps: feeOf(d.keptX, d.feeDen),
      ...(layout === 'bidirFee' ? { feeBpsBToA: feeOf(d.keptY, d.feeDen) } : {}),
    }
  },
}
