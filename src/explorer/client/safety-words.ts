import type { SafetyConcentration, SafetyFlag, SafetyPolicy } from '../../modules/safety/schemas'
import { UNKNOWN } from './format'

/**
 * The safety report's figures in the words a person reads on the token page (pure, so the unit tests cover
 * them): the flags' severities, the policy, shares and dates.
 */

export const SEVERITY_WORDS: Record<SafetyFlag['severity'], string> = { danger: 'Danger', warning: 'Warning', info: 'Note' }

/** An ISO time as the page writes dates: `2023-05-19 21:04 UTC`. */
export const isoDate = (iso: string | null): string => (iso === null ? UNKNOWN : `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`)

/** A share of the supply (0–1) as a percentage: 25 %, 2.5 %, 0.04 %. */
export function shareWords(share: number | null): string {
  if (share === null) return UNKNOWN
  const percent = share * 100
  const digits = percent >= 10 ? 1 : percent >= 1 ? 2 : 3
  return `${Number(percent.toFixed(digits)).toLocaleString('en-US')} %`
}

/** Whether the policy can still mint, in one sentence. */
export function policyWords(policy: SafetyPolicy): string {
  const keys = policy.signatures.length === 0 ? '' : ` (${policy.signatures.length} signing key${policy.signatures.length === 1 ? '' : 's'})`
  switch (policy.kind) {
    case 'plutus':
      return `A Plutus script${policy.scriptType === null ? '' : ` (${policy.scriptType})`}: its minting rules are code, not read here.`
    case 'unknown':
      return 'Unknown: the chain API has no script for this policy.'
    case 'native':
      if (policy.locked === true) return policy.mintableUntil === null ? `Locked: the script can never be satisfied${keys}.` : `Locked since ${isoDate(policy.mintableUntil)}: no more can be minted${keys}.`
      if (policy.mintableUntil === null) return `Open: a native script with no time lock, its keys can mint at any time${keys}.`
      return `Can mint until ${isoDate(policy.mintableUntil)}, then locked for good${keys}.`
  }
}

/** The concentration in one line: top holder, top 10, in pools; or why it was not computed. */
export function concentrationWords(c: SafetyConcentration): string {
  if (!c.computed) return `Not computed: ${c.reason ?? 'no reason given'}`
  if (c.top1Share === null) return `Only DEX pools hold it (${shareWords(c.inPools?.share ?? null)}).`
  return `Largest holder ${shareWords(c.top1Share)}, largest 10 ${shareWords(c.top10Share)}, in DEX pools ${shareWords(c.inPools?.share ?? null)} (${(c.holderCount ?? 0).toLocaleString('en-US')} holders, grouped by stake address).`
}
