import { ConfigError, loadConfig, type Config } from './config'
import { warnWithoutPublicBaseUrl } from './http/base-url'
import { buildDocsWhenMissing } from './modules/docs-site/build-on-start'
import { startOrExit, stopOnSignals } from './server'
import { warnWhenOffline } from './upstream/reachability'

/**
 * Start the service from the environment; a bad setting stops it with one line naming the variable. On a first
 * run it also builds the docs site when missing and says so when no upstream can be reached, and a service others
 * can reach without PUBLIC_BASE_URL says to set it.
 */
let config: Config
try {
  config = loadConfig()
} catch (error) {
  if (!(error instanceof ConfigError)) throw error
  console.error(`config error: ${error.message}`)
  process.exit(1)
}
const server = await startOrExit(config)
stopOnSignals(server)
warnWithoutPublicBaseUrl(config, server.deps.logger)
void warnWhenOffline(config, server.deps.logger)
void buildDocsWhenMissing(server.deps.logger)
