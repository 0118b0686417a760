/**
 * A simulated UTC day, shared by its test (bounds) and its benchmark (figures): the service runs on a manual
 * clock starting at 00:00 UTC, moved one minute per step after every request of the step was answered; the
 * budget ledger reads the same clock. Clients are told apart by X-Forwarded-For (TRUST_PROXY=1) and reach the
 * app through app.handle. Every minute:
 * - three normal clients each ask for one thing, in turn: the screener, ADA's market, a curated token's
 *   detail, the sample wallet, a chart (cold reads of the long tail, and the core inputs behind them);
 * - one flooder asks for `floodPerMinute` distinct made-up token details (each a cold chain API read).
 * Counted from the fake upstreams: calls per upstream per minute and per hour, the core inputs' calls per
 * hour, and the normal clients' answers per hour.
 */
import registry from '../../src/registry/tokens.json'
import { createApp } from '../../src/app'
import { loadConfig } from '../../src/config'
import { buildDeps } from '../../src/deps'
import { Logger, memorySink } from '../../src/observability/logger'
import { Metrics } from '../../src/observability/metrics'
import { MemoryBudgetLedger } from '../../src/upstream/budget-ledger'
import type { UpstreamName } from '../../src/upstream/errors'
import { FakeUpstreams, UPSTREAMS } from '../fake-upstreams/server'
import { SAMPLE } from '../fake-upstreams/world'

const CORE = ['dexscreener', 'geckoterminal', 'coingecko'] as const

export const DAY_START = Date.UTC(2026, 10, 24)

export interface DayFigures {
  /** Each upstream's calls in the day, its daily quota (null: none) and its budget per minute. */
  perUpstream: Record<UpstreamName, { day: number; quota: number | null; budgetPerMinute: number; maxInAMinute: number }>
  /** Core inputs' calls per hour: source A's and source B's screener batches, the market provider's reads. */
  coreCallsPerHour: { dexscreener: number[]; geckoterminal: number[]; coingecko: number[] }
  /**
   * Normal clients: answers per hour and how many were 2xx/404 (served); of them the cold reads (answers not
   * from a fresh cache entry: X-Cache MISS or STALE, or a refusal) and how many of those were served.
   */
  normal: { askedPerHour: number[]; servedPerHour: number[]; coldPerHour: number[]; coldServedPerHour: number[] }
  flood: { sent: number; served: number; refused: number }
  realMs: number
}

/**
 * The service on a manual clock (starting at `start`) that the caches, the services and the budget ledger all
 * read, against fresh fake upstreams, without a database; requests reach it through `app.handle`.
 */
export async function clockedService(env: Record<string, string>, start = DAY_START) {
  const clock = { now: start }
  const now = () => clock.now
  const fake = await FakeUpstreams.start()
  const config = loadConfig({ ...fake.env(), DATABASE_URL: 'off', LOG_LEVEL: 'silent', UPSTREAM_TIMEOUT_MS: '1000', ...env })
  const deps = await buildDeps(config, {
    logger: new Logger(config.logLevel, memorySink()),
    metrics: new Metrics({ defaultMetrics: false }),
    now,
    ledger: (limits) => new MemoryBudgetLedger(limits, now),
  })
  return { clock, fake, deps, app: createApp(deps) }
}

export async function runSimulatedDay(options: { hours?: number; floodPerMinute?: number; env?: Record<string, string> } = {}): Promise<DayFigures> {
  const hours = options.hours ?? 24
  const floodPerMinute = options.floodPerMinute ?? 10
  const startedReal = performance.now()
  const { clock, fake, deps, app } = await clockedService({ TRUST_PROXY: '1', ...options.env })
  const config = deps.config
  const get = (client: string, path: string) => app.handle(new Request(`http://localhost${path}`, { headers: { 'x-forwarded-for': client } }))

  const curated = registry.map((t) => t.unit)
  const normalPaths = (minute: number, client: number): string => {
    const unit = curated[(minute + client * 7) % curated.length]
    switch ((minute + client) % 5) {
      case 0:
        return '/api/v1/tokens'
      case 1:
        return '/api/v1/market?days=7'
      case 2:
        return `/api/v1/tokens/${unit}`
      case 3:
        return `/api/v1/wallet/${SAMPLE.stakeAddress}`
      default:
        return `/api/v1/tokens/${unit}/ohlcv?tf=1h&limit=20`
    }
  }
  // A made-up asset unit per flood request: 56 hex of policy id and a 4-byte name.
  const madeUp = (n: number) => `${n.toString(16).padStart(56, 'f')}${(n % 65_536).toString(16).padStart(8, '0')}`

  const minutes = hours * 60
  const perMinute = new Map<UpstreamName, number[]>(UPSTREAMS.map((u) => [u, []]))
  const corePaths: Record<'dexscreener' | 'geckoterminal' | 'coingecko', string> = {
    dexscreener: '/tokens/v1/',
    geckoterminal: '/networks/cardano/tokens/multi/',
    coingecko: '/coins/',
  }
  const figures: DayFigures = {
    perUpstream: {} as DayFigures['perUpstream'],
    coreCallsPerHour: { dexscreener: [], geckoterminal: [], coingecko: [] },
    normal: { askedPerHour: Array(hours).fill(0), servedPerHour: Array(hours).fill(0), coldPerHour: Array(hours).fill(0), coldServedPerHour: Array(hours).fill(0) },
    flood: { sent: 0, served: 0, refused: 0 },
    realMs: 0,
  }
  let floodSent = 0
  try {
    for (let minute = 0; minute < minutes; minute++) {
      const hour = Math.floor(minute / 60)
      const before = new Map(UPSTREAMS.map((u) => [u, fake.count(u)]))
      const coreBefore = CORE.map((u) => fake.count(u, corePaths[u]))
      if (minute % 60 === 0) for (const u of CORE) figures.coreCallsPerHour[u].push(0)
      const requests: Array<Promise<void>> = []
      for (let client = 0; client < 3; client++) {
        requests.push(
          get(`10.0.0.${client + 1}`, normalPaths(minute, client)).then(async (res) => {
            await res.arrayBuffer()
            const served = res.status < 300 || res.status === 404
            figures.normal.askedPerHour[hour] += 1
            if (served) figures.normal.servedPerHour[hour] += 1
            if (res.headers.get('x-cache') !== 'HIT') {
              figures.normal.coldPerHour[hour] += 1
              if (served) figures.normal.coldServedPerHour[hour] += 1
            }
          }),
        )
      }
      for (let i = 0; i < floodPerMinute; i++) {
        const unit = madeUp(floodSent++)
        requests.push(
          get('10.9.9.9', `/api/v1/tokens/${unit}`).then(async (res) => {
            await res.arrayBuffer()
            figures.flood.sent += 1
            if (res.status === 503) figures.flood.refused += 1
            else figures.flood.served += 1
          }),
        )
      }
      await Promise.all(requests)
      for (const u of UPSTREAMS) perMinute.get(u)!.push(fake.count(u) - before.get(u)!)
      CORE.forEach((u, i) => (figures.coreCallsPerHour[u][hour] += fake.count(u, corePaths[u]) - coreBefore[i]))
      clock.now = DAY_START + (minute + 1) * 60_000
    }
  } finally {
    await fake.stop()
  }
  for (const u of UPSTREAMS) {
    const counts = perMinute.get(u)!
    figures.perUpstream[u] = {
      day: counts.reduce((a, b) => a + b, 0),
      quota: config.upstreams[u].callsPerDay,
      budgetPerMinute: config.upstreams[u].callsPerMinute,
      maxInAMinute: Math.max(...counts),
    }
  }
  figures.realMs = Math.round(performance.now() - startedReal)
  return figures
}
