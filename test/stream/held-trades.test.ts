/** The trades the stream holds per asset: newest first, bounded, merged with the records once, cut by a rollback. */
import { describe, expect, it } from 'bun:test'
import { HeldTrades, newestTrades, TRADES_KEPT } from '../../src/modules/stream/held-trades'

const trade = (txHash: string, blockHeight: number, pool = 'p1') => ({ txHash, blockHeight, pool: { address: pool } })

describe('newestTrades', () => {
  it('keeps each (tx, pool) once, the newer copy, newest block first, at most TRADES_KEPT', () => {
    const newer = [{ ...trade('t3', 30), side: 'buy' }, trade('t2', 20)]
    const older = [trade('t3', 30), trade('t1', 10), trade('t3', 30, 'p2')]
    expect(newestTrades(newer, older)).toEqual([{ ...trade('t3', 30), side: 'buy' }, trade('t3', 30, 'p2'), trade('t2', 20), trade('t1', 10)])
    const many = Array.from({ length: 50 }, (_, i) => trade(`t${i}`, i))
    expect(newestTrades(many, [])).toHaveLength(TRADES_KEPT)
    expect(newestTrades(many, [])[0].blockHeight).toBe(49)
  })
})

describe('HeldTrades', () => {
  it('says trades are not recorded until some are heard or the deployment records them', async () => {
    const held = new HeldTrades()
    expect(held.snapshot('trades:u', 'u')).toMatchObject({ recorded: false, trades: [] })
    held.add('u', '2026-01-01T00:00:00.000Z', [trade('t1', 10)])
    expect(held.snapshot('trades:u', 'u')).toEqual({ topic: 'trades:u', recorded: true, recordedAt: '2026-01-01T00:00:00.000Z', trades: [trade('t1', 10)] })
  })

  it('merges the recorded trades once per asset, and retries an asset whose read failed', async () => {
    const held = new HeldTrades()
    let reads = 0
    let fail = true
    held.recordedBy(async () => {
      reads++
      if (fail) throw new Error('database busy')
      return [trade('t0', 5)]
    })
    const errors: string[] = []
    await held.seed(['u'], (unit) => errors.push(unit))
    fail = false
    held.add('u', '2026-01-01T00:00:00.000Z', [trade('t1', 10)])
    await held.seed(['u'], (unit) => errors.push(unit))
    await held.seed(['u'], (unit) => errors.push(unit))
    expect(errors).toEqual(['u'])
    expect(reads).toBe(2)
    expect(held.snapshot('trades:u', 'u')).toMatchObject({ recorded: true, trades: [trade('t1', 10), trade('t0', 5)] })
  })

  it('drops the trades at and above a rolled-back height, and returns those still standing', () => {
    const held = new HeldTrades()
    held.add('u', 'a', [trade('t3', 30), trade('t2', 20), trade('t1', 10)])
    expect(held.rollBack('u', 20, 'b')).toEqual([trade('t1', 10)])
    expect(held.snapshot('trades:u', 'u')).toMatchObject({ recordedAt: 'b', trades: [trade('t1', 10)] })
    expect(held.rollBack('other', 1, 'c')).toEqual([])
  })
})
