import { Elysia } from 'elysia'
import { API_PREFIX } from './paths'
import type { AppDeps } from './deps'
import { shellSettings } from './explorer/html'
import { explorerRoutes } from './explorer/routes'
import { errorHandler, routeTable, type RouteTable } from './http/error-handler'
import { observe } from './http/observe'
import { mcpRoutes } from './mcp/routes'
import { adaMarketRoutes } from './modules/ada-market/routes'
import { chartRoutes } from './modules/charts/routes'
import { docsSiteRoutes } from './modules/docs-site/routes'
import { communityRoutes } from './modules/community/routes'
import { llmsRoutes } from './modules/llms/routes'
import { historyRoutes } from './modules/history/routes'
import { tradesRoutes } from './modules/trades/routes'
import { poolRoutes } from './modules/pools/routes'
import { safetyRoutes } from './modules/safety/routes'
import { priceRoutes } from './modules/prices/routes'
import { logoRoutes } from './modules/logos/routes'
import { metaRoutes } from './modules/meta/routes'
import { openapiRoutes } from './modules/openapi/routes'
import { opsRoutes } from './modules/ops/routes'
import { rootRoutes } from './modules/root/routes'
import { streamRoutes } from './modules/stream/routes'
import { tokenRoutes } from './modules/tokens/routes'
import { walletRoutes } from './modules/wallet/routes'
import { chainTipRoutes } from './modules/chain-tip/routes'
import { chainTokensRoutes } from './modules/chain-tokens/routes'

/**
 * The whole service as one Elysia app, from its dependencies. src/index.ts listens with it; tests call
 * `app.handle(request)` or listen on port 0.
 */
export function createApp(deps: AppDeps) {
  // Built from the app's own routes; rebuilt if routes are added after composition (tests mount probes).
  let routes: RouteTable = routeTable([])
  let routeCount = -1
  const currentRoutes = () => {
    if (app.routes.length !== routeCount) {
      routeCount = app.routes.length
      routes = routeTable(app.routes)
    }
    return routes
  }
  // Cached routes (http/cached-route.ts): the front cache in the observe wrapper answers a repeated GET of
  // them before routing, so no Elysia hook (onRequest, derive, beforeHandle, onAfterResponse…) runs for such a
  // hit. Never rely on a hook for a cached route; per-request work goes in observe() or in the handler.
  // Socket peers are read from the server once it listens (the forwarded client is believed only from trusted peers).
  deps.clients.readPeersFrom(() => app.server)
  const client = (request: Request): string => deps.clients.address(request)
  /** Whom a per-client limit counts a request against (http/client-key.ts: an IPv6 client by its /64). */
  const limitKey = (request: Request): string => deps.clients.key(request)
  const api = new Elysia({ name: 'api-v1', prefix: API_PREFIX })
    .use(metaRoutes({ responses: deps.responses }))
    .use(openapiRoutes({ responses: deps.responses }))
    .use(tokenRoutes({ responses: deps.responses, tokens: deps.services.tokens }))
    .use(chartRoutes({ responses: deps.responses, charts: deps.services.charts }))
    .use(tradesRoutes({ responses: deps.responses, trades: deps.services.trades }))
    .use(poolRoutes({ responses: deps.responses, pools: deps.services.pools }))
    .use(safetyRoutes({ responses: deps.responses, safety: deps.services.safety }))
    .use(priceRoutes({ responses: deps.responses, prices: deps.services.prices }))
    .use(logoRoutes({ responses: deps.responses, logos: deps.services.logos }))
    .use(walletRoutes({ responses: deps.responses, wallet: deps.services.wallet }))
    .use(adaMarketRoutes({ responses: deps.responses, adaMarket: deps.services.adaMarket }))
    .use(
      communityRoutes({
        responses: deps.responses,
        community: deps.services.community,
        writes: deps.cluster?.writes,
        windows: deps.windows,
        client: limitKey,
        writesPerClientPerHour: deps.config.community.writesPerClientPerHour,
      }),
    )
    .use(historyRoutes({ responses: deps.responses, history: deps.services.history }))
    .use(chainTipRoutes({ responses: deps.responses, koios: deps.upstreams.koios, position: deps.chain?.position ?? null }))
    .use(chainTokensRoutes({ responses: deps.responses, chainTokens: deps.services.chainTokens }))
    .use(streamRoutes({ hub: deps.stream, client: limitKey, origin: deps.origin }))

  const app = new Elysia()
    .wrap(observe({
        logger: deps.logger,
        metrics: deps.metrics,
        routes: currentRoutes,
        front: (request, requestId, routeOf) => deps.responses.answerFromFront(request, requestId, routeOf),
        client,
      }) as never)
    .use(errorHandler({ logger: deps.logger, routes: currentRoutes }))
    .use(opsRoutes(deps))
    .use(llmsRoutes({ responses: deps.responses }))
    .use(api)
    .use(
      mcpRoutes({
        ...deps,
        callsPerClientPerMinute: deps.config.mcp.callsPerClientPerMinute,
        limitKey,
        internal: (request: Request): Promise<Response> => app.handle(request),
      }),
    )
    .use(docsSiteRoutes())
    .use(rootRoutes(shellSettings(deps.config)))
    .use(explorerRoutes(shellSettings(deps.config)))

  return app
}
