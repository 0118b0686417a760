/** Changes told between instances: what another process sent is applied only when it has the shape of one. */
import { describe, expect, it } from 'bun:test'
import { readRelayMessage } from '../../src/modules/stream/relay-messages'
import { EventIds } from '../../src/modules/stream/event-ids'

describe('readRelayMessage', () => {
  it('reads every kind of change', () => {
    const screener = { kind: 'screener', tokens: [], changed: [], removed: [], ids: { screener: '1', tokens: {} }, coverage: 'c', updatedAt: null, sourcesAsOf: null, stale: false }
    expect(readRelayMessage(screener)).toBe(screener as never)
    const trades = { kind: 'trades', id: '2', unit: 'u', recordedAt: 'x', trades: [] }
    expect(readRelayMessage(trades)).toBe(trades as never)
    const rollback = { kind: 'rollback', fromHeight: 5, recordedAt: 'x', ids: { u: '3' } }
    expect(readRelayMessage(rollback)).toBe(rollback as never)
    const pools = { kind: 'new-pools', id: '4', recordedAt: 'x', pools: [] }
    expect(readRelayMessage(pools)).toBe(pools as never)
    const chainTokens = { kind: 'chain-tokens', id: '5', recordedAt: 'x', asOf: null, changed: [{ address: 'u' }], removed: ['v'] }
    expect(readRelayMessage(chainTokens)).toBe(chainTokens as never)
  })

  it('ignores anything else', () => {
    for (const value of [null, 42, 'screener', {}, { kind: 'screener', tokens: [] }, { kind: 'trades', unit: 'u', trades: 'x', id: '1' }, { kind: 'rollback', fromHeight: '5', ids: {} }, { kind: 'chain-tokens', id: '5', changed: {}, removed: [] }, { kind: 'other' }]) {
      expect(readRelayMessage(value)).toBeNull()
    }
  })
})

describe('EventIds', () => {
  it('numbers events <process start>-<n> without a relay, from the relay’s counter with one, and falls back when it cannot answer', async () => {
    const local = new EventIds()
    expect(local.start).toMatch(/^[0-9a-z]+-0$/)
    const epoch = local.start.slice(0, -2)
    expect(await local.reserve(2)).toEqual([`${epoch}-1`, `${epoch}-2`])
    let down = false
    const relay = { reserveIds: async (count: number) => (down ? null : 41 + count - count), publish() {}, listen() {} }
    const shared = new EventIds(relay)
    expect(await shared.reserve(3)).toEqual(['41', '42', '43'])
    down = true
    expect((await shared.reserve(1))[0]).toMatch(/^[0-9a-z]+-1$/)
  })
})
