import { apiError } from '../../http/error-catalogue'
import type { AccountStanding } from '../../upstream/koios'

/**
 * Who may write: a stake address registered on chain that controls at least the minimum (COMMUNITY_MIN_ADA). A
 * new key costs nothing to make, so an unregistered one would let a script cast a boost per key; registering one
 * costs a deposit and a fee, and the minimum makes every extra writer lock that much ADA for the day.
 * Pure: the chain API read is the caller's (service.ts).
 */

const LOVELACE_PER_ADA = 1_000_000n

/** Whether the standing meets the minimum; a never-seen address (null) never does. */
export function isEligible(standing: AccountStanding | null, minAda: number): boolean {
  return standing !== null && standing.registered && BigInt(standing.totalBalance) >= BigInt(minAda) * LOVELACE_PER_ADA
}

/** Lovelace as ADA, exact, without trailing zeros: `1535472311` → `1535.472311`. */
export function adaOf(lovelace: string): string {
  const amount = BigInt(lovelace)
  const whole = amount / LOVELACE_PER_ADA
  const fraction = (amount % LOVELACE_PER_ADA).toString().padStart(6, '0').replace(/0+$/, '')
  return fraction === '' ? whole.toString() : `${whole}.${fraction}`
}

/** What the address has, for the refusal's hint: registered or not, and its balance in ADA. */
export function standingText(standing: AccountStanding | null): string {
  if (standing === null) return 'has never been seen on chain: it is not registered and controls 0 ADA'
  return `${standing.registered ? 'is registered' : 'is not registered on chain'} and controls ${adaOf(standing.totalBalance)} ADA`
}

/** 403 unless the standing meets the minimum. */
export function requireEligible(stakeAddress: string, standing: AccountStanding | null, minAda: number): void {
  if (!isEligible(standing, minAda)) throw apiError('writer_not_eligible', { stakeAddress, minAda, standing: standingText(standing) })
}
