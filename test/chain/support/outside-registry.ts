/**
 * A fake chain whose pools are of tokens outside the curated registry, with the figures worked out by hand:
 * REGIS (4 decimals in the off-chain token registry, through the chain API's asset_info), CIPS (a CIP-68 token:
 * 8 decimals in its reference datum, no registry entry) and NOPE (the chain API has no metadata: decimals unknown).
 * Each pool is created in the first block (inside the backfill) and swaps once. Built on a chain of its own, or
 * into the first blocks of another one (beside its transactions).
 */
import { LOVELACE } from '../../../src/chain/types'
import { cip68Metadata, koiosAsset, type Raw } from '../../fake-upstreams/builders'
import { FakeChain, type FakePool, type PoolMove } from '../../fake-upstreams/chain'

const hex = (text: string) => Buffer.from(text, 'utf8').toString('hex')

export const REGIS = `${'a1'.repeat(28)}${hex('REGIS')}`
export const CIPS = `${'b2'.repeat(28)}0014df10${hex('CIPS')}`
export const NOPE = `${'c3'.repeat(28)}${hex('NOPE')}`
/** A token whose pool a test creates later. */
export const FRESH = `${'d4'.repeat(28)}${hex('FRESH')}`

/** asset_info rows as Koios sends them: REGIS and FRESH in the token registry, CIPS by its CIP-68 datum; NOPE has none. */
export function assetRows(): Raw[] {
  return [
    koiosAsset({ policyId: REGIS.slice(0, 56), assetNameHex: REGIS.slice(56), registry: { name: 'Registered', ticker: 'REGIS', decimals: 4 } }),
    koiosAsset({ policyId: CIPS.slice(0, 56), assetNameHex: CIPS.slice(56), registry: null, cip68: cip68Metadata({ name: 'Cip Sixty-Eight', ticker: 'CIPS', decimals: 8 }) }),
    koiosAsset({ policyId: FRESH.slice(0, 56), assetNameHex: FRESH.slice(56), registry: { name: 'Fresh', ticker: 'FRESH', decimals: 2 } }),
  ]
}

export interface OutsideRegistry {
  chain: FakeChain
  regis: FakePool
  cips: FakePool
  nope: FakePool
}

export function outsideRegistry(chain = new FakeChain(20_000_000, Math.floor(Date.now() / 1000) - 2 * 3600, 20)): OutsideRegistry {
  let step = 0
  /** The next of the first blocks: added, or joined when the chain already has it. */
  const block = (txs: PoolMove[][]) => {
    const height = chain.firstHeight + step++
    if (chain.tip !== undefined && chain.tip.height >= height) for (const moves of txs) chain.addTx(height, moves)
    else chain.addBlock(txs)
  }
  // 5,000 ADA against 1,000,000.0000 REGIS: 0.005 ADA per REGIS.
  const regis = chain.pool({ dex: 'minswap-v2', assetA: LOVELACE, assetB: REGIS, reserveA: 5_000_000_000n, reserveB: 10_000_000_000n, lpSupply: 7_000_000_000n })
  // 2,000 ADA against 4,000,000.00000000 CIPS: 0.0005 ADA per CIPS.
  const cips = chain.pool({ dex: 'sundaeswap-v3', assetA: LOVELACE, assetB: CIPS, reserveA: 2_000_000_000n, reserveB: 400_000_000_000_000n, lpSupply: 900_000_000n })
  // 1,000 ADA against 3,000,000 base units of NOPE.
  const nope = chain.pool({ dex: 'wingriders-v2', assetA: LOVELACE, assetB: NOPE, reserveA: 1_000_000_000n, reserveB: 3_000_000n, lpSupply: 50_000_000n })
  block([[{ pool: regis, reserveA: regis.spec.reserveA, reserveB: regis.spec.reserveB }], [{ pool: cips, reserveA: cips.spec.reserveA, reserveB: cips.spec.reserveB }], [{ pool: nope, reserveA: nope.spec.reserveA, reserveB: nope.spec.reserveB }]])
  // REGIS buy: 50 ADA in, 99,009,901 base units (9,900.9901 REGIS) out.
  block([[{ pool: regis, reserveA: 5_050_000_000n, reserveB: 9_900_990_099n }]])
  // CIPS sell: 40,000 CIPS in, 19.801981 ADA out.
  block([[{ pool: cips, reserveA: 1_980_198_019n, reserveB: 404_000_000_000_000n }]])
  // NOPE buy: 10 ADA in, 29,703 base units out.
  block([[{ pool: nope, reserveA: 1_010_000_000n, reserveB: 2_970_297n }]])
  chain.growTo(chain.firstHeight + 20)
  return { chain, regis, cips, nope }
}
