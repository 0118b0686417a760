/**
 * The follower's schedule: every interval, take or renew the lease, and poll if it is ours, then run the work
 * that belongs to the lease holder too (the token identity resolver, the retention). The interval is the core
 * plan's for 'chain-follower' (CHAIN_POLL_MS overrides it); the lease lasts three intervals and is renewed every
 * interval while a poll runs too, so a slow poll does not lose it and a killed follower is replaced within one
 * lease period.
 */
import type { Logger } from '../observability/logger'
import type { ChainFollower } from './follower'
import type { Lease } from './lease'
import type { OgmiosFollower } from './ogmios-follower'

export interface FollowerRunner {
  start(): void
  stop(): Promise<void>
  /** True while this instance holds the lease (it is the one following). */
  readonly leading: boolean
}

export const leaseMsFor = (intervalMs: number) => Math.max(3 * intervalMs, 1000)

/** Work run after each poll by the lease holder; a failure is logged and the next tick tries again. */
export type AfterPoll = { name: string; run: () => Promise<unknown> }

export function followerRunner(follower: ChainFollower, lease: Lease, intervalMs: number, logger: Logger, afterPoll: readonly AfterPoll[] = []): FollowerRunner {
  let timer: ReturnType<typeof setTimeout> | null = null
  let running: Promise<void> | null = null
  let stopped = false
  let leading = false
  const tick = async () => {
    try {
      const held = await lease.acquire(leaseMsFor(intervalMs))
      if (held !== leading) logger.info({ leading: held }, held ? 'chain follower: this instance follows the chain' : 'chain follower: another instance follows the chain')
      leading = held
      if (!held) return
      // Keep the lease while a long poll runs (a backfill page on a slow Koios).
      const heartbeat = setInterval(() => void lease.acquire(leaseMsFor(intervalMs)).catch(() => {}), intervalMs)
      try {
        await follower.poll()
        for (const task of afterPoll) {
          await task.run().catch((error) => logger.warn({ task: task.name, err: error instanceof Error ? error.message : String(error) }, 'chain follower: a task after the poll failed'))
        }
      } finally {
        clearInterval(heartbeat)
      }
    } catch (error) {
      leading = false
      logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'chain follower: lease or poll failed')
    }
  }
  const schedule = () => {
    if (stopped) return
    timer = setTimeout(() => {
      running = tick().finally(schedule)
    }, intervalMs)
  }
  return {
    start() {
      running = tick().finally(schedule)
    },
    async stop() {
      stopped = true
      if (timer !== null) clearTimeout(timer)
      await running
    },
    get leading() {
      return leading
    },
  }
}

/**
 * The Ogmios follower's schedule: it follows continuously, not by polls. Every `renewMs` the lease is taken or
 * renewed (it lasts three of those); while held, the follower runs (started once, restarted if it stopped), and
 * the lease holder's other work runs every `tasksMs` (the plan's 'chain-tokens' interval). A lost lease stops the
 * follower, so two instances never follow at once for longer than one renewal.
 */
export function streamingRunner(
  follower: Pick<OgmiosFollower, 'start' | 'stop' | 'following'>,
  lease: Lease,
  renewMs: number,
  logger: Logger,
  tasks: readonly AfterPoll[] = [],
  tasksMs = renewMs,
): FollowerRunner {
  let timer: ReturnType<typeof setInterval> | null = null
  let leading = false
  let lastTasks = 0
  let busy: Promise<void> | null = null
  const tick = async () => {
    try {
      const held = await lease.acquire(leaseMsFor(renewMs))
      if (held !== leading) logger.info({ leading: held }, held ? 'chain follower: this instance follows the chain' : 'chain follower: another instance follows the chain')
      leading = held
      if (!held) {
        if (follower.following) await follower.stop()
        return
      }
      follower.start()
      if (Date.now() - lastTasks >= tasksMs) {
        lastTasks = Date.now()
        for (const task of tasks) {
          await task.run().catch((error) => logger.warn({ task: task.name, err: error instanceof Error ? error.message : String(error) }, 'chain follower: a task of the lease holder failed'))
        }
      }
    } catch (error) {
      leading = false
      if (follower.following) await follower.stop()
      logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'chain follower: lease failed')
    }
  }
  const run = () => {
    if (busy !== null) return
    busy = tick().finally(() => (busy = null))
  }
  return {
    start() {
      run()
      timer = setInterval(run, renewMs)
    },
    async stop() {
      if (timer !== null) clearInterval(timer)
      await busy
      await follower.stop()
    },
    get leading() {
      return leading
    },
  }
}
