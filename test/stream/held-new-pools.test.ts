/** The newest pools the stream holds for pools:new: newest first, bounded, merged with the records once. */
import { describe, expect, it } from 'bun:test'
import { HeldNewPools } from '../../src/modules/stream/held-new-pools'
import { TRADES_KEPT } from '../../src/modules/stream/held-trades'
import { readRelayMessage, type NewPoolsMessage } from '../../src/modules/stream/relay-messages'

const pool = (poolId: string) => ({ poolId, dex: 'minswap-v2' })

describe('HeldNewPools', () => {
  it('says whether this deployment records new pools, and holds the newest heard first', () => {
    const held = new HeldNewPools()
    expect(held.snapshot('pools:new')).toEqual({ topic: 'pools:new', recorded: false, recordedAt: null, pools: [] })
    held.add('2026-01-01T00:00:00.000Z', [pool('b'), pool('a')])
    held.add('2026-01-01T00:01:00.000Z', [pool('c')])
    expect(held.snapshot('pools:new')).toMatchObject({ recordedAt: '2026-01-01T00:01:00.000Z', pools: [pool('c'), pool('b'), pool('a')] })
    held.add('2026-01-01T00:02:00.000Z', Array.from({ length: 30 }, (_, i) => pool(`n${i}`)))
    expect((held.snapshot('pools:new').pools as unknown[]).length).toBe(TRADES_KEPT)
  })

  it('merges the recorded pools once behind those heard, each pool once, and retries a failed read', async () => {
    const held = new HeldNewPools()
    let reads = 0
    let fail = true
    held.recordedBy(async () => {
      reads++
      if (fail) throw new Error('database busy')
      return [pool('c'), pool('b'), pool('a')]
    })
    const errors: unknown[] = []
    await held.seed((error) => errors.push(error))
    held.add('2026-01-01T00:00:00.000Z', [pool('c')])
    fail = false
    await held.seed((error) => errors.push(error))
    await held.seed((error) => errors.push(error))
    expect(errors).toHaveLength(1)
    expect(reads).toBe(2)
    expect(held.snapshot('pools:new')).toMatchObject({ recorded: true, pools: [pool('c'), pool('b'), pool('a')] })
  })
})

describe('new pools over the relay', () => {
  it('reads a new-pools message from another instance, and ignores one missing its id or rows', () => {
    const message: NewPoolsMessage = { kind: 'new-pools', id: '1-1', recordedAt: '2026-01-01T00:00:00.000Z', pools: [pool('a')] }
    expect(readRelayMessage(message)).toEqual(message)
    expect(readRelayMessage({ ...message, id: 7 })).toBeNull()
    expect(readRelayMessage({ ...message, pools: 'a' })).toBeNull()
  })
})
