/**
 * A token's identity and chain facts from the curated registry, the chain API's `asset_info` row and source A,
 * in a fixed order of trust: the registry's ticker, name and decimals always win (upstream text never
 * overrides them); then the off-chain token registry (CIP-26) as the chain API reports it; then CIP-68
 * metadata; then what source A calls the token; then the asset name itself. Decimals follow the same order
 * (chain/token-identity.ts, which the chain answers use too), with their source.
 */
import { assetNameText, splitUnit } from '../../cardano/unit'
import type { RegistryToken } from '../../registry/registry'
import type { TokenRef } from '../../upstream/dexscreener'
import type { AssetInfo } from '../../upstream/koios'
import { identityOf, type DecimalsSource } from '../../chain/token-identity'

export interface ChainFacts {
  policyId: string
  assetNameHex: string
  /** CIP-14 asset fingerprint. */
  fingerprint: string
  /** Raw units, exact decimal integer; null when the chain API could not say. */
  totalSupply: string | null
  /**
   * 0 for a token the chain API describes without decimals (decimalsSource `unknown`); null when no source could
   * say (the chain API did not answer and the token is neither curated nor on source B).
   */
  decimals: number | null
  decimalsSource: DecimalsSource
  /** Unix seconds of the first mint; null when the chain API could not say. */
  creationTime: number | null
  description: string | null
}

export interface TokenLabel {
  symbol: string
  name: string
}

/**
 * `info` null: the chain API does not know the asset; undefined: it did not answer. A token the chain knows
 * without decimals metadata has 0 decimals; when the chain did not answer, `otherDecimals` (source B's figure)
 * stands in, else decimals are unknown (null), never guessed as 0.
 */
export async function chainFacts(
  unit: string,
  info: AssetInfo | null | undefined,
  curated: RegistryToken | undefined,
  otherDecimals: number | null = null,
): Promise<ChainFacts> {
  const { policyId, assetNameHex } = splitUnit(unit)
  const identity = identityOf(unit, curated, info ?? null)
  return {
    policyId,
    assetNameHex,
    fingerprint: info?.fingerprint ?? (await assetFingerprint(policyId, assetNameHex)),
    totalSupply: info?.totalSupply ?? null,
    decimals: identity.decimals ?? (info === undefined ? otherDecimals : 0),
    decimalsSource: identity.decimalsSource,
    creationTime: info?.creationTime ?? null,
    description: info?.registry?.description || info?.cip68?.description || null,
  }
}

/** `chain`: what the chain follower's records call the token (the chain API's answer, kept), when it follows it. */
export function tokenLabel(
  unit: string,
  curated: RegistryToken | undefined,
  info: AssetInfo | null,
  sourceA: TokenRef | null,
  chain: { symbol: string | null; name: string | null } | null = null,
): TokenLabel {
  const decoded = info?.assetNameAscii || assetNameText(splitUnit(unit).assetNameHex) || ''
  return {
    symbol: curated?.ticker || info?.registry?.ticker || info?.cip68?.ticker || sourceA?.symbol || chain?.symbol || decoded,
    name: curated?.name || info?.registry?.name || info?.cip68?.name || sourceA?.name || chain?.name || decoded,
  }
}

/**
 * CIP-14 fingerprint computed locally (bech32 of blake2b-160 of policy id and asset name): exact, so the
 * detail has one even when the chain API is unreachable. The SDK loads on first use only (~150 ms).
 */
async function assetFingerprint(policyId: string, assetNameHex: string): Promise<string> {
  const { Cardano } = await import('@cardano-sdk/core')
  return Cardano.AssetFingerprint.fromParts(Cardano.PolicyId(policyId), Cardano.AssetName(assetNameHex)).toString()
}
