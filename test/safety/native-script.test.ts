/**
 * Native scripts and mainnet slot times, worked out by hand: the last slot a script can be satisfied at under the
 * rules of the issue (`before N` → N − 1; all → earliest; any → latest; atLeast k → k-th latest; no upper bound
 * stays unbounded) and the time of a slot (Shelley from slot 4,492,800 = 2020-07-29T21:44:51Z, 1 s a slot).
 */
import { describe, expect, it } from 'bun:test'
import { readNativeScript, signatures, timeBound, type NativeScript } from '../../src/cardano/native-script'
import { slotToIso, slotToUnix, unixToSlot } from '../../src/cardano/slot-time'

const A = 'aa'.repeat(28)
const B = 'bb'.repeat(28)
const sig = (keyHash: string) => ({ type: 'sig', keyHash })
const before = (slot: number) => ({ type: 'before', slot })
const after = (slot: number) => ({ type: 'after', slot })
const read = (value: unknown): NativeScript => {
  const script = readNativeScript(value)
  if (script === null) throw new Error('unreadable')
  return script
}
const bound = (value: unknown) => timeBound(read(value))

describe('slot times on mainnet', () => {
  it('puts the first Shelley slot at 2020-07-29T21:44:51Z and counts one slot a second after it', () => {
    expect(slotToIso(4_492_800)).toBe('2020-07-29T21:44:51Z')
    expect(slotToUnix(4_492_801)).toBe(1_596_059_092)
    // The chain API's tip sample (../shared/upstreams/README.md): abs_slot 160,236,945 at block_time 1,751,803,236.
    expect(slotToUnix(160_236_945)).toBe(1_751_803_236)
    expect(slotToIso(160_236_945)).toBe('2025-07-06T12:00:36Z')
  })

  it('counts Byron slots at 20 s from the Byron genesis (2017-09-23T21:44:51Z)', () => {
    expect(slotToIso(0)).toBe('2017-09-23T21:44:51Z')
    expect(slotToUnix(4_492_799)).toBe(1_596_059_071)
  })

  it('turns a time back into the slot in progress', () => {
    expect(unixToSlot(1_751_803_236)).toBe(160_236_945)
    expect(unixToSlot(1_596_059_091)).toBe(4_492_800)
    expect(unixToSlot(1_596_059_090)).toBe(4_492_799)
  })
})

describe('the last slot a native script can be satisfied at', () => {
  it('bounds `before N` at slot N − 1 (a transaction must land strictly before N)', () => {
    expect(bound(before(120_000_000))).toEqual({ kind: 'until', slot: 119_999_999 })
    // 1,596,059,091 + (119,999,999 − 4,492,800) = 1,711,566,290
    expect(slotToIso(119_999_999)).toBe('2024-03-27T19:04:50Z')
    expect(bound(before(0))).toEqual({ kind: 'never' })
  })

  it('leaves a signature alone, or a lower bound, unbounded', () => {
    expect(bound(sig(A))).toEqual({ kind: 'unbounded' })
    expect(bound(after(90_000_000))).toEqual({ kind: 'unbounded' })
    expect(bound({ type: 'all', scripts: [sig(A), after(90_000_000)] })).toEqual({ kind: 'unbounded' })
  })

  it('takes the earliest part of `all` (a time-locked single-issuer policy)', () => {
    expect(bound({ type: 'all', scripts: [sig(A), before(100_000_000), before(80_000_000)] })).toEqual({ kind: 'until', slot: 79_999_999 })
    expect(bound({ type: 'all', scripts: [] })).toEqual({ kind: 'unbounded' })
  })

  it('takes the latest part of `any`: a past and a future bound give the future one', () => {
    expect(bound({ type: 'any', scripts: [before(50_000_000), before(150_000_000)] })).toEqual({ kind: 'until', slot: 149_999_999 })
    expect(slotToIso(149_999_999)).toBe('2025-03-10T00:24:50Z')
    // One part without an upper bound leaves the whole unbounded.
    expect(bound({ type: 'any', scripts: [before(50_000_000), sig(B)] })).toEqual({ kind: 'unbounded' })
    expect(bound({ type: 'any', scripts: [] })).toEqual({ kind: 'never' })
  })

  it('takes the k-th latest part of `atLeast k`', () => {
    const three = [before(10_000_000), before(30_000_000), before(20_000_000)]
    expect(bound({ type: 'atLeast', required: 1, scripts: three })).toEqual({ kind: 'until', slot: 29_999_999 })
    expect(bound({ type: 'atLeast', required: 2, scripts: three })).toEqual({ kind: 'until', slot: 19_999_999 })
    expect(slotToIso(19_999_999)).toBe('2021-01-25T09:18:10Z')
    expect(bound({ type: 'atLeast', required: 3, scripts: three })).toEqual({ kind: 'until', slot: 9_999_999 })
    // Two signatures (no bound) outrank the time lock: 2 of 3 can still be met for ever.
    expect(bound({ type: 'atLeast', required: 2, scripts: [sig(A), sig(B), before(90_000_000)] })).toEqual({ kind: 'unbounded' })
    expect(bound({ type: 'atLeast', required: 4, scripts: three })).toEqual({ kind: 'never' })
    expect(bound({ type: 'atLeast', required: 0, scripts: three })).toEqual({ kind: 'unbounded' })
  })

  it('nests: an `all` of an `any` and a bound', () => {
    const script = { type: 'all', scripts: [{ type: 'any', scripts: [sig(A), sig(B)] }, { type: 'atLeast', required: 1, scripts: [before(70_000_000), before(60_000_000)] }] }
    expect(bound(script)).toEqual({ kind: 'until', slot: 69_999_999 })
  })
})

describe('reading the chain API’s script JSON', () => {
  it('reads cardano-cli JSON, also when sent as a string, and names each key hash once, lowercase', () => {
    const json = { type: 'all', scripts: [sig(A.toUpperCase()), { type: 'any', scripts: [sig(B), sig(A)] }, before(1)] }
    expect(signatures(read(json))).toEqual([A, B])
    expect(read(JSON.stringify(json))).toEqual(read(json))
    expect(read({ type: 'atLeast', required: '2', scripts: [sig(A)] })).toEqual({ type: 'atLeast', required: 2, scripts: [{ type: 'sig', keyHash: A }] })
  })

  it('refuses what is not a native script rather than guessing', () => {
    for (const bad of [null, 'not json', 42, [], {}, { type: 'sig' }, { type: 'sig', keyHash: 'xyz' }, { type: 'before', slot: -1 }, { type: 'all' }, { type: 'all', scripts: [{}] }, { type: 'atLeast', scripts: [] }, { type: 'plutus' }]) {
      expect(readNativeScript(bad)).toBeNull()
    }
    let deep: unknown = sig(A)
    for (let i = 0; i < 100; i++) deep = { type: 'all', scripts: [deep] }
    expect(readNativeScript(deep)).toBeNull()
  })
})
