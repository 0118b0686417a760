import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client'
import { FastCounter, FastHistogram } from './fast-metrics'
import type { CacheEvent } from '../cache/memo'
import type { Lane, RefusalReason } from '../upstream/budget-ledger'
import type { UpstreamFailure, UpstreamName } from '../upstream/errors'
import type { UpstreamObserver } from '../upstream/http-client'

export interface UpstreamStatus {
  ok: boolean
  /** ISO time of the last attempt. */
  at: string
  lastError?: string
  lastSuccessAt?: string
  /** The upstream said its daily or monthly quota is spent: no call until then (but a probe now and then). */
  exhaustedUntil?: string
  /** The upstream answered a plain 429: no call until then. */
  coolingUntil?: string
}

/**
 * Prometheus metrics of one service instance (its own registry, so tests can build several apps), and the
 * last known status of each upstream for /readyz.
 */
export class Metrics implements UpstreamObserver {
  readonly registry = new Registry()
  private readonly upstreamStatus = new Map<UpstreamName, UpstreamStatus>()

  private readonly httpDuration = new FastHistogram(
    'http_request_duration_seconds',
    'HTTP request latency by route template and status',
    ['method', 'route', 'status'],
    [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  )

  private readonly upstreamCalls = new Counter({
    name: 'upstream_requests_total',
    help: 'Upstream call attempts by provider and outcome',
    labelNames: ['upstream', 'outcome'],
    registers: [this.registry],
  })

  private readonly upstreamDuration = new Histogram({
    name: 'upstream_request_duration_seconds',
    help: 'Upstream call attempt latency by provider',
    labelNames: ['upstream'],
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 4, 8, 16],
    registers: [this.registry],
  })

  private readonly budgetWaits = new Counter({
    name: 'upstream_budget_waits_total',
    help: 'Upstream calls that had to wait for call budget',
    labelNames: ['upstream'],
    registers: [this.registry],
  })

  private readonly laneCalls = new Counter({
    name: 'upstream_calls_total',
    help: 'Upstream calls let through by the budget, by provider and lane (core or long_tail)',
    labelNames: ['upstream', 'lane'],
    registers: [this.registry],
  })

  private readonly refusals = new Counter({
    name: 'upstream_refusals_total',
    help: 'Upstream calls refused before leaving, by provider, lane and reason (budget or fair_share)',
    labelNames: ['upstream', 'lane', 'reason'],
    registers: [this.registry],
  })

  private readonly chainEvents = new Counter({
    name: 'chain_follower_events_total',
    help: 'Chain follower events: polls (Ogmios: sessions ended, as poll_failed), polls failed (retried at the next), outputs skipped (bad chain data), Ogmios messages skipped (unreadable), rollbacks, updates recorded',
    labelNames: ['event'],
    registers: [this.registry],
  })

  private readonly requestLabels: [string, string, number] = ['', '', 0]

  private readonly cacheEvents = new FastCounter(
    'cache_events_total',
    'Cache lookups and evictions by cache and result (hit, miss, stale, refresh_error, evict)',
    ['cache', 'result'],
  )

  private readonly caches = new Map<string, () => { entries: number; bytes: number }>()

  private readonly cacheEntries = new Gauge({
    name: 'cache_entries',
    help: 'Entries held per cache',
    labelNames: ['cache'],
    registers: [this.registry],
    collect: () => {
      for (const [name, size] of this.caches) this.cacheEntries.set({ cache: name }, size().entries)
    },
  })

  private readonly cacheBytes = new Gauge({
    name: 'cache_bytes',
    help: 'Approximate bytes held per cache',
    labelNames: ['cache'],
    registers: [this.registry],
    collect: () => {
      for (const [name, size] of this.caches) this.cacheBytes.set({ cache: name }, size().bytes)
    },
  })

  private streams: () => { open: number; closed: Record<string, number> } = () => ({ open: 0, closed: {} })

  private readonly streamsOpen: Gauge = new Gauge({
    name: 'stream_connections',
    help: 'Open live streams (GET /api/v1/stream) on this instance',
    registers: [this.registry],
    collect: (): void => this.streamsOpen.set(this.streams().open),
  })

  private readonly streamsClosed: Gauge<'reason'> = new Gauge({
    name: 'stream_closed',
    help: 'Live streams closed since start, by reason (client closed, slow reader, server stopping)',
    labelNames: ['reason'],
    registers: [this.registry],
    collect: (): void => {
      for (const [reason, count] of Object.entries(this.streams().closed)) this.streamsClosed.set({ reason }, count)
    },
  })

  private logLines: () => Record<string, number> = () => ({})

  private readonly logLinesLeftOut: Gauge<'kind'> = new Gauge({
    name: 'log_lines_left_out',
    help: 'Log lines not written since start because their kind was over its budget (requests, closed streams, refused polls…)',
    labelNames: ['kind'],
    registers: [this.registry],
    collect: (): void => {
      for (const [kind, count] of Object.entries(this.logLines())) this.logLinesLeftOut.set({ kind }, count)
    },
  })

  constructor(options: { defaultMetrics?: boolean } = {}) {
    if (options.defaultMetrics ?? true) collectDefaultMetrics({ register: this.registry })
  }

  // Label sets are bounded: routes come from the route table, methods and statuses from small sets.
  request(method: string, route: string, status: number, seconds: number): void {
    // One array reused for every request (the histogram keeps its own copy of label values it remembers).
    const labels = this.requestLabels
    labels[0] = method
    labels[1] = route
    labels[2] = status
    this.httpDuration.observe(labels, seconds)
  }

  attempt(upstream: UpstreamName, outcome: 'ok' | UpstreamFailure, durationMs: number, detail?: string): void {
    this.upstreamCalls.inc({ upstream, outcome })
    // Our own refusals say nothing about the upstream's health: one client over its fair share, a minute's budget
    // spent (a core input paced by its plan, or the long tail), our pacing of a daily quota. /readyz reports an
    // upstream that said it is spent from the ledger (ops/routes.ts), and a failed call here.
    if (outcome === 'fair_share' || outcome === 'quota' || outcome === 'over_budget') return
    this.upstreamDuration.observe({ upstream }, durationMs / 1000)
    const now = new Date().toISOString()
    const previous = this.upstreamStatus.get(upstream)
    this.upstreamStatus.set(
      upstream,
      outcome === 'ok'
        ? { ok: true, at: now, lastSuccessAt: now }
        : { ok: false, at: now, lastError: detail ?? outcome, lastSuccessAt: previous?.lastSuccessAt },
    )
  }

  budgetWait(upstream: UpstreamName): void {
    this.budgetWaits.inc({ upstream })
  }

  granted(upstream: UpstreamName, lane: Lane): void {
    this.laneCalls.inc({ upstream, lane })
  }

  refused(upstream: UpstreamName, lane: Lane, reason: RefusalReason): void {
    this.refusals.inc({ upstream, lane, reason })
  }

  chainEvent(event: 'poll' | 'poll_failed' | 'skipped_output' | 'skipped_message' | 'rollback' | 'update', n = 1): void {
    this.chainEvents.inc({ event }, n)
  }

  cacheEvent(cache: string, event: CacheEvent): void {
    this.cacheEvents.inc([cache, event])
  }

  /** Report a cache's size at each scrape. */
  watchCache(name: string, size: () => { entries: number; bytes: number }): void {
    this.caches.set(name, size)
  }

  /** Report the log lines left out over their budgets at each scrape. */
  watchLog(leftOut: () => Record<string, number>): void {
    this.logLines = leftOut
  }

  /** Report the live stream's connections at each scrape. */
  watchStreams(stats: () => { open: number; closed: Record<string, number> }): void {
    this.streams = stats
  }

  upstreams(): Partial<Record<UpstreamName, UpstreamStatus>> {
    return Object.fromEntries(this.upstreamStatus)
  }

  async render(): Promise<{ contentType: string; body: string }> {
    const body = `${this.httpDuration.render()}\n${this.cacheEvents.render()}\n${await this.registry.metrics()}`
    return { contentType: this.registry.contentType, body }
  }
}
