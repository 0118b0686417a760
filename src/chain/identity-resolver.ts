/**
 * Learns what the tokens outside the registry are, once each: the follower notes every token it records a pool
 * of (chain_tokens); each step asks the chain API's `asset_info` about up to 8 of those not asked yet (one call,
 * the keyless body limit) and stores ticker, name and decimals with their source (token-identity.ts). Curated
 * tokens need no call. Its calls are the core plan's `chain-tokens` input: at most one per follower interval,
 * in the core lane, behind the same budget ledger as every Koios read; a refusal or fault leaves the tokens
 * pending for the next step.
 */
import { splitUnit } from '../cardano/unit'
import type { Logger } from '../observability/logger'
import type { TokenRegistry } from '../registry/registry'
import { asCore } from '../upstream/call-context'
import { BudgetRefusal } from '../upstream/errors'
import { MAX_ASSETS_PER_INFO_CALL, type Koios } from '../upstream/koios'
import { curatedIdentity, identityFromAssetInfo, type TokenIdentity } from './token-identity'
import type { ChainTokenStore } from './token-store'

export interface ResolverDeps {
  koios: Pick<Koios, 'assetInfo'>
  store: ChainTokenStore
  registry: TokenRegistry
  logger: Logger
  now: () => number
}

export interface ResolveReport {
  /** Tokens given an identity in this step (curated ones included). */
  resolved: number
  /** Tokens the chain API was asked about (one call). */
  asked: number
}

export class IdentityResolver {
  constructor(private readonly deps: ResolverDeps) {}

  /** One step: at most one `asset_info` call. */
  async step(): Promise<ResolveReport> {
    const { store, registry, now } = this.deps
    // Curated tokens are answered from the registry: take them out first, without a call.
    const pending = await store.pending(MAX_ASSETS_PER_INFO_CALL * 4, now())
    const curated = pending.flatMap((unit) => {
      const token = registry.get(unit)
      return token === undefined ? [] : [curatedIdentity(token)]
    })
    await store.save(curated, now())
    const asked = pending.filter((unit) => registry.get(unit) === undefined).slice(0, MAX_ASSETS_PER_INFO_CALL)
    if (asked.length === 0) return { resolved: curated.length, asked: 0 }
    let identities: TokenIdentity[]
    try {
      const read = await asCore(() => this.deps.koios.assetInfo(asked.map(splitUnit)))
      identities = asked.map((unit) => identityFromAssetInfo(unit, read.data.find((a) => a.policyId + a.assetNameHex === unit) ?? null))
    } catch (error) {
      const err = error instanceof Error ? error.message : String(error)
      if (error instanceof BudgetRefusal) this.deps.logger.info({ err }, 'token identities: asset_info refused by the Koios budget: asked at the next step')
      else this.deps.logger.warn({ err }, 'token identities: asset_info failed: asked at the next step')
      return { resolved: curated.length, asked: 0 }
    }
    await store.save(identities, now())
    return { resolved: curated.length + identities.length, asked: asked.length }
  }
}
