/**
 * Cost by construction: sweeps of the parameter space, counting the fake upstreams' calls. Every upstream read is
 * keyed by a canonical upstream resource, so no parameter value (days, tf, limit, quote, pool, ecosystem, the
 * spelling of a search, a price's moment, a batch's list, order and method) makes a call another value did not; and whatever is asked in a minute, no upstream
 * receives more calls than its configured budget.
 */
import { describe, expect, it } from 'bun:test'
import registry from '../../src/registry/tokens.json'
import { MAX_PAGES_DAILY, MAX_PAGES_INTRADAY } from '../../src/modules/charts/history'
import { TIMEFRAMES } from '../../src/modules/charts/timeframes'
import { UPSTREAMS } from '../fake-upstreams/server'
import { SAMPLE } from '../fake-upstreams/world'
import { startService } from '../helpers'

const LIMITS = [1, 2, 5, 50, 100, 299, 300, 301, 499, 500]

describe('a sweep of every days of /market', () => {
  it('costs at most 3 series calls and 1 snapshot call, and the ecosystem list once', async () => {
    const svc = await startService()
    try {
      for (let days = 1; days <= 365; days++) {
        for (const ecosystem of ['', '&ecosystem=1']) {
          const res = await svc.get(`/api/v1/market?days=${days}${ecosystem}`)
          expect(res.status).toBe(200)
        }
      }
      const series = svc.fake.callsTo('coingecko', '/coins/cardano/market_chart').map((c) => c.query.days)
      expect(series.sort()).toEqual(['1', '365', '90'])
      const markets = svc.fake.callsTo('coingecko', '/coins/markets')
      expect(markets.filter((c) => c.query.ids === 'cardano')).toHaveLength(1)
      expect(markets.filter((c) => c.query.category === 'cardano-ecosystem')).toHaveLength(1)
      expect(svc.fake.count('coingecko')).toBe(5)
    } finally {
      await svc.stop()
    }
  })
})

describe('a sweep of every tf, limit, quote and pool of one token’s chart', () => {
  it('calls each canonical resource once: the pool list, candle pages per pool and source timeframe, ADA windows', async () => {
    const svc = await startService()
    try {
      const first = await svc.json(`/api/v1/tokens/${SAMPLE.snek}/ohlcv`)
      const pools: string[] = first.body.poolChoices.map((p: { address: string }) => p.address)
      expect(pools.length).toBeGreaterThan(1)
      let answers = 0
      for (const tf of TIMEFRAMES) {
        for (const limit of LIMITS) {
          for (const quote of ['usd', 'ada']) {
            for (const pool of ['', ...pools.map((p) => `&pool=${p}`)]) {
              const res = await svc.get(`/api/v1/tokens/${SAMPLE.snek}/ohlcv?tf=${tf}&limit=${limit}&quote=${quote}${pool}`)
              expect(res.status).toBe(200)
              answers += 1
            }
          }
        }
      }
      expect(answers).toBe(TIMEFRAMES.length * LIMITS.length * 2 * (pools.length + 1))

      const gt = svc.fake.callsTo('geckoterminal')
      // One read per resource: the pool list once, each candle page (pool, source timeframe, page) once.
      const resources = gt.map((c) => `${c.path}?aggregate=${c.query.aggregate ?? ''}&before=${c.query.before_timestamp ?? ''}`)
      expect(new Set(resources).size).toBe(resources.length)
      expect(gt.filter((c) => c.path.endsWith('/pools'))).toHaveLength(1)
      const ohlcv = gt.filter((c) => c.path.includes('/ohlcv/'))
      // 7 source timeframes (1d and 1w share the daily pages) per pool, a bounded number of pages each.
      const bound = pools.length * (6 * MAX_PAGES_INTRADAY + MAX_PAGES_DAILY)
      expect(ohlcv.length).toBeLessThanOrEqual(bound)
      // Every page asks for the same 1000 rows, whatever `limit` said.
      expect(new Set(ohlcv.map((c) => c.query.limit))).toEqual(new Set(['1000']))
      // quote=ada reads the same three canonical ADA windows as /market, never more.
      expect(svc.fake.callsTo('coingecko', '/coins/cardano/market_chart').length).toBeLessThanOrEqual(3)
    } finally {
      await svc.stop()
    }
  })
})

describe('a sweep of spellings of one search', () => {
  it('costs one source A call: the query is sent canonical', async () => {
    const svc = await startService()
    try {
      for (const q of ['snek', 'SNEK', 'Snek', '%20snek%20', 'sNeK%09']) expect((await svc.get(`/api/v1/search?q=${q}`)).status).toBe(200)
      expect(svc.fake.callsTo('dexscreener', '/latest/dex/search').map((c) => c.query.q)).toEqual(['snek'])
    } finally {
      await svc.stop()
    }
  })
})

describe('a sweep of moments of one token’s price before the chain’s record', () => {
  it('costs the pool list once and one source B page per 40-day block, whatever the moments asked', async () => {
    const svc = await startService()
    try {
      const now = Math.floor(Date.now() / 1000)
      const from = now - 120 * 86_400
      let answers = 0
      // Every 6 hours (and a second into it) over 120 days, in either quote.
      for (let at = from; at < now - 86_400; at += 6 * 3600) {
        for (const query of [`at=${at}`, `at=${at + 1}&quote=ada`]) {
          const res = await svc.get(`/api/v1/tokens/${SAMPLE.snek}/price?${query}`)
          expect(res.status).toBe(200)
          answers += 1
        }
      }
      expect(answers).toBeGreaterThan(900)
      const gt = svc.fake.callsTo('geckoterminal')
      expect(gt.filter((c) => c.path.endsWith('/pools'))).toHaveLength(1)
      const pages = gt.filter((c) => c.path.includes('/ohlcv/hour'))
      const blocks = new Set<number>()
      for (let at = from; at < now - 86_400; at += 3600) blocks.add(Math.floor(at / (960 * 3600)))
      expect(pages.length).toBeLessThanOrEqual(blocks.size)
      expect(new Set(pages.map((c) => c.query.before_timestamp)).size).toBe(pages.length)
      expect(new Set(pages.map((c) => c.query.limit))).toEqual(new Set(['1000']))
      expect(svc.fake.callsTo('coingecko', '/coins/cardano/market_chart').length).toBeLessThanOrEqual(3)
    } finally {
      await svc.stop()
    }
  })
})

describe('a sweep of batches of prices', () => {
  it('costs one source A read per unit outside the screener, whatever lists, orders, spellings or methods ask for it', async () => {
    const svc = await startService()
    try {
      const curated = registry.slice(0, 40).map((t) => t.unit)
      const others = Array.from({ length: 5 }, (_, i) => `${'9a'.repeat(28)}${i.toString(16).padStart(2, '0')}`)
      await svc.get('/api/v1/tokens')
      svc.fake.resetCalls()
      for (let i = 0; i < 60; i++) {
        const list = [...curated.slice(i % 40), ...curated.slice(0, i % 40)].slice(0, 10 + (i % 30))
        const withOthers = [...list, others[i % others.length], i % 2 === 0 ? others[0].toUpperCase() : others[1]]
        const get = await svc.get(`/api/v1/prices?units=${withOthers.join(',')}`)
        expect(get.status).toBe(200)
        const post = await svc.request('/api/v1/prices', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ units: withOthers.reverse() }) })
        expect(post.status).toBe(200)
      }
      const calls = svc.fake.calls.filter((c) => c.upstream !== 'coingecko')
      // The five units outside the screener, each read once (in calls of up to 30), and nothing for the curated ones.
      const asked = calls.flatMap((c) => (c.path.startsWith('/tokens/v1/cardano/') ? c.path.slice('/tokens/v1/cardano/'.length).split(',') : [c.path]))
      expect(asked.sort()).toEqual([...others].sort())
    } finally {
      await svc.stop()
    }
  })
})

describe('any traffic in one minute', () => {
  it('never sends an upstream more calls than its budget', async () => {
    const env = { GECKOTERMINAL_RPM: '10', DEXSCREENER_RPM: '40', KOIOS_RPM: '40', COINGECKO_RPM: '10', HANDLE_RPM: '5' }
    const svc = await startService({ env })
    try {
      const units = registry.map((t) => t.unit)
      const paths = [
        '/api/v1/tokens',
        ...units.flatMap((u) => [`/api/v1/tokens/${u}`, `/api/v1/tokens/${u}/ohlcv?tf=1h`, `/api/v1/tokens/${u}/ohlcv?tf=1d&quote=ada`, `/api/v1/tokens/${u}/logo`]),
        ...Array.from({ length: 60 }, (_, i) => `/api/v1/search?q=token${i}`),
        ...Array.from({ length: 30 }, (_, i) => `/api/v1/market?days=${i * 12 + 1}&ecosystem=1`),
        ...Array.from({ length: 10 }, (_, i) => `/api/v1/wallet/%24name${i}`),
        `/api/v1/wallet/${SAMPLE.stakeAddress}`,
        // Prices: batches of units no source knows (each a source A read), and moments of every token's price.
        ...Array.from({ length: 20 }, (_, i) => `/api/v1/prices?units=${Array.from({ length: 40 }, (_, j) => `${'8b'.repeat(28)}${(i * 40 + j).toString(16).padStart(4, '0')}`).join(',')}`),
        ...units.map((u, i) => `/api/v1/tokens/${u}/price?at=${1_760_000_000 + i * 86_400}`),
      ]
      const statuses = new Set<number>()
      // In waves, as many clients would; every answer is an answer (a 503 or 502 costs no call), never a 500.
      for (let i = 0; i < paths.length; i += 25) {
        const answers = await Promise.all(paths.slice(i, i + 25).map((p) => svc.get(p)))
        for (const a of answers) statuses.add(a.status)
      }
      expect([...statuses].every((s) => [200, 302, 404, 502, 503].includes(s))).toBe(true)
      expect(statuses.has(503)).toBe(true)
      for (const name of UPSTREAMS) {
        expect(svc.fake.count(name)).toBeLessThanOrEqual(svc.config.upstreams[name].callsPerMinute)
      }
    } finally {
      await svc.stop()
    }
  })
})
