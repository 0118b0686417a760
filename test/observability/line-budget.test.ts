/** Budgets for lines that repeat without bound: so many per window, the rest counted and then named in one line. */
import { describe, expect, it } from 'bun:test'
import { LINE_BUDGETS, LineBudget } from '../../src/observability/line-budget'
import { Logger, memorySink } from '../../src/observability/logger'

describe('LineBudget', () => {
  it('admits so many lines per window and counts the rest, reported once', () => {
    const budget = new LineBudget({ lines: 2, windowMs: 1000 })
    expect([0, 10, 20, 30].map((t) => budget.admit(t))).toEqual([true, true, false, false])
    expect(budget.unreported).toBe(0)
    expect(budget.admit(1000)).toBe(true)
    expect(budget.unreported).toBe(2)
    expect(budget.takeUnreported()).toEqual({ count: 2, since: 0 })
    expect(budget.takeUnreported().count).toBe(0)
    expect(budget.leftOutTotal).toBe(2)
  })
})

describe('Logger budgets', () => {
  it('writes the request lines of its budget a second, every 5xx, and says how many it left out', () => {
    const sink = memorySink()
    const logger = new Logger('info', sink)
    const limit = LINE_BUDGETS.request.lines
    // The client is read (a getpeername call in the server) only for the lines written.
    let clientReads = 0
    const client = () => {
      clientReads += 1
      return '203.0.113.7'
    }
    for (let i = 0; i < limit + 50; i++) logger.request(`r${i}`, 'GET', '/x', 200, 0.1, 'HIT', client)
    expect(clientReads).toBe(limit)
    logger.request('boom', 'GET', '/x', 500, 0.1, null, '203.0.113.7')
    const lines = sink.lines.map((line) => JSON.parse(line))
    expect(lines.filter((line) => line.msg === 'request' && line.status === 200)).toHaveLength(limit)
    expect(lines.find((line) => line.reqId === 'boom')).toMatchObject({ status: 500 })
    expect(logger.leftOut().request).toBe(50)
    logger.flush()
    expect(JSON.parse(sink.lines.at(-1)!)).toMatchObject({ msg: expect.stringContaining('log lines left out'), kind: 'request', count: 50 })
  })

  it('samples a repetitive kind (closed streams) and leaves other lines alone', () => {
    const sink = memorySink()
    const logger = new Logger('info', sink)
    for (let i = 0; i < 100; i++) logger.sampled('stream closed', 'info', { i }, 'stream closed')
    for (let i = 0; i < 100; i++) logger.info({ i }, 'other')
    expect(sink.lines.filter((line) => line.includes('"stream closed"'))).toHaveLength(LINE_BUDGETS['stream closed'].lines)
    expect(sink.lines.filter((line) => line.includes('"other"'))).toHaveLength(100)
    expect(logger.leftOut()['stream closed']).toBe(100 - LINE_BUDGETS['stream closed'].lines)
  })
})
