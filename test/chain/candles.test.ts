import { describe, expect, it } from 'bun:test'
import { bucketStart, buildCandles, chainSeries, HOUR_SECONDS, mergeCandles, type PriceUpdate } from '../../src/chain/candles'

// 2026-11-25 is a Wednesday; its week starts Monday 2026-11-23 00:00 UTC = 1763856000.
const WED_NOON = Date.UTC(2026, 10, 25, 12) / 1000
const MONDAY = Date.UTC(2026, 10, 23) / 1000

describe('candles from pool updates', () => {
  it('starts weeks on Monday 00:00 UTC and other candles on multiples of their length', () => {
    expect(bucketStart(WED_NOON, 7 * 86_400, true)).toBe(MONDAY)
    expect(bucketStart(MONDAY, 7 * 86_400, true)).toBe(MONDAY)
    expect(bucketStart(MONDAY - 1, 7 * 86_400, true)).toBe(MONDAY - 7 * 86_400)
    expect(bucketStart(WED_NOON + 59, 60, false)).toBe(WED_NOON)
  })

  it('opens each candle at the previous close, skips unknown prices, counts only swaps in the volume, leaves gaps', () => {
    const t = WED_NOON
    const candles = buildCandles(
      [
        { time: t + 1, priceAda: 2, amountAda: '5000000' },
        { time: t + 2, priceAda: null, amountAda: '9000000' }, // empty reserve: no price, skipped whole
        { time: t + 3, priceAda: 3, amountAda: null }, // a deposit: price, no volume
        { time: t + 185, priceAda: 1, amountAda: '1500000' }, // three minutes later: no candles in between
      ],
      60,
    )
    expect(candles).toEqual([
      { time: t, open: 2, high: 3, low: 2, close: 3, volume: 5 },
      { time: t + 180, open: 3, high: 3, low: 1, close: 1, volume: 1.5 },
    ])
  })

  it('opens the first candle with a price known from before the updates', () => {
    const t = WED_NOON
    expect(buildCandles([{ time: t + 5, priceAda: 4, amountAda: null }], 60, false, 5)).toEqual([{ time: t, open: 5, high: 5, low: 4, close: 4, volume: 0 }])
  })
})

describe('a pool series from rolled-up hours and recent updates', () => {
  // Ten hours of updates, two an hour, prices and volumes chosen so every field differs.
  const day = Date.UTC(2026, 10, 25) / 1000
  const updates: PriceUpdate[] = Array.from({ length: 20 }, (_, i) => ({
    time: day + Math.floor(i / 2) * HOUR_SECONDS + (i % 2) * 1700 + 60,
    priceAda: 1 + ((i * 7) % 5) / 10,
    amountAda: i % 3 === 0 ? null : String((i + 1) * 1_000_000),
  }))
  const rolledUpTo = 6 // the first six hours are past the retention

  for (const [name, seconds, weekly] of [['1h', 3600, false], ['4h', 4 * 3600, false], ['1d', 86_400, false], ['1w', 7 * 86_400, true]] as const) {
    it(`gives ${name} candles equal to those built from every update`, () => {
      // Every hour has its stored candle (hourly-candles.ts), the rolled-up ones too.
      const series = chainSeries({ hourly: buildCandles(updates, HOUR_SECONDS) }, seconds, weekly)
      const whole = buildCandles(updates, seconds, weekly)
      expect(series.map((c) => ({ ...c, volume: Math.round(c.volume * 1e6) }))).toEqual(whole.map((c) => ({ ...c, volume: Math.round(c.volume * 1e6) })))
    })
  }

  it('charts minutes from the updates alone, opened by the last rolled-up close', () => {
    const hourly = buildCandles(updates.slice(0, rolledUpTo * 2), HOUR_SECONDS)
    const series = chainSeries({ updates: updates.slice(rolledUpTo * 2), opening: hourly.at(-1)!.close }, 60)
    expect(series[0].time).toBe(updates[rolledUpTo * 2].time - (updates[rolledUpTo * 2].time % 60))
    expect(series[0].open).toBe(hourly.at(-1)!.close)
    expect(series).toHaveLength(8)
  })

  it('merges shorter candles: first open, last close, extremes and summed volume', () => {
    const merged = mergeCandles(
      [
        { time: day, open: 1, high: 3, low: 1, close: 2, volume: 1 },
        { time: day + 3600, open: 2, high: 2.5, low: 0.5, close: 1.5, volume: 2 },
        { time: day + 86_400, open: 1.5, high: 1.6, low: 1.4, close: 1.6, volume: 4 },
      ],
      86_400,
    )
    expect(merged).toEqual([
      { time: day, open: 1, high: 3, low: 0.5, close: 1.5, volume: 3 },
      { time: day + 86_400, open: 1.5, high: 1.6, low: 1.4, close: 1.6, volume: 4 },
    ])
  })
})
