/**
 * SundaeSwap V1: constant product, PlutusV1, datum by hash, every pool at one enterprise address
 * (shared/chain/README.md §3.4). Credential [2: iris, dexter, dendrite, orcfax]; NFT "p " + ident and LP
 * "lp " + ident under one policy [2: dendrite; sundae-sdk `CONTRACT_V1_PREFIX`; dexter; iris].
 *
 * CONFLICT (unresolved, README §3.4 and §9): dendrite takes 2 ADA off the ADA side; iris and dexter use the whole
 * value. This reader follows the two (whole value) — measure a real small pool before trusting its price.
 * CONFLICT: datum field 2 is the LP in circulation for iris/dexter and `last_swap` for dendrite; lpSupply follows the
 * two, and the follower should prefer the tx's LP mint/burn (tx_info assets_minted) when it has it.
 */
import { ChainDecodeError, LOVELACE, type ChainOutput, type DexReader, type PoolState } from '../types'
import { assetClassOf, bytesOf, constrOf, decodePlutusData, natOf } from './plutus-data'
import { bps, dexOrder, isLpUnit, quantityOf, unitsUnder } from './common'

export const SUNDAESWAP_V1 = {
  credential: '4020e7fc2de75a0729c3cc3af715b34d98381e0cdbcfa99c950bc3ac',
  policy: '0029cb7c88c7567b63d1a512c0ed626aa169688ec980730c0473b913',
  nftPrefix: '7020', // "p "
  lpPrefix: '6c7020', // "lp "
} as const

interface SundaeV1Datum {
  assetA: string
  assetB: string
  ident: string
  lp: bigint
  feeBps: number | null
}

/** Datum Constr0[Constr0[assetA, assetB], ident, Int, Constr0[feeNum, feeDen]] [2 layout: iris; dendrite]. */
function readDatum(cbor: string): SundaeV1Datum {
  const f = constrOf(decodePlutusData(cbor), 'Sundae V1 pool datum', 0, 4)
  const [a, b] = constrOf(f[0], 'Sundae V1 pair', 0, 2)
  const [num, den] = constrOf(f[3], 'Sundae V1 fee', 0, 2)
  return {
    assetA: assetClassOf(a, 'Sundae V1 assetA'),
    assetB: assetClassOf(b, 'Sundae V1 assetB'),
    ident: bytesOf(f[1], 'Sundae V1 ident'),
    lp: natOf(f[2], 'Sundae V1 circulating LP'),
    feeBps: bps(natOf(num, 'Sundae V1 fee numerator'), natOf(den, 'Sundae V1 fee denominator')),
  }
}

function pairFromValue(output: ChainOutput, nft: string): [string, string] {
  const others = [...output.assets.keys()].filter((u) => u !== nft)
  if (others.length === 1) return [LOVELACE, others[0]]
  if (others.length === 2) return dexOrder(others[0], others[1])
  throw new ChainDecodeError(`Sundae V1 pool ${nft}: ${others.length} candidate assets and no datum`)
}

export const sundaeswapV1: DexReader = {
  dex: 'sundaeswap-v1',
  credentials: [SUNDAESWAP_V1.credential],
  datumByHash: true,
  read(output): PoolState | null {
    if (output.paymentCred !== SUNDAESWAP_V1.credential) return null
    const nfts = unitsUnder(output, SUNDAESWAP_V1.policy + SUNDAESWAP_V1.nftPrefix)
    if (nfts.length !== 1 || quantityOf(output, nfts[0]) !== 1n) return null
    const nft = nfts[0]
    const ident = nft.slice(56 + SUNDAESWAP_V1.nftPrefix.length)
    const datum = output.datumCbor === null ? null : readDatum(output.datumCbor)
    if (datum && datum.ident !== ident) throw new ChainDecodeError(`Sundae V1 datum ident ${datum.ident} ≠ NFT ident ${ident}`)
    const [assetA, assetB] = datum ? [datum.assetA, datum.assetB] : pairFromValue(output, nft)
    if (isLpUnit(assetA) || isLpUnit(assetB)) return null
    return {
      dex: 'sundaeswap-v1',
      poolId: SUNDAESWAP_V1.policy + SUNDAESWAP_V1.lpPrefix + ident,
      identityUnit: nft,
      assetA,
      assetB,
      reserveA: quantityOf(output, assetA),
      reserveB: quantityOf(output, assetB),
      lpSupply: datum ? datum.lp : null,
      feeBps: datum ? datum.feeBps : null,
    }
  },
}
