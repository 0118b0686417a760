/**
 * Search results: source A's search answer (Cardano pairs only, one row per base token, from its deepest pair) and
 * the tokens the chain follower records that match (modules/chain-tokens), one row per token, ranked and capped.
 *
 * Ranking: curated (registry) tokens whose ticker equals the query; then curated tokens whose ticker or name
 * contains it; then everything else. Within a rank, more USD liquidity first. At most SEARCH_LIMIT rows. A token
 * both found keeps source A's row and says it was found on the chain too (`foundOn`).
 */
import { assetNameText, normaliseUnit } from '../../cardano/unit'
import type { RegistryToken } from '../../registry/registry'
import type { DexPair } from '../../upstream/dexscreener'
import { sourceAPairUrl } from './pools'

export const SEARCH_LIMIT = 20

export type FoundOn = 'sourceA' | 'chain'

export interface SearchHit {
  address: string
  symbol: string
  name: string
  priceUsd: number | null
  liquidityUsd: number | null
  volume24h: number | null
  dexId: string
  pairAddress: string
  url: string
  /** In the curated registry (shown in the screener). */
  curated: boolean
  /** Where it was found: source A's search, the chain follower's records, or both. */
  foundOn: FoundOn[]
}

type Curated = (unit: string) => RegistryToken | undefined

/** Source A's pairs as hits: Cardano base tokens only, one per token from its deepest pair (not ranked). */
export function sourceAHits(pairs: readonly DexPair[], curated: Curated): SearchHit[] {
  const deepest = new Map<string, DexPair>()
  for (const pair of pairs) {
    if (pair.chainId !== 'cardano') continue
    // Base addresses that are not asset units (placeholders) cannot be looked up anywhere: skipped.
    const unit = normaliseUnit(pair.baseToken.address)
    if (unit === null) continue
    const best = deepest.get(unit)
    if (best === undefined || (pair.liquidityUsd ?? 0) > (best.liquidityUsd ?? 0)) deepest.set(unit, pair)
  }
  return [...deepest].map(([unit, pair]) => toHit(unit, pair, curated(unit)))
}

/** Source A's hits and the chain's merged (one row per token, source A's row first), ranked and capped. */
export function rankedHits(query: string, fromA: readonly SearchHit[], fromChain: readonly SearchHit[], curated: Curated): SearchHit[] {
  const byUnit = new Map(fromA.map((hit) => [hit.address, hit]))
  for (const hit of fromChain) {
    const held = byUnit.get(hit.address)
    if (held === undefined) byUnit.set(hit.address, hit)
    else byUnit.set(hit.address, { ...held, foundOn: [...held.foundOn, 'chain'] })
  }
  const q = query.toLowerCase()
  const ranked = [...byUnit.values()].map((hit) => ({ hit, rank: rankOf(q, curated(hit.address)) }))
  ranked.sort((a, b) => a.rank - b.rank || (b.hit.liquidityUsd ?? 0) - (a.hit.liquidityUsd ?? 0))
  return ranked.slice(0, SEARCH_LIMIT).map((r) => r.hit)
}

function rankOf(q: string, token: RegistryToken | undefined): number {
  if (token === undefined) return 2
  if (token.ticker.toLowerCase() === q) return 0
  if (token.ticker.toLowerCase().includes(q) || token.name.toLowerCase().includes(q)) return 1
  return 2
}

/** Curated tokens show the registry's ticker and name; others what source A says, else the decoded asset name. */
function toHit(unit: string, pair: DexPair, token: RegistryToken | undefined): SearchHit {
  const decoded = assetNameText(unit.slice(56)) ?? ''
  return {
    address: unit,
    symbol: token?.ticker ?? pair.baseToken.symbol ?? decoded,
    name: token?.name ?? pair.baseToken.name ?? decoded,
    priceUsd: pair.priceUsd,
    liquidityUsd: pair.liquidityUsd,
    volume24h: pair.volume.h24 ?? null,
    dexId: pair.dexId,
    pairAddress: pair.pairAddress,
    url: sourceAPairUrl(pair),
    curated: token !== undefined,
    foundOn: ['sourceA'],
  }
}
