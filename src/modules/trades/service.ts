/**
 * Trades of a token from the chain follower's records (src/chain/): every token with a followed pool, newest
 * first, each priced per whole token with the token's decimals (the registry's, else what the chain API told:
 * `decimalsSource`; per base unit when unknown) and in USD with ADA's USD price of its time (the market provider's
 * series; null when unknown). Shared by the REST route, the MCP tool and the live stream.
 */
import { ChainStore } from '../../chain/store'
import { asOf, chainPoolRef, tradesCoverage } from '../../chain/serving'
import { TokenIdentities } from '../../chain/identities'
import { retentionHorizon } from '../../chain/retention'
import { pricePerToken, shownTicker, type TokenIdentity } from '../../chain/token-identity'
import type { ServiceDeps } from '../../core'
import { apiError } from '../../http/error-catalogue'
import type { ChainPoolRow, PoolUpdateRow } from '../../db/schema'
import type { Fetched } from '../../upstream/fetched'
import { adaUsdAt } from './ada-usd'
import type { TradesRequest } from './request'
import type { TradeBody, TradesBody } from './schemas'

export type TradesServiceDeps = ServiceDeps<'config' | 'upstreams' | 'registry' | 'database'>

export class TradesService {
  private readonly store: ChainStore | null
  private readonly identities: TokenIdentities

  constructor(private readonly deps: TradesServiceDeps) {
    this.store = deps.database === null ? null : new ChainStore(deps.database)
    this.identities = new TokenIdentities(deps.registry, deps.database)
  }

  async trades(request: TradesRequest): Promise<Fetched<TradesBody>> {
    if (this.store === null) throw apiError('database_not_configured', { consequence: 'no trades are recorded from the chain' })
    const pools = await this.store.pools(request.unit)
    // A curated token is always looked for (none seen yet: an empty answer); any other is followed once a pool is.
    if (pools.length === 0 && this.deps.registry.get(request.unit) === undefined) throw apiError('token_not_followed', { unit: request.unit })
    if (request.pool !== null && !pools.some((p) => p.poolId === request.pool)) {
      throw apiError('pool_not_followed', { unit: request.unit, pool: request.pool })
    }
    const [rows, cursor, identity] = await Promise.all([
      this.store.swaps(request.unit, request.pool, request.before, request.limit),
      this.store.cursor(),
      this.identities.of(request.unit),
    ])
    const { trades, stale } = await this.shown(identity, rows, pools)
    const { retentionDays } = this.deps.config.chain
    return {
      data: {
        asset: request.unit,
        coverage: tradesCoverage(shownTicker(identity), pools.map((p) => p.dex)),
        asOf: asOf(cursor),
        retention: { days: retentionDays, horizon: retentionHorizon(this.deps.now(), retentionDays) },
        count: trades.length,
        trades,
      },
      stale,
    }
  }

  /**
   * The newest trades of a token as the REST answer gives them (up to `limit`); none for a unit without a followed
   * pool or without a database. The live stream's trades:<unit> snapshot.
   */
  async recent(unit: string, limit: number): Promise<TradeBody[]> {
    if (this.store === null) return []
    const [rows, pools, identity] = await Promise.all([this.store.swaps(unit, null, null, limit), this.store.pools(unit), this.identities.of(unit)])
    return (await this.shown(identity, rows, pools)).trades
  }

  /** Swaps the chain follower just recorded for one token, as the REST answer shows them (the live stream's events). */
  async live(unit: string, rows: readonly PoolUpdateRow[]): Promise<TradeBody[]> {
    if (this.store === null) return []
    const [pools, identity] = await Promise.all([this.store.pools(unit), this.identities.of(unit)])
    return (await this.shown(identity, rows, pools)).trades
  }

  /**
   * Stored swaps → public trades, newest first (chain order, as the store reads them), each priced in USD at its
   * time. A batch whose orders netted out has no side: not a trade.
   */
  private async shown(identity: TokenIdentity, rows: readonly PoolUpdateRow[], pools: readonly ChainPoolRow[]): Promise<{ trades: TradeBody[]; stale: boolean }> {
    const swaps = rows.filter((r) => r.kind === 'swap' && r.side !== null).sort(newestFirst)
    const dexOf = new Map(pools.map((p) => [p.poolId, p.dex]))
    const usd = await adaUsdAt(this.deps.upstreams.coingecko, swaps.map((r) => r.blockTime), this.deps.now())
    const ticker = shownTicker(identity)
    const trades = swaps.map((r) => {
      const priceQuote = pricePerToken(r.adaPerUnit, identity.decimals)
      return {
        txHash: r.txHash,
        time: r.blockTime,
        blockHeight: r.blockHeight,
        pool: chainPoolRef({ poolId: r.poolId, dex: dexOf.get(r.poolId) ?? 'unknown' }, ticker),
        side: r.side === 'buy' ? ('buy' as const) : ('sell' as const),
        amountToken: r.amountToken ?? '0',
        amountQuote: r.amountAda ?? '0',
        quoteSymbol: 'ADA' as const,
        priceQuote,
        priceUsd: priceQuote === null ? null : mul(priceQuote, usd.at(r.blockTime)),
        decimalsSource: identity.decimalsSource,
        source: 'chain' as const,
      }
    })
    return { trades, stale: usd.stale }
  }
}

/** The store's order: block time and height, index in the block, tx hash, all descending. */
const newestFirst = (a: PoolUpdateRow, b: PoolUpdateRow) =>
  b.blockTime - a.blockTime || b.blockHeight - a.blockHeight || b.blockIndex - a.blockIndex || (b.txHash < a.txHash ? -1 : b.txHash > a.txHash ? 1 : 0)

const mul = (a: number, b: number | null) => (b === null ? null : a * b)
