/**
 * Test harness: the real app, built from a configuration that points every upstream at a fresh set of fake
 * upstreams. `svc.get(path)` goes through the whole Elysia stack (app.handle), as a client would.
 */
import { createApp } from '../src/app'
import { loadConfig, type Config } from '../src/config'
import { buildDeps, type AppDeps } from '../src/deps'
import { Logger, memorySink } from '../src/observability/logger'
import { Metrics } from '../src/observability/metrics'
import { MemoryBudgetLedger } from '../src/upstream/budget-ledger'
import { FakeUpstreams } from './fake-upstreams/server'
import type { World } from './fake-upstreams/world'

export interface TestService {
  fake: FakeUpstreams
  /** Move the caches' clock forward. */
  advance(ms: number): void
  config: Config
  deps: AppDeps
  app: ReturnType<typeof createApp>
  /** Log lines written by the service (JSON strings). */
  logLines: string[]
  request(path: string, init?: RequestInit): Promise<Response>
  get(path: string, headers?: Record<string, string>): Promise<Response>
  /** GET and parse the JSON body, with the response. */
  json<T = any>(path: string, headers?: Record<string, string>): Promise<{ status: number; body: T; res: Response }>
  stop(): Promise<void>
}

export interface TestServiceOptions {
  env?: Record<string, string>
  world?: World
  /** Reuse fakes (several services against one set of upstreams). */
  fake?: FakeUpstreams
  /** The budget ledger on the moved clock too (default: real time, so moving the clock frees no budget). */
  ledgerOnClock?: boolean
}

export async function startService(options: TestServiceOptions = {}): Promise<TestService> {
  const fake = options.fake ?? (await FakeUpstreams.start({ world: options.world }))
  const config = loadConfig({
    ...fake.env(),
    LOG_LEVEL: 'info',
    DATABASE_URL: 'off',
    // Tests exercise budgets explicitly; by default they must not get in the way.
    GECKOTERMINAL_RPM: '6000',
    UPSTREAM_TIMEOUT_MS: '1500',
    // The chain follower's polls would add Koios calls to tests that count them; its own tests turn it on.
    CHAIN_FOLLOW: 'off',
    ...options.env,
  })
  const sink = memorySink()
  let offset = 0
  const now = () => Date.now() + offset
  const deps = await buildDeps(config, {
    logger: new Logger(config.logLevel, sink),
    metrics: new Metrics({ defaultMetrics: false }),
    now,
    // With ledgerOnClock the budget ledger reads the same clock, so a moved clock also ends a cool-down after a 429.
    ledger: options.ledgerOnClock ? (limits) => new MemoryBudgetLedger(limits, now) : undefined,
  })
  const app = createApp(deps)
  const request = (path: string, init?: RequestInit) => app.handle(new Request(`http://localhost${path}`, init))
  const get = (path: string, headers?: Record<string, string>) => request(path, { headers })
  return {
    fake,
    advance: (ms) => void (offset += ms),
    config,
    deps,
    app,
    logLines: sink.lines,
    request,
    get,
    async json(path, headers) {
      const res = await get(path, headers)
      return { status: res.status, body: (await res.json()) as any, res }
    },
    async stop() {
      await deps.database?.close()
      deps.cluster?.close()
      if (!options.fake) await fake.stop()
    },
  }
}
