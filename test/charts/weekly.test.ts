import { describe, expect, it } from 'bun:test'
import type { Candle } from '../../src/market/candle'
import { weekStart } from '../../src/market/weeks'
import { completeWeeks, weeklyCandles } from '../../src/modules/charts/weekly'

const day = (iso: string, open: number, high: number, low: number, close: number, volume: number): Candle => ({
  time: Date.parse(`${iso}T00:00:00Z`) / 1000,
  open,
  high,
  low,
  close,
  volume,
})
const seconds = (iso: string) => Date.parse(iso) / 1000

describe('weeks starting Monday 00:00 UTC', () => {
  it('maps any time of a week to its Monday', () => {
    // 1970-01-01 was a Thursday; its week began Monday 1969-12-29.
    expect(weekStart(0)).toBe(seconds('1969-12-29T00:00:00Z'))
    expect(weekStart(seconds('2025-02-03T00:00:00Z'))).toBe(seconds('2025-02-03T00:00:00Z')) // a Monday
    expect(weekStart(seconds('2025-02-02T23:59:59Z'))).toBe(seconds('2025-01-27T00:00:00Z')) // the Sunday before
    expect(weekStart(seconds('2025-02-05T12:00:00Z'))).toBe(seconds('2025-02-03T00:00:00Z')) // a Wednesday
  })

  it('aggregates daily candles across a month boundary', () => {
    const daily = [
      // Week of Monday 2025-01-20: only Wed 22 and Sun 26 traded.
      day('2025-01-22', 10, 12, 9, 11, 100),
      day('2025-01-26', 11, 15, 10, 14, 50),
      // Week of Monday 2025-01-27, which ends in February: Mon 27, Fri 31, Sat Feb 1, Sun Feb 2.
      day('2025-01-27', 14, 16, 13, 15, 10),
      day('2025-01-31', 15, 21, 12, 20, 20),
      day('2025-02-01', 20, 22, 8, 9, 30),
      day('2025-02-02', 9, 10, 9, 10, 40),
      // Week of Monday 2025-02-03, still going: Tue 4 only.
      day('2025-02-04', 10, 11, 10, 11, 5),
    ]
    expect(weeklyCandles(daily)).toEqual([
      // open of Wed 22 (10), close of Sun 26 (14), max(12, 15), min(9, 10), 100 + 50
      { time: seconds('2025-01-20T00:00:00Z'), open: 10, high: 15, low: 9, close: 14, volume: 150 },
      // open of Jan 27 (14), close of Feb 2 (10), max(16, 21, 22, 10) = 22, min(13, 12, 8, 9) = 8, 10 + 20 + 30 + 40
      { time: seconds('2025-01-27T00:00:00Z'), open: 14, high: 22, low: 8, close: 10, volume: 100 },
      { time: seconds('2025-02-03T00:00:00Z'), open: 10, high: 11, low: 10, close: 11, volume: 5 },
    ])
  })

  it('gives a week without any daily candle no candle', () => {
    const weeks = weeklyCandles([day('2025-01-06', 1, 1, 1, 1, 1), day('2025-01-22', 2, 2, 2, 2, 2)])
    expect(weeks.map((w) => w.time)).toEqual([seconds('2025-01-06T00:00:00Z'), seconds('2025-01-20T00:00:00Z')])
  })
})

describe('complete weeks only', () => {
  it('drops every day of a week that lost a day, and keeps whole weeks', () => {
    // Weeks of Monday 2025-01-06 (three trading days) and Monday 2025-01-13 (two).
    const all = ['2025-01-06', '2025-01-07', '2025-01-08', '2025-01-13', '2025-01-14'].map((d) => day(d, 1, 1, 1, 1, 1))
    // Re-basing lost Tuesday 7 January: that week goes, the next one stays whole.
    const rebased = [all[0], all[2], all[3], all[4]]
    expect(completeWeeks(rebased, all).map((d) => d.time)).toEqual([seconds('2025-01-13T00:00:00Z'), seconds('2025-01-14T00:00:00Z')])
  })
})
