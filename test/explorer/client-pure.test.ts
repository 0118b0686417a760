/**
 * The explorer's pure browser modules: number formatting, the signed payloads (checked by the server's own
 * payload parser), the words for each write answer (from the server's error catalogue), and the sort order.
 */
import { describe, expect, it } from 'bun:test'
import { changeClass, formatChange, formatPrice, formatUnits, formatUsd, pricePrecision } from '../../src/explorer/client/format'
import { writeOutcomeText } from '../../src/explorer/client/wallet/outcome'
import { boostPayload, commentPayload } from '../../src/explorer/client/wallet/payloads'
import { utf8Hex } from '../../src/explorer/client/wallet/cip30'
import { compareValues } from '../../src/explorer/client/screener'
import { applyScreenerDelta, isNewer, snapshotBody } from '../../src/explorer/client/screener-merge'
import type { ScreenerBody, ScreenerRow } from '../../src/modules/tokens/schemas'
import { apiError } from '../../src/http/error-catalogue'
import { parseBoostPayload, parseCommentPayload } from '../../src/modules/community/payload'
import { SAMPLE } from '../fake-upstreams/world'

describe('price precision (so a micro-priced chart is not a flat line)', () => {
  it('keeps about four significant digits', () => {
    expect(pricePrecision(0.0000027)).toBe(9)
    expect(pricePrecision(0.001345)).toBe(6)
    expect(pricePrecision(1.5)).toBe(3)
    expect(pricePrecision(61675.72)).toBe(2)
    expect(pricePrecision(null)).toBe(2)
    expect(formatPrice(0.0000027)).toBe('$0.000002700')
  })
})

describe('formatting', () => {
  it('shows unknown as "—", never 0', () => {
    for (const f of [formatPrice, formatUsd, formatChange]) expect(f(null)).toBe('—')
    expect(formatUnits(null, 6)).toBe('—')
  })

  it('gives a change its sign and arrow, not colour alone', () => {
    expect(formatChange(2.471)).toBe('+2.47 % ▲')
    expect(formatChange(-1.1)).toBe('−1.10 % ▼')
    expect(formatChange(-0.001)).toBe('0.00 %')
    expect(changeClass(-0.001)).toBe('flat')
  })

  it('shows raw amounts exactly with their decimals', () => {
    expect(formatUnits('76715880000', 0)).toBe('76,715,880,000')
    expect(formatUnits('1500000', 6)).toBe('1.5')
    expect(formatUnits('12345678901234567890123', 6)).toBe('12,345,678,901,234,567.890123')
    expect(formatUnits('5', 6)).toBe('0.000005')
  })

  it('compacts large USD figures', () => {
    expect(formatUsd(2_812_345)).toBe('$2.8M')
    expect(formatUsd(103_000_000)).toBe('$103M')
    expect(formatUsd(12.74)).toBe('$12.74')
  })
})

describe('the signed payloads', () => {
  const now = new Date()
  it('are what the server’s payload parser accepts', () => {
    expect(parseBoostPayload(boostPayload(SAMPLE.snek, now), now.getTime())).toEqual({ action: 'boost', unit: SAMPLE.snek, day: now.toISOString().slice(0, 10) })
    const body = 'gm <b>ünïcödé</b> 🐍\nline two'
    expect(parseCommentPayload(commentPayload(SAMPLE.snek, body, now), SAMPLE.snek, now.getTime()).body).toBe(body)
  })

  it('are signed as their UTF-8 bytes', () => {
    expect(utf8Hex('ü\n')).toBe(Buffer.from('ü\n', 'utf8').toString('hex'))
  })
})

describe('write answers in words', () => {
  const words = (error: ReturnType<typeof apiError>) => writeOutcomeText(error.status, error.toBody())
  it('names each outcome and keeps the server’s hint', () => {
    const cases = [
      [apiError('already_boosted_today', { stakeAddress: 'stake1x', day: '2026-01-31', wait: '1 h', retryAfterSeconds: 3600 }), 'Already boosted today.'],
      [apiError('daily_comment_limit_reached', { stakeAddress: 'stake1x', limit: 10, wait: '1 h', retryAfterSeconds: 3600 }), 'Daily comment limit reached.'],
      [apiError('stale_signed_payload', { detail: 'day must be today.' }), 'The signature is out of date'],
      [apiError('signature_verification_failed', { reason: 'The key does not belong to the address.' }), 'The server refused the signature'],
      [apiError('database_not_configured', { consequence: 'boosts are unavailable' }), 'Boosts and comments are off on this server.'],
      [apiError('database_busy', { nothing: 'saved' }), 'The community database is busy'],
      [apiError('writer_not_eligible', { stakeAddress: 'stake1x', minAda: 25, standing: 'is not registered on chain and controls 3 ADA' }), 'This wallet cannot boost or comment here yet.'],
    ] as const
    for (const [error, start] of cases) {
      const { text } = words(error)
      expect(text).toContain(start)
      expect(text).toContain(error.hint)
    }
    expect(words(cases[2][0]).resign).toBe(true)
    expect(words(cases[0][0]).resign).toBe(false)
  })
})

describe('screener sort order', () => {
  it('puts unknown values last in either direction', () => {
    const values = [3, null, 1, 2]
    expect([...values].sort((a, b) => compareValues(a, b, false))).toEqual([1, 2, 3, null])
    expect([...values].sort((a, b) => compareValues(a, b, true))).toEqual([3, 2, 1, null])
  })
})

describe('the screener fed by the live stream (screener-merge.ts)', () => {
  const row = (address: string, priceUsd: number | null): ScreenerRow => ({
    address, symbol: address.toUpperCase(), name: address, imageUrl: `/api/v1/tokens/${address}/logo`, priceUsd,
    change1h: null, change6h: null, change24h: null, volume24h: null, liquidityUsd: null, marketCap: null, fdv: null,
    buys24h: 0, sells24h: 0, txns24h: 0, pairCount: 1, dexIds: ['minswap'], topPairAddress: `pool-${address}`, pairCreatedAt: null,
  })
  const asOf = { sourceA: '2026-11-25T18:00:00.000Z', sourceB: null }
  const body: ScreenerBody = { coverage: 'c1', updatedAt: '2026-11-25T18:00:01.000Z', sourcesAsOf: asOf, count: 3, tokens: [row('a', 1), row('b', 2), row('c', null)] }

  it('takes a snapshot as the whole table, and none before the service built one', () => {
    const snap = { updatedAt: body.updatedAt, sourcesAsOf: asOf, stale: false, coverage: 'c1', tokens: body.tokens }
    expect(snapshotBody(snap)).toEqual(body)
    expect(snapshotBody({ updatedAt: null, sourcesAsOf: null, stale: false, coverage: null, tokens: [] })).toBeNull()
  })

  it('replaces changed rows in place, adds new units and drops removed ones', () => {
    const later = { sourceA: '2026-11-25T18:00:30.000Z', sourceB: '2026-11-25T17:59:00.000Z' }
    const next = applyScreenerDelta(body, { updatedAt: '2026-11-25T18:00:31.000Z', sourcesAsOf: later, stale: false, coverage: 'c2', changed: [row('b', 2.5), row('d', 4)], removed: ['a'] })
    expect(next.tokens.map((r) => [r.address, r.priceUsd])).toEqual([['b', 2.5], ['c', null], ['d', 4]])
    expect(next).toMatchObject({ count: 3, coverage: 'c2', updatedAt: '2026-11-25T18:00:31.000Z', sourcesAsOf: later })
    // The held body is not modified (the page keeps it until the next event).
    expect(body.tokens.map((r) => r.priceUsd)).toEqual([1, 2, null])
  })

  it('keeps the newer of a REST answer and what the stream gave', () => {
    const older = { ...body, updatedAt: '2026-11-25T17:59:31.000Z' }
    expect(isNewer(older, body)).toBe(false)
    expect(isNewer(body, older)).toBe(true)
    expect(isNewer(older, null)).toBe(true)
  })
})
