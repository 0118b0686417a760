/**
 * Minswap V1: constant product, PlutusV1, datum by hash (shared/chain/README.md §3.2).
 * Credential, factory token, NFT and LP policies [2: minswap/sdk src/types/constants.ts, pool.internal.ts;
 * charli3-dendrite minswap.py; dexter minswap.ts]. Reserves = the value's quantities, no subtraction; the datum is
 * needed only for LP supply [2: minswap/sdk PoolV1.State; iris]. Fee 0.30 % fixed [2: iris, dexter, dendrite].
 * The older deployment (NFT 5178cc70…) rests on one source [1: iris] and is not followed.
 */
import { ChainDecodeError, LOVELACE, type ChainOutput, type DexReader, type PoolState } from '../types'
import { decodePlutusData, assetClassOf, constrOf, natOf } from './plutus-data'
import { dexOrder, isLpUnit, oneUnit, quantityOf } from './common'

export const MINSWAP_V1 = {
  credential: 'e1317b152faac13426e6a83e06ff88a4d62cce3c1634ab0a5ec13309',
  factoryUnit: '13aa2accf2e1561723aa26871e071fdf32c867cff7e7d50ad470d62f4d494e53574150',
  nftPolicy: '0be55d262b29f564998ff81efe21bdc0022621c12f15af08d0f2ddb1',
  lpPolicy: 'e4214b7cce62ac6fbba385d164df48e157eae5863521b4b67ca71d86',
  feeBps: 30,
} as const

/** Datum Constr0[assetA, assetB, totalLiquidity, rootKLast, feeSharing] [2: minswap/sdk pool.ts; iris]. */
function readDatum(cbor: string): { assetA: string; assetB: string; totalLiquidity: bigint } {
  const fields = constrOf(decodePlutusData(cbor), 'Minswap V1 pool datum', 0, 4)
  return {
    assetA: assetClassOf(fields[0], 'Minswap V1 assetA'),
    assetB: assetClassOf(fields[1], 'Minswap V1 assetB'),
    totalLiquidity: natOf(fields[2], 'Minswap V1 totalLiquidity'),
  }
}

/** The pair from the value alone: every asset but the factory token, the NFT and this pool's LP. */
function pairFromValue(output: ChainOutput, nft: string, lp: string): [string, string] {
  const others = [...output.assets.keys()].filter((u) => u !== MINSWAP_V1.factoryUnit && u !== nft && u !== lp)
  if (others.length === 1) return [LOVELACE, others[0]]
  if (others.length === 2) return dexOrder(others[0], others[1])
  throw new ChainDecodeError(`Minswap V1 pool ${nft}: ${others.length} candidate assets and no datum`)
}

export const minswapV1: DexReader = {
  dex: 'minswap-v1',
  credentials: [MINSWAP_V1.credential],
  datumByHash: true,
  read(output): PoolState | null {
    if (output.paymentCred !== MINSWAP_V1.credential) return null
    if (quantityOf(output, MINSWAP_V1.factoryUnit) !== 1n) return null
    const nft = oneUnit(output, MINSWAP_V1.nftPolicy, '', 64)
    if (nft === null || quantityOf(output, nft) !== 1n) return null
    const poolName = nft.slice(56)
    const lp = MINSWAP_V1.lpPolicy + poolName
    const datum = output.datumCbor === null ? null : readDatum(output.datumCbor)
    const [assetA, assetB] = datum ? [datum.assetA, datum.assetB] : pairFromValue(output, nft, lp)
    if (isLpUnit(assetA) || isLpUnit(assetB)) return null // zap pool (dexter skips them) [1]
    return {
      dex: 'minswap-v1',
      poolId: lp,
      identityUnit: nft,
      assetA,
      assetB,
      reserveA: quantityOf(output, assetA),
      reserveB: quantityOf(output, assetB),
      lpSupply: datum ? datum.totalLiquidity : null,
      feeBps: MINSWAP_V1.feeBps,
    }
  },
}
