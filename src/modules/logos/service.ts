/**
 * A token's logo, in tiers:
 * 1. the token-registry PNG from the chain API (only bytes that are a PNG);
 * 2. else source B's hosted image, as a redirect;
 * 3. else a deterministic SVG monogram.
 * A logo never fails: a lookup that fails is skipped and the answer, whichever tier it falls to, is marked
 * stale so it is cached only briefly. Shared by the REST route and the MCP tools.
 *
 * Source B's budget (about 10 calls a minute) is shared with the screener, detail and charts, so image lookups
 * spend little of it: curated tokens are read in the screener's batches of 30 (`tokens/multi`, one call covers
 * 30 logos and is likely already cached by the screener); any other unit costs one call, and at most
 * UNCURATED_LOOKUPS_PER_MINUTE such calls are made a minute (over that, the unit gets the monogram for now,
 * labelled stale, and is looked up again on a later request).
 */
import { splitUnit, assetNameText } from '../../cardano/unit'
import type { ServiceDeps } from '../../core'
import { TokenBucket } from '../../upstream/budget'
import { asCore } from '../../upstream/call-context'
import type { Fetched } from '../../upstream/fetched'
import { MAX_TOKENS_PER_CALL } from '../../upstream/geckoterminal'
import { hostedImageLocation } from './hosted-image'
import { monogramSvg } from './monogram'
import { registryPng } from './png'

export type Logo =
  | { tier: 'registry-png'; png: Uint8Array }
  | { tier: 'hosted-image'; location: string }
  | { tier: 'monogram'; svg: string }

export const UNCURATED_LOOKUPS_PER_MINUTE = 2

/** A lookup's answer, or `failed` when it could not be made (upstream down, over budget). */
type Lookup<T> = { value: T; stale: boolean } | 'failed'

export type LogoServiceDeps = ServiceDeps<'upstreams' | 'registry' | 'logger'>

export class LogoService {
  /** Rations source B lookups of units outside the registry (on the service's clock). */
  private readonly uncuratedLookups: TokenBucket

  constructor(private readonly deps: LogoServiceDeps) {
    this.uncuratedLookups = new TokenBucket(UNCURATED_LOOKUPS_PER_MINUTE, UNCURATED_LOOKUPS_PER_MINUTE, deps.now)
  }

  /** `unit` is a lowercase asset unit (validated by the caller). */
  async logo(unit: string): Promise<Fetched<Logo>> {
    const { koios } = this.deps.upstreams
    let degraded = false
    const { policyId, assetNameHex } = splitUnit(unit)

    const registry = await this.attempt('chain API logo', unit, () => koios.assetLogo(policyId, assetNameHex))
    if (registry === 'failed') degraded = true
    else {
      degraded ||= registry.stale
      const png = registry.value === null ? null : registryPng(registry.value)
      if (png !== null) return { data: { tier: 'registry-png', png }, stale: degraded }
    }

    const hosted = await this.hostedImage(unit)
    if (hosted === 'failed') degraded = true
    else {
      degraded ||= hosted.stale
      const location = hostedImageLocation(hosted.value)
      if (location !== null) return { data: { tier: 'hosted-image', location }, stale: degraded }
    }

    const text = await this.label(unit)
    if (text === 'failed') degraded = true
    else degraded ||= text.stale
    const name = text === 'failed' ? assetNameText(assetNameHex) : text.value
    return { data: { tier: 'monogram', svg: monogramSvg(unit, name) }, stale: degraded }
  }

  private async attempt<T>(what: string, unit: string, read: () => Promise<Fetched<T>>): Promise<Lookup<T>> {
    try {
      const { data, stale } = await read()
      return { value: data, stale }
    } catch (error) {
      this.deps.logger.debug({ unit, lookup: what, err: error instanceof Error ? error.message : String(error) }, 'logo lookup failed')
      return 'failed'
    }
  }

  /** Source B's image URL for the unit, read in the curated batch it belongs to, or alone (rationed). */
  private hostedImage(unit: string): Promise<Lookup<string | null>> {
    const { geckoterminal } = this.deps.upstreams
    const batch = this.deps.registry.batchOf(unit, MAX_TOKENS_PER_CALL)
    if (batch !== undefined) {
      return this.attempt('source B tokens/multi', unit, async () => {
        // The screener's own batch: a core-plan resource, refreshed at its interval whoever asks.
        const read = await asCore(() => geckoterminal.tokensMulti(batch))
        return { data: read.data.tokens.find((t) => t.unit === unit)?.imageUrl ?? null, stale: read.stale }
      })
    }
    if (!this.uncuratedLookups.tryTake()) return Promise.resolve('failed')
    return this.attempt('source B token', unit, async () => {
      const read = await geckoterminal.token(unit)
      return { data: read.data?.imageUrl ?? null, stale: read.stale }
    })
  }

  /** The monogram's text: the curated ticker, else the token registry's or CIP-68 ticker, else the asset name. */
  private async label(unit: string): Promise<Lookup<string | null>> {
    const curated = this.deps.registry.get(unit)
    if (curated !== undefined) return { value: curated.ticker, stale: false }
    const { policyId, assetNameHex } = splitUnit(unit)
    const nameText = assetNameText(assetNameHex)
    const info = await this.attempt('chain API asset_info', unit, () => this.deps.upstreams.koios.assetInfo([{ policyId, assetNameHex }]))
    if (info === 'failed') return 'failed'
    const asset = info.value[0]
    const ticker = asset?.registry?.ticker || asset?.cip68?.ticker || nameText
    return { value: ticker ?? null, stale: info.stale }
  }
}
