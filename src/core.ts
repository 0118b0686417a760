import type { Config } from './config'
import type { CommunityDatabase } from './db/client'
import type { Logger } from './observability/logger'
import type { TokenRegistry } from './registry/registry'
import type { Upstreams } from './upstream'

/** What every domain service is built from: one object, made once by deps.ts and handed whole to each service. */
export interface Core {
  config: Config
  logger: Logger
  upstreams: Upstreams
  registry: TokenRegistry
  /** The community database; null when DATABASE_URL=off. */
  database: CommunityDatabase | null
  /** The one clock services read "now" from (the caches share it; tests move it). */
  now: () => number
}

/**
 * A service's deps: the parts of Core it reads, and always the clock, so time never comes from anywhere else.
 * Every service is a class taking one: `new XService(core)`.
 */
export type ServiceDeps<K extends keyof Core = never> = Pick<Core, K | 'now'>
