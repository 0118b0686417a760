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
import { databaseLease, redisLease } from './lease'
import { poolReaders } from './readers'
import { IdentityResolver } from './identity-resolver'
import { ChainRetention } from './retention'
import { followerRunner, type FollowerRunner } from './runner'
import { ChainStore } from './store'
import { ChainTokenStore } from './token-store'

export interface ChainFollowing {
  follower: ChainFollower
  /** The store the follower records through (its onTokensChanged feeds the chain:tokens topic). */
  store: ChainStore
  runner: FollowerRunner
  intervalMs: number
  /** What tokens outside the registry are (one asset_info step after each poll). */
  identities: IdentityResolver
  retention: ChainRetention
}

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
  const follower = new ChainFollower({
    koios: deps.upstreams.koios,
    store,
    readers: poolReaders(),
    followsToken: deps.config.chain.pools === 'all' ? () => true : (unit) => deps.registry.get(unit) !== undefined,
    logger: deps.logger,
    metrics: deps.metrics,
    // No backfill past the retention: those updates would be deleted at once.
    backfillHours: Math.min(deps.config.chain.backfillHours, deps.config.chain.retentionDays * 24),
    now: deps.now,
  })
  // CHAIN_POLL_MS is also the preferred interval the plan was sized with (upstream/index.ts): the plan reserves
  // budget for it, and stretches it only when the budget cannot hold it (then the override still wins here).
  const intervalMs = deps.config.chain.pollMs ?? intervalOf(deps.upstreams.plan, 'chain-follower')
  const holder = `${process.pid}-${crypto.randomUUID()}`
  const inDatabase = databaseLease(deps.database, holder, deps.now)
  const lease = deps.cluster === null ? inDatabase : redisLease(deps.cluster, inDatabase, holder)
  const identities = new IdentityResolver({ koios: deps.upstreams.koios, store: new ChainTokenStore(deps.database), registry: deps.registry, logger: deps.logger, now: deps.now })
  const retention = new ChainRetention(deps.database, deps.config.chain.retentionDays, deps.logger, deps.now)
  const runner = followerRunner(follower, lease, intervalMs, deps.logger, [
    { name: 'token identities', run: () => identities.step() },
    { name: 'retention', run: () => retention.step() },
  ])
  return { follower, store, runner, intervalMs, identities, retention }
}
