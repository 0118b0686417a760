/**
 * The report's pure sections and flags: policy (kind, locked at a given time, when it locks), liquidity from the
 * follower's pool rows, and each flag's rule at its threshold and just past it.
 */
import { describe, expect, it } from 'bun:test'
import { safetyFlags, THRESHOLDS, type FlagInputs } from '../../src/modules/safety/flags'
import { liquiditySection } from '../../src/modules/safety/liquidity'
import { policySection, secondsUntilLocked } from '../../src/modules/safety/policy'
import type { SafetyConcentration, SafetyPolicy } from '../../src/modules/safety/schemas'

const POLICY = 'cc'.repeat(28)
const KEY = 'aa'.repeat(28)
const DAY = 86_400
/** 2025-07-06T12:00:36Z = slot 160,236,945. */
const NOW = 1_751_803_236
const native = (value: unknown) => ({ scriptHash: POLICY, type: 'timelock', value, size: 40 })
const timeLock = (beforeSlot: number) => native({ type: 'all', scripts: [{ type: 'sig', keyHash: KEY }, { type: 'before', slot: beforeSlot }] })

describe('the policy section', () => {
  it('locks a time-lock policy once its last slot has passed', () => {
    // before 160,236,945: last slot 160,236,944, one second ago.
    const past = policySection(POLICY, timeLock(160_236_945), NOW)
    expect(past).toMatchObject({ kind: 'native', scriptType: 'timelock', mintableUntil: '2025-07-06T12:00:35Z', mintableUntilSlot: 160_236_944, locked: true, signatures: [KEY], size: 40 })
    const script: unknown = past.script
    expect(script).toEqual({ type: 'all', scripts: [{ type: 'sig', keyHash: KEY }, { type: 'before', slot: 160_236_945 }] })
    // before 160,236,946: the current slot is its last.
    const now = policySection(POLICY, timeLock(160_236_946), NOW)
    expect(now).toMatchObject({ mintableUntil: '2025-07-06T12:00:36Z', locked: false })
    expect(secondsUntilLocked(now, NOW)).toBe(1)
    expect(secondsUntilLocked(policySection(POLICY, timeLock(160_236_945 + DAY), NOW), NOW)).toBe(DAY)
    expect(secondsUntilLocked(past, NOW)).toBeNull()
  })

  it('says a script without a time bound is not locked, one never satisfiable is, and Plutus and unknown are neither', () => {
    expect(policySection(POLICY, native({ type: 'sig', keyHash: KEY }), NOW)).toMatchObject({ kind: 'native', mintableUntil: null, locked: false })
    expect(policySection(POLICY, { ...native({ type: 'sig', keyHash: KEY }), type: 'multisig' }, NOW)).toMatchObject({ kind: 'native', locked: false })
    expect(policySection(POLICY, native({ type: 'any', scripts: [] }), NOW)).toMatchObject({ kind: 'native', mintableUntil: null, locked: true })
    const plutus = policySection(POLICY, { scriptHash: POLICY, type: 'plutusV2', value: null, size: 3000 }, NOW)
    expect(plutus).toEqual({ policyId: POLICY, kind: 'plutus', scriptType: 'plutusV2', mintableUntil: null, mintableUntilSlot: null, locked: null, signatures: [], script: null, size: 3000 })
    expect(policySection(POLICY, null, NOW)).toMatchObject({ kind: 'unknown', scriptType: null, locked: null, script: null })
    // A native type whose JSON cannot be read is not guessed at.
    expect(policySection(POLICY, native({ type: 'sig' }), NOW)).toMatchObject({ kind: 'unknown', scriptType: 'timelock', locked: null })
  })
})

describe('the liquidity section', () => {
  const pool = (poolId: string, reserveAda: string, createdTime: number | null) => ({ poolId, dex: 'minswap-v2', reserveAda, createdTime })

  it('doubles the ADA reserves, names the deepest pool and the oldest creation', () => {
    const l = liquiditySection([pool('p1', '4000000000', NOW - 10 * DAY), pool('p2', '1000500001', NOW - 3 * DAY)])
    // 2 × (4,000 + 1,000.500001) ADA
    expect(l).toEqual({
      poolCount: 2,
      liquidityAda: 10_001.000002,
      deepestPool: { id: 'p1', dexId: 'minswap-v2', reserveAda: '4000000000', createdAt: '2025-06-26T12:00:36Z' },
      oldestPoolCreatedAt: '2025-06-26T12:00:36Z',
    })
  })

  it('leaves the oldest creation unknown when a pool predates the follower’s records', () => {
    expect(liquiditySection([pool('p1', '1', null), pool('p2', '2', NOW)]).oldestPoolCreatedAt).toBeNull()
    expect(liquiditySection([])).toEqual({ poolCount: 0, liquidityAda: 0, deepestPool: null, oldestPoolCreatedAt: null })
  })
})

const concentration = (top1Share: number, top10Share: number): SafetyConcentration => ({
  computed: true,
  reason: null,
  maxAddresses: 5000,
  addressesRead: 20,
  holderCount: 20,
  inPools: { quantity: '0', share: 0, addresses: 0 },
  top1Share,
  top10Share,
  top: [{ holder: 'stake1whale', kind: 'stake', quantity: '1', share: top1Share }],
})
const locked: SafetyPolicy = policySection(POLICY, timeLock(100), NOW)
const calm: FlagInputs = {
  policy: locked,
  supply: { total: '1', mintTxCount: 1, burnTxCount: 0, firstMintAt: '2024-01-01T00:00:00Z', lastMintAt: '2024-01-01T00:00:00Z' },
  holders: { addresses: 20, stakeAddresses: 20, unstakedAddresses: 0, concentration: concentration(0.2, 0.5) },
  liquidity: { poolCount: 1, liquidityAda: 10_000, deepestPool: null, oldestPoolCreatedAt: new Date((NOW - 7 * DAY) * 1000).toISOString() },
}
const codes = (inputs: Partial<FlagInputs>) => safetyFlags({ ...calm, ...inputs }, NOW).map((f) => `${f.severity}:${f.code}`)

describe('flags', () => {
  it('raises none at the thresholds themselves (20 %, 50 %, 7 days, 10,000 ADA) for a locked policy minted once', () => {
    expect(THRESHOLDS).toEqual({ recentMintDays: 30, concentratedTop10Share: 0.5, whaleTop1Share: 0.2, youngPoolDays: 7, thinLiquidityAda: 10_000 })
    expect(safetyFlags(calm, NOW)).toEqual([])
  })

  it('mint_open: danger without a time bound, warning with a future one or a Plutus policy, none when locked or unknown', () => {
    expect(codes({ policy: policySection(POLICY, native({ type: 'sig', keyHash: KEY }), NOW) })).toEqual(['danger:mint_open'])
    // before 170,000,000: last slot 169,999,999 = 1,596,059,091 + 165,507,199 s = 1,761,566,290.
    const until = safetyFlags({ ...calm, policy: policySection(POLICY, timeLock(170_000_000), NOW) }, NOW)
    expect(until).toEqual([{ code: 'mint_open', severity: 'warning', message: 'The minting policy can still mint until 2025-10-27T11:58:10Z (a native time lock); after that it is locked for good.' }])
    expect(codes({ policy: policySection(POLICY, { scriptHash: POLICY, type: 'plutusV3', value: null, size: 1 }, NOW) })).toEqual(['warning:mint_open'])
    expect(codes({ policy: policySection(POLICY, null, NOW) })).toEqual([])
  })

  it('minted_recently: a later mint within 30 days, not the first mint itself', () => {
    const iso = (unix: number) => new Date(unix * 1000).toISOString()
    expect(codes({ supply: { ...calm.supply!, firstMintAt: iso(NOW - 100 * DAY), lastMintAt: iso(NOW - 29 * DAY) } })).toEqual(['warning:minted_recently'])
    expect(codes({ supply: { ...calm.supply!, firstMintAt: iso(NOW - 100 * DAY), lastMintAt: iso(NOW - 31 * DAY) } })).toEqual([])
    expect(codes({ supply: { ...calm.supply!, firstMintAt: iso(NOW - DAY), lastMintAt: iso(NOW - DAY) } })).toEqual([])
  })

  it('concentrated over 50 % in the top 10, single_whale over 20 % in one holder, danger first', () => {
    const both = safetyFlags({ ...calm, holders: { ...calm.holders!, concentration: concentration(0.200001, 0.500001) } }, NOW)
    expect(both.map((f) => f.code)).toEqual(['single_whale', 'concentrated'])
    expect(both[0]).toEqual({ code: 'single_whale', severity: 'danger', message: 'One holder (stake1whale) holds 20.0 % of the supply (over 20.0 %).' })
    expect(both[1].message).toBe('The 10 largest holders outside the DEX pools hold 50.0 % of the supply (over 50.0 %).')
    // Not computed (too many holders): no holder flag.
    expect(codes({ holders: { ...calm.holders!, concentration: { ...concentration(0.9, 0.9), computed: false } } })).toEqual([])
  })

  it('young_pool under 7 days, thin_liquidity under 10,000 ADA, no_pool with none followed, nothing without the follower', () => {
    const young = { ...calm.liquidity!, oldestPoolCreatedAt: new Date((NOW - 2 * DAY - 60) * 1000).toISOString() }
    expect(safetyFlags({ ...calm, liquidity: young }, NOW)[0].message).toBe('Its oldest followed pool was created on 2025-07-04, 2 days ago (under 7 days).')
    expect(codes({ liquidity: { ...calm.liquidity!, liquidityAda: 9_999.99 } })).toEqual(['warning:thin_liquidity'])
    expect(safetyFlags({ ...calm, liquidity: { ...calm.liquidity!, liquidityAda: 1234.5 } }, NOW)[0].message).toBe('Its followed pools hold 1,235 ADA of liquidity (under 10,000 ADA).')
    // A pool of unknown age (before the follower's records) is no young pool.
    expect(codes({ liquidity: { ...calm.liquidity!, oldestPoolCreatedAt: null } })).toEqual([])
    expect(codes({ liquidity: { poolCount: 0, liquidityAda: 0, deepestPool: null, oldestPoolCreatedAt: null } })).toEqual(['info:no_pool'])
    expect(codes({ liquidity: null, holders: null, supply: null, policy: null })).toEqual([])
  })
})
