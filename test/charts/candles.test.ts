import { describe, expect, it } from 'bun:test'
import type { Candle } from '../../src/market/candle'
import { latest, orderCandles } from '../../src/modules/charts/candles'

const c = (time: number, close: number, volume = 1): Candle => ({ time, open: close, high: close, low: close, close, volume })

describe('ordering source B rows into candles', () => {
  it('turns newest-first pages into one ascending list', () => {
    const newest = [c(300, 3), c(200, 2)]
    const older = [c(100, 1), c(0, 0)]
    expect(orderCandles([newest, older]).map((x) => x.time)).toEqual([0, 100, 200, 300])
  })

  it('keeps one candle per time: a repeated boundary row, in a page or across pages, counts once', () => {
    // The page boundary row 200 comes twice (last of the newest page, first of the older page), and the
    // newest page repeats its own first row 300.
    const newest = [c(300, 3.3), c(300, 3.0), c(200, 2.2)]
    const older = [c(200, 2.0), c(100, 1)]
    const candles = orderCandles([newest, older])
    expect(candles.map((x) => x.time)).toEqual([100, 200, 300])
    // The first row sent for a time wins: the newest page's reading.
    expect(candles.find((x) => x.time === 200)!.close).toBe(2.2)
    expect(candles.find((x) => x.time === 300)!.close).toBe(3.3)
  })

  it('leaves quiet intervals out instead of filling them', () => {
    expect(orderCandles([[c(3600 * 5, 1), c(3600 * 2, 1)]]).map((x) => x.time)).toEqual([7200, 18000])
  })

  it('keeps the newest candles when limiting, still ascending', () => {
    const all = [c(1, 1), c(2, 2), c(3, 3), c(4, 4)]
    expect(latest(all, 2).map((x) => x.time)).toEqual([3, 4])
    expect(latest(all, 10)).toHaveLength(4)
  })
})
