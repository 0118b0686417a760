/**
 * The history tests' harness: the real app (test/helpers.ts) on a fresh database file, its clock pinned to a
 * chosen instant, and a manual timer for the history scheduler, so a test runs a day of refreshes in seconds.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createClient, type Client } from '@libsql/client'
import { historyScheduler } from '../../src/modules/history/core-refresh'
import type { HistoryScheduler, SchedulerClock } from '../../src/modules/history/scheduler'
import { startService, type TestService } from '../helpers'
import type { World } from '../fake-upstreams/world'

export const SNEK = '279c909f348e533da5808898f87f9a14bb2c3dfbbacccd631d927a3f534e454b'
export const DAY_MS = 86_400_000

/** Timers that fire only when the test says so, on the service's clock. */
export class ManualClock implements SchedulerClock {
  private timers: Array<{ at: number; run: () => void }> = []

  constructor(readonly now: () => number) {}

  setTimeout(run: () => void, ms: number): unknown {
    const timer = { at: this.now() + ms, run }
    this.timers.push(timer)
    return timer
  }

  clearTimeout(handle: unknown): void {
    this.timers = this.timers.filter((t) => t !== handle)
  }

  /** Fire every timer due now; true when one fired. */
  fireDue(): boolean {
    const due = this.timers.filter((t) => t.at <= this.now())
    this.timers = this.timers.filter((t) => t.at > this.now())
    for (const timer of due) timer.run()
    return due.length > 0
  }
}

export interface HistoryHarness {
  svc: TestService
  /** The service's clock. */
  now(): number
  /** Move the service's clock (and its caches') forward. */
  advance(ms: number): void
  clock: ManualClock
  /** A scheduler of the core refresh on the manual clock. */
  scheduler(refreshMs: number): HistoryScheduler
  /** Fire the scheduler's due timer and wait for the refresh it started. */
  runDue(scheduler: HistoryScheduler): Promise<void>
  databaseFile: string
  /** A separate libSQL connection to the same file, for reading what was recorded. */
  raw: Client
  stop(): Promise<void>
}

/** Starts at `startMs` on the service's clock (default: 10 s into yesterday, UTC). */
export async function startHistory(options: { startMs?: number; env?: Record<string, string>; world?: World } = {}): Promise<HistoryHarness> {
  const dir = mkdtempSync(join(tmpdir(), 'history-test-'))
  const databaseFile = join(dir, 'history.db')
  // A day is compressed into seconds here, and the call budgets count per real minute: they are lifted, and the
  // tests count the calls the fake upstreams receive instead.
  const unlimited = { DEXSCREENER_RPM: '100000', GECKOTERMINAL_RPM: '100000', KOIOS_RPM: '100000', COINGECKO_RPM: '100000' }
  const svc = await startService({ env: { DATABASE_URL: `file:${databaseFile}`, ...unlimited, ...options.env }, world: options.world })
  const startMs = options.startMs ?? Math.floor(Date.now() / DAY_MS) * DAY_MS - DAY_MS + 10_000
  let offset = startMs - Date.now()
  svc.advance(offset)
  const now = () => Date.now() + offset
  const clock = new ManualClock(now)
  const raw = createClient({ url: `file:${databaseFile}` })
  const services = svc.deps.services
  return {
    svc,
    now,
    advance(ms) {
      offset += ms
      svc.advance(ms)
    },
    clock,
    scheduler: (refreshMs) =>
      historyScheduler(
        { tokens: services.tokens, adaMarket: services.adaMarket, recorder: services.historyRecorder!, logger: svc.deps.logger },
        { refreshMs, clock },
      ),
    async runDue(scheduler) {
      if (!clock.fireDue()) throw new Error('no scheduler timer was due')
      // The timer started a refresh; tick() shares it, and resolves once it is done and the next one is timed.
      await scheduler.tick()
    },
    databaseFile,
    raw,
    async stop() {
      raw.close()
      await svc.stop()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** Recorded rows as stored, with their asset's unit, in the export's order. */
export async function storedRows(raw: Client, where = '1 = 1'): Promise<Array<Record<string, any>>> {
  const result = await raw.execute(
    `SELECT a.unit, s.* FROM market_snapshots s JOIN history_assets a ON a.id = s.asset_id WHERE ${where} ORDER BY interval_start, asset_id, interval_seconds`,
  )
  return result.rows.map((row) => ({ ...row }))
}
