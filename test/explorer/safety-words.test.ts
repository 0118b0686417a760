/** The safety report in the token page's words (src/explorer/client/safety-words.ts, pure). */
import { describe, expect, it } from 'bun:test'
import { concentrationWords, isoDate, policyWords, shareWords } from '../../src/explorer/client/safety-words'
import { notComputed } from '../../src/modules/safety/concentration'
import type { SafetyPolicy } from '../../src/modules/safety/schemas'

const native = (fields: Partial<SafetyPolicy>): SafetyPolicy => ({
  policyId: 'cc'.repeat(28),
  kind: 'native',
  scriptType: 'timelock',
  mintableUntil: null,
  mintableUntilSlot: null,
  locked: false,
  signatures: ['aa'.repeat(28)],
  script: { type: 'sig' },
  size: 30,
  ...fields,
})

describe('the safety section in words', () => {
  it('says whether the policy can still mint', () => {
    expect(policyWords(native({}))).toBe('Open: a native script with no time lock, its keys can mint at any time (1 signing key).')
    expect(policyWords(native({ mintableUntil: '2033-02-09T12:51:30Z', signatures: ['aa'.repeat(28), 'bb'.repeat(28)] }))).toBe('Can mint until 2033-02-09 12:51 UTC, then locked for good (2 signing keys).')
    expect(policyWords(native({ mintableUntil: '2023-05-19T21:04:50Z', locked: true }))).toBe('Locked since 2023-05-19 21:04 UTC: no more can be minted (1 signing key).')
    expect(policyWords(native({ locked: true, signatures: [] }))).toBe('Locked: the script can never be satisfied.')
    expect(policyWords(native({ kind: 'plutus', scriptType: 'plutusV2', locked: null, signatures: [] }))).toBe('A Plutus script (plutusV2): its minting rules are code, not read here.')
    expect(policyWords(native({ kind: 'unknown', scriptType: null, locked: null, signatures: [] }))).toBe('Unknown: the chain API has no script for this policy.')
  })

  it('writes shares as percentages with the digits they need, and dates in UTC', () => {
    expect([0.25, 0.625, 0.025, 0.0004, 0.000001, 1, null].map(shareWords)).toEqual(['25 %', '62.5 %', '2.5 %', '0.04 %', '0 %', '100 %', '—'])
    expect(isoDate('2026-11-30T01:22:07Z')).toBe('2026-11-30 01:22 UTC')
    expect(isoDate(null)).toBe('—')
  })

  it('says why a concentration was not computed', () => {
    expect(concentrationWords(notComputed('46,890 addresses hold it.', 5000))).toBe('Not computed: 46,890 addresses hold it.')
  })
})
