import { apiError } from '../../http/error-catalogue'
import type { AccountStanding } from '../../upstream/koios'
import { fromUnits, toDecimalString } from '../wallet/amounts'

/**
 * Who may write: a stake address registered on chain that controls at least the minimum (COMMUNITY_MIN_ADA). A
 * new key costs nothing to make, so an unregistered one would let a script cast a boost per key; registering one
 * costs a deposit and a fee, and the minimum makes every extra writer lock that much ADA for the day.
 * Pure: the chain API read is the caller's (service.ts).
 */

const LOVELACE_PER_ADA = 1_000_000n

/** Whether the standing meets the minimum; a never-seen address (null) never does. */
function isEligible(standing: AccountStanding | null, minAda: number): boolean {
  return standing !== null && standing.registered && BigInt(standing.totalBalance) >= BigInt(minAda) * LOVELACE_PER_ADA
}

/** What the address has, for the refusal's hint: registered or not, and its balance in ADA. */
function standingText(standing: AccountStanding | null): string {
  if (standing === null) return 'has never been seen on chain: it is not registered and controls 0 ADA'
  return `${standing.registered ? 'is registered' : 'is not registered on chain'} and controls ${toDecimalString(fromUnits(standing.totalBalance, 6))} ADA`
}

/** 403 unless the standing meets the minimum. */
export function requireEligible(stakeAddress: string, standing: AccountStanding | null, minAda: number): void {
  if (!isEligible(standing, minAda)) throw apiError('writer_not_eligible', { stakeAddress, minAda, standing: standingText(standing) })
}
