/**
 * What a token is, and where its decimals came from (pure): the curated registry first (the truth for its tokens,
 * shared/chain/README.md §7 pitfall 1); for any other token, the chain API's `asset_info`: the off-chain token
 * registry (CIP-26), then the CIP-68 reference datum of a (333) fungible token; else unknown. (README §7.1 lists the
 * datum first; the token detail has always preferred the registry, and one order serves both. Both are written by
 * the policy's owner and agree in practice.) Koios' `asset_list[].decimals` is a cache of the registry that may
 * be 0 or absent: never used.
 *
 * Prices are recorded per base unit (pool_updates.ada_per_unit); an answer turns them into prices per whole token
 * with these decimals, or leaves them per base unit when the decimals are unknown and says so (`unknown`).
 */
import { assetNameText, splitUnit } from '../cardano/unit'
import type { RegistryToken } from '../registry/registry'
import type { AssetInfo } from '../upstream/koios'

export const DECIMALS_SOURCES = ['registry', 'chain-registry', 'cip68', 'unknown'] as const
export type DecimalsSource = (typeof DECIMALS_SOURCES)[number]

/** The CIP-67 label of a (333) fungible token's asset name. */
const CIP68_FUNGIBLE = '0014df10'

export interface TokenIdentity {
  unit: string
  ticker: string | null
  name: string | null
  /** null when unknown: prices are then per base unit. */
  decimals: number | null
  decimalsSource: DecimalsSource
}

export const curatedIdentity = (token: RegistryToken): TokenIdentity => ({
  unit: token.unit,
  ticker: token.ticker,
  name: token.name,
  decimals: token.decimals,
  decimalsSource: 'registry',
})

/** A token the chain API has not described (not asked yet, or no metadata): decimals unknown. */
export const unknownIdentity = (unit: string): TokenIdentity => ({ unit, ticker: null, name: null, decimals: null, decimalsSource: 'unknown' })

/** The identity of a token outside the registry from its `asset_info` row (null: the chain API does not know it). */
export function identityFromAssetInfo(unit: string, info: AssetInfo | null): TokenIdentity {
  const cip68 = unit.slice(56).startsWith(CIP68_FUNGIBLE) ? (info?.cip68 ?? null) : null
  const registry = info?.registry ?? null
  const ticker = registry?.ticker || cip68?.ticker || null
  const name = registry?.name || cip68?.name || null
  if (registry?.decimals != null) return { unit, ticker, name, decimals: registry.decimals, decimalsSource: 'chain-registry' }
  if (cip68?.decimals != null) return { unit, ticker, name, decimals: cip68.decimals, decimalsSource: 'cip68' }
  return { unit, ticker, name, decimals: null, decimalsSource: 'unknown' }
}

/** The identity an answer uses: the registry's for a curated token, else what the chain API told (or unknown). */
export function identityOf(unit: string, curated: RegistryToken | undefined, info: AssetInfo | null): TokenIdentity {
  return curated !== undefined ? curatedIdentity(curated) : identityFromAssetInfo(unit, info)
}

/** ADA per whole token from ADA per base unit; per base unit when the decimals are unknown. */
export function pricePerToken(adaPerUnit: number | null, decimals: number | null): number | null {
  if (adaPerUnit === null || !Number.isFinite(adaPerUnit)) return null
  return decimals === null ? adaPerUnit : adaPerUnit * 10 ** decimals
}

/** How an answer names the token in a pair label: its ticker, else the asset name as text, else a short unit. */
export function shownTicker(identity: TokenIdentity): string {
  return identity.ticker || assetNameText(splitUnit(identity.unit).assetNameHex) || `${identity.unit.slice(0, 8)}…`
}
