import { endpoint } from '../../catalogue/types'
import { apiError, documented, errorDoc } from '../../http/error-catalogue'
import { SNEK_UNIT } from '../../http/asset-input'
import { TRADES_INVALID, TRADES_LIMIT, tradesParams } from './request'
import { TradesResponse } from './schemas'

export const TRADES_CACHE_SECONDS = 15

const SAMPLE_POOL = 'f5808c2c990d86da54bfc97d89cee6efa20cd8461616359478d96b4c2ffadbb87144e875749122e0bbb9f535eeaa7f5660c6c4a91bcc4121e477f08d'

export const tradesDoc = endpoint({
  operationId: 'getTokenTrades',
  method: 'GET',
  path: '/tokens/{asset}/trades',
  tag: 'Tokens',
  summary: 'Trades of a token, read from the chain',
  description:
    'Swaps of a token against ADA on the DEX pools this service follows on chain (the ADA pools of every token on ' +
    'Minswap V1 and V2, SundaeSwap V1 and V3, WingRiders V1 and V2, Splash), newest first; 404 for a token with no such ' +
    'pool. An addition to the contract: no free API ' +
    'offers Cardano trades, so the service reads them itself through the chain API (Koios). A trade is one pool ' +
    'output of a DEX batch: the net change of the pool’s tradeable reserves, so orders of one batch are netted; ' +
    'deposits and withdrawals change reserves but are not trades; a transaction through two pools is two trades. ' +
    '`side` is the token’s: `buy` when the pool paid the token out. `priceQuote` is ADA per whole token after the ' +
    'trade, with the decimals `decimalsSource` names (the curated list, the off-chain token registry or the CIP-68 ' +
    'datum, read once per token through the chain API; `unknown`: per base unit); `priceUsd` multiplies it by ADA’s USD ' +
    'price of that time (the market provider’s series), null when unknown. `asOf` names the last block read: the last ' +
    '~10 blocks are provisional and a rollback replaces their trades. Trades are kept `retention.days` ' +
    '(CHAIN_RETENTION_DAYS): paging back with `before` ends at `retention.horizon`, older swaps live on in the hourly ' +
    'candles of /ohlcv. How a trade is derived: docs/guide/chain-trades.md.',
  params: tradesParams,
  cacheSeconds: TRADES_CACHE_SECONDS,
  cacheNote: 'per asset, pool, before and limit',
  examples: [`/tokens/${SNEK_UNIT}/trades`, `/tokens/${SNEK_UNIT}/trades?limit=20`],
  errors: [
    documented(apiError('invalid_asset_unit'), 'The asset is not a 56-hex policy id followed by an even-length hex asset name'),
    documented(TRADES_INVALID.limit(), `limit is not an integer from ${TRADES_LIMIT.min} to ${TRADES_LIMIT.max}`),
    documented(TRADES_INVALID.pool(), 'pool is not a hex pool id'),
    documented(TRADES_INVALID.before(), 'before is not Unix seconds'),
    errorDoc('token_not_followed', 'The chain follower has no ADA pool of the asset', { unit: 'ab'.repeat(28) }),
    errorDoc('pool_not_followed', "pool is not one of the token's followed pools", { unit: SNEK_UNIT, pool: SAMPLE_POOL }),
    errorDoc('database_not_configured', 'The deployment runs with DATABASE_URL=off: nothing is recorded', { consequence: 'no trades are recorded from the chain' }),
  ],
  coverage: "The token's followed pools against ADA on the DEXes listed; not chain-wide.",
  response: TradesResponse,
  responseExample: {
    asset: SNEK_UNIT,
    coverage:
      'Swaps of SNEK against ADA read by this service from the chain (followed pools on minswap-v2): one trade per pool per transaction, the net change of the pool’s tradeable reserves (orders netted inside a batch); deposits and withdrawals are not trades. Not chain-wide: other DEXes and token/token pools are not followed.',
    asOf: { blockHeight: 12_345_678, blockHash: 'aa'.repeat(32), time: 1764547200 },
    retention: { days: 90, horizon: 1756771200 },
    count: 1,
    trades: [
      {
        txHash: 'bb'.repeat(32),
        time: 1764547180,
        blockHeight: 12_345_677,
        pool: { address: SAMPLE_POOL, dexId: 'minswap-v2', name: 'SNEK / ADA' },
        side: 'buy',
        amountToken: '25000',
        amountQuote: '100000000',
        quoteSymbol: 'ADA',
        priceQuote: 0.004,
        priceUsd: 0.0028,
        decimalsSource: 'registry',
        source: 'chain',
      },
    ],
  },
})
