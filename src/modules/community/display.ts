/** How stored community rows are shown. */

/**
 * A stake address shortened for display: its first 9 and last 4 characters around an ellipsis, e.g.
 * `stake1u9x…k4f2`. The full address is always returned beside it.
 */
export function stakeShort(stakeAddress: string): string {
  return stakeAddress.length <= 14 ? stakeAddress : `${stakeAddress.slice(0, 9)}…${stakeAddress.slice(-4)}`
}
