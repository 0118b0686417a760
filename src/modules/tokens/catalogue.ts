import { endpoint } from '../../catalogue/types'
import { errorDoc } from '../../http/error-catalogue'
import { mergedCoverage, NO_DEX_COVERAGE, sourceAOnlyCoverage, sourceBOnlyCoverage } from '../../market/coverage'
import { assetParam } from '../../http/asset-input'
import { screenerParams, SEARCH_MAX_LENGTH, searchParam } from './inputs'
import { CHAIN_SEARCH_COVERAGE } from '../../chain/serving'
import { SORT_COLUMNS } from './screener-order'
import { ScreenerResponse, SearchResponse, TokenDetail } from './schemas'
import { SEARCH_LIMIT } from './search-rank'

const SNEK = '279c909f348e533da5808898f87f9a14bb2c3dfbbacccd631d927a3f534e454b'
const USDM = 'c48cbb3d5e57ed56e276bc45f99ab39abe94e6cd7ac39fb402da47ad0014df105553444d'

/** The wording with the default DEX configuration (SOURCE_A_DEXES, SOURCE_B_DEXES). */
const DEFAULT_DEXES = { sourceADexes: ['sundaeswap', 'wingriders'], sourceBDexes: ['minswap-cardano', 'saturnswap'] }
const MERGED = mergedCoverage(DEFAULT_DEXES)
const SOURCE_A_ONLY = sourceAOnlyCoverage(DEFAULT_DEXES)

const MERGED_COVERAGE_NOTE =
  `With the default DEX configuration: "${MERGED}" (further source B DEXes are named as they appear). ` +
  `When source B is unavailable the figures come from source A alone and the string reads "${SOURCE_A_ONLY}"; ` +
  'that answer is labelled X-Cache: STALE and rebuilt within seconds.'

const WHICH_POOLS =
  'Pools counted for a token: source A pairs on Cardano whose base token is the unit (a pair where the unit is ' +
  'the quote side is the other token\'s market and is left out), and source B pools whose base token is the unit ' +
  'on DEXes other than source A\'s (a DEX is matched by family: `sundaeswap-v3` is SundaeSwap), so the two sets ' +
  'are disjoint and nothing is counted twice. Source B pools whose DEX it does not name are left out. The deepest ' +
  'pool is the one with the most USD liquidity (source A `liquidity.usd`, source B `reserve_in_usd`); ties go to ' +
  'source A, then to upstream order.'

const UPSTREAM_A_FAILED = errorDoc('upstream_unavailable', 'Source A failed and no cached copy exists', { upstream: 'dexscreener', failure: 'network' })

export const screenerDoc = endpoint({
  operationId: 'listTokens',
  method: 'GET',
  path: '/tokens',
  tag: 'Tokens',
  summary: 'Screener of the curated Cardano tokens with merged DEX price, volume, liquidity and trades',
  description: [
    'Every curated registry token that has at least one pool on source A or source B, most liquidity first. ' +
      'Ticker, name and decimals are the registry\'s. ' + WHICH_POOLS,
    'Per token: `liquidityUsd` = source A liquidity plus source B reserves; `volume24h` = both sources\' 24 h ' +
      'volume; `priceUsd` and `change1h/6h/24h` are liquidity-weighted over the pools that report them (a pool ' +
      'with zero liquidity carries no weight; if all have zero, the deepest pool\'s figure); `buys24h`, ' +
      '`sells24h`, `txns24h` from source A pairs only; `pairCount` pools of both sources; `dexIds` sorted unique ' +
      'lowercase DEX ids as each source writes them (source B suffixes the network: `minswap-cardano`); ' +
      '`topPairAddress` the deepest pool; `pairCreatedAt` the earliest pool creation (ms); `marketCap` and `fdv` ' +
      'from source A\'s deepest pair, else source B\'s token figures. Figures a pool does not report are null.',
    'One refresh costs ceil(N/30) source A calls (`/tokens/v1`) and ceil(N/30) source B calls for N registry ' +
      'tokens. Source A may list fewer pairs per token in those batch answers than in a token\'s own pair list, so ' +
      'source A figures here can be lower than on the token\'s detail, which reads every pair.',
    '`sort` (any numeric column: ' + SORT_COLUMNS.map((c) => `\`${c}\``).join(', ') + '), `order` (`desc` ' +
      'default, `asc`) and `limit` (first N after sorting) reorder and cut the one cached list: they cost no ' +
      'upstream call, and equal requests share one cached answer whatever order the query names them in. Null ' +
      'figures sort last in either order; ties keep the default order. `count` is the number of rows returned.',
  ].join('\n\n'),
  params: screenerParams,
  cacheSeconds: 45,
  examples: ['/tokens', '/tokens?sort=volume24h&order=desc&limit=5'],
  errors: [
    errorDoc('invalid_sort', '`sort` is not one of the numeric columns', { columns: SORT_COLUMNS }),
    errorDoc('invalid_order', '`order` is not asc or desc'),
    errorDoc('invalid_limit', '`limit` is not an integer from 1 to 1000', { min: 1, max: 1000, of: 'tokens to list' }),
    UPSTREAM_A_FAILED,
  ],
  coverage: MERGED_COVERAGE_NOTE,
  response: ScreenerResponse,
})

export const tokenDetailDoc = endpoint({
  operationId: 'getToken',
  method: 'GET',
  path: '/tokens/{asset}',
  tag: 'Tokens',
  summary: 'One token: every pool of both sources, merged price, and chain facts (supply, decimals, holders)',
  description: [
    '`pairs` has one row per pool (`source` is `source_a` or `source_b`), most liquidity first; `source_b` rows ' +
      'always carry `buys24h` = `sells24h` = 0 because source B has no per-pool counts (render "—"). `priceUsd`, ' +
      '`marketCap` and `fdv` follow the screener\'s rules; when source B has no market cap or FDV for the token, ' +
      'the figures its deepest pool states are used. ' + WHICH_POOLS,
    'Chain facts from the chain API: `totalSupply` in raw units as an exact decimal string, `creationTime` (Unix ' +
      's), `fingerprint`, `description`; `decimals` from the registry, else token-registry metadata, else a CIP-68 ' +
      'token\'s reference datum, else 0, and `decimalsSource` says which (`registry`, `cip68`, `chain-registry`, ' +
      '`unknown`). `websites` and `socials` come from source A\'s pair info. `holders` (staked wallets plus ' +
      'unstaked addresses) is computed in the background: null on a cold cache, filled within about a minute ' +
      '(that answer is cached for 10 s only).',
    '`chainPools` (an addition to the contract) lists the token\'s ADA pools that the chain follower records (any ' +
      'token; see the chain trades guide), deepest first, with the latest price read on chain (ADA per token, from the ' +
      'tradeable reserves; per base unit when `decimalsSource` is unknown) and the block it was read at; empty when ' +
      'the follower has seen none.',
    '`chain` (an addition) is the token\'s chain figures, the same as its GET /chain/tokens row whatever its liquidity, ' +
      'with `asOf`, `window` and `coverage`: from the follower\'s records alone, so they are there whichever source is ' +
      'refused; null when it follows no ADA pool of the token. A token no source has a pool of but the follower does ' +
      '(a token launched this week, say) is answered 200 from them: `figuresFrom` is `chain` and `priceUsd`, `change24h`, ' +
      '`liquidityUsd`, `volume24h` and `coverage` are its chain figures (else `figuresFrom` is `sources`).',
    'Source B is read only for what the chain cannot give: for a followed curated token, its pools come from the ' +
      'screener\'s own source B batch (`tokens/multi` with its top pools, a core read refreshed on its schedule), so the ' +
      'detail spends no source B call of its own and a client\'s fair share of source B never leaves it partial.',
    'Degrades rather than fails: when a source is refused (this service\'s budget or quota for it, or this client\'s ' +
      'fair share of it: nothing is called) or fails with no cached copy, the answer is 200 with what the other ' +
      'sources gave and `missing` lists each source left out as `{source, code, retryAfter}` (`sourceA`, `sourceB`, ' +
      '`chainApi`; `code` is the error that part would have answered alone; `retryAfter` seconds until asking again ' +
      'may bring it). Without source A the pairs are source B\'s and `coverage` names source B alone; without ' +
      'source B, source A\'s; without the chain API, the chain facts are null (the fingerprint is computed here, ' +
      '`decimals` comes from the registry or source B, else null). Such an answer is labelled X-Cache: STALE and ' +
      'cached no longer than its shortest `retryAfter` (10 s at most); `missing` is empty when the answer is complete.',
    'A unit that source A and the chain API both answered for and neither knows, and the chain follower has no pool of, is 404 `Token not found`; a token ' +
      'the chain knows but no covered DEX trades is 200 with empty `pairs`. When one of those two did not answer, a ' +
      'unit outside the curated registry that the other does not know gets the missing one\'s error (502, or 503 ' +
      'with Retry-After), since it might know the unit.',
  ].join('\n\n'),
  params: [
    assetParam('Asset unit: 56 hex characters of policy id followed by 0–64 hex characters of asset name (either case)', 'asset', [SNEK, USDM]),
  ],
  cacheSeconds: 60,
  cacheNote: '10 s while the holder estimate is still being computed; an answer with `missing` at most its shortest retryAfter, and 10 s',
  examples: [`/tokens/${SNEK}`, `/tokens/${USDM}`],
  errors: [
    errorDoc('invalid_asset_unit', 'The unit is not 56 hex characters of policy id plus an even-length hex asset name'),
    errorDoc('token_not_found', 'No source A pair, no chain record and no followed pool for the unit', { unit: SNEK }),
    errorDoc('upstream_unavailable', 'Source A failed with no cached copy and the chain API does not know the unit (outside the registry)', {
      upstream: 'dexscreener',
      failure: 'network',
    }),
    errorDoc('upstream_unavailable', 'The chain API failed with no cached copy and source A has no pair for the unit (outside the registry)', {
      upstream: 'koios',
      failure: 'network',
    }),
    errorDoc('busy_for_this_client', 'As the two above, when the missing answer was refused for this client\'s fair share (or upstream_budget_spent, upstream_quota_paced, upstream_quota_exhausted for the service\'s own budget or quota)', {
      upstream: 'dexscreener',
      retryAfterSeconds: 20,
    }),
  ],
  coverage:
    MERGED_COVERAGE_NOTE +
    ` Without source A (see \`missing\`) the string reads "${sourceBOnlyCoverage(DEFAULT_DEXES)}"; with neither DEX source, "${NO_DEX_COVERAGE}"`,
  response: TokenDetail,
})

export const searchDoc = endpoint({
  operationId: 'searchTokens',
  method: 'GET',
  path: '/search',
  tag: 'Tokens',
  summary: 'Search Cardano tokens by ticker, name, asset unit or fingerprint',
  description: [
    'Runs the query against source A\'s search, keeps Cardano pairs only (the search spans every chain) and gives ' +
      'one row per base token, with the figures of its deepest pair. Ranking: curated tokens whose ticker equals ' +
      'the query, then curated tokens whose ticker or name contains it, then the rest; more liquidity first within ' +
      `each. At most ${SEARCH_LIMIT} rows. Curated tokens show the registry's ticker and name.`,
    'A full asset unit (policy id + asset name hex, either case) finds that token through its own pair list (the ' +
      'detail\'s source A read), since source A\'s text search does not match units. A CIP-14 fingerprint ' +
      '(`asset1…`, the detail\'s `fingerprint`) finds a curated token or a token the chain follower records; a ' +
      'fingerprint is a one-way hash, so any other gives no row (search by its unit instead).',
    'The chain follower\'s records are searched too, at no upstream cost: tokens traded against ADA on the followed ' +
      'DEXes whose ticker or name contains the query (among those GET /chain/tokens lists: deepest pool at or over ' +
      '`CHAIN_MIN_LIQUIDITY_ADA`), or whose unit, policy id or fingerprint it is (whatever their liquidity). `foundOn` says ' +
      'where each row was found; a token found on the chain alone shows its chain figures, its deepest pool as ' +
      '`pairAddress` and that pool\'s GET /pools/{poolId} as `url`. When source A fails or is refused, the chain\'s rows ' +
      'are served and `missing` names source A (with no database, source A\'s error is the answer).',
  ].join('\n\n'),
  params: [searchParam],
  cacheSeconds: 30,
  examples: ['/search?q=snek', '/search?q=usdm', '/search?q=asset108xu02ckwrfc8qs9d97mgyh4kn8gdu9w8f5sxk', `/search?q=${SNEK}`],
  errors: [
    errorDoc('invalid_search_query', `q is missing, empty, only spaces, or longer than ${SEARCH_MAX_LENGTH} characters`, { maxLength: SEARCH_MAX_LENGTH }),
    errorDoc('upstream_unavailable', 'Source A failed with no cached copy, and this deployment has no database (no chain records)', { upstream: 'dexscreener', failure: 'network' }),
  ],
  coverage: `Source A, and the chain follower's records: "${SOURCE_A_ONLY} ${CHAIN_SEARCH_COVERAGE}" (source A's part alone without a database)`,
  response: SearchResponse,
})

export const tokenDocs = [screenerDoc, tokenDetailDoc, searchDoc]
