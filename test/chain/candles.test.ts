import { describe, expect, it } from 'bun:test'
import { bucketStart, buildCandles } from '../../src/chain/candles'

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
})
