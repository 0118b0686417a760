/**
 * Trades of a curated token from the chain follower's records (src/chain/): newest first, each priced in USD
 * with ADA's USD price of its time (the market provider's series; null when unknown). Shared by the REST route
 * and the MCP tool.
 */
import { ChainStore } from '../../chain/store'
import { asOf, chainPoolRef, tradesCoverage } from '../../chain/serving'
import type { ServiceDeps } from '../../core'
import { apiError } from '../../http/error-catalogue'
import type { ChainPoolRow, PoolUpdateRow } from '../../db/schema'
import type { Fetched } from '../../upstream/fetched'
import { adaUsdAt } from './ada-usd'
import type { TradesRequest } from './request'
import type { TradeBody, TradesBody } from './schemas'

export type TradesServiceDeps = ServiceDeps<'upstreams' | 'registry' | 'database'>

export class TradesService {
  private readonly store: ChainStore | null

  constructor(private readonly deps: TradesServiceDeps) {
    this.store = deps.database === null ? null : new ChainStore(deps.database)
  }

  async trades(request: TradesRequest): Promise<Fetched<TradesBody>> {
    const token = this.deps.registry.get(request.unit)
    if (token === undefined) throw apiError('token_not_followed', { unit: request.unit })
    if (this.store === null) throw apiError('database_not_configured', { consequence: 'no trades are recorded from the chain' })
    const pools = await this.store.pools(request.unit)
    if (request.pool !== null && !pools.some((p) => p.poolId === request.pool)) {
      throw apiError('pool_not_followed', { unit: request.unit, pool: request.pool })
    }
    const [rows, cursor] = await Promise.all([this.store.swaps(request.unit, request.pool, request.before, request.limit), this.store.cursor()])
    const { trades, stale } = await this.shown(token.ticker, rows, pools)
    return {
      data: {
        asset: request.unit,
        coverage: tradesCoverage(token.ticker, pools.map((p) => p.dex)),
        asOf: asOf(cursor),
        count: trades.length,
        trades,
      },
      stale,
    }
  }

  /**
   * The newest trades of a token as the REST answer gives them (up to `limit`); none for a unit that is not
   * curated or without a database. The live stream's trades:<unit> snapshot.
   */
  async recent(unit: string, limit: number): Promise<TradeBody[]> {
    const token = this.deps.registry.get(unit)
    if (token === undefined || this.store === null) return []
    const [rows, pools] = await Promise.all([this.store.swaps(unit, null, null, limit), this.store.pools(unit)])
    return (await this.shown(token.ticker, rows, pools)).trades
  }

  /** Swaps the chain follower just recorded for one token, as the REST answer shows them (the live stream's events). */
  async live(unit: string, rows: readonly PoolUpdateRow[]): Promise<TradeBody[]> {
    const token = this.deps.registry.get(unit)
    if (token === undefined || this.store === null) return []
    return (await this.shown(token.ticker, rows, await this.store.pools(unit))).trades
  }

  /**
   * Stored swaps → public trades, newest first (chain order, as the store reads them), each priced in USD at its
   * time. A batch whose orders netted out has no side: not a trade.
   */
  private async shown(ticker: string, rows: readonly PoolUpdateRow[], pools: readonly ChainPoolRow[]): Promise<{ trades: TradeBody[]; stale: boolean }> {
    const swaps = rows.filter((r) => r.kind === 'swap' && r.side !== null).sort(newestFirst)
    const dexOf = new Map(pools.map((p) => [p.poolId, p.dex]))
    const usd = await adaUsdAt(this.deps.upstreams.coingecko, swaps.map((r) => r.blockTime), this.deps.now())
    const trades = swaps.map((r) => ({
      txHash: r.txHash,
      time: r.blockTime,
      blockHeight: r.blockHeight,
      pool: chainPoolRef({ poolId: r.poolId, dex: dexOf.get(r.poolId) ?? 'unknown' }, ticker),
      side: r.side === 'buy' ? ('buy' as const) : ('sell' as const),
      amountToken: r.amountToken ?? '0',
      amountQuote: r.amountAda ?? '0',
      quoteSymbol: 'ADA' as const,
      priceQuote: r.priceAda,
      priceUsd: r.priceAda === null ? null : mul(r.priceAda, usd.at(r.blockTime)),
      source: 'chain' as const,
    }))
    return { trades, stale: usd.stale }
  }
}

/** The store's order: block height, index in the block, tx hash, all descending. */
const newestFirst = (a: PoolUpdateRow, b: PoolUpdateRow) =>
  b.blockHeight - a.blockHeight || b.blockIndex - a.blockIndex || (b.txHash < a.txHash ? -1 : b.txHash > a.txHash ? 1 : 0)

const mul = (a: number, b: number | null) => (b === null ? null : a * b)
