import { endpoint } from '../../catalogue/types'
import { NEW_POOLS_COVERAGE } from '../../chain/serving'
import { documented, errorDoc } from '../../http/error-catalogue'
import { NEW_POOLS_LIMIT, newPoolsParams, POOLS_INVALID, poolParams, SAMPLE_NEW_POOL, SAMPLE_NEW_TOKEN } from './request'
import { NewPoolsResponse, PoolResponse } from './schemas'

export const NEW_POOLS_CACHE_SECONDS = 20
export const POOL_CACHE_SECONDS = 15

const NO_DATABASE = errorDoc('database_not_configured', 'The deployment runs with DATABASE_URL=off: nothing is recorded', { consequence: 'no pools are recorded from the chain' })
const SAMPLE_AS_OF = { blockHeight: 12_345_678, blockHash: 'aa'.repeat(32), time: 1764547200 }
const SAMPLE_CREATED = { blockHeight: 12_345_670, blockHash: 'cc'.repeat(32), time: 1764547040, txHash: 'dd'.repeat(32) }
const SAMPLE_TOKEN = { unit: SAMPLE_NEW_TOKEN, ticker: 'NEWT', name: 'Newt', decimals: 6, decimalsSource: 'chain-registry' }

export const newPoolsDoc = endpoint({
  operationId: 'getNewPools',
  method: 'GET',
  path: '/pools/new',
  tag: 'Pools',
  summary: 'New ADA pools of any token on the followed DEXes, newest first',
  description:
    'Pools the chain follower saw created: the constant-product pools of any token against ADA on Minswap V1 and V2, ' +
    'SundaeSwap V1 and V3, WingRiders V1 and V2 and Splash, newest first, with the token (ticker, name and decimals when ' +
    'the curated list or the chain API knows them: `decimalsSource`), the initial tradeable reserves (lovelace and the ' +
    'token\'s base units), the initial price (ADA per whole token; per base unit when the decimals are unknown) and the ' +
    'creating block and transaction. An addition to the contract: no keyless API lists new Cardano pools. The same rows ' +
    'arrive live on the stream topic `pools:new`. `asOf` names the last block read. No upstream call: read from the ' +
    "service's own records (docs/guide/chain-trades.md).",
  params: newPoolsParams,
  cacheSeconds: NEW_POOLS_CACHE_SECONDS,
  cacheNote: 'per limit, dex and before',
  examples: ['/pools/new', '/pools/new?limit=20&dex=minswap-v2'],
  errors: [
    documented(POOLS_INVALID.limit(), `limit is not an integer from ${NEW_POOLS_LIMIT.min} to ${NEW_POOLS_LIMIT.max}`),
    documented(POOLS_INVALID.dex(), 'dex is not one of the followed DEXes'),
    documented(POOLS_INVALID.before(), 'before is not Unix seconds'),
    NO_DATABASE,
  ],
  coverage: NEW_POOLS_COVERAGE,
  response: NewPoolsResponse,
  responseExample: {
    coverage: NEW_POOLS_COVERAGE,
    asOf: SAMPLE_AS_OF,
    count: 1,
    pools: [
      {
        poolId: SAMPLE_NEW_POOL,
        dexId: 'minswap-v2',
        name: 'NEWT / ADA',
        token: SAMPLE_TOKEN,
        initialReserves: { ada: '50000000000', token: '200000000000' },
        initialPrice: 0.25,
        created: SAMPLE_CREATED,
      },
    ],
  },
})

export const poolDoc = endpoint({
  operationId: 'getPool',
  method: 'GET',
  path: '/pools/{poolId}',
  tag: 'Pools',
  summary: 'One followed pool’s state, from the chain',
  description:
    'The latest state the chain follower read of one ADA pool: tradeable reserves, price (ADA per whole token; per base ' +
    'unit when the decimals are unknown, as `token.decimalsSource` says), LP tokens in circulation, trading fee and where ' +
    'the state was read (block and transaction), with its creation when the follower read it. Any pool of /pools/new, of ' +
    "a token's chainPools or of its trades. No upstream call.",
  params: poolParams,
  cacheSeconds: POOL_CACHE_SECONDS,
  cacheNote: 'per pool',
  examples: [`/pools/${SAMPLE_NEW_POOL}`],
  errors: [
    documented(POOLS_INVALID.poolId(), 'the pool id is not hex'),
    errorDoc('chain_pool_not_found', 'The chain follower has not recorded this pool', { poolId: 'cd'.repeat(32) }),
    NO_DATABASE,
  ],
  response: PoolResponse,
  responseExample: {
    poolId: SAMPLE_NEW_POOL,
    dexId: 'minswap-v2',
    name: 'NEWT / ADA',
    token: SAMPLE_TOKEN,
    reserves: { ada: '51000000000', token: '196000000000' },
    priceAda: 0.2602,
    lpSupply: '100000000000',
    feeBps: { adaIn: 30, tokenIn: 30 },
    lastUpdate: { blockHeight: 12_345_677, time: 1764547180, txHash: 'bb'.repeat(32) },
    created: SAMPLE_CREATED,
    asOf: SAMPLE_AS_OF,
  },
})

export const poolDocs = [newPoolsDoc, poolDoc]
