/**
 * New pools and one pool's state, from the chain follower's records (src/chain/): every ADA pool it recognised,
 * its creation when it read the creating transaction, its latest state. Prices per whole token with the token's
 * decimals (per base unit when unknown, as `decimalsSource` says). No upstream call. Shared by the REST routes,
 * the MCP tools and the live stream (pools:new).
 */
import { TokenIdentities } from '../../chain/identities'
import { ADA_DECIMALS, priceOf } from '../../chain/pool-update'
import { asOf, NEW_POOLS_COVERAGE } from '../../chain/serving'
import { ChainStore } from '../../chain/store'
import { shownTicker, type TokenIdentity } from '../../chain/token-identity'
import type { ServiceDeps } from '../../core'
import type { ChainPoolRow } from '../../db/schema'
import { apiError } from '../../http/error-catalogue'
import type { Fetched } from '../../upstream/fetched'
import type { NewPoolsRequest } from './request'
import type { NewPoolBody, NewPoolsBody, PoolBody } from './schemas'

export type PoolsServiceDeps = ServiceDeps<'registry' | 'database'>

const NO_DATABASE = { consequence: 'no pools are recorded from the chain' }

const price = (ada: string, token: string, identity: TokenIdentity) => priceOf(BigInt(token), BigInt(ada), identity.decimals ?? 0, ADA_DECIMALS)

/** What both answers say first of a pool: its id, DEX, pair label and token. */
const poolHead = (pool: ChainPoolRow, identity: TokenIdentity) => ({
  poolId: pool.poolId,
  dexId: pool.dex,
  name: `${shownTicker(identity)} / ADA`,
  token: { unit: identity.unit, ticker: identity.ticker, name: identity.name, decimals: identity.decimals, decimalsSource: identity.decimalsSource },
})

export class PoolsService {
  private readonly store: ChainStore | null
  private readonly identities: TokenIdentities

  constructor(deps: PoolsServiceDeps) {
    this.store = deps.database === null ? null : new ChainStore(deps.database)
    this.identities = new TokenIdentities(deps.registry, deps.database)
  }

  async newPools(request: NewPoolsRequest): Promise<Fetched<NewPoolsBody>> {
    const store = this.requireStore()
    const [pools, cursor] = await Promise.all([store.newPools(request.limit, request.dex, request.before), store.cursor()])
    const rows = await this.newPoolRows(pools)
    return { data: { coverage: NEW_POOLS_COVERAGE, asOf: asOf(cursor), count: rows.length, pools: rows }, stale: false }
  }

  async pool(poolId: string): Promise<Fetched<PoolBody>> {
    const store = this.requireStore()
    const [pool, cursor] = await Promise.all([store.pool(poolId), store.cursor()])
    if (pool === null) throw apiError('chain_pool_not_found', { poolId })
    const identity = await this.identities.of(pool.tokenUnit)
    return {
      data: {
        ...poolHead(pool, identity),
        reserves: { ada: pool.reserveAda, token: pool.reserveToken },
        priceAda: price(pool.reserveAda, pool.reserveToken, identity),
        lpSupply: pool.lpSupply,
        feeBps: { adaIn: pool.feeBpsAdaIn, tokenIn: pool.feeBpsTokenIn },
        lastUpdate: { blockHeight: pool.lastHeight, time: pool.lastTime, txHash: pool.lastTxHash },
        created: creation(pool),
        asOf: asOf(cursor),
      },
      stale: false,
    }
  }

  /** Created pools as /pools/new lists them (the pools:new stream's events), in the order given. */
  async newPoolRows(pools: readonly ChainPoolRow[]): Promise<NewPoolBody[]> {
    const identities = await this.identities.many(pools.map((p) => p.tokenUnit))
    return pools.flatMap((pool) => {
      const created = creation(pool)
      const identity = identities.get(pool.tokenUnit)!
      if (created === null || pool.initialReserveAda === null || pool.initialReserveToken === null) return []
      return [
        {
          ...poolHead(pool, identity),
          initialReserves: { ada: pool.initialReserveAda, token: pool.initialReserveToken },
          initialPrice: price(pool.initialReserveAda, pool.initialReserveToken, identity),
          created,
        },
      ]
    })
  }

  private requireStore(): ChainStore {
    if (this.store === null) throw apiError('database_not_configured', NO_DATABASE)
    return this.store
  }
}

function creation(pool: ChainPoolRow): NewPoolBody['created'] | null {
  if (pool.createdHeight === null || pool.createdHash === null || pool.createdTxHash === null) return null
  return { blockHeight: pool.createdHeight, blockHash: pool.createdHash, time: pool.createdTime, txHash: pool.createdTxHash }
}
