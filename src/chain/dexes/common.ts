/** Value arithmetic every pool reader shares (pure). */
import { createHash } from 'node:crypto'
import { ChainDecodeError, LOVELACE, type ChainOutput } from '../types'
import { decodePlutusData, type PlutusData } from './plutus-data'

/** LP tokens a pool is minted with and holds until issued: 2^63 − 1 (WingRiders, Minswap V2, Splash `MAX_LQ_CAP`). */
export const MAX_INT64 = 9_223_372_036_854_775_807n

export function quantityOf(output: ChainOutput, unit: string): bigint {
  return unit === LOVELACE ? output.lovelace : (output.assets.get(unit) ?? 0n)
}

/** Units of the output's native assets under one policy. */
export function unitsUnder(output: ChainOutput, policy: string): string[] {
  return [...output.assets.keys()].filter((unit) => unit.startsWith(policy))
}

/** The one unit under `policy` whose name starts with `prefix` and has `nameHexLength` hex digits; null if none or several. */
export function oneUnit(output: ChainOutput, policy: string, prefix: string, nameHexLength?: number): string | null {
  const found = unitsUnder(output, policy + prefix).filter(
    (unit) => nameHexLength === undefined || unit.length === policy.length + nameHexLength,
  )
  return found.length === 1 ? found[0] : null
}

/**
 * A reserve after the DEX's deductions; a negative result means the datum and the value disagree (a garbage or
 * foreign datum), which is an undecodable pool, not a zero reserve.
 */
export function tradeable(held: bigint, deduction: bigint, what: string): bigint {
  const reserve = held - deduction
  if (reserve < 0n) throw new ChainDecodeError(`${what}: deductions exceed the value (${held} − ${deduction})`)
  return reserve
}

/** LP in circulation from the unissued remainder the pool holds (MAX_INT64 − held). */
export function lpFromRemainder(held: bigint): bigint {
  if (held <= 0n || held > MAX_INT64) throw new ChainDecodeError(`LP remainder ${held} out of range`)
  return MAX_INT64 - held
}

/** The output's datum decoded; a missing datum on an inline-datum DEX is undecodable. */
export function inlineDatum(output: ChainOutput, dex: string): PlutusData {
  if (output.datumCbor === null) throw new ChainDecodeError(`${dex} pool output without datum bytes`)
  return decodePlutusData(output.datumCbor)
}

/** Fee in basis points from numerator/denominator (null when the denominator is not positive). */
export function bps(numerator: bigint, denominator: bigint): number | null {
  if (denominator <= 0n || numerator < 0n || numerator > denominator) return null
  return (Number(numerator) * 10_000) / Number(denominator)
}

/**
 * LP-token policies of the covered DEXes. A "pool" with one of these as an asset is a zap or farm output (Minswap V1
 * zaps per dexter, WingRiders farms per iris; README §7 pitfall 9): no price of a curated token, so readers drop it.
 * Splash LP policies are per pool and cannot be listed.
 */
export const LP_POLICIES: ReadonlySet<string> = new Set([
  'e4214b7cce62ac6fbba385d164df48e157eae5863521b4b67ca71d86', // Minswap V1 LP
  'f5808c2c990d86da54bfc97d89cee6efa20cd8461616359478d96b4c', // Minswap V2 LP (and validity token)
  '0029cb7c88c7567b63d1a512c0ed626aa169688ec980730c0473b913', // SundaeSwap V1 NFT and LP
  'e0302560ced2fdcbfcb2602697df970cd0d6a38f94b32703f51c312b', // SundaeSwap V3 NFT and LP
  '026a18d04a0c642759bb3d83b12e3344894e5c1c7b2aeb1a2113a570', // WingRiders V1 share tokens
  '6fdc63a1d71dc2c65502b79baae7fb543185702b12c3c5fb639ed737', // WingRiders V2 share tokens
])

export function isLpUnit(unit: string): boolean {
  return unit !== LOVELACE && LP_POLICIES.has(unit.slice(0, 56))
}

/** DEX order of a pair: ADA first, else lexicographic by unit (README §7 pitfall 7). */
export function dexOrder(a: string, b: string): [string, string] {
  if (a === LOVELACE) return [a, b]
  if (b === LOVELACE) return [b, a]
  return a < b ? [a, b] : [b, a]
}

const sha3 = (bytes: Buffer): Buffer => createHash('sha3-256').update(bytes).digest()

/**
 * The 32-byte LP asset name of a pair in DEX order: SHA3-256(SHA3-256(policyA‖nameA) ‖ SHA3-256(policyB‖nameB)),
 * ADA = empty policy and name. Minswap V2 [2: minswap-dex-v2 utils.ak `compute_lp_asset_name`; minswap/sdk
 * `PoolV2.computeLPAssetName`]; WingRiders V1 share tokens follow the same rule [WingRiders/dex-blockfrost-adapter
 * src/utils.ts `computeLpHash`; it reproduces all 217 keys of its 2022 LP map (vector)].
 */
export function pairLpName(assetA: string, assetB: string): string {
  const raw = (unit: string) => Buffer.from(unit === LOVELACE ? '' : unit, 'hex')
  return sha3(Buffer.concat([sha3(raw(assetA)), sha3(raw(assetB))])).toString('hex')
}
