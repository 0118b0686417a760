import { Memo } from './cache/memo'
import { MemoryWindowCounter, type WindowCounter } from './limits/window-counter'
import { startCluster, type Cluster } from './cluster/cluster'
import type { Config } from './config'
import { CommunityDatabase } from './db/client'
import { originPolicy, type OriginPolicy } from './http/base-url'
import { ClientIdentity } from './http/client-address'
import { ResponseCache, storedCodec } from './http/response-cache'
import type { DatabaseProbe } from './modules/ops/routes'
import { createLogger, type Logger } from './observability/logger'
import { Metrics } from './observability/metrics'
import { loadRegistry, type TokenRegistry } from './registry/registry'
import { createServices, type Services } from './services'
import { createUpstreams, type UpstreamOptions, type Upstreams } from './upstream'
import { localShare, MemoryBudgetLedger } from './upstream/budget-ledger'
import { isUpstreamFailure } from './upstream/errors'
import { StreamHub } from './modules/stream/hub'
import { chainFollowing, type ChainFollowing } from './chain/setup'
import { streamChainTrades } from './modules/trades/live'
import { streamNewPools } from './modules/pools/live'
import { renewChainAnswers } from './modules/trades/renew'
import { streamChainTokens } from './modules/chain-tokens/live'

/** Everything the app is built from. Tests build it against fake upstreams with buildDeps(config). */
export interface AppDeps {
  config: Config
  logger: Logger
  metrics: Metrics
  /** Parsed upstream answers. */
  upstreamCache: Memo
  /** Ready response bytes. */
  responses: ResponseCache
  /** Who each request is from (the socket's peer, or behind trusted proxies the forwarded client). */
  clients: ClientIdentity
  /** Where absolute URLs in answers point (PUBLIC_BASE_URL, Host, or a trusted proxy's forwarded origin). */
  origin: OriginPolicy
  upstreams: Upstreams
  registry: TokenRegistry
  services: Services
  /** Per-client limits (writes, MCP calls…): in Redis when instances share one, else this process's memory. */
  windows: WindowCounter
  /** Sharing with the other instances through Redis; null when REDIS_URL is unset (this process alone). */
  cluster: Cluster | null
  /** The community database, null when DATABASE_URL=off. */
  database: (DatabaseProbe & { close(): Promise<void> }) | null
  /** The live stream (GET /api/v1/stream): fed by the screener builds; its trades by the chain follower (publishTrades). */
  stream: StreamHub
  /**
   * The chain follower and its schedule (src/chain/), null when CHAIN_FOLLOW=off or DATABASE_URL=off. Built here,
   * started by startServer. Its recorded swaps and rollbacks reach the live stream (modules/trades/live.ts).
   */
  chain: ChainFollowing | null
}

export interface BuildOptions {
  logger?: Logger
  metrics?: Metrics
  /** The caches' clock (tests move it to expire entries). */
  now?: () => number
  /** The upstream budget store (default: this process's memory; see upstream/budget-ledger.ts). */
  ledger?: UpstreamOptions['ledger']
}

export async function buildDeps(config: Config, options: BuildOptions = {}): Promise<AppDeps> {
  const logger = options.logger ?? createLogger(config.logLevel)
  const metrics = options.metrics ?? new Metrics()
  const now = options.now ?? Date.now
  const cacheSettings = (name: string) => ({
    name,
    now,
    // The two caches split the configured bounds.
    maxEntries: Math.ceil(config.cache.maxEntries / 2),
    maxBytes: Math.ceil(config.cache.maxBytes / 2),
    staleOnError: isUpstreamFailure,
    onEvent: (cache: string, event: Parameters<Metrics['cacheEvent']>[1]) => metrics.cacheEvent(cache, event),
    onRefreshError: (key: string, error: unknown) =>
      logger.sampled('upstream degraded', 'warn', { cache: name, key, err: error instanceof Error ? error.message : String(error) }, 'background refresh failed'),
  })
  // Started before anything loads; a Redis that is not there yet leaves the instance degraded, not stopped.
  const cluster =
    config.redisUrl === null
      ? null
      : await startCluster({
          url: config.redisUrl,
          timeoutMs: config.redisTimeoutMs,
          // A holder's upstream call ends within the upstream deadline; the margin covers its Redis writes.
          waitMs: config.upstreamTimeoutMs + 1000,
          instances: config.instances,
          logger,
          now,
        })
  const upstreamCache = new Memo({ ...cacheSettings('upstream'), shared: cluster?.answers })
  const responseCache = new Memo({ ...cacheSettings('response'), shared: cluster?.responses(storedCodec) })
  const clients = new ClientIdentity(config.trustProxy)
  const origin = originPolicy(config.publicBaseUrl, clients)
  const responses = new ResponseCache(responseCache, now, origin)
  metrics.watchCache('upstream', () => upstreamCache.size)
  metrics.watchCache('response', () => responseCache.size)
  const registry: TokenRegistry = loadRegistry(config.tokenRegistryFile)
  const upstreams = createUpstreams(config, upstreamCache, metrics, { registrySize: registry.tokens.length, ledger: options.ledger ?? cluster?.ledger ?? ownShare(config.instances) })
  // Opened and migrated before anything serves; a database that cannot be opened stops the start.
  const database =
    config.databaseUrl === null
      ? null
      : await CommunityDatabase.open({ url: config.databaseUrl, authToken: config.databaseAuthToken }, logger)
  const services = createServices({ config, logger, upstreams, registry, database, now })
  const stream = new StreamHub({
    logger,
    limits: config.stream,
    publicBaseUrl: config.publicBaseUrl,
    isCurated: (unit) => registry.get(unit) !== undefined,
    relay: cluster?.stream,
    now,
  })
  services.tokens.onScreener((body, stale) => stream.publishScreener(body, stale))
  metrics.watchStreams(() => stream.stats())
  metrics.watchLog(() => logger.leftOut())
  const chain = config.chain.follow && database !== null ? chainFollowing({ config, logger, metrics, upstreams, registry, database, cluster, now }) : null
  if (chain !== null) {
    streamChainTrades(chain.follower, stream, services.trades, logger)
    streamNewPools(chain.follower, stream, services.pools, logger)
    renewChainAnswers(chain.follower, chain.store, responses)
  }
  streamChainTokens(stream, services.chainTokens, chain?.store ?? null, config.publicBaseUrl, logger)
  const windows = cluster?.windows ?? new MemoryWindowCounter(now)
  return { config, logger, metrics, upstreamCache, responses, clients, origin, upstreams, registry, services, windows, cluster, database, stream, chain }
}

/**
 * Without Redis, each of INSTANCES instances keeps budget / INSTANCES in its own memory (INSTANCES=1: the whole
 * budget, the upstream layer's default ledger).
 */
function ownShare(instances: number): UpstreamOptions['ledger'] {
  return instances === 1 ? undefined : (limits) => new MemoryBudgetLedger(localShare(limits, instances))
}
