/**
 * The token safety report: what the chain says about a token's minting policy, supply, holders and pools, with
 * plain flags. Shared by the REST route and the MCP tool.
 *
 * Reads (every one a cold read of the chain API's long tail, admitted for the request's client like any token
 * detail, never the core plan's share): `asset_info` (supply columns), `script_info` (the policy), `asset_history`
 * (first and last mint), `asset_summary` (holder counts), each kept a day per token (a script found for good:
 * its hash is the policy id, so it never changes), and `asset_addresses` pages only when the token is held at no
 * more than SAFETY_MAX_HOLDER_PAGES × 1,000 addresses, reduced and kept a day. The liquidity part comes from the
 * chain follower's records alone (no call). A unit outside the registry that the follower does not know is first
 * checked on the chain API (`asset_info`), so a made-up unit costs one call and gets a 404.
 *
 * Degrades rather than fails: a read refused or failed leaves its section null and `missing` names the chain API
 * (the report is then kept no longer than its retryAfter); the rest is answered.
 */
import { paymentScriptHash } from '../../cardano/address'
import { splitUnit } from '../../cardano/unit'
import { FOLLOWED_CREDENTIALS } from '../../chain/dexes'
import { asOf } from '../../chain/serving'
import { ChainStore } from '../../chain/store'
import type { ServiceDeps } from '../../core'
import type { RouteRead } from '../../http/cached-route'
import { apiError } from '../../http/error-catalogue'
import { missingOf } from '../../http/missing-source'
import { chainStep, declareChain } from '../../upstream/call-context'
import { settle, UpstreamError } from '../../upstream/errors'
import { anyStale, oldestRead, type Fetched } from '../../upstream/fetched'
import { PAGE_SIZE, type AssetSummary, type MintHistory, type AssetSupply } from '../../upstream/koios'
import { unixToIsoOrNull } from '../../cardano/slot-time'
import { concentrationOf, notComputed, tallyHolders, type HolderTally } from './concentration'
import { safetyFlags } from './flags'
import { liquiditySection } from './liquidity'
import { policySection, secondsUntilLocked } from './policy'
import type { SafetyConcentration, SafetyHolders, SafetyReport, SafetySupply } from './schemas'

export type SafetyServiceDeps = ServiceDeps<'config' | 'upstreams' | 'registry' | 'database'>

/** The cold chain API reads of a report before any holder page: supply, script, mint history, holder counts. */
const SAFETY_FIRST_READS = 4

const POOL_SCRIPTS: ReadonlySet<string> = new Set(FOLLOWED_CREDENTIALS)

/** Whether an address is a pool script of one of the DEXes the chain follower reads (its payment credential). */
export const isFollowedPoolAddress = (address: string): boolean => {
  const script = paymentScriptHash(address)
  return script !== null && POOL_SCRIPTS.has(script)
}

export class SafetyService {
  private readonly store: ChainStore | null

  constructor(private readonly deps: SafetyServiceDeps) {
    this.store = deps.database === null ? null : new ChainStore(deps.database)
  }

  /** `unit` is a lowercase unit (parseAssetUnit). `lifetimeSeconds`: the answer's usual lifetime, shortened here when the policy locks sooner. */
  async report(unit: string, lifetimeSeconds: number): Promise<RouteRead<SafetyReport>> {
    const { koios } = this.deps.upstreams
    const { policyId, assetNameHex } = splitUnit(unit)
    const [pools, cursor] = this.store === null ? [[], null] : await Promise.all([this.store.pools(unit), this.store.cursor()])
    const known = this.deps.registry.get(unit) !== undefined || pools.length > 0
    // The chain of cold reads, admitted at once from this client's share (or refused before the first); holder
    // pages, read only under the bound, are asked for call by call.
    declareChain({ koios: SAFETY_FIRST_READS })
    const supplyRead = settle(koios.assetSupply(policyId, assetNameHex))
    if (!known) {
      // Outside the registry and the follower: the chain API's word decides whether there is a token at all.
      const supply = await supplyRead
      if (supply instanceof UpstreamError) throw supply
      if (supply.data === null) throw apiError('token_not_on_chain', { unit })
      chainStep('koios')
    }
    const [supply, script, history, counts] = await Promise.all([
      supplyRead,
      settle(koios.scriptInfo(policyId)),
      settle(koios.assetMintHistory(policyId, assetNameHex)),
      settle(koios.assetHolderCounts(policyId, assetNameHex)),
    ])
    const listing = counts instanceof UpstreamError ? null : await this.concentration(policyId, assetNameHex, counts.data)
    const reads = [supply, script, history, counts, ...(listing?.read === undefined ? [] : [listing.read])]
    const answered = reads.filter((r): r is Fetched<unknown> => !(r instanceof UpstreamError))

    const nowUnix = Math.floor(this.deps.now() / 1000)
    const policy = script instanceof UpstreamError ? null : policySection(policyId, script.data, nowUnix)
    const sections = {
      policy,
      supply: supply instanceof UpstreamError ? null : supplySection(supply.data, history instanceof UpstreamError ? undefined : history.data),
      holders: counts instanceof UpstreamError ? null : holdersSection(counts.data, listing?.concentration ?? null),
      liquidity: this.store === null ? null : liquiditySection(pools),
    }
    const missing = missingOf(reads)
    const untilLocked = policy === null ? null : secondsUntilLocked(policy, nowUnix)
    return {
      data: { unit, ...sections, flags: safetyFlags(sections, nowUnix), asOf: asOf(cursor), checkedAt: oldestRead(answered), missing },
      stale: missing.length > 0 || anyStale(...answered),
      ...(untilLocked !== null && untilLocked < lifetimeSeconds ? { ttlSeconds: untilLocked } : {}),
    }
  }

  /**
   * The holder concentration under the bound: nothing is listed for a token held at more addresses than
   * SAFETY_MAX_HOLDER_PAGES × 1,000 (no call), nor for one held nowhere. `read` is the listing's read (or its error).
   */
  private async concentration(
    policyId: string,
    assetNameHex: string,
    counts: AssetSummary | null,
  ): Promise<{ concentration: SafetyConcentration | null; read?: Fetched<unknown> | UpstreamError }> {
    const { maxHolderPages } = this.deps.config.safety
    const bound = maxHolderPages * PAGE_SIZE
    const addresses = counts?.addresses ?? 0
    if (maxHolderPages === 0) return { concentration: notComputed('Holders are not listed on this deployment (SAFETY_MAX_HOLDER_PAGES=0).', bound) }
    if (addresses > bound) {
      return {
        concentration: notComputed(
          `${addresses.toLocaleString('en-US')} addresses hold it, more than the ${bound.toLocaleString('en-US')} this service lists (SAFETY_MAX_HOLDER_PAGES=${maxHolderPages} pages of ${PAGE_SIZE.toLocaleString('en-US')}).`,
          bound,
        ),
      }
    }
    if (addresses === 0) return { concentration: concentrationOf(tallyHolders([], isFollowedPoolAddress), bound) }
    const read = await settle(
      this.deps.upstreams.koios.assetHolders(policyId, assetNameHex, { maxPages: maxHolderPages, expected: addresses }, (rows): HolderTally =>
        tallyHolders(rows, isFollowedPoolAddress),
      ),
    )
    if (read instanceof UpstreamError) return { concentration: null, read }
    const listing = read.data
    switch (listing.kind) {
      case 'read':
        return { concentration: concentrationOf(listing.value, bound), read }
      case 'too_many':
        return { concentration: notComputed(`Its holders grew past the ${bound.toLocaleString('en-US')} addresses this service lists (${listing.readUpTo.toLocaleString('en-US')} read).`, bound), read }
      case 'timed_out':
        return { concentration: notComputed('The chain API timed out listing its holders (HTTP 504: its 30 s query limit, which large tokens meet); asked again after a day.', bound), read }
    }
  }
}

/** The supply section: `asset_info`'s figures and, when it was read (undefined: it failed), the mint history's times. */
function supplySection(supply: AssetSupply | null, history: MintHistory | null | undefined): SafetySupply {
  return {
    total: supply?.totalSupply ?? null,
    mintTxCount: supply?.mintCount ?? history?.mints ?? null,
    burnTxCount: supply?.burnCount ?? history?.burns ?? null,
    firstMintAt: unixToIsoOrNull(history?.firstMintAt ?? null),
    lastMintAt: unixToIsoOrNull(history?.lastMintAt ?? null),
  }
}

/** The holders section; counts the chain API does not have (an asset it knows no holder of) are 0. */
function holdersSection(counts: AssetSummary | null, concentration: SafetyConcentration | null): SafetyHolders {
  return {
    addresses: counts?.addresses ?? 0,
    stakeAddresses: counts?.stakedWallets ?? 0,
    unstakedAddresses: counts?.unstakedAddresses ?? 0,
    concentration,
  }
}
