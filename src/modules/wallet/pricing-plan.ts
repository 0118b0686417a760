/**
 * Which of a wallet's assets are looked up on source A, so a wallet of thousands of NFTs never fans out: only
 * assets that can trade (more than one unit, or divisible), at most PRICING_CAP of them (curated tokens first,
 * then in the chain API's order), in batches of source A's 30 units a call. Curated tokens are looked up in the
 * screener's own registry batches (core-plan resources, already cached), so they cost a wallet nothing; the rest
 * in the wallet's own batches. Everything else stays unpriced with a label saying why.
 */
import { MAX_TOKENS_PER_CALL } from '../../upstream/dexscreener'
import type { Asset } from './holdings'

export const PRICING_CAP = 300
export const BATCH_SIZE = MAX_TOKENS_PER_CALL

export type UnpricedReason = 'not_tradeable' | 'over_cap' | 'no_pair' | 'source_unavailable'

export interface PriceBatch {
  /** The units sent to source A in one call. */
  lookup: string[]
  /** The wallet's units priced from that call. */
  units: string[]
  /** A registry batch: the screener's core-plan read. */
  registry: boolean
}

export interface PricingPlan {
  /** Source A calls, sorted so the same holdings always make the same (cached) calls. */
  batches: PriceBatch[]
  /** Units left out of the lookup, and why. */
  skipped: Map<string, UnpricedReason>
}

/** A single unit with no decimals is an NFT or a collectible: no market to look up. */
export function canTrade(asset: Pick<Asset, 'quantity' | 'decimals'>): boolean {
  return asset.quantity > 1n || asset.decimals > 0
}

/** `registryBatchOf(unit)`: the screener's batch holding a curated unit, undefined for any other unit. */
export function planPricing(assets: readonly Asset[], registryBatchOf: (unit: string) => string[] | undefined): PricingPlan {
  const skipped = new Map<string, UnpricedReason>()
  const tradeable: Asset[] = []
  for (const asset of assets) {
    if (canTrade(asset)) tradeable.push(asset)
    else skipped.set(asset.unit, 'not_tradeable')
  }
  // Stable partition: curated tokens keep their place in the queue ahead of the rest.
  const queue = [...tradeable.filter((a) => a.curated), ...tradeable.filter((a) => !a.curated)]
  for (const asset of queue.slice(PRICING_CAP)) skipped.set(asset.unit, 'over_cap')
  const units = queue.slice(0, PRICING_CAP).map((a) => a.unit).sort()
  const byRegistryBatch = new Map<string[], string[]>()
  const own: string[] = []
  for (const unit of units) {
    const batch = registryBatchOf(unit)
    if (batch === undefined) own.push(unit)
    else byRegistryBatch.set(batch, [...(byRegistryBatch.get(batch) ?? []), unit])
  }
  const batches: PriceBatch[] = [...byRegistryBatch].map(([lookup, mine]) => ({ lookup, units: mine, registry: true }))
  for (let i = 0; i < own.length; i += BATCH_SIZE) {
    const chunk = own.slice(i, i + BATCH_SIZE)
    batches.push({ lookup: chunk, units: chunk, registry: false })
  }
  return { batches, skipped }
}

/** The `priceSource` of an unpriced holding: why it has no price. */
export function unpricedLabel(reason: UnpricedReason, sourceADexes: readonly string[]): string {
  switch (reason) {
    case 'not_tradeable':
      return 'unpriced: a single indivisible unit (NFT-like), not looked up'
    case 'over_cap':
      return `unpriced: beyond the ${PRICING_CAP} assets priced per wallet`
    case 'no_pair':
      return `unpriced: no source A pair (${sourceADexes.join(', ')}) with this token as its base`
    case 'source_unavailable':
      return 'unpriced: source A unavailable, retry shortly'
  }
}
