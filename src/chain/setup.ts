/**
 * The follower as the service builds it: readers from the per-DEX files, the store on the service's database,
 * the lease in Redis (REDIS_URL) or the database, the interval from the core plan unless CHAIN_POLL_MS is set;
 * after each poll the lease holder also learns new tokens' identities and applies the retention.
 */
import type { Cluster } from '../cluster/cluster'
import type { Config } from '../config'
import type { CommunityDatabase } from '../db/client'
import type { Logger } from '../observability/logger'
import type { Metrics } from '../observability/metrics'
import type { TokenRegistry } from '../registry/registry'
import type { Upstreams } from '../upstream'
import { intervalOf } from '../upstream/core-plan'
import { ChainFollower } from './follower'
import { ChainRecorder } from './recorder'
import type { FollowsToken } from './tx-updates'
import { databaseLease, redisLease } from './lease'
import { poolReaders } from './readers'
import { IdentityResolver } from './identity-resolver'
import { ChainRetention } from './retention'
import { OgmiosFollower } from './ogmios-follower'
import { PoolOutputs } from './pool-outputs'
import { ChainPositionStore } from './position'
import { followerRunner, streamingRunner, type FollowerRunner } from './runner'
import { ChainStore } from './store'
import { ChainTokenStore } from './token-store'

export interface ChainFollowing {
  /**
   * The Koios follower, polled by the runner with CHAIN_SOURCE=koios. Its onTrades / onNewPools / onRollback are
   * the shared recorder's, so listeners hear whichever source records.
   */
  follower: ChainFollower
  /** The store the follower records through (its onTokensChanged feeds the chain:tokens topic). */
  store: ChainStore
  /** The Ogmios follower with CHAIN_SOURCE=ogmios (else null), run continuously by the runner. */
  ogmios: OgmiosFollower | null
  /** Where the follower stands beside the chain (GET /chain/tip, /readyz). */
  position: ChainPositionStore
  runner: FollowerRunner
  intervalMs: number
  /** What tokens outside the registry are (one asset_info step after each poll). */
  identities: IdentityResolver
  retention: ChainRetention
}

/** How often the Ogmios follower's instance renews its lease (it lasts three of these). */
const OGMIOS_LEASE_RENEW_MS = 5000

export interface ChainSetupDeps {
  config: Config
  logger: Logger
  metrics: Metrics
  upstreams: Upstreams
  registry: TokenRegistry
  database: CommunityDatabase
  cluster: Cluster | null
  now: () => number
}

export function chainFollowing(deps: ChainSetupDeps): ChainFollowing {
  const store = new ChainStore(deps.database)
  const readers = poolReaders()
  const followsToken: FollowsToken = deps.config.chain.pools === 'all' ? () => true : (unit) => deps.registry.get(unit) !== undefined
  const recorder = new ChainRecorder({ store, readers, followsToken, logger: deps.logger, metrics: deps.metrics })
  const position = new ChainPositionStore(deps.database, store, deps.config.chain.source, deps.now)
  // What both sources read with and record through.
  const common = {
    koios: deps.upstreams.koios,
    store,
    recorder,
    position,
    readers,
    followsToken,
    logger: deps.logger,
    metrics: deps.metrics,
    // No backfill past the retention: those updates would be deleted at once.
    backfillHours: Math.min(deps.config.chain.backfillHours, deps.config.chain.retentionDays * 24),
    now: deps.now,
  }
  const follower = new ChainFollower(common)
  // CHAIN_POLL_MS is also the preferred interval the plan was sized with (upstream/index.ts): the plan reserves
  // budget for it, and stretches it only when the budget cannot hold it (then the override still wins here).
  const intervalMs = deps.config.chain.pollMs ?? intervalOf(deps.upstreams.plan, 'chain-follower')
  const holder = `${process.pid}-${crypto.randomUUID()}`
  const inDatabase = databaseLease(deps.database, holder, deps.now)
  const lease = deps.cluster === null ? inDatabase : redisLease(deps.cluster, inDatabase, holder)
  const identities = new IdentityResolver({ koios: deps.upstreams.koios, store: new ChainTokenStore(deps.database), registry: deps.registry, logger: deps.logger, now: deps.now })
  const retention = new ChainRetention(deps.database, deps.config.chain.retentionDays, deps.logger, deps.now)
  const tasks = [
    { name: 'token identities', run: () => identities.step() },
    { name: 'retention', run: () => retention.step() },
  ]
  if (deps.config.chain.source === 'ogmios') {
    const ogmios = new OgmiosFollower({ ...common, url: deps.config.chain.ogmiosUrl, outputs: new PoolOutputs(deps.database) })
    // The lease is renewed every few seconds (a follower that dies is replaced within three renewals); the
    // token identities and retention run at the plan's interval, as after the Koios follower's polls.
    const runner = streamingRunner(ogmios, lease, Math.min(intervalMs, OGMIOS_LEASE_RENEW_MS), deps.logger, tasks, intervalMs)
    return { follower, store, ogmios, position, runner, intervalMs, identities, retention }
  }
  const runner = followerRunner(follower, lease, intervalMs, deps.logger, tasks)
  return { follower, store, ogmios: null, position, runner, intervalMs, identities, retention }
}
