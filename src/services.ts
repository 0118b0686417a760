import type { Config } from './config'
import type { Logger } from './observability/logger'
import type { TokenRegistry } from './registry/registry'
import type { Upstreams } from './upstream'

/** What every domain service is built from. */
export interface Core {
  config: Config
  logger: Logger
  upstreams: Upstreams
  registry: TokenRegistry
}

/**
 * The domain services, built once and shared by the REST routes and the MCP tools (so both read the same
 * caches). Each module adds its service here.
 */
export interface Services {}

export function createServices(_core: Core): Services {
  return {}
}
