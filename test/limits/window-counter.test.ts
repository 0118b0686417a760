/** The memory window counter: clock-aligned windows, refusals not counted, limit 0 = none, ended windows swept. */
import { describe, expect, it } from 'bun:test'
import { MemoryWindowCounter, type WindowRule } from '../../src/limits/window-counter'

const HOUR = 3_600_000
const hourly: WindowRule = { name: 'writes', limit: 3, windowMs: HOUR }

function clockAt(ms: number) {
  const clock = { now: ms }
  return { clock, counter: new MemoryWindowCounter(() => clock.now) }
}

describe('MemoryWindowCounter', () => {
  it('allows the limit in a window, then refuses until the window ends', async () => {
    const start = Date.UTC(2026, 10, 27, 10, 15)
    const { clock, counter } = clockAt(start)
    for (let i = 1; i <= 3; i++) expect(await counter.take(hourly, 'a')).toEqual({ allowed: true, count: i })
    const refused = await counter.take(hourly, 'a')
    expect(refused).toEqual({ allowed: false, limit: 3, retryAfterMs: 45 * 60_000 })
    // The window is the clock hour: at 11:00 the count starts again.
    clock.now = Date.UTC(2026, 10, 27, 11, 0)
    expect(await counter.take(hourly, 'a')).toEqual({ allowed: true, count: 1 })
  })

  it('counts each key and each rule apart', async () => {
    const { counter } = clockAt(Date.UTC(2026, 10, 27, 10))
    for (let i = 0; i < 3; i++) await counter.take(hourly, 'a')
    expect((await counter.take(hourly, 'a')).allowed).toBe(false)
    expect((await counter.take(hourly, 'b')).allowed).toBe(true)
    expect((await counter.take({ ...hourly, name: 'mcp' }, 'a')).allowed).toBe(true)
  })

  it('does not count a refused take', async () => {
    const { clock, counter } = clockAt(Date.UTC(2026, 10, 27, 10))
    for (let i = 0; i < 10; i++) await counter.take(hourly, 'a')
    clock.now += HOUR
    // Three more are allowed in the next window whatever was knocked before.
    const verdicts = await Promise.all([1, 2, 3, 4].map(() => counter.take(hourly, 'a')))
    expect(verdicts.map((v) => v.allowed)).toEqual([true, true, true, false])
  })

  it('allows everything with a limit of 0', async () => {
    const { counter } = clockAt(0)
    for (let i = 0; i < 100; i++) expect((await counter.take({ ...hourly, limit: 0 }, 'a')).allowed).toBe(true)
  })

  it('applies its share to the limit (an instance cut off from the others)', async () => {
    const clock = { now: 0 }
    const counter = new MemoryWindowCounter(() => clock.now, (limit) => Math.ceil(limit / 2))
    const verdicts = await Promise.all([1, 2, 3].map(() => counter.take(hourly, 'a')))
    expect(verdicts.map((v) => v.allowed)).toEqual([true, true, false])
  })

  it('forgets ended windows, so rotating keys cannot grow it without bound', async () => {
    const { clock, counter } = clockAt(0)
    for (let i = 0; i < 25_000; i++) await counter.take(hourly, `k${i}`)
    clock.now += HOUR
    for (let i = 0; i < 25_000; i++) await counter.take(hourly, `j${i}`)
    // What is left is the live window's keys and fewer than one sweep's worth of older ones.
    expect(counter.size).toBeLessThan(25_000 + 10_000)
  })
})
