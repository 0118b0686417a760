import { describe, expect, it } from 'bun:test'
import { ApiError } from '../../src/http/errors'
import { parseToolArguments } from '../../src/mcp/arguments'
import { getTokenOhlcv } from '../../src/mcp/tools/charts'
import { ohlcvRequest } from '../../src/modules/charts/request'

const SNEK = '279c909f348e533da5808898f87f9a14bb2c3dfbbacccd631d927a3f534e454b'

/** The error the MCP tool's arguments are refused with (the same schemas REST validates the query with). */
function refusal(raw: Record<string, unknown>) {
  try {
    parseToolArguments(getTokenOhlcv.input, raw)
  } catch (error) {
    if (error instanceof ApiError) return { status: error.status, error: error.error }
    throw error
  }
  return null
}

describe('OHLCV inputs without HTTP (as the MCP tool gives them)', () => {
  it('applies the defaults and lowercases the unit and the pool', () => {
    expect(ohlcvRequest({ asset: SNEK.toUpperCase() })).toEqual({ unit: SNEK, tf: '1h', quote: 'usd', limit: 300, pool: null })
    expect(ohlcvRequest(parseToolArguments(getTokenOhlcv.input, { asset: SNEK, tf: '1w', quote: 'ada', limit: '25', pool: 'ABCDEF0123' }))).toEqual({
      unit: SNEK,
      tf: '1w',
      quote: 'ada',
      limit: 25,
      pool: 'abcdef0123',
    })
  })

  it('refuses what the endpoint refuses, with the same errors', () => {
    expect(refusal({ asset: 'snek' })).toEqual({ status: 400, error: 'Invalid asset unit' })
    expect(refusal({ asset: SNEK, tf: '2h' })).toEqual({ status: 400, error: 'Invalid timeframe' })
    expect(refusal({ asset: SNEK, quote: 'eur' })).toEqual({ status: 400, error: 'Invalid quote' })
    // quote is case-insensitive (answers write "USD" and "ADA"), lowercased for the service.
    expect(refusal({ asset: SNEK, quote: 'USD' })).toBeNull()
    expect(ohlcvRequest(parseToolArguments(getTokenOhlcv.input, { asset: SNEK, quote: 'ADA' })).quote).toBe('ada')
    for (const limit of [0, 501, 2.5, 'x', '']) expect(refusal({ asset: SNEK, limit })).toEqual({ status: 400, error: 'Invalid limit' })
    for (const pool of ['abc', 'zz'.repeat(8), `cardano_${'ab'.repeat(8)}`]) {
      expect(refusal({ asset: SNEK, pool })).toEqual({ status: 400, error: 'Invalid pool address' })
    }
    expect(refusal({ asset: SNEK, tf: '1d', limit: 90, quote: 'ada' })).toBeNull()
  })
})
