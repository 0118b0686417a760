import type { Core } from './core'
import { CommunityService } from './modules/community/service'
import { AdaMarketService } from './modules/ada-market/service'
import { WalletService } from './modules/wallet/service'
import { TokenService } from './modules/tokens/service'
import { createChartService, type ChartService } from './modules/charts/service'
import { createLogoService, type LogoService } from './modules/logos/service'
import { HistoryRecorder } from './modules/history/recorder'
import { HistoryService } from './modules/history/service'

/**
 * The domain services, built once and shared by the REST routes and the MCP tools (so both read the same
 * caches). Each module adds its service here.
 */
export interface Services {
  wallet: WalletService
  adaMarket: AdaMarketService
  community: CommunityService
  tokens: TokenService
  charts: ChartService
  logos: LogoService
  history: HistoryService
  /** Writes what the core refresh read into the history; null when DATABASE_URL=off. */
  historyRecorder: HistoryRecorder | null
}

export function createServices(core: Core): Services {
  return {
    wallet: new WalletService({ config: core.config, upstreams: core.upstreams, registry: core.registry }),
    adaMarket: new AdaMarketService(core.upstreams.coingecko),
    community: new CommunityService({ database: core.database ?? null, logger: core.logger, now: core.now }),
    tokens: new TokenService(core),
    charts: createChartService(core),
    logos: createLogoService(core),
    history: new HistoryService({ database: core.database ?? null, registry: core.registry, now: core.now }),
    historyRecorder: core.database ? new HistoryRecorder({ database: core.database, logger: core.logger, now: core.now ?? Date.now }) : null,
  }
}
