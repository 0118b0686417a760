/**
 * The service as its own process (tests and benchmarks): configuration from the environment, started with
 * startServer, announcing `READY <url>` on stderr (stdout carries the request log), stopping cleanly on SIGTERM.
 */
import { loadConfig } from '../../src/config'
import { startServer } from '../../src/server'

const server = await startServer(loadConfig(process.env))
process.stderr.write(`READY ${server.url}\n`)
process.on('SIGTERM', () => void server.stop().then(() => process.exit(0)))
