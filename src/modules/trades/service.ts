/**
 * Trades of a curated token from the chain follower's records (src/chain/): newest first, each priced in USD
 * with ADA's USD price of its time (the market provider's series; null when unknown). Shared by the REST route
 * and the MCP tool.
 */
import { ChainStore } from '../../chain/store'
import { asOf, chainPoolRef, tradesCoverage } from '../../chain/serving'
import type { ServiceDeps } from '../../core'
import { apiError } from '../../http/error-catalogue'
import type { Fetched } from '../../upstream/fetched'
import { adaUsdAt } from './ada-usd'
import type { TradesRequest } from './request'
import type { TradesBody } from './schemas'

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
    const dexOf = new Map(pools.map((p) => [p.poolId, p.dex]))
    const usd = await adaUsdAt(this.deps.upstreams.coingecko, rows.map((r) => r.blockTime), this.deps.now())
    const trades = rows.map((r) => ({
      txHash: r.txHash,
      time: r.blockTime,
      blockHeight: r.blockHeight,
      pool: chainPoolRef({ poolId: r.poolId, dex: dexOf.get(r.poolId) ?? 'unknown' }, token.ticker),
      side: r.side === 'buy' ? ('buy' as const) : ('sell' as const),
      amountToken: r.amountToken ?? '0',
      amountQuote: r.amountAda ?? '0',
      quoteSymbol: 'ADA' as const,
      priceQuote: r.priceAda,
      priceUsd: r.priceAda === null ? null : mul(r.priceAda, usd.at(r.blockTime)),
      source: 'chain' as const,
    }))
    return {
      data: {
        asset: request.unit,
        coverage: tradesCoverage(token.ticker, pools.map((p) => p.dex)),
        asOf: asOf(cursor),
        count: trades.length,
        trades,
      },
      stale: usd.stale,
    }
  }
}

const mul = (a: number, b: number | null) => (b === null ? null : a * b)
