/**
 * The report's flags (pure): plain findings from its figures, each `{code, severity, message}`. A section the
 * report lacks (its read failed, or nothing was computed) raises no flag: a flag is only ever a fact read.
 * On-chain facts, not advice. The rules and thresholds (the docs list the same, from THRESHOLDS):
 *
 * - `mint_open`: the policy can still mint. danger: a native script with no time bound; warning: a native script
 *   whose time bound is in the future (until then), or a Plutus script (its rules are code: the issuer may be able
 *   to mint). Not raised for a locked native policy, nor for an unknown one.
 * - `minted_recently` (warning): a mint other than the first in the last 30 days.
 * - `concentrated` (warning): the 10 largest holders outside the DEX pools hold more than 50 % of the supply.
 * - `single_whale` (danger): one holder outside the pools holds more than 20 %.
 * - `young_pool` (warning): the oldest followed pool was created less than 7 days ago.
 * - `thin_liquidity` (warning): the followed pools hold less than 10,000 ADA of liquidity (twice their ADA).
 * - `no_pool` (info): the chain follower records no ADA pool of the token (it may trade on other DEXes).
 */
import type { SafetyFlag, SafetyHolders, SafetyLiquidity, SafetyPolicy, SafetySupply } from './schemas'

export const THRESHOLDS = {
  recentMintDays: 30,
  concentratedTop10Share: 0.5,
  whaleTop1Share: 0.2,
  youngPoolDays: 7,
  thinLiquidityAda: 10_000,
} as const

const DAY = 86_400
const SEVERITY_ORDER: Record<SafetyFlag['severity'], number> = { danger: 0, warning: 1, info: 2 }

export interface FlagInputs {
  policy: SafetyPolicy | null
  supply: SafetySupply | null
  holders: SafetyHolders | null
  liquidity: SafetyLiquidity | null
}

const percent = (share: number) => `${(share * 100).toFixed(share * 100 >= 10 ? 1 : 2)} %`
const day = (iso: string) => iso.slice(0, 10)
const unixOf = (iso: string) => Date.parse(iso) / 1000
const ada = (n: number) => `${Math.round(n).toLocaleString('en-US')} ADA`

/** The flags of a report at `nowUnix`, danger first (then in the order of the list above). */
export function safetyFlags(report: FlagInputs, nowUnix: number): SafetyFlag[] {
  const flags = [mintOpen(report.policy), mintedRecently(report.supply, nowUnix), ...holderFlags(report.holders), ...liquidityFlags(report.liquidity, nowUnix)]
  return flags.filter((f) => f !== null).sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity])
}

function mintOpen(policy: SafetyPolicy | null): SafetyFlag | null {
  if (policy === null) return null
  if (policy.kind === 'plutus') {
    return { code: 'mint_open', severity: 'warning', message: 'The minting policy is a Plutus script: its rules are code that cannot be read here, so the issuer may be able to mint more.' }
  }
  if (policy.kind !== 'native' || policy.locked !== false) return null
  const keys = policy.signatures.length === 1 ? 'its key' : `its keys (${policy.signatures.length})`
  if (policy.mintableUntil === null) {
    return { code: 'mint_open', severity: 'danger', message: `The minting policy is a native script with no time bound: whoever holds ${keys} can mint more at any time.` }
  }
  return { code: 'mint_open', severity: 'warning', message: `The minting policy can still mint until ${policy.mintableUntil} (a native time lock); after that it is locked for good.` }
}

function mintedRecently(supply: SafetySupply | null, nowUnix: number): SafetyFlag | null {
  if (supply?.lastMintAt == null || supply.firstMintAt == null) return null
  const last = unixOf(supply.lastMintAt)
  if (last <= unixOf(supply.firstMintAt) || last < nowUnix - THRESHOLDS.recentMintDays * DAY) return null
  return { code: 'minted_recently', severity: 'warning', message: `More was minted on ${day(supply.lastMintAt)}, within the last ${THRESHOLDS.recentMintDays} days (first minted ${day(supply.firstMintAt)}).` }
}

function holderFlags(holders: SafetyHolders | null): Array<SafetyFlag | null> {
  const c = holders?.concentration
  if (!c?.computed) return []
  const concentrated =
    c.top10Share !== null && c.top10Share > THRESHOLDS.concentratedTop10Share
      ? { code: 'concentrated' as const, severity: 'warning' as const, message: `The 10 largest holders outside the DEX pools hold ${percent(c.top10Share)} of the supply (over ${percent(THRESHOLDS.concentratedTop10Share)}).` }
      : null
  const whale =
    c.top1Share !== null && c.top1Share > THRESHOLDS.whaleTop1Share
      ? { code: 'single_whale' as const, severity: 'danger' as const, message: `One holder (${c.top[0].holder}) holds ${percent(c.top1Share)} of the supply (over ${percent(THRESHOLDS.whaleTop1Share)}).` }
      : null
  return [concentrated, whale]
}

function liquidityFlags(liquidity: SafetyLiquidity | null, nowUnix: number): Array<SafetyFlag | null> {
  if (liquidity === null) return []
  if (liquidity.poolCount === 0) {
    return [{ code: 'no_pool', severity: 'info', message: 'No ADA pool of this token on the DEXes this service follows on chain: its liquidity, if any, is elsewhere.' }]
  }
  const oldest = liquidity.oldestPoolCreatedAt
  const ageDays = oldest === null ? null : (nowUnix - unixOf(oldest)) / DAY
  return [
    oldest !== null && ageDays !== null && ageDays < THRESHOLDS.youngPoolDays
      ? { code: 'young_pool', severity: 'warning', message: `Its oldest followed pool was created on ${day(oldest)}, ${ageDays < 1 ? 'less than a day' : `${Math.floor(ageDays)} day${ageDays < 2 ? '' : 's'}`} ago (under ${THRESHOLDS.youngPoolDays} days).` }
      : null,
    liquidity.liquidityAda < THRESHOLDS.thinLiquidityAda
      ? { code: 'thin_liquidity', severity: 'warning', message: `Its followed pools hold ${ada(liquidity.liquidityAda)} of liquidity (under ${ada(THRESHOLDS.thinLiquidityAda)}).` }
      : null,
  ]
}
