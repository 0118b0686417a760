import { splitUnit } from '../../cardano/unit'
import type { TokenRegistry } from '../../registry/registry'
import type { Fetched } from '../../upstream/fetched'
import type { AssetInfo, Koios } from '../../upstream/koios'

/**
 * The chain API's asset info of one unit (null: the chain API knows no such asset), through the cached
 * `asset_info` read the token detail makes: every place that asks whether a unit exists shares its answer.
 */
export async function chainAssetInfo(koios: Koios, unit: string): Promise<Fetched<AssetInfo | null>> {
  const read = await koios.assetInfo([splitUnit(unit)])
  return { ...read, data: read.data.find((a) => a.policyId + a.assetNameHex === unit) ?? null }
}

/**
 * Whether the service can find a token: curated, or known to the chain API (the rule of the token detail's
 * 404, whose cached look-up it reads). `unit` is lowercase. A curated token costs no call.
 */
export async function isKnownToken(registry: TokenRegistry, koios: Koios, unit: string): Promise<boolean> {
  if (registry.get(unit) !== undefined) return true
  return (await chainAssetInfo(koios, unit)).data !== null
}
