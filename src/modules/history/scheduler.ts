/**
 * Runs the core refresh on its own schedule, so the history has no holes when nobody asks for the screener,
 * and the retention roll-up once a day. One refresh at a time: the next is timed from the end of the last,
 * so a slow upstream never stacks refreshes. The clock and the timer are injectable (tests drive them).
 */
import type { Logger } from '../../observability/logger'
import { DAY_SECONDS } from './intervals'

export interface SchedulerClock {
  now(): number
  setTimeout(run: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

export const systemClock: SchedulerClock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
}

export interface HistorySchedulerOptions {
  /** Time between the end of one refresh and the start of the next (see schedule.ts for the default). */
  refreshMs: number
  /** The refresh itself; expected to handle its own failures. */
  refresh: () => Promise<unknown>
  /** The retention job, run at the first tick and then once per `rollUpEveryMs`. */
  rollUp: () => Promise<unknown>
  rollUpEveryMs?: number
  clock?: SchedulerClock
  logger: Logger
}

export class HistoryScheduler {
  private readonly clock: SchedulerClock
  private timer: unknown = null
  private running: Promise<void> | null = null
  private stopped = true
  private lastRollUpAt: number | null = null

  constructor(private readonly options: HistorySchedulerOptions) {
    this.clock = options.clock ?? systemClock
  }

  /** The first refresh at once, then one every `refreshMs`. */
  start(): void {
    if (!this.stopped) return
    this.stopped = false
    this.schedule(0)
  }

  /** One refresh (and the roll-up when it is due), now. Shares a refresh already under way. */
  tick(): Promise<void> {
    this.running ??= this.run().finally(() => {
      this.running = null
    })
    return this.running
  }

  /** No further refresh starts; resolves once the one under way (if any) has finished. */
  async stop(): Promise<void> {
    this.stopped = true
    if (this.timer !== null) this.clock.clearTimeout(this.timer)
    this.timer = null
    await this.running
  }

  private schedule(ms: number): void {
    if (this.stopped) return
    this.timer = this.clock.setTimeout(() => {
      this.timer = null
      void this.tick().finally(() => this.schedule(this.options.refreshMs))
    }, ms)
  }

  private async run(): Promise<void> {
    try {
      await this.options.refresh()
      const now = this.clock.now()
      const every = this.options.rollUpEveryMs ?? DAY_SECONDS * 1000
      if (this.lastRollUpAt === null || now - this.lastRollUpAt >= every) {
        this.lastRollUpAt = now
        await this.options.rollUp()
      }
    } catch (error) {
      this.options.logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'history: core refresh failed')
    }
  }
}
