/**
 * One service process for the multi-process tests: configuration from the environment, started with
 * startServer, announcing `READY <url>` on stdout and stopping cleanly on SIGTERM.
 */
import { loadConfig } from '../../src/config'
import { startServer } from '../../src/server'

const server = await startServer(loadConfig(process.env))
process.stdout.write(`READY ${server.url}\n`)
process.on('SIGTERM', () => void server.stop().then(() => process.exit(0)))
