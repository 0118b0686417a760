/** The service as its own process, configured from the environment the benchmark gives it. */
import { loadConfig } from '../../src/config'
import { startServer } from '../../src/server'

const server = await startServer(loadConfig())
console.error(`READY ${new URL(server.url).port}`)
process.on('SIGTERM', () => void server.stop().then(() => process.exit(0)))
