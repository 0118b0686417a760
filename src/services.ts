import type { Core } from './core'
import { CommunityService } from './modules/community/service'
import { AdaMarketService } from './modules/ada-market/service'
import { WalletService } from './modules/wallet/service'
import { TokenService } from './modules/tokens/service'
import { ChartService } from './modules/charts/service'
import { LogoService } from './modules/logos/service'
import { HistoryRecorder } from './modules/history/recorder'
import { HistoryService } from './modules/history/service'
import { TradesService } from './modules/trades/service'
import { PoolsService } from './modules/pools/service'
import { SafetyService } from './modules/safety/service'
import { PriceService } from './modules/prices/service'
import { ChainTokensService } from './modules/chain-tokens/service'

/**
 * The domain services, built once and shared by the REST routes and the MCP tools (so both read the same
 * caches). Each module adds its service here, built the same way: `new XService(core)`, the service keeping the
 * parts of Core its deps type names (always including the clock).
 */
export interface Services {
  wallet: WalletService
  adaMarket: AdaMarketService
  community: CommunityService
  tokens: TokenService
  charts: ChartService
  logos: LogoService
  history: HistoryService
  /** Trades read from the chain by the follower (src/chain/). */
  trades: TradesService
  /** New pools and pool states read from the chain by the follower. */
  pools: PoolsService
  /** The token safety report: policy, supply and holders from the chain API, liquidity from the follower. */
  safety: SafetyService
  /** Prices of many tokens, and of one at a moment, from the figures the others keep. */
  prices: PriceService
  /** Every followed token's figures from the chain records (/chain/tokens, a detail's `chain`). */
  chainTokens: ChainTokensService
  /** Writes what the core refresh read into the history; null when DATABASE_URL=off. */
  historyRecorder: HistoryRecorder | null
}

export function createServices(core: Core): Services {
  const tokens = new TokenService(core)
  const charts = new ChartService(core)
  const chainTokens = new ChainTokensService(core)
  return {
    wallet: new WalletService(core),
    adaMarket: new AdaMarketService(core),
    community: new CommunityService(core),
    tokens,
    charts,
    logos: new LogoService(core),
    history: new HistoryService(core),
    trades: new TradesService(core),
    pools: new PoolsService(core),
    safety: new SafetyService(core),
    // Read from the screener's kept build, the chain figures and the chart's pool choice: the instances the routes use.
    prices: new PriceService(core, { tokens, charts, chainTokens }),
    chainTokens,
    historyRecorder: core.database ? new HistoryRecorder({ ...core, database: core.database }) : null,
  }
}
