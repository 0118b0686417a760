import { endpoint } from '../../catalogue/types'
import { CHAIN_SORTS } from '../../chain/figures-read'
import { CHAIN_TOKENS_COVERAGE, FOLLOWED_DEXES_TEXT } from '../../chain/serving'
import { documented, errorDoc } from '../../http/error-catalogue'
import { CHAIN_TOKENS_INVALID, CHAIN_TOKENS_LIMIT, chainTokensParams, DEFAULT_CHAIN_SORT, encodeCursor } from './request'
import { ChainTokensResponse } from './schemas'

export const CHAIN_TOKENS_CACHE_SECONDS = 15

const SNEK = '279c909f348e533da5808898f87f9a14bb2c3dfbbacccd631d927a3f534e454b'
const SAMPLE_POOL = 'f5808c2c990d86da54bfc97d89cee6efa20cd8461616359478d96b4c2ffadbb87144e875749122e0bbb9f535eeaa7f5660c6c4a91bcc4121e477f08d'

export const chainTokensDoc = endpoint({
  operationId: 'listChainTokens',
  method: 'GET',
  path: '/chain/tokens',
  tag: 'Chain',
  summary: 'Every token with a followed ADA pool, ranked and priced from the chain alone (not only the curated list)',
  description: [
    'Every token the chain follower has an ADA pool of (constant-product pools on ' + FOLLOWED_DEXES_TEXT + ') whose ' +
      'deepest pool holds at least `CHAIN_MIN_LIQUIDITY_ADA` tradeable ADA (default 500; `minLiquidityAda` says it; 0 ' +
      'lists every one), from this service\'s own records: no aggregator, no upstream call per request (ADA\'s USD ' +
      'price comes from the market provider\'s cached snapshot, `adaUsd`). An addition to the contract: the curated ' +
      'screener (GET /tokens) lists the registry\'s tokens from sources A and B; this lists any token traded against ' +
      'ADA on the followed DEXes, including one launched minutes ago.',
    'Per token: `priceAda` from its deepest pool (most tradeable ADA: `topPairAddress`), per whole token with the ' +
      'decimals `decimalsSource` names (`unknown`: per base unit), `priceUsd` = `priceAda` × `adaUsd`; `change24h` the ' +
      'deepest pool\'s price now against its last price at or before 24 h earlier (null when the pool is younger, or ' +
      'its price then is not in the records); `liquidityAda` twice the tradeable ADA reserves of its followed pools; ' +
      '`volume24hAda` the ADA side of its trades (swaps with a side, as GET /tokens/{asset}/trades lists them) and ' +
      '`buys24h`, `sells24h`, `txns24h` their counts, over the 24 h up to the newest block recorded (`window`); ' +
      '`pairCount` and `dexIds` its followed pools; `pairCreatedAt` its oldest pool\'s creation (ms), null when a pool ' +
      'predates the blocks the follower read. `symbol` and `name` come from the registry, else the chain API ' +
      '(off-chain token registry or CIP-68 datum), else the asset name as text; `curated` says whether the screener lists it.',
    `\`sort\` = ${CHAIN_SORTS.map((s) => `\`${s}\``).join(', ')} (default \`${DEFAULT_CHAIN_SORT}\`), \`order\` \`desc\` ` +
      `(default) or \`asc\`; unknown figures sort last either way, ties by unit. \`limit\` ${CHAIN_TOKENS_LIMIT.min}–` +
      `${CHAIN_TOKENS_LIMIT.max} (default ${CHAIN_TOKENS_LIMIT.default}); \`nextCursor\` asks for the next page (\`cursor\`, ` +
      'with the same sort and order): a keyset, so a token whose figures move between two pages is not listed twice in ' +
      'its place. `q` keeps tokens whose ticker or name contains the text (any case), whose unit starts with it (a unit ' +
      'or a policy id), or whose fingerprint it is. `count` is every matching token, `asOf` the last block the follower read.',
    'The figures are kept up to date as the follower records each block batch (and undone with a rollback), so an ' +
      'answer costs one database read whatever the number of trades behind it; the same rows arrive live on the stream ' +
      'topic `chain:tokens`. A token detail (GET /tokens/{asset}) carries the same figures as `chain`.',
  ].join('\n\n'),
  params: chainTokensParams,
  cacheSeconds: CHAIN_TOKENS_CACHE_SECONDS,
  cacheNote: 'per sort, order, limit, cursor and q',
  examples: ['/chain/tokens', '/chain/tokens?sort=volume24h&limit=20', '/chain/tokens?sort=pairCreatedAt', '/chain/tokens?q=snek'],
  errors: [
    documented(CHAIN_TOKENS_INVALID.sort(), '`sort` is not one of ' + CHAIN_SORTS.join(', ')),
    documented(CHAIN_TOKENS_INVALID.order(), '`order` is not asc or desc'),
    documented(CHAIN_TOKENS_INVALID.limit(), `\`limit\` is not an integer from ${CHAIN_TOKENS_LIMIT.min} to ${CHAIN_TOKENS_LIMIT.max}`),
    documented(CHAIN_TOKENS_INVALID.cursor(), '`cursor` is not a nextCursor given for the same sort and order'),
    documented(CHAIN_TOKENS_INVALID.q(), '`q` is blank or longer than 100 characters'),
    errorDoc('database_not_configured', 'The deployment runs with DATABASE_URL=off: nothing is recorded', { consequence: 'no chain figures are recorded' }),
  ],
  coverage: CHAIN_TOKENS_COVERAGE,
  response: ChainTokensResponse,
  responseExample: {
    coverage: CHAIN_TOKENS_COVERAGE,
    asOf: { blockHeight: 12_345_678, blockHash: 'aa'.repeat(32), time: 1764547200 },
    window: { from: 1764460800, to: 1764547200 },
    adaUsd: 0.65,
    minLiquidityAda: 500,
    sort: 'liquidity',
    order: 'desc',
    count: 1824,
    nextCursor: encodeCursor('liquidity', 'desc', { value: 2_000_000_000_000, unit: SNEK }),
    tokens: [
      {
        address: SNEK,
        symbol: 'SNEK',
        name: 'Snek',
        decimals: 0,
        decimalsSource: 'registry',
        imageUrl: `https://api.example.org/api/v1/tokens/${SNEK}/logo`,
        curated: true,
        priceAda: 0.00412,
        priceUsd: 0.002678,
        change24h: -1.25,
        liquidityAda: 4_000_000,
        liquidityUsd: 2_600_000,
        volume24hAda: 310_000,
        volume24h: 201_500,
        buys24h: 812,
        sells24h: 790,
        txns24h: 1602,
        pairCount: 3,
        dexIds: ['minswap-v2', 'splash', 'sundaeswap-v3'],
        topPairAddress: SAMPLE_POOL,
        pairCreatedAt: null,
      },
    ],
  },
})
