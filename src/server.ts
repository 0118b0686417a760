import { createApp } from './app'
import type { Config } from './config'
import { buildDeps, type AppDeps } from './deps'
import { jsonError } from './http/error-handler'
import { apiError } from './http/error-catalogue'
import { explorerAssets } from './explorer/assets'
import { historyScheduler } from './modules/history/core-refresh'
import { coreRefreshMs } from './modules/history/schedule'

/** A start that cannot proceed; src/index.ts prints the message as one line and exits 1. */
export class StartError extends Error {
  override name = 'StartError'
}

export interface RunningServer {
  url: string
  deps: AppDeps
  /** Stop accepting, let in-flight requests finish, close the database and flush the log. */
  stop(): Promise<void>
}

/** Build the app from a configuration and listen. Used by src/index.ts, the demo and process-level tests. */
export async function startServer(config: Config): Promise<RunningServer> {
  const deps = await buildDeps(config)
  // The explorer's bundle, built before listening (tens of ms) so that no first request competes with it. A
  // failure leaves the API serving; the pages retry the build on their first view.
  await explorerAssets().catch((err: unknown) => deps.logger.error({ err }, 'the explorer bundle did not build'))
  let app: ReturnType<typeof createApp>
  try {
    app = createApp(deps).listen({
      port: config.port,
      hostname: config.host,
      // Never Bun's HTML development page: if the app's own error handler fails, the answer is still the JSON 500.
      development: false,
      // Elysia asks for SO_REUSEPORT: a second process on the same port would then share it and split requests.
      reusePort: false,
      // Bun answers a Content-Length over this with a bare 413 (no JSON, no CORS): lifted, so that the app's own
      // bound answers instead (observe.ts, MAX_REQUEST_BODY_BYTES); every route bounds its own body reads.
      maxRequestBodySize: Number.MAX_SAFE_INTEGER,
      error(error: Error) {
        deps.logger.error({ err: error }, 'error outside the app error handler')
        return jsonError(apiError('internal_error'))
      },
    } as Parameters<ReturnType<typeof createApp>['listen']>[0])
  } catch (error) {
    await deps.database?.close()
    deps.logger.flush()
    if ((error as { code?: string }).code !== 'EADDRINUSE') throw error
    throw new StartError(`port ${config.port} on ${config.host} is already in use (another process listens there): stop it or set PORT`)
  }
  const server = app.server!
  const url = `http://${server.hostname}:${server.port}`
  deps.logger.info({ url, database: config.databaseUrl ?? 'off' }, 'listening')
  // The core refresh on its own schedule, recording the market history (nothing to record without a database).
  const { tokens, adaMarket, historyRecorder } = deps.services
  const history = historyRecorder === null ? null : historyScheduler(
          { tokens, adaMarket, recorder: historyRecorder, logger: deps.logger },
          { refreshMs: coreRefreshMs(deps.upstreams.plan) },
        )
  history?.start()
  deps.chain?.runner.start()
  let stopped: Promise<void> | null = null
  return {
    url,
    deps,
    stop() {
      stopped ??= (async () => {
        await history?.stop()
        // Open streams would keep the server from stopping.
        deps.stream.close()
        await deps.chain?.runner.stop()
        await server.stop(false)
        await deps.database?.close()
        deps.cluster?.close()
        deps.logger.info({}, 'stopped')
        deps.logger.flush()
      })()
      return stopped
    },
  }
}

/**
 * startServer for a command line (src/index.ts, the demo): a start that cannot proceed (the port is taken)
 * prints its one clear line and exits 1, with no stack trace after it.
 */
export async function startOrExit(config: Config): Promise<RunningServer> {
  try {
    return await startServer(config)
  } catch (error) {
    if (!(error instanceof StartError)) throw error
    console.error(`start error: ${error.message}`)
    process.exit(1)
  }
}

/** Stop cleanly on SIGTERM/SIGINT. */
export function stopOnSignals(server: RunningServer): void {
  const stop = (signal: string) => {
    server.deps.logger.info({ signal }, 'stopping: finishing in-flight requests')
    void server.stop().then(() => process.exit(0))
  }
  process.on('SIGTERM', () => stop('SIGTERM'))
  process.on('SIGINT', () => stop('SIGINT'))
}
