import { describe, expect, it } from 'bun:test'
import { CORE_OVERFLOW, fairShare, MemoryBudgetLedger, type CallClaim, type LaneLimit, type LaneLimits } from '../../src/upstream/budget-ledger'
import type { UpstreamName } from '../../src/upstream/errors'

function ledger(core: LaneLimit, longTail: LaneLimit, clock: { now: number }) {
  const lanes = { core, long_tail: longTail }
  const limits = Object.fromEntries(['dexscreener', 'geckoterminal', 'koios', 'coingecko', 'handle'].map((u) => [u, lanes])) as LaneLimits
  return new MemoryBudgetLedger(limits, () => clock.now)
}

const claim = (client: string, lane: CallClaim['lane'] = 'long_tail', upstream: UpstreamName = 'geckoterminal'): CallClaim => ({
  upstream,
  lane,
  client,
})

describe('fair share of the long tail', () => {
  it('splits the lane equally between the clients of the window; a client alone takes at most half; never below one', () => {
    expect(fairShare(7, 0)).toBe(3)
    expect(fairShare(7, 1)).toBe(3)
    expect(fairShare(7, 2)).toBe(2)
    expect(fairShare(24, 1)).toBe(12)
    expect(fairShare(2, 5)).toBe(1)
  })
})

describe('MemoryBudgetLedger', () => {
  it('never grants more than the lane allows in any sliding minute, and says when the next call may go', () => {
    const clock = { now: 1_000_000 }
    const budget = ledger({ perMinute: 3 }, { perMinute: 0 }, clock)
    const granted: number[] = []
    for (let t = 0; t < 180_000; t += 1_000) {
      clock.now = 1_000_000 + t
      if (budget.tryTake(claim('x', 'core')).granted) granted.push(t)
    }
    expect(granted).toEqual([0, 1_000, 2_000, 60_000, 61_000, 62_000, 120_000, 121_000, 122_000])
    for (const t of granted) expect(granted.filter((u) => u > t - 60_000 && u <= t).length).toBeLessThanOrEqual(3)
    clock.now = 1_000_000 + 122_500
    expect(budget.tryTake(claim('x', 'core'))).toEqual({ granted: false, reason: 'budget', retryAfterMs: 57_500 })
  })

  it('refuses a client past its fair share while a newcomer is still served', () => {
    const clock = { now: 0 }
    const budget = ledger({ perMinute: 3 }, { perMinute: 7 }, clock)
    const flood = Array.from({ length: 10 }, () => budget.tryTake(claim('127.0.0.2')))
    expect(flood.filter((v) => v.granted)).toHaveLength(3)
    expect(flood[3]).toEqual({ granted: false, reason: 'fair_share', retryAfterMs: 60_000 })
    // The newcomer's share with one other client: 7 / 2 = 3, and it finds them free.
    const light = Array.from({ length: 4 }, () => budget.tryTake(claim('127.0.0.3')).granted)
    expect(light).toEqual([true, true, true, false])
    // A third client finds the lane's last call; then the lane is spent for everyone.
    expect(budget.tryTake(claim('127.0.0.4')).granted).toBe(true)
    expect(budget.tryTake(claim('127.0.0.5'))).toMatchObject({ granted: false, reason: 'budget' })
  })

  it('keeps the core share from the long tail, and lets core overflow into the long tail as one more client', () => {
    const clock = { now: 0 }
    const budget = ledger({ perMinute: 1 }, { perMinute: 4 }, clock)
    expect(budget.tryTake(claim('a', 'core')).granted).toBe(true)
    // Past its share, core borrows the long tail as CORE_OVERFLOW, with a fair share like any client (4 / 2).
    expect(budget.tryTake(claim('a', 'core')).granted).toBe(true)
    expect(budget.tryTake(claim('a', 'core')).granted).toBe(true)
    expect(budget.tryTake(claim('a', 'core'))).toMatchObject({ granted: false, reason: 'budget' })
    expect(budget.tryTake(claim(CORE_OVERFLOW)).granted).toBe(false)
    // The long tail's other clients share what is left of it (4 / 2 = 2 with one other client); the core's own
    // share was never theirs.
    expect(budget.tryTake(claim('b')).granted).toBe(true)
    expect(budget.tryTake(claim('b')).granted).toBe(true)
    expect(budget.tryTake(claim('c'))).toMatchObject({ granted: false, reason: 'budget' })
  })

  it('keeps each upstream and lane apart', () => {
    const clock = { now: 0 }
    const budget = ledger({ perMinute: 1 }, { perMinute: 2 }, clock)
    expect(budget.tryTake(claim('a', 'core', 'koios')).granted).toBe(true)
    expect(budget.tryTake(claim('a', 'core', 'handle')).granted).toBe(true)
    expect(budget.tryTake(claim('a', 'long_tail', 'koios')).granted).toBe(true)
  })
})
