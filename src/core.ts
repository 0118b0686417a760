import type { Config } from './config'
import type { CommunityDatabase } from './db/client'
import type { Logger } from './observability/logger'
import type { TokenRegistry } from './registry/registry'
import type { Upstreams } from './upstream'

/** What every domain service is built from. */
export interface Core {
  config: Config
  logger: Logger
  upstreams: Upstreams
  registry: TokenRegistry
  /** The community database; null or absent when DATABASE_URL=off. */
  database?: CommunityDatabase | null
  /** The clock (tests move it). Default Date.now. */
  now?: () => number
}
