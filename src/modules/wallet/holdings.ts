/**
 * A wallet's assets as the chain API lists them, turned into holdings: one row per unit (rows of the same
 * unit summed exactly), with decimals, name and ticker taken from the curated registry first, then from the
 * chain, then a neutral fallback.
 */
import { assetNameText } from '../../cardano/unit'
import type { TokenRegistry } from '../../registry/registry'
import type { AssetBalance } from '../../upstream/koios'

export interface Asset {
  unit: string
  name: string
  ticker: string
  decimals: number
  /** Raw units, exact. */
  quantity: bigint
  /** In the curated registry (priced first when a wallet holds more than the pricing cap). */
  curated: boolean
}

/** Registry, else the chain API's decimals, else 0. Name and ticker: registry, else the asset name as text. */
export function toAssets(balances: readonly AssetBalance[], registry: TokenRegistry): Asset[] {
  const byUnit = new Map<string, { balance: AssetBalance; quantity: bigint }>()
  for (const balance of balances) {
    const unit = balance.policyId + balance.assetNameHex
    const quantity = BigInt(balance.quantity)
    const seen = byUnit.get(unit)
    if (seen) seen.quantity += quantity
    else byUnit.set(unit, { balance, quantity })
  }
  const assets: Asset[] = []
  for (const [unit, { balance, quantity }] of byUnit) {
    // A zero row (an emptied UTxO the indexer still lists) is not a holding.
    if (quantity === 0n) continue
    const curated = registry.get(unit)
    const chainName = assetNameText(balance.assetNameHex)
    assets.push({
      unit,
      name: curated?.name ?? chainName ?? balance.fingerprint ?? unit,
      ticker: curated?.ticker ?? chainName ?? '',
      decimals: curated?.decimals ?? balance.decimals ?? 0,
      quantity,
      curated: curated !== undefined,
    })
  }
  return assets
}
