import type { SharedTier } from '../cache/memo'
import type { WindowCounter } from '../limits/window-counter'
import type { Logger } from '../observability/logger'
import { localShare, MemoryBudgetLedger, type BudgetLedger, type LaneLimits } from '../upstream/budget-ledger'
import { acquireRedisLease } from './lease'
import { SharedRedis } from './redis'
import { SharedAnswers, type SharedCodec } from './shared-answers'
import { SharedBudgetLedger } from './shared-ledger'
import { SharedWindowCounter } from './shared-window-counter'
import { RedisStreamRelay, type StreamRelay } from './stream-relay'
import { RedisWriteNotices, type WriteNotices } from './write-notices'

/** What /readyz says about the sharing between instances. */
export type ClusterStatus =
  | { redis: 'ok' }
  | { redis: 'unavailable'; reason: string; since: string; meanwhile: string }

/** Several instances working as one through Redis (REDIS_URL): one budget, one answer cache, write notices. */
export interface Cluster {
  /** The tier behind the upstream answers' Memo. */
  answers: SharedTier
  /**
   * The tier behind the ready responses' Memo: values travel through `codec` (bytes in JSON). A build that outlasts
   * the wait is built again by a waiter; its upstream reads still go through `answers`, so that costs no call.
   */
  responses(codec: SharedCodec): SharedTier
  writes: WriteNotices
  /** The live stream's changes, published once and delivered by every instance. */
  stream: StreamRelay
  /** Per-client limits counted once for all instances; limit / INSTANCES in this instance's memory while Redis cannot answer. */
  windows: WindowCounter
  /** The upstream budgets shared by all instances; budget / INSTANCES in this instance's memory while Redis cannot answer. */
  ledger(limits: LaneLimits): BudgetLedger
  status(): ClusterStatus
  /** Take or renew the lease `name` for `ttlMs` (cluster/lease.ts); null while Redis cannot answer. */
  lease(name: string, holder: string, ttlMs: number): Promise<boolean | null>
  close(): void
}

export interface ClusterOptions {
  url: string
  /** Bound of one Redis command. */
  timeoutMs: number
  /** Longest an instance waits on another's upstream call (the upstream deadline plus a margin). */
  waitMs: number
  instances: number
  logger: Logger
  /** The caches' clock. */
  now?: () => number
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const redis = new SharedRedis(options.url, options.timeoutMs, options.logger)
  const answers = new SharedAnswers(redis, options.waitMs, 'memo:', options.now)
  const writes = new RedisWriteNotices(redis)
  const stream = new RedisStreamRelay(redis)
  await redis.start()
  return {
    answers,
    responses: (codec) => new SharedAnswers(redis, options.waitMs, 'resp:', options.now, codec),
    writes,
    stream,
    windows: new SharedWindowCounter(redis, options.instances, options.now),
    ledger: (limits) => new SharedBudgetLedger(redis, limits, new MemoryBudgetLedger(localShare(limits, options.instances))),
    status() {
      const health = redis.status()
      if (health.state === 'ok') return { redis: 'ok' }
      return {
        redis: 'unavailable',
        reason: health.reason,
        since: new Date(health.since).toISOString(),
        meanwhile: `answering from this instance's memory; upstream budgets at 1/${options.instances} each (INSTANCES)`,
      }
    },
    lease: (name, holder, ttlMs) => acquireRedisLease(redis, name, holder, ttlMs),
    close: () => redis.close(),
  }
}
