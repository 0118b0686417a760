/**
 * A handle to the address that holds it: the resolver first (200 and 202 both answer), then, when it is down
 * or does not know the name, the chain itself: the current holder of the handle's NFT under the ADA Handle
 * policy, as a CIP-68 (222) user token (`000de140` + hex(name)), then as a legacy CIP-25 token (hex(name)).
 * The (100) reference token is never used: it sits at the personalisation script, not with the owner.
 */
import type { Fetched } from '../../upstream/fetched'
import { FairShareRefusal, UpstreamError } from '../../upstream/errors'
import type { Upstreams } from '../../upstream'
import { classifyAddress } from './input'

export const HANDLE_POLICY = 'f0ff48bbb7bbe9d59a40f1ce90e9e9d0ff5002ec48f232b49ca0fb9a'
export const CIP68_USER_LABEL = '000de140'

export type HandleTarget = { kind: 'stake'; stakeAddress: string } | { kind: 'payment'; address: string }

/** The handle's on-chain asset names, in the order they are tried. */
export function handleAssetNames(name: string): string[] {
  const hex = Buffer.from(name, 'utf8').toString('hex')
  return [CIP68_USER_LABEL + hex, hex]
}

/** Where the handle points, or null when neither the resolver nor the chain knows it. */
export async function resolveHandle(
  name: string,
  upstreams: Pick<Upstreams, 'handle' | 'koios'>,
): Promise<Fetched<HandleTarget | null>> {
  try {
    const resolved = await upstreams.handle.resolve(name)
    const target = resolved.data && (asTarget(resolved.data.holder) ?? asTarget(resolved.data.adaAddress))
    if (target) return { data: target, stale: resolved.stale }
  } catch (error) {
    // The resolver being down is what the on-chain fallback is for; a client over its fair share is not.
    if (!(error instanceof UpstreamError) || error instanceof FairShareRefusal) throw error
  }
  let stale = false
  for (const assetName of handleAssetNames(name)) {
    const holder = await upstreams.koios.assetNftAddress(HANDLE_POLICY, assetName)
    stale ||= holder.stale
    const target = holder.data && (asTarget(holder.data.stakeAddress) ?? asTarget(holder.data.paymentAddress))
    if (target) return { data: target, stale }
  }
  return { data: null, stale }
}

/** A mainnet stake or payment address as a target; anything else (a script hash, junk) as null. */
function asTarget(value: string | null): HandleTarget | null {
  if (value === null) return null
  const kind = classifyAddress(value)
  if (kind === 'stake') return { kind, stakeAddress: value.toLowerCase() }
  if (kind === 'payment') return { kind, address: value.toLowerCase() }
  return null
}
