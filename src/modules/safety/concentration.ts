/**
 * Holder concentration (pure): the addresses holding a token, grouped by stake address (a wallet's addresses
 * count as one holder; an address without a stake part counts alone), the DEX pools' holdings set apart, and the
 * largest holders' shares of the supply. Quantities are exact (bigint) until the shares are rounded.
 *
 * Reduced in two steps so the cached part is small: `tallyHolders` turns thousands of rows into the pools'
 * total, the holder count and the 10 largest holders (quantities as decimal strings, so the tally is JSON and
 * can be shared through Redis); `concentrationOf` turns a tally into the answer's shares.
 */
import type { AddressHolding } from '../../upstream/koios'
import type { SafetyConcentration } from './schemas'

export const TOP_HOLDERS = 10

export interface TalliedHolder {
  holder: string
  kind: 'stake' | 'address'
  quantity: string
}

export interface HolderTally {
  /** Payment addresses read holding some, each once. */
  addresses: number
  /** Every quantity read, pools included: the supply the shares are of. */
  total: string
  pools: { quantity: string; addresses: number }
  /** Holders outside the pools after grouping. */
  holderCount: number
  /** The largest holders outside the pools, largest first (ties by holder). */
  top: TalliedHolder[]
}

/** A share of `whole`, a fraction rounded half up to 6 decimals; 0 when the whole is 0. */
export function shareOf(part: bigint, whole: bigint): number {
  if (whole <= 0n) return 0
  return Number((part * 2_000_000n + whole) / (2n * whole)) / 1_000_000
}

/**
 * The tally of `rows` (one per payment address; a repeated address counts once, the first row kept, as Koios's
 * pages may repeat one). `isPool`
 * says whether an address is a followed DEX's pool script.
 */
export function tallyHolders(rows: readonly AddressHolding[], isPool: (paymentAddress: string) => boolean): HolderTally {
  let total = 0n
  let poolQuantity = 0n
  let poolAddresses = 0
  const groups = new Map<string, { kind: TalliedHolder['kind']; quantity: bigint }>()
  const seen = new Set<string>()
  for (const row of rows) {
    const quantity = BigInt(row.quantity)
    if (quantity <= 0n || seen.has(row.paymentAddress)) continue
    seen.add(row.paymentAddress)
    total += quantity
    if (isPool(row.paymentAddress)) {
      poolQuantity += quantity
      poolAddresses += 1
      continue
    }
    const holder = row.stakeAddress ?? row.paymentAddress
    const group = groups.get(holder)
    if (group === undefined) groups.set(holder, { kind: row.stakeAddress === null ? 'address' : 'stake', quantity })
    else group.quantity += quantity
  }
  const largestFirst = [...groups].sort(([a, x], [b, y]) => (x.quantity === y.quantity ? (a < b ? -1 : a > b ? 1 : 0) : x.quantity > y.quantity ? -1 : 1))
  return {
    addresses: seen.size,
    total: String(total),
    pools: { quantity: String(poolQuantity), addresses: poolAddresses },
    holderCount: groups.size,
    top: largestFirst.slice(0, TOP_HOLDERS).map(([holder, g]) => ({ holder, kind: g.kind, quantity: String(g.quantity) })),
  }
}

/** The computed concentration of a tally, under the bound `maxAddresses`. */
export function concentrationOf(tally: HolderTally, maxAddresses: number): SafetyConcentration {
  const total = BigInt(tally.total)
  const top = tally.top.map((h) => ({ ...h, share: shareOf(BigInt(h.quantity), total) }))
  const topSum = tally.top.reduce((sum, h) => sum + BigInt(h.quantity), 0n)
  return {
    computed: true,
    reason: null,
    maxAddresses,
    addressesRead: tally.addresses,
    holderCount: tally.holderCount,
    inPools: { quantity: tally.pools.quantity, share: shareOf(BigInt(tally.pools.quantity), total), addresses: tally.pools.addresses },
    top1Share: top.length === 0 ? null : top[0].share,
    top10Share: top.length === 0 ? null : shareOf(topSum, total),
    top,
  }
}

/** The concentration left uncomputed, and why. */
export function notComputed(reason: string, maxAddresses: number): SafetyConcentration {
  return { computed: false, reason, maxAddresses, addressesRead: null, holderCount: null, inPools: null, top1Share: null, top10Share: null, top: [] }
}
