/**
 * Who may boost, in words: the page footer (server side) and the token page's community part say it the same
 * way. Never "free": a boost counts only from a stake address registered on chain that holds COMMUNITY_MIN_ADA.
 */
export function boostRule(minAda: number): string {
  return minAda > 0
    ? `one a UTC day per stake address registered on chain and holding at least ${minAda.toLocaleString('en-US')} ADA, signed by its wallet`
    : 'one a UTC day per stake address, signed by its wallet'
}
