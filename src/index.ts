import { ConfigError, loadConfig, type Config } from './config'
import { StartError, startServer, stopOnSignals } from './server'

/** Start the service from the environment; a bad setting stops it with one line naming the variable. */
let config: Config
try {
  config = loadConfig()
} catch (error) {
  if (!(error instanceof ConfigError)) throw error
  console.error(`config error: ${error.message}`)
  process.exit(1)
}
try {
  stopOnSignals(await startServer(config))
} catch (error) {
  if (!(error instanceof StartError)) throw error
  console.error(`start error: ${error.message}`)
  process.exit(1)
}
