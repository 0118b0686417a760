import { describe, expect, it } from 'bun:test'
import { pageBefore } from '../../src/modules/charts/history'
import { TIMEFRAME_SPECS } from '../../src/modules/charts/timeframes'

const HOUR = 3600

describe('the before_timestamp of an older page', () => {
  it('stays the same while the oldest row read moves within a grid step, so the page is read once per step', () => {
    const base = 1_751_241_600 // a multiple of 6 h
    const keys = new Set([base - 5 * HOUR, base - 3 * HOUR, base - 1].map((oldest) => pageBefore(oldest, TIMEFRAME_SPECS['1h'])))
    expect([...keys]).toEqual([base])
    expect(pageBefore(base + 1, TIMEFRAME_SPECS['1h'])).toBe(base + 6 * HOUR)
  })

  it('is never before the oldest row and overlaps at most 100 candles (6 h at most)', () => {
    for (const tf of ['1m', '5m', '15m', '1h', '4h', '12h', '1d'] as const) {
      const spec = TIMEFRAME_SPECS[tf]
      for (const oldest of [1_751_241_600, 1_751_241_601, 1_751_263_199, 1_700_000_000]) {
        const before = pageBefore(oldest, spec)
        expect(before).toBeGreaterThanOrEqual(oldest)
        expect(before - oldest).toBeLessThan(Math.min(6 * HOUR, 100 * spec.upstreamSeconds))
      }
    }
    // Day candles start at 00:00 UTC, on the grid: the page starts right at the oldest row.
    expect(pageBefore(1_751_241_600, TIMEFRAME_SPECS['1d'])).toBe(1_751_241_600)
  })
})
