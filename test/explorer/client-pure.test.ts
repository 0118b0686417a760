/**
 * The explorer's pure browser modules: number formatting, the signed payloads (checked by the server's own
 * payload parser), the words for each write answer (from the server's error catalogue), and the sort order.
 */
import { describe, expect, it } from 'bun:test'
import { changeClass, formatChange, formatChartPrice, formatDecimals, formatPrice, formatPriceTicks, formatUnits, formatUsd, pricePrecision } from '../../src/explorer/client/format'
import { askingAgain, missingText, retryDelayMs } from '../../src/explorer/client/missing'
import { toScale } from '../../src/explorer/client/chart-scale'
import { searchTarget } from '../../src/explorer/client/search-box'
import { boostRule } from '../../src/explorer/client/boost-rule'
import { headline } from '../../src/explorer/client/headline'
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
    expect(formatPrice(0.0000027)).toBe('$0.0₅2700')
    expect(formatPrice(0.001345)).toBe('$0.001345')
    expect(formatPrice(61675.72)).toBe('$61,675.72')
  })
})

describe('chart prices (axis, crosshair, last-price tag) from 1e-10 to 1e5', () => {
  it('write five significant digits whatever the size, a run of zeros as its count', () => {
    expect(formatChartPrice(5.1234e-8)).toBe('0.0₇51234')
    expect(formatChartPrice(1e-10)).toBe('0.0₉1')
    expect(formatChartPrice(0.0013412)).toBe('0.0013412')
    expect(formatChartPrice(0.5)).toBe('0.5')
    expect(formatChartPrice(60_123.45)).toBe('60,123')
    expect(formatChartPrice(100_000)).toBe('100,000')
    expect(formatDecimals(0.00001234, 8)).toBe('0.0₄1234')
    expect(formatDecimals(0.0001234, 7)).toBe('0.0001234')
  })

  it('give axis labels the fewest decimals that tell them apart, aligned', () => {
    expect(formatPriceTicks([5.0e-8, 5.02e-8, 5.04e-8])).toEqual(['0.0₇500', '0.0₇502', '0.0₇504'])
    expect(formatPriceTicks([5.1e-8, 5.2e-8, 5.3e-8])).toEqual(['0.0₇51', '0.0₇52', '0.0₇53'])
    expect(formatPriceTicks([1.2, 1.25, 1.3])).toEqual(['1.20', '1.25', '1.30'])
    expect(formatPriceTicks([60_000, 60_500, 61_000])).toEqual(['60,000', '60,500', '61,000'])
    for (const scale of [1e-10, 1e-6, 1e-2, 1, 1e3, 1e5]) {
      const ticks = [1, 1.01, 1.02, 1.03].map((p) => p * scale)
      const labels = formatPriceTicks(ticks)
      expect(new Set(labels).size).toBe(4)
      for (const label of labels) expect(label.length).toBeLessThanOrEqual(12)
    }
  })
})

describe('a missing source in words', () => {
  it('names the source, why, and when the page asks again', () => {
    expect(missingText([{ source: 'sourceB', code: 'busy_for_this_client', retryAfter: 25 }])).toBe(
      "Missing source B (GeckoTerminal: pools and candle history): this browser has used its fair share of that source's calls for now. Asking again in 25 s.",
    )
    expect(missingText([])).toBe('')
    expect(retryDelayMs([{ retryAfter: 40 }, { retryAfter: 10 }])).toBe(10_000)
    expect(retryDelayMs([{ retryAfter: 86_400 }])).toBe(3_600_000)
    expect(retryDelayMs([])).toBeNull()
  })
})

describe('the countdown to asking again', () => {
  it('says the time left until the page asks again (the shortest retryAfter), then "now"', () => {
    const missing = [
      { source: 'sourceB', code: 'busy_for_this_client', retryAfter: 25 },
      { source: 'sourceA', code: 'upstream_unavailable', retryAfter: 10 },
    ] as const
    expect(missingText(missing, 3)).toBe(
      "Missing source B (GeckoTerminal: pools and candle history): this browser has used its fair share of that source's calls for now. " +
        'Missing source A (DexScreener: pairs, prices and trade counts): it did not answer. Asking again in 7 s.',
    )
    expect(missingText(missing, 10)).toEndWith('Asking again now…')
    expect(askingAgain(125)).toBe('Asking again in 2 min.')
    expect(askingAgain(0)).toBe('Asking again now…')
  })
})

describe('a chart time axis to scale (chart-scale.ts)', () => {
  const H = 3600
  const candle = (time: number) => ({ time })
  it('puts an empty slot in every interval without a candle, none between neighbours', () => {
    const scaled = toScale([candle(0), candle(H), candle(4 * H), candle(5 * H)], H)
    expect(scaled.slots.map((s) => [s.time / H, s.candle === null ? 'gap' : 'candle'])).toEqual([
      [0, 'candle'], [1, 'candle'], [2, 'gap'], [3, 'gap'], [4, 'candle'], [5, 'candle'],
    ])
    expect(scaled).toMatchObject({ empty: 2, leftOut: 0 })
    expect(toScale([], H)).toEqual({ slots: [], empty: 0, leftOut: 0 })
  })

  it('spaces two candles off the grid (a seam) by the nearest whole number of intervals', () => {
    expect(toScale([candle(0), candle(2.6 * H)], H).slots.map((s) => s.time / H)).toEqual([0, 0.6, 1.6, 2.6])
    expect(toScale([candle(0), candle(2.4 * H)], H).slots.map((s) => s.time / H)).toEqual([0, 1.4, 2.4])
  })

  it('leaves out the oldest candles, never the gaps, past the most slots', () => {
    const scaled = toScale([candle(0), candle(10 * H), candle(11 * H), candle(12 * H)], H, 5)
    expect(scaled.slots.map((s) => s.time / H)).toEqual([10, 11, 12])
    expect(scaled).toMatchObject({ empty: 0, leftOut: 1 })
  })
})

describe("a token page's headline figures (headline.ts)", () => {
  const chain = { priceUsd: 0.5, change24h: -1, liquidityUsd: 1000, volume24h: 10, coverage: 'chain coverage' } as never
  const detail = { priceUsd: 0.52, change24h: 2, liquidityUsd: 600, volume24h: 5, coverage: 'source A only', figuresFrom: 'sources' as const }
  const missingB = [{ source: 'sourceB' as const, code: 'busy_for_this_client' as const, retryAfter: 20 }]
  it("are the sources' aggregate when whole", () => {
    expect(headline({ ...detail, chain, missing: [] })).toMatchObject({ from: 'sources', priceUsd: 0.52, coverage: 'source A only' })
  })
  it('are the chain figures with their coverage when a market source is missing and the token is followed', () => {
    expect(headline({ ...detail, chain, missing: missingB })).toMatchObject({ from: 'chain', priceUsd: 0.5, change24h: -1, liquidityUsd: 1000, coverage: 'chain coverage' })
  })
  it('are a half-aggregate only when nothing else exists, and say so', () => {
    expect(headline({ ...detail, chain: null, missing: missingB })).toMatchObject({ from: 'partial', priceUsd: 0.52, scope: 'only the sources that answered' })
    // The chain API or the market provider missing is no market source missing.
    expect(headline({ ...detail, chain, missing: [{ source: 'chainApi', code: 'upstream_unavailable', retryAfter: 10 }] }).from).toBe('sources')
  })
})

describe('the search box', () => {
  it('sends a full unit to its token page and anything else to the search page', () => {
    expect(searchTarget(` ${SAMPLE.snek.toUpperCase()} `)).toBe(`/token/${SAMPLE.snek}`)
    expect(searchTarget('asset108xu02ckwrfc8qs9d97mgyh4kn8gdu9w8f5sxk')).toBe('/search?q=asset108xu02ckwrfc8qs9d97mgyh4kn8gdu9w8f5sxk')
    expect(searchTarget('snek & co')).toBe('/search?q=snek%20%26%20co')
  })
})

describe('who may boost, in words', () => {
  it('says the registered stake address and the ADA it must hold, and never "free"', () => {
    expect(boostRule(25)).toBe('one a UTC day per stake address registered on chain and holding at least 25 ADA, signed by its wallet')
    expect(boostRule(1000)).toContain('at least 1,000 ADA')
    expect(boostRule(0)).toBe('one a UTC day per stake address, signed by its wallet')
    for (const n of [0, 25]) expect(boostRule(n)).not.toMatch(/free/i)
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
