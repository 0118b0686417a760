/**
 * Each upstream in turn, under each fault of the fake (connection refused, stalled past the timeout, 429, 500,
 * HTML instead of JSON, JSON of the wrong shape), against the endpoints that depend on it. Every case runs one
 * cycle on a service of its own:
 *
 * 1. nothing cached, upstream failing: a 502 JSON `{code, error, hint}` naming the upstream, or, where the service
 *    degrades by design, the degraded answer; either way within UPSTREAM_TIMEOUT_MS plus a margin;
 * 2. upstream healed: the healthy answer (the 502 was not cached, the degraded answer is rebuilt);
 * 3. everything past its lifetime, upstream failing again: the cached copy, labelled `X-Cache: STALE`;
 * 4. upstream healed, its data changed meanwhile: the next answer shows the change, not the old copy.
 *
 * Logos are cached a day whatever happens upstream, so their cases stop after step 2. The 502 and degraded
 * answers must come within UPSTREAM_TIMEOUT_MS + 1 s; a stale answer within that per failing read the endpoint
 * makes in sequence (the chart reads source B twice).
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { dsPair } from '../fake-upstreams/builders'
import { SAMPLE, type World } from '../fake-upstreams/world'
import { startService, type TestService } from '../helpers'
import { DEFAULT_COOL_DOWN_MS } from '../../src/upstream/spent-answers'
import type { UpstreamName } from '../../src/upstream/errors'
import {
  COVERAGE,
  expectUpstream502,
  FAULTS,
  MARGIN_MS,
  PAST_DEGRADED_MS,
  PAST_LIFETIMES_MS,
  timedGet,
  UPSTREAM_TIMEOUT_MS,
  watchUpstreamCalls,
  type TimedAnswer,
} from './support'

const LABEL: Record<UpstreamName, string> = {
  dexscreener: 'source A',
  geckoterminal: 'source B',
  koios: 'chain API',
  coingecko: 'market provider',
  handle: 'handle resolver',
}

const ENV = {
  UPSTREAM_TIMEOUT_MS: String(UPSTREAM_TIMEOUT_MS),
  // Keyless, the market provider's budget is a burst of 5: a case's cycle needs more than that.
  COINGECKO_API_KEY: 'fault-suite',
}

const NEW_SEARCH_HIT = '1ee7c0de'.repeat(7) + '534e454b58'

interface FaultCase {
  name: string
  upstream: UpstreamName
  path: string
  /** World changes made before the first request. */
  setup?: (world: World) => void
  /** Step 1: no cached copy. Default: 502 naming the upstream. */
  cold?: (answer: TimedAnswer) => void
  /** How far the clock moves before step 2 (default: past a degraded answer's lifetime). */
  afterColdMs?: number
  /** Step 2: what a healthy answer shows. */
  healthy?: (answer: TimedAnswer) => void
  /**
   * Reads of the failing upstream made one after another on the way to a stale answer, each waiting out its own
   * deadline before its cached copy stands in (default 1). Bounds how long a stalled upstream delays that answer.
   */
  staleReads?: number
  /** The part of the body a stale copy repeats exactly (default: all of it). */
  kept?: (body: any) => unknown
  /** Step 4: change what the upstream says; `changed` checks the next answer shows it. Absent: steps 3–4 skipped. */
  change?: (world: World, before: any) => void
  changed?: (body: any, before: any) => void
}

const row = (body: any, unit: string) => body.tokens.find((t: any) => t.address === unit)
const snekPairsA = (world: World) => world.dexscreener.pairs.filter((p) => p.chainId === 'cardano' && p.baseToken.address === SAMPLE.snek)
const snekMinswapPool = (world: World) => world.geckoterminal.pools.find((p) => p.attributes.address === SAMPLE.minswapSnekPool)!
const adaCoin = (world: World) => world.coingecko.coins.find((c) => c.id === 'cardano')!
const degraded = (answer: TimedAnswer) => {
  expect(answer.status).toBe(200)
  expect(answer.xCache).toBe('STALE')
  expect(answer.res.headers.get('cache-control')).toBe('public, s-maxage=10')
}

const WALLET = `/api/v1/wallet/${SAMPLE.stakeAddress}`
/** The sample account's balance, 1,535.472311 ADA, at the market provider's ADA price of $0.650012. */
const ADA_VALUE = 1535.472311 * 0.650012 // = 998.075427817732

const CASES: FaultCase[] = [
  // Endpoints that cannot answer without the upstream: stale copy or 502.
  {
    name: 'GET /tokens (the screener needs source A)',
    upstream: 'dexscreener',
    path: '/api/v1/tokens',
    kept: (body) => body.tokens,
    // Buys come from source A only: 1000 more buys on one SNEK pair are 1000 more on its row.
    change: (world) => void (snekPairsA(world)[0].txns.h24.buys += 1000),
    changed: (body, before) => expect(row(body, SAMPLE.snek).buys24h).toBe(row(before, SAMPLE.snek).buys24h + 1000),
  },
  {
    name: 'GET /search',
    upstream: 'dexscreener',
    path: '/api/v1/search?q=snek',
    change: (world) =>
      void world.dexscreener.pairs.push(dsPair({ base: { address: NEW_SEARCH_HIT, symbol: 'SNEKX', name: 'Snek X' }, liquidityUsd: 5_000_000 })),
    changed: (body) => expect(body.tokens.map((t: any) => t.address)).toContain(NEW_SEARCH_HIT),
  },
  {
    name: 'GET /tokens/{asset} degrades to source B and the chain facts',
    upstream: 'dexscreener',
    path: `/api/v1/tokens/${SAMPLE.snek}`,
    cold: (answer) => {
      degraded(answer)
      expect(answer.body.missing).toContainEqual({ source: 'sourceA', code: 'upstream_unavailable', retryAfter: 10 })
      // The others answer (on a machine so busy that a stall's concurrent cases push them past the 600 ms
      // deadline too, they are named missing as well, which is the same rule).
      const missing = new Set(answer.body.missing.map((m: any) => m.source))
      if (!missing.has('sourceB')) {
        expect(answer.body.pairs.length).toBeGreaterThan(0)
        expect(new Set(answer.body.pairs.map((p: any) => p.source))).toEqual(new Set(['source_b']))
      }
      if (!missing.has('chainApi')) expect(answer.body.totalSupply).toBe('76715880000')
    },
    healthy: (answer) => expect(answer.body.missing).toEqual([]),
    kept: (body) => body.pairs,
    change: (world) =>
      void world.dexscreener.pairs.push(dsPair({ base: { address: SAMPLE.snek, symbol: 'SNEK' }, dexId: 'wingriders', pairAddress: 'faultsuitepair' })),
    changed: (body, before) => {
      expect(body.pairs).toHaveLength(before.pairs.length + 1)
      expect(body.pairs.map((p: any) => p.pairAddress)).toContain('faultsuitepair')
    },
  },
  {
    name: 'GET /tokens/{asset}/ohlcv',
    upstream: 'geckoterminal',
    path: `/api/v1/tokens/${SAMPLE.snek}/ohlcv?tf=1h&limit=5`,
    // The token's pools, then the chosen pool's candles.
    staleReads: 2,
    change: (world, before) => {
      const hour = Math.floor(Date.now() / 3_600_000) * 3600 - 3600
      world.geckoterminal.ohlcv.set(`${before.pool.address}|hour|1`, [[hour, 1, 2, 0.5, 1.5, 100]])
    },
    changed: (body) => {
      const hour = Math.floor(Date.now() / 3_600_000) * 3600 - 3600
      expect(body.candles).toEqual([{ time: hour, open: 1, high: 2, low: 0.5, close: 1.5, volume: 100, source: 'sourceB' }])
    },
  },
  {
    name: 'GET /wallet/{stake address}',
    upstream: 'koios',
    path: WALLET,
    change: (world) => void (world.koios.accounts[0].total_balance = '2000000000'),
    changed: (body) => {
      expect(body.balanceLovelace).toBe('2000000000')
      expect(body.adaBalance).toBe(2000)
    },
  },
  {
    name: 'GET /market',
    upstream: 'coingecko',
    path: '/api/v1/market',
    change: (world) => void (adaCoin(world).current_price = 0.7),
    changed: (body) => expect(body.ada.priceUsd).toBe(0.7),
  },

  // Endpoints that degrade by design.
  {
    name: 'GET /tokens degrades to source A',
    upstream: 'geckoterminal',
    path: '/api/v1/tokens',
    cold: (answer) => {
      degraded(answer)
      expect(answer.body.coverage).toBe(COVERAGE.sourceAOnly)
      for (const token of answer.body.tokens) for (const dex of token.dexIds) expect(['sundaeswap', 'wingriders']).toContain(dex)
    },
    healthy: (answer) => expect(answer.body.coverage).toBe(COVERAGE.merged),
    kept: (body) => [body.coverage, body.tokens],
    // 1000 USD more in SNEK's Minswap pool is 1000 USD more merged liquidity on its row.
    change: (world) => {
      const pool = snekMinswapPool(world)
      pool.attributes.reserve_in_usd = String(Number(pool.attributes.reserve_in_usd) + 1000)
    },
    changed: (body, before) => expect(row(body, SAMPLE.snek).liquidityUsd).toBeCloseTo(row(before, SAMPLE.snek).liquidityUsd + 1000, 6),
  },
  {
    name: 'GET /tokens/{asset} degrades to source A',
    upstream: 'geckoterminal',
    path: `/api/v1/tokens/${SAMPLE.snek}`,
    cold: (answer) => {
      degraded(answer)
      expect(answer.body.coverage).toBe(COVERAGE.sourceAOnly)
      expect(answer.body.pairs.length).toBeGreaterThan(0)
      expect(new Set(answer.body.pairs.map((p: any) => p.source))).toEqual(new Set(['source_a']))
    },
    healthy: (answer) => {
      expect(answer.body.coverage).toBe(COVERAGE.merged)
      expect(answer.body.pairs.map((p: any) => p.pairAddress)).toContain(SAMPLE.minswapSnekPool)
    },
    kept: (body) => [body.coverage, body.pairs],
    change: (world) => void (snekMinswapPool(world).attributes.reserve_in_usd = '1234567.5'),
    changed: (body) => expect(body.pairs.find((p: any) => p.pairAddress === SAMPLE.minswapSnekPool).liquidityUsd).toBe(1234567.5),
  },
  {
    name: 'GET /tokens/{asset} without chain facts',
    upstream: 'koios',
    path: `/api/v1/tokens/${SAMPLE.snek}`,
    cold: (answer) => {
      degraded(answer)
      expect([answer.body.totalSupply, answer.body.creationTime]).toEqual([null, null])
      // Computed locally: SNEK's published CIP-14 fingerprint.
      expect(answer.body.fingerprint).toBe('asset108xu02ckwrfc8qs9d97mgyh4kn8gdu9w8f5sxk')
      expect(answer.body.pairs.length).toBeGreaterThan(0)
    },
    healthy: (answer) => expect(answer.body.totalSupply).toBe('76715880000'),
    kept: (body) => [body.totalSupply, body.pairs],
    change: (world) => void (world.koios.assets.find((a) => a.policy_id + a.asset_name === SAMPLE.snek)!.total_supply = '76715880001'),
    changed: (body) => expect(body.totalSupply).toBe('76715880001'),
  },
  {
    name: 'GET /wallet/{stake address} without ADA price',
    upstream: 'coingecko',
    path: WALLET,
    cold: (answer) => {
      expect(answer.status).toBe(200)
      expect(answer.xCache).toBe('STALE')
      expect(answer.body.balanceLovelace).toBe('1535472311')
      expect([answer.body.adaValueUsd, answer.body.totalValueUsd]).toEqual([null, null])
    },
    healthy: (answer) => expect(answer.body.adaValueUsd).toBeCloseTo(ADA_VALUE, 9),
    change: (world) => void (adaCoin(world).current_price = 0.7),
    // 1,535.472311 × 0.7 = 1,074.8306177
    changed: (body) => expect(body.adaValueUsd).toBeCloseTo(1074.8306177, 9),
  },
  {
    name: 'GET /wallet/{stake address} without token prices',
    upstream: 'dexscreener',
    path: WALLET,
    cold: (answer) => {
      expect(answer.status).toBe(200)
      expect(answer.xCache).toBe('STALE')
      const snek = answer.body.holdings.find((h: any) => h.unit === SAMPLE.snek)
      expect(snek).toMatchObject({ quantity: '1500000', priceUsd: null, valueUsd: null, priceSource: 'unpriced: source A unavailable, retry shortly' })
    },
    healthy: (answer) => expect(answer.body.holdings.find((h: any) => h.unit === SAMPLE.snek).priceUsd).toBeGreaterThan(0),
    change: (world) => {
      for (const pair of snekPairsA(world)) pair.priceUsd = '0.002'
    },
    // Every SNEK pair at $0.002: the liquidity-weighted price is $0.002, and 1,500,000 SNEK are worth $3,000.
    changed: (body) => {
      const snek = body.holdings.find((h: any) => h.unit === SAMPLE.snek)
      expect(snek.priceUsd).toBeCloseTo(0.002, 12)
      expect(snek.valueUsd).toBeCloseTo(3000, 9)
    },
  },
  {
    name: 'GET /wallet/$handle falls back to the chain',
    upstream: 'handle',
    path: '/api/v1/wallet/%24snekfan',
    // The CIP-68 handle token sits in the sample stake account. The chain is what the resolver indexes, so
    // this is a complete answer, cached for the wallet's full 30 s rather than labelled degraded.
    cold: (answer) => {
      expect(answer.status).toBe(200)
      expect(answer.xCache).toBe('MISS')
      expect(answer.res.headers.get('cache-control')).toBe('public, s-maxage=30')
      expect(answer.body).toMatchObject({ input: '$snekfan', stakeAddress: SAMPLE.stakeAddress, balanceLovelace: '1535472311' })
    },
    afterColdMs: 61_000, // past the 30 s lifetime and its 30 s revalidation window
    healthy: (answer) => expect(answer.body.stakeAddress).toBe(SAMPLE.stakeAddress),
    // The resolver now points the handle at the enterprise address (5 ADA, no stake part): only it says so.
    change: (world) => {
      const body = world.handle.handles.get(SAMPLE.handle)!.body
      body.holder = SAMPLE.enterpriseAddress
      body.resolved_addresses = { ada: SAMPLE.enterpriseAddress }
    },
    changed: (body) => expect(body).toMatchObject({ input: '$snekfan', stakeAddress: null, balanceLovelace: '5000000' }),
  },
  {
    name: 'GET /tokens/{asset}/logo without the registry PNG',
    upstream: 'koios',
    path: `/api/v1/tokens/${SAMPLE.snek}/logo`,
    // Tier 2: source B's hosted image for SNEK.
    cold: (answer) => {
      expect(answer.status).toBe(302)
      expect(answer.res.headers.get('location')).toBe('https://coin-images.coingecko.com/coins/images/30241/large/snek.png?1696529147')
      expect(answer.xCache).toBe('STALE')
    },
    healthy: (answer) => expect(answer.res.headers.get('content-type')).toBe('image/png'),
  },
  {
    name: 'GET /tokens/{asset}/logo without the hosted image',
    upstream: 'geckoterminal',
    path: `/api/v1/tokens/${SAMPLE.snek}/logo`,
    setup: (world) => void (world.koios.assets.find((a) => a.policy_id + a.asset_name === SAMPLE.snek)!.token_registry_metadata.logo = null),
    // Tier 3: the monogram.
    cold: (answer) => {
      expect(answer.status).toBe(200)
      expect(answer.res.headers.get('content-type')).toBe('image/svg+xml')
      expect(answer.body).toContain('SNEK')
      expect(answer.xCache).toBe('STALE')
    },
    healthy: (answer) => expect(answer.status).toBe(302),
  },
]

// One describe per fault; its cases run concurrently (each on its own service and fakes), so the stalls overlap.
// Except `down`: the fake closes its listener and heal() listens again on the same port, which a fake started
// meanwhile by a concurrent case could have been given by the OS. Those cases run one at a time.
for (const fault of FAULTS) {
  describe(`upstream ${fault}`, () => {
    const run = fault === 'down' ? test : test.concurrent
    // A 429 cools its upstream down for 60 s (no Retry-After): the service calls it again only after that.
    const coolDown = fault === 'rate_limited' ? DEFAULT_COOL_DOWN_MS + 1000 : 0
    // Every case's service is started before the cases run: a start is synchronous work (the app, the fakes' world)
    // that would otherwise eat into the concurrent cases' deadlines of UPSTREAM_TIMEOUT_MS.
    const services: TestService[] = []
    beforeAll(async () => {
      for (const _ of CASES) services.push(await startService({ env: ENV, ledgerOnClock: true }))
    })
    afterAll(() => Promise.all(services.map((svc) => svc.stop())))
    CASES.forEach((c, i) => {
      run(`${LABEL[c.upstream]} (${c.upstream}): ${c.name}`, async () => {
        const svc = services[i]
        const calls = watchUpstreamCalls(svc)
        c.setup?.(svc.fake.world)
        const bound = UPSTREAM_TIMEOUT_MS + MARGIN_MS

        svc.fake.fail(c.upstream, fault)
        const cold = await timedGet(svc, c.path)
        expect(cold.ms).toBeLessThan(bound)
        if (c.cold) c.cold(cold)
        else expectUpstream502(cold, LABEL[c.upstream])

        await calls.quiet()
        svc.fake.heal()
        svc.advance(Math.max(c.afterColdMs ?? PAST_DEGRADED_MS, coolDown))
        const healthy = await timedGet(svc, c.path)
        expect(healthy.xCache).toBe('MISS')
        expect(healthy.status).toBeLessThan(400)
        c.healthy?.(healthy)

        if (c.change) {
          const kept = c.kept ?? ((body: unknown) => body)
          svc.advance(PAST_LIFETIMES_MS)
          svc.fake.fail(c.upstream, fault)
          const stale = await timedGet(svc, c.path)
          expect(stale.ms).toBeLessThan((c.staleReads ?? 1) * UPSTREAM_TIMEOUT_MS + MARGIN_MS)
          expect(stale.status).toBe(200)
          expect(stale.xCache).toBe('STALE')
          expect(kept(stale.body)).toEqual(kept(healthy.body))

          c.change(svc.fake.world, healthy.body)
          await calls.quiet()
          svc.fake.heal()
          svc.advance(Math.max(PAST_DEGRADED_MS, coolDown))
          const next = await timedGet(svc, c.path)
          expect(next.status).toBe(200)
          expect(next.xCache).toBe('MISS')
          c.changed!(next.body, healthy.body)
        }

        expect((await svc.get('/healthz')).status).toBe(200)
      })
    })
  })
}
