/**
 * The flood scenario, shared by its test (counts) and its benchmark (figures): the service listens on loopback
 * against the fake upstreams, one client (127.0.0.2) asks for `floodPerMinute` distinct cold charts a minute,
 * another (127.0.0.3) asks every 10 s for the screener and three charts, as a dashboard would.
 *
 * Time is simulated so minutes run in seconds: the caches and the budget ledger read a clock the driver moves
 * one step at a time, after every request of the step was answered. Budget waits are on real time, so the
 * upstream timeout is kept short (500 ms) and a wait rarely happens; the fake upstreams answer at once.
 */
import registry from '../../src/registry/tokens.json'
import { createApp } from '../../src/app'
import { loadConfig } from '../../src/config'
import { buildDeps } from '../../src/deps'
import { Logger, memorySink } from '../../src/observability/logger'
import { Metrics } from '../../src/observability/metrics'
import { MemoryBudgetLedger } from '../../src/upstream/budget-ledger'
import { FakeUpstreams } from '../fake-upstreams/server'
import { SAMPLE } from '../fake-upstreams/world'
import { getFrom, type LoopbackAnswer } from './loopback-client'

export const FLOOD_CLIENT = '127.0.0.2'
export const DASHBOARD_CLIENT = '127.0.0.3'

export interface FloodOptions {
  minutes: number
  floodPerMinute?: number
  stepMs?: number
  env?: Record<string, string>
}

export interface FloodFigures {
  minutes: number
  sourceBBudget: number
  /** Source B calls per simulated minute, and the most in any sliding minute (whole steps). */
  sourceBPerMinute: number[]
  sourceBMaxInAnyMinute: number
  flood: { sent: number; ok: number; charts: number; busy: number; busyWithRetryAfter: number; other: number }
  screener: { asked: number; withSourceB: number; withoutSourceB: number; other: number }
  /** The dashboard's three charts: 200 answers, 503s, and when each was first served (simulated ms). */
  dashboardCharts: { asked: number; ok: number; busy: number; firstServedAtMs: Array<number | null> }
  realMs: number
}

export async function runFlood(options: FloodOptions): Promise<FloodFigures> {
  const stepMs = options.stepMs ?? 1000
  const floodPerMinute = options.floodPerMinute ?? 200
  const startedReal = performance.now()
  let clock = Date.now()
  const now = () => clock

  const fake = await FakeUpstreams.start()
  const config = loadConfig({
    ...fake.env(),
    DATABASE_URL: 'off',
    LOG_LEVEL: 'warn',
    UPSTREAM_TIMEOUT_MS: '500',
    ...options.env,
  })
  const deps = await buildDeps(config, {
    logger: new Logger(config.logLevel, memorySink()),
    metrics: new Metrics({ defaultMetrics: false }),
    now,
    ledger: (limits) => new MemoryBudgetLedger(limits, now),
  })
  const app = createApp(deps).listen({ port: 0, hostname: '127.0.0.1' })
  const port = app.server!.port!

  // Distinct cold charts: every registry token, then every timeframe (a new token is a new pool list too).
  const timeframes = ['1h', '4h', '12h', '1d', '15m', '5m', '1m', '1w']
  const floodPaths = timeframes.flatMap((tf) => registry.map((t) => `/api/v1/tokens/${t.unit}/ohlcv?tf=${tf}`))
  // SNEK, USDM and the first other curated token with a chartable pool.
  const charted = new Set(fake.world.geckoterminal.pools.map((p) => String(p.relationships?.base_token?.data?.id).replace('cardano_', '')))
  const third = registry.find((t) => t.unit !== SAMPLE.snek && t.unit !== SAMPLE.usdm && charted.has(t.unit))!.unit
  const dashboardUnits = [SAMPLE.snek, SAMPLE.usdm, third]
  const dashboardPaths = dashboardUnits.map((u) => `/api/v1/tokens/${u}/ohlcv?tf=1h&limit=100`)

  const figures: FloodFigures = {
    minutes: options.minutes,
    sourceBBudget: config.upstreams.geckoterminal.callsPerMinute,
    sourceBPerMinute: [],
    sourceBMaxInAnyMinute: 0,
    flood: { sent: 0, ok: 0, charts: 0, busy: 0, busyWithRetryAfter: 0, other: 0 },
    screener: { asked: 0, withSourceB: 0, withoutSourceB: 0, other: 0 },
    dashboardCharts: { asked: 0, ok: 0, busy: 0, firstServedAtMs: dashboardPaths.map(() => null) },
    realMs: 0,
  }
  const callsPerStep: number[] = []
  const steps = Math.round((options.minutes * 60_000) / stepMs)
  const start = clock
  let floodSent = 0
  try {
    for (let step = 0; step < steps; step++) {
      const elapsed = step * stepMs
      const before = fake.count('geckoterminal')
      const requests: Array<Promise<void>> = []
      const floodDue = Math.floor(((elapsed + stepMs) * floodPerMinute) / 60_000)
      for (; floodSent < floodDue; floodSent++) {
        const path = floodPaths[floodSent % floodPaths.length]
        requests.push(getFrom(FLOOD_CLIENT, port, path).then((a) => countFlood(figures, a)))
      }
      if (elapsed % 10_000 === 0) {
        requests.push(getFrom(DASHBOARD_CLIENT, port, '/api/v1/tokens').then((a) => countScreener(figures, a)))
        dashboardPaths.forEach((path, i) =>
          requests.push(getFrom(DASHBOARD_CLIENT, port, path).then((a) => countDashboardChart(figures, a, i, elapsed))),
        )
      }
      await Promise.all(requests)
      callsPerStep.push(fake.count('geckoterminal') - before)
      clock = start + (step + 1) * stepMs
    }
  } finally {
    app.server?.stop(true)
    await fake.stop()
  }

  const perWindow = Math.round(60_000 / stepMs)
  for (let m = 0; m < options.minutes; m++) figures.sourceBPerMinute.push(sum(callsPerStep.slice(m * perWindow, (m + 1) * perWindow)))
  for (let i = 0; i < callsPerStep.length; i++) {
    figures.sourceBMaxInAnyMinute = Math.max(figures.sourceBMaxInAnyMinute, sum(callsPerStep.slice(Math.max(0, i - perWindow + 1), i + 1)))
  }
  figures.realMs = Math.round(performance.now() - startedReal)
  return figures
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0)

function countFlood(f: FloodFigures, a: LoopbackAnswer): void {
  f.flood.sent += 1
  if (a.status === 200) f.flood.charts += 1
  if (a.status === 200 || a.status === 404) f.flood.ok += 1
  else if (a.status === 503) {
    f.flood.busy += 1
    if (Number(a.headers['retry-after']) > 0 && JSON.parse(a.body).code === 'busy_for_this_client') f.flood.busyWithRetryAfter += 1
  } else f.flood.other += 1
}

function countScreener(f: FloodFigures, a: LoopbackAnswer): void {
  f.screener.asked += 1
  if (a.status !== 200) {
    f.screener.other += 1
    return
  }
  const body = JSON.parse(a.body) as { coverage: string }
  if (body.coverage.includes('(source B)')) f.screener.withSourceB += 1
  else f.screener.withoutSourceB += 1
}

function countDashboardChart(f: FloodFigures, a: LoopbackAnswer, index: number, elapsed: number): void {
  f.dashboardCharts.asked += 1
  if (a.status === 200) {
    f.dashboardCharts.ok += 1
    f.dashboardCharts.firstServedAtMs[index] ??= elapsed
  } else if (a.status === 503) f.dashboardCharts.busy += 1
}
