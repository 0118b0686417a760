/** The history range rules: widened to whole candles, cut to `limit` candles, from which end. */
import { describe, expect, it } from 'bun:test'
import { parseHistoryRequest } from '../../src/modules/history/request'

// 2026-01-01T10:07:30Z
const NOW = Date.UTC(2026, 0, 1, 10, 7, 30)

describe('parseHistoryRequest', () => {
  it('without from: the newest limit candles, up to the end of the current one', () => {
    // The current hour 10:00–11:00 is included: the range ends at 11:00 and starts 300 hours earlier.
    const end = Date.UTC(2026, 0, 1, 11) / 1000
    expect(parseHistoryRequest({}, NOW)).toEqual({ tf: '1h', from: end - 300 * 3600, to: end, limit: 300, keep: 'newest' })
    // 5m: the current candle is 10:05–10:10; twelve candles start at 09:10.
    const end5 = Date.UTC(2026, 0, 1, 10, 10) / 1000
    expect(parseHistoryRequest({ tf: '5m', limit: 12 }, NOW)).toEqual({ tf: '5m', from: end5 - 3600, to: end5, limit: 12, keep: 'newest' })
  })

  it('with from: the oldest limit candles from the start of from\'s candle, never past to', () => {
    expect(parseHistoryRequest({ tf: '1d', from: '2025-12-01T12:00:00Z', limit: 10 }, NOW)).toEqual({
      tf: '1d', from: Date.UTC(2025, 11, 1) / 1000, to: Date.UTC(2025, 11, 11) / 1000, limit: 10, keep: 'oldest',
    })
    // to comes first: the range ends there (widened to the end of its candle).
    expect(parseHistoryRequest({ tf: '1h', from: '2025-12-31', to: '2025-12-31T05:30:00Z' }, NOW)).toMatchObject({
      from: Date.UTC(2025, 11, 31) / 1000, to: Date.UTC(2025, 11, 31, 6) / 1000,
    })
  })

  it('reads Unix seconds, UTC days and ISO 8601 UTC times alike', () => {
    const a = parseHistoryRequest({ from: String(Date.UTC(2025, 11, 31) / 1000) }, NOW)
    const b = parseHistoryRequest({ from: '2025-12-31' }, NOW)
    const c = parseHistoryRequest({ from: '2025-12-31T00:00:00.000Z' }, NOW)
    expect(a).toEqual(b)
    expect(b).toEqual(c)
  })
})
