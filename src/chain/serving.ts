/** How the chain's recorded pools and freshness are named in answers (pure; shared by /trades and /ohlcv). */
import type { ChainPoolRow } from '../db/schema'
import type { Cursor } from './store'

export const chainPoolRef = (pool: Pick<ChainPoolRow, 'poolId' | 'dex'>, ticker: string) => ({
  address: pool.poolId,
  dexId: pool.dex,
  name: `${ticker} / ADA`,
})

export const asOf = (cursor: Cursor | null) =>
  cursor === null ? null : { blockHeight: cursor.height, blockHash: cursor.hash, time: cursor.time }

export function tradesCoverage(ticker: string, dexes: readonly string[]): string {
  const where = dexes.length === 0 ? 'no followed pool seen yet' : `followed pools on ${[...new Set(dexes)].sort().join(', ')}`
  return (
    `Swaps of ${ticker} against ADA read by this service from the chain (${where}): one trade per pool per ` +
    'transaction, the net change of the pool’s tradeable reserves (orders netted inside a batch); deposits and ' +
    'withdrawals are not trades. Not chain-wide: other DEXes and token/token pools are not followed.'
  )
}

/** The followed DEXes in words (the chain figures' coverage and the guides). */
export const FOLLOWED_DEXES_TEXT = 'Minswap V1 and V2, SundaeSwap V1 and V3, WingRiders V1 and V2 and Splash'

export const NEW_POOLS_COVERAGE =
  `Constant-product pools of any token against ADA on ${FOLLOWED_DEXES_TEXT}, whose creating transaction the chain ` +
  'follower read (since its first start and its backfill). Not chain-wide: other DEXes, stableswap and weighted ' +
  'pools and token/token pools are not followed; a pool created in a block that a rollback removed is dropped with it.'

export function chainChartCoverage(ticker: string, dex: string): string {
  return (
    `Candles of one pool (${ticker} / ADA on ${dex}) built by this service from the swaps and reserve changes it ` +
    'read on chain: price = the pool’s tradeable-reserve ratio after each update, volume = the ADA side of its ' +
    'swaps; not an all-DEX aggregate.'
  )
}

export const CHAIN_TOKENS_COVERAGE =
  `Tokens traded against ADA in the constant-product pools this service's chain follower records on ${FOLLOWED_DEXES_TEXT}, ` +
  'from its own records (no aggregator): ADA pairs only, so not chain-wide (other DEXes, stableswap and weighted pools ' +
  'and token/token pools are left out). Price: the deepest pool (most tradeable ADA); liquidity: twice the tradeable ADA ' +
  'reserves of its followed pools; volume, buys and sells: its trades in the 24 h up to the newest block recorded; a token ' +
  'whose decimals are unknown is priced per base unit.'
