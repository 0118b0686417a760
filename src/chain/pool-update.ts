/**
 * What one pool output changed against the pool's previous state (pure; shared/chain/README.md §4).
 *
 * - Swap: LP supply unchanged. The reserve that rose is what users sold into the pool; amounts are |Δ| of the
 *   tradeable reserves (gross of the LP fee, which stays in the pool). A batch of opposite orders nets out: it is still
 *   one update, a swap whose amounts are the net change and whose side is null when both reserves rose (only fees
 *   stayed) [INF, README §4].
 * - Deposit / withdrawal: LP supply rose / fell. Reserves moved but nobody traded; no side, no amounts.
 * - Created: no previous state. Other: LP unchanged and reserves unchanged or both down (value left the pool
 *   without an LP burn: treasury or fee-sharing collection).
 * The price is always the tradeable-reserve ratio after the update, quote per base token with the decimals given,
 * the token as the base whatever the DEX's own order (README §7 pitfalls 1 and 7). The follower gives the token 0
 * decimals (a price per base unit); answers apply the token's decimals (chain/token-identity.ts).
 */
import { type DexId, type PoolState, type PoolUpdateKind } from './types'

/** DEXes whose LP supply shows as a mint or burn (README §4): for them the tx's assets_minted is the ground truth. */
const MINTS_LP: ReadonlySet<DexId> = new Set(['minswap-v1', 'sundaeswap-v1', 'sundaeswap-v3'])

export const ADA_DECIMALS = 6

/**
 * The change of LP supply in this update, or null when unknown. For a DEX that mints its LP, the tx's net mint of
 * the pool's LP unit (`lpMinted`, 0n when the tx minted none) wins over datum figures (it settles the Sundae V1
 * datum-field conflict); otherwise the difference of the two states' lpSupply.
 */
export function lpChange(previous: PoolState, next: PoolState, lpMinted?: bigint | null): bigint | null {
  if (lpMinted !== undefined && lpMinted !== null && MINTS_LP.has(next.dex)) return lpMinted
  if (previous.lpSupply !== null && next.lpSupply !== null) return next.lpSupply - previous.lpSupply
  return null
}

const sign = (n: bigint) => (n > 0n ? 1 : n < 0n ? -1 : 0)

export function classifyPoolUpdate(previous: PoolState | null, next: PoolState, lpMinted?: bigint | null): PoolUpdateKind {
  if (previous === null) return 'created'
  if (previous.poolId !== next.poolId) throw new Error(`pool update across pools: ${previous.poolId} → ${next.poolId}`)
  const sa = sign(next.reserveA - previous.reserveA)
  const sb = sign(next.reserveB - previous.reserveB)
  const lp = lpChange(previous, next, lpMinted)
  if (lp !== null && lp > 0n) return 'deposit'
  if (lp !== null && lp < 0n) return 'withdrawal'
  if (sa * sb < 0) return 'swap'
  if (lp === null) {
    // LP supply unknown (datum-hash pool read without its datum): both up reads as a deposit, both down as a
    // withdrawal [INF]; a netted swap batch is then mistaken for a deposit.
    if (sa >= 0 && sb >= 0 && sa + sb > 0) return 'deposit'
    if (sa <= 0 && sb <= 0 && sa + sb < 0) return 'withdrawal'
    return 'other'
  }
  if (sa >= 0 && sb >= 0 && sa + sb > 0) return 'swap' // a batch that netted out: only the fees stayed
  return 'other'
}

/** A pool seen from its token: base = that token, quote = the other asset. */
export interface OrientedPool {
  base: string
  quote: string
  reserveBase: bigint
  reserveQuote: bigint
}

/** The pool oriented so `base` is the base asset; null when `base` is not one of its assets. */
export function orient(state: PoolState, base: string): OrientedPool | null {
  if (state.assetB === base) return { base, quote: state.assetA, reserveBase: state.reserveB, reserveQuote: state.reserveA }
  if (state.assetA === base) return { base, quote: state.assetB, reserveBase: state.reserveA, reserveQuote: state.reserveB }
  return null
}

/** Quote per whole base token: (rawQuote / 10^decQuote) / (rawBase / 10^decBase); null for an empty base reserve. */
export function priceOf(reserveBase: bigint, reserveQuote: bigint, baseDecimals: number, quoteDecimals: number): number | null {
  if (reserveBase <= 0n || reserveQuote < 0n) return null
  return (Number(reserveQuote) / Number(reserveBase)) * 10 ** (baseDecimals - quoteDecimals)
}

export interface PoolUpdateInput {
  previous: PoolState | null
  next: PoolState
  /** Net LP units of next.poolId minted (+) or burned (−) in this tx (tx_info assets_minted); omit when unknown. */
  lpMinted?: bigint | null
  /** The token (the base) and the decimals to price it with (0: per base unit). */
  base: { unit: string; decimals: number }
  /** Decimals of the other asset (6 for ADA). */
  quoteDecimals: number
}

export interface PoolUpdate {
  kind: PoolUpdateKind
  poolId: string
  base: string
  quote: string
  /** Tradeable reserves after the update. */
  reserveBase: bigint
  reserveQuote: bigint
  /** For a swap: 'buy' when users took the token out (paid quote), 'sell' when they put it in; null when netted. */
  side: 'buy' | 'sell' | null
  /** For a swap: |Δ| of the tradeable reserves, base units; null for any other kind. */
  amountBase: bigint | null
  amountQuote: bigint | null
  /** Quote per whole base token after the update. */
  price: number | null
}

/** Classify the update and express it from the token's side. Throws when the base is not in the pool. */
export function derivePoolUpdate(input: PoolUpdateInput): PoolUpdate {
  const { previous, next, base } = input
  const now = orient(next, base.unit)
  if (now === null) throw new Error(`${base.unit} is not an asset of pool ${next.poolId}`)
  const kind = classifyPoolUpdate(previous, next, input.lpMinted)
  let side: PoolUpdate['side'] = null
  let amountBase: bigint | null = null
  let amountQuote: bigint | null = null
  const before = previous === null ? null : orient(previous, base.unit) // same pool id, so same assets
  if (kind === 'swap' && before !== null) {
    const dBase = now.reserveBase - before.reserveBase
    const dQuote = now.reserveQuote - before.reserveQuote
    side = dBase > 0n && dQuote < 0n ? 'sell' : dBase < 0n && dQuote > 0n ? 'buy' : null
    amountBase = dBase < 0n ? -dBase : dBase
    amountQuote = dQuote < 0n ? -dQuote : dQuote
  }
  return {
    kind,
    poolId: next.poolId,
    base: now.base,
    quote: now.quote,
    reserveBase: now.reserveBase,
    reserveQuote: now.reserveQuote,
    side,
    amountBase,
    amountQuote,
    price: priceOf(now.reserveBase, now.reserveQuote, base.decimals, input.quoteDecimals),
  }
}
