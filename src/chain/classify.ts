/**
 * What one pool output changed against the pool's previous state, and its price (pure). Rules from
 * shared/chain/README.md §4: LP supply unchanged and one reserve up, the other down = a swap (the side whose
 * reserve rose is what users sold into the pool; amounts are the reserves' net change, so opposite orders in
 * one batch net out); both up = deposit; both down = withdrawal. Price = ADA per whole token from the
 * tradeable reserves, decimals applied (pitfall 1).
 */
import type { PoolState, PoolUpdateKind } from './types'

export interface PoolChange {
  kind: PoolUpdateKind
  /** ADA per whole token after the update; null when a reserve is 0. */
  priceAda: number | null
  /** Swaps only; side is the token's: users bought it when its reserve fell. */
  swap: { side: 'buy' | 'sell'; amountToken: bigint; amountAda: bigint } | null
}

export function priceAda(reserveAda: bigint, reserveToken: bigint, decimals: number): number | null {
  if (reserveAda <= 0n || reserveToken <= 0n) return null
  return Number(reserveAda) / 1e6 / (Number(reserveToken) / 10 ** decimals)
}

/** `prev` null: the pool's first output (created). Reserves A = ADA, B = the token. */
export function classify(prev: PoolState | null, next: PoolState, decimals: number): PoolChange {
  const price = priceAda(next.reserveA, next.reserveB, decimals)
  if (prev === null) return { kind: 'created', priceAda: price, swap: null }
  const dAda = next.reserveA - prev.reserveA
  const dToken = next.reserveB - prev.reserveB
  const lpSame = prev.lpSupply === null || next.lpSupply === null || prev.lpSupply === next.lpSupply
  if (lpSame && dAda !== 0n && dToken !== 0n && dAda > 0n !== dToken > 0n) {
    const side = dToken < 0n ? 'buy' : 'sell'
    return { kind: 'swap', priceAda: price, swap: { side, amountToken: abs(dToken), amountAda: abs(dAda) } }
  }
  if (dAda >= 0n && dToken >= 0n && (dAda > 0n || dToken > 0n)) return { kind: 'deposit', priceAda: price, swap: null }
  if (dAda <= 0n && dToken <= 0n && (dAda < 0n || dToken < 0n)) return { kind: 'withdrawal', priceAda: price, swap: null }
  return { kind: 'other', priceAda: price, swap: null }
}

const abs = (n: bigint) => (n < 0n ? -n : n)
