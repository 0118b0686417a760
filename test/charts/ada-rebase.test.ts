import { describe, expect, it } from 'bun:test'
import { adaSeriesFor, matchToleranceMs, nearestPrice, rebaseToAda } from '../../src/modules/charts/ada-rebase'
import type { PricePoint } from '../../src/upstream/coingecko'

const HOUR_MS = 3_600_000
const DAY_MS = 86_400_000

describe('choosing the ADA/USD series', () => {
  const now = 1_750_000_000_000
  it('takes the finest series that reaches back to the oldest candle', () => {
    expect(adaSeriesFor((now - 23 * HOUR_MS) / 1000, now)).toEqual({ days: 1, stepMs: 300_000 })
    expect(adaSeriesFor((now - 25 * HOUR_MS) / 1000, now)).toEqual({ days: 90, stepMs: HOUR_MS })
    expect(adaSeriesFor((now - 90 * DAY_MS) / 1000, now)).toEqual({ days: 90, stepMs: HOUR_MS })
    expect(adaSeriesFor((now - 91 * DAY_MS) / 1000, now)).toEqual({ days: 365, stepMs: DAY_MS })
    // Older than any series: the longest one; candles beyond it find no point.
    expect(adaSeriesFor((now - 900 * DAY_MS) / 1000, now)).toEqual({ days: 365, stepMs: DAY_MS })
  })

  it('tolerates one series step or one candle, whichever is longer', () => {
    expect(matchToleranceMs({ days: 1, stepMs: 300_000 }, 60)).toBe(300_000)
    expect(matchToleranceMs({ days: 90, stepMs: HOUR_MS }, 4 * 3600)).toBe(4 * HOUR_MS)
  })
})

describe('matching a candle to the nearest ADA point', () => {
  const series: PricePoint[] = [
    [1_000, 0.5],
    [2_000, 0.6],
    [4_000, 0.8],
  ]
  it('takes the nearest point, the earlier one on a tie', () => {
    expect(nearestPrice(series, 1_400, 10_000)).toBe(0.5)
    expect(nearestPrice(series, 1_600, 10_000)).toBe(0.6)
    expect(nearestPrice(series, 3_000, 10_000)).toBe(0.6) // 1,000 from both 2,000 and 4,000
    expect(nearestPrice(series, 0, 10_000)).toBe(0.5)
    expect(nearestPrice(series, 9_000, 10_000)).toBe(0.8)
  })

  it('finds nothing beyond the tolerance or in an empty series', () => {
    expect(nearestPrice(series, 9_000, 4_999)).toBeNull()
    expect(nearestPrice(series, 9_000, 5_000)).toBe(0.8)
    expect(nearestPrice([], 1_000, 10_000)).toBeNull()
  })

  it('divides every price field and the volume, and leaves unmatched candles out', () => {
    const candles = [
      { time: 1, open: 0.01, high: 0.02, low: 0.005, close: 0.015, volume: 300 }, // t = 1,000 ms → ADA 0.5
      { time: 4, open: 0.4, high: 0.8, low: 0.2, close: 0.6, volume: 80 }, // t = 4,000 ms → ADA 0.8
      { time: 60, open: 1, high: 1, low: 1, close: 1, volume: 1 }, // t = 60,000 ms: 56,000 ms from the last point
    ]
    const out = rebaseToAda(candles, series, 10_000)
    expect(out).toHaveLength(2)
    // 0.01 / 0.5 = 0.02; 0.02 / 0.5 = 0.04; 0.005 / 0.5 = 0.01; 0.015 / 0.5 = 0.03; 300 / 0.5 = 600
    expect(out[0].time).toBe(1)
    expect(out[0].open).toBeCloseTo(0.02, 12)
    expect(out[0].high).toBeCloseTo(0.04, 12)
    expect(out[0].low).toBeCloseTo(0.01, 12)
    expect(out[0].close).toBeCloseTo(0.03, 12)
    expect(out[0].volume).toBeCloseTo(600, 9)
    // 0.4 / 0.8 = 0.5; 0.8 / 0.8 = 1; 0.2 / 0.8 = 0.25; 0.6 / 0.8 = 0.75; 80 / 0.8 = 100
    const expected = { open: 0.5, high: 1, low: 0.25, close: 0.75, volume: 100 }
    expect(out[1].time).toBe(4)
    for (const [field, value] of Object.entries(expected)) expect(out[1][field as keyof typeof expected]).toBeCloseTo(value, 12)
  })

  it('skips a point with a zero price rather than dividing by it', () => {
    expect(rebaseToAda([{ time: 1, open: 1, high: 1, low: 1, close: 1, volume: 1 }], [[1_000, 0]], 10_000)).toEqual([])
  })
})
