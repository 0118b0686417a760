import { ConfigError, loadConfig, type Config } from './config'
import { startServer, stopOnSignals } from './server'

/** Start the service from the environment; a bad setting stops it with one line naming the variable. */
let config: Config
try {
  config = loadConfig()
} catch (error) {
  if (!(error instanceof ConfigError)) throw error
  console.error(`config error: ${error.message}`)
  process.exit(1)
}
stopOnSignals(await startServer(config))
