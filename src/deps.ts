import { Memo } from './cache/memo'
import type { Config } from './config'
import { CommunityDatabase } from './db/client'
import { ResponseCache } from './http/response-cache'
import type { DatabaseProbe } from './modules/ops/routes'
import { createLogger, type Logger } from './observability/logger'
import { Metrics } from './observability/metrics'
import { loadRegistry, type TokenRegistry } from './registry/registry'
import { createServices, type Services } from './services'
import { createUpstreams, type UpstreamOptions, type Upstreams } from './upstream'

/** Everything the app is built from. Tests build it against fake upstreams with buildDeps(config). */
export interface AppDeps {
  config: Config
  logger: Logger
  metrics: Metrics
  /** Parsed upstream answers. */
  upstreamCache: Memo
  /** Ready response bytes. */
  responses: ResponseCache
  upstreams: Upstreams
  registry: TokenRegistry
  services: Services
  /** The community database, null when DATABASE_URL=off. */
  database: (DatabaseProbe & { close(): Promise<void> }) | null
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
    onEvent: (cache: string, event: Parameters<Metrics['cacheEvent']>[1]) => metrics.cacheEvent(cache, event),
    onRefreshError: (key: string, error: unknown) =>
      logger.warn({ cache: name, key, err: error instanceof Error ? error.message : String(error) }, 'background refresh failed'),
  })
  const upstreamCache = new Memo(cacheSettings('upstream'))
  const responseCache = new Memo(cacheSettings('response'))
  const responses = new ResponseCache(responseCache, now)
  metrics.watchCache('upstream', () => upstreamCache.size)
  metrics.watchCache('response', () => responseCache.size)
  const registry: TokenRegistry = loadRegistry(config.tokenRegistryFile)
  const upstreams = createUpstreams(config, upstreamCache, metrics, { registrySize: registry.tokens.length, ledger: options.ledger })
  // Opened and migrated before anything serves; a database that cannot be opened stops the start.
  const database =
    config.databaseUrl === null
      ? null
      : await CommunityDatabase.open({ url: config.databaseUrl, authToken: config.databaseAuthToken }, logger)
  const services = createServices({ config, logger, upstreams, registry, database, now })
  return { config, logger, metrics, upstreamCache, responses, upstreams, registry, services, database }
}
