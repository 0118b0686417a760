/**
 * SundaeSwap V3: constant product, Aiken/PlutusV2, inline datum (shared/chain/README.md §3.5).
 * Credential = pool.spend = pool.mint [2: sundae-contracts plutus.json (vector); multi-dex-launchpad; dendrite;
 * dexter]. CIP-68 names under the pool policy: NFT `000de140` + ident, LP `0014df10` + ident, ident 28 bytes
 * [2: sundae-contracts lib/shared.ak; sundae-sdk `V3_POOL_IDENT_LENGTH`]. Reserves: ADA side = lovelace −
 * protocolFees, token sides the full quantity [2: sundae-contracts validators/pool.ak; iris; dendrite].
 */
import { ChainDecodeError, LOVELACE, type DexReader, type PoolState } from '../types'
import { bytesOf, constrOf, listOf, natOf, unitOf, type PlutusData } from './plutus-data'
import { bps, inlineDatum, isLpUnit, quantityOf, tradeable, unitsUnder } from './common'

export const SUNDAESWAP_V3 = {
  credential: 'e0302560ced2fdcbfcb2602697df970cd0d6a38f94b32703f51c312b',
  policy: 'e0302560ced2fdcbfcb2602697df970cd0d6a38f94b32703f51c312b',
  nftPrefix: '000de140',
  lpPrefix: '0014df10',
  identHexLength: 56,
  feeDenominator: 10_000n,
} as const

/** PoolDatum fields in order [2: sundae-contracts lib/types/pool.ak; plutus.json `types/pool/PoolDatum` (vector)]. */
export const SUNDAE_V3_POOL_DATUM_FIELDS = [
  'identifier',
  'assets',
  'circulating_lp',
  'bid_fees_per_10_thousand',
  'ask_fees_per_10_thousand',
  'fee_manager',
  'market_open',
  'protocol_fees',
] as const
const field = (name: (typeof SUNDAE_V3_POOL_DATUM_FIELDS)[number]) => SUNDAE_V3_POOL_DATUM_FIELDS.indexOf(name)

/** Aiken tuple (policy, name) = a plain two-item list. */
function assetOf(d: PlutusData, what: string): string {
  const pair = listOf(d, what)
  if (pair.length !== 2) throw new ChainDecodeError(`${what}: expected [policy, name]`)
  return unitOf(bytesOf(pair[0], what), bytesOf(pair[1], what), what)
}

export const sundaeswapV3: DexReader = {
  dex: 'sundaeswap-v3',
  credentials: [SUNDAESWAP_V3.credential],
  datumByHash: false,
  read(output): PoolState | null {
    if (output.paymentCred !== SUNDAESWAP_V3.credential) return null
    const nfts = unitsUnder(output, SUNDAESWAP_V3.policy + SUNDAESWAP_V3.nftPrefix).filter(
      (u) => u.length === 56 + SUNDAESWAP_V3.nftPrefix.length + SUNDAESWAP_V3.identHexLength,
    )
    if (nfts.length !== 1 || quantityOf(output, nfts[0]) !== 1n) return null
    const ident = nfts[0].slice(56 + SUNDAESWAP_V3.nftPrefix.length)
    const f = constrOf(inlineDatum(output, 'Sundae V3'), 'Sundae V3 pool datum', 0, SUNDAE_V3_POOL_DATUM_FIELDS.length)
    if (bytesOf(f[field('identifier')], 'Sundae V3 identifier') !== ident) throw new ChainDecodeError(`Sundae V3 datum identifier ≠ NFT ident ${ident}`)
    const assets = listOf(f[field('assets')], 'Sundae V3 assets')
    if (assets.length !== 2) throw new ChainDecodeError('Sundae V3 assets: expected two')
    const assetA = assetOf(assets[0], 'Sundae V3 assetA')
    const assetB = assetOf(assets[1], 'Sundae V3 assetB')
    if (isLpUnit(assetA) || isLpUnit(assetB)) return null
    const protocolFees = natOf(f[field('protocol_fees')], 'Sundae V3 protocol_fees')
    const cut = (unit: string) => (unit === LOVELACE ? protocolFees : 0n)
    return {
      dex: 'sundaeswap-v3',
      poolId: SUNDAESWAP_V3.policy + SUNDAESWAP_V3.lpPrefix + ident,
      identityUnit: nfts[0],
      assetA,
      assetB,
      reserveA: tradeable(quantityOf(output, assetA), cut(assetA), 'Sundae V3 reserve A'),
      reserveB: tradeable(quantityOf(output, assetB), cut(assetB), 'Sundae V3 reserve B'),
      lpSupply: natOf(f[field('circulating_lp')], 'Sundae V3 circulating_lp'),
      feeBps: bps(natOf(f[field('bid_fees_per_10_thousand')], 'Sundae V3 bid fees'), SUNDAESWAP_V3.feeDenominator),
      feeBpsBToA: bps(natOf(f[field('ask_fees_per_10_thousand')], 'Sundae V3 ask fees'), SUNDAESWAP_V3.feeDenominator),
    }
  },
}
