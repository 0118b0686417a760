import { createApp } from './app'
import type { Config } from './config'
import { buildDeps, type AppDeps } from './deps'
import { jsonError } from './http/error-handler'
import { ApiError } from './http/errors'
import { historyScheduler } from './modules/history/core-refresh'

export interface RunningServer {
  url: string
  deps: AppDeps
  /** Stop accepting, let in-flight requests finish, close the database and flush the log. */
  stop(): Promise<void>
}

/** Build the app from a configuration and listen. Used by src/index.ts, the demo and process-level tests. */
export async function startServer(config: Config): Promise<RunningServer> {
  const deps = await buildDeps(config)
  const app = createApp(deps).listen({
    port: config.port,
    hostname: config.host,
    // Never Bun's HTML development page: if the app's own error handler fails, the answer is still the JSON 500.
    development: false,
    error(error: Error) {
      deps.logger.error({ err: error }, 'error outside the app error handler')
      return jsonError(new ApiError(500, 'Internal error', 'Something failed on our side. Retry later.'))
    },
  } as Parameters<ReturnType<typeof createApp>['listen']>[0])
  const server = app.server!
  const url = `http://${server.hostname}:${server.port}`
  deps.logger.info({ url, database: config.databaseUrl ?? 'off' }, 'listening')
  // The core refresh on its own schedule, recording the market history (nothing to record without a database).
  const { tokens, adaMarket, historyRecorder } = deps.services
  const history = historyRecorder === null ? null : historyScheduler({ tokens, adaMarket, recorder: historyRecorder, logger: deps.logger })
  history?.start()
  let stopped: Promise<void> | null = null
  return {
    url,
    deps,
    stop() {
      stopped ??= (async () => {
        await history?.stop()
        await server.stop(false)
        await deps.database?.close()
        deps.logger.info({}, 'stopped')
        deps.logger.flush()
      })()
      return stopped
    },
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
