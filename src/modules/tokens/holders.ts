/**
 * Holder estimates (staked wallets plus unstaked addresses, from the chain API's `asset_summary`). The query
 * is slow on the chain API's side, so it never holds up an answer: the first ask starts it in the background
 * and reports "pending"; once it lands it is cached for hours (the Koios adapter's TTL) and refreshed in the
 * background when it expires.
 */
import { splitUnit } from '../../cardano/unit'
import type { Logger } from '../../observability/logger'
import type { Koios } from '../../upstream/koios'

export interface HolderEstimate {
  /** Null while pending, or when the chain API does not know the asset. */
  holders: number | null
  /** Never read yet: the answer will change within about a minute. */
  pending: boolean
}

export class HolderEstimates {
  constructor(
    private readonly koios: Koios,
    private readonly logger: Logger,
  ) {}

  current(unit: string): HolderEstimate {
    const { policyId, assetNameHex } = splitUnit(unit)
    const known = this.koios.peekAssetSummary(policyId, assetNameHex)
    // Not awaited: a fresh copy costs nothing, an expired one refreshes in the background, none loads.
    this.koios.assetSummary(policyId, assetNameHex).catch((error: unknown) => {
      this.logger.warn({ unit, err: error instanceof Error ? error.message : String(error) }, 'holder estimate failed')
    })
    if (known === undefined) return { holders: null, pending: true }
    return { holders: known === null ? null : known.stakedWallets + known.unstakedAddresses, pending: false }
  }
}
