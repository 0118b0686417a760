import { endpoint } from '../../catalogue/types'
import { documented, errorDoc } from '../../http/error-catalogue'
import { SNEK_UNIT } from '../../http/asset-input'
import { INVALID as CHART_INVALID } from '../charts/request'
import { BATCH_COVERAGE } from './coverage'
import { BATCH_CACHE_SECONDS, FOR_GOOD_SECONDS, OPEN_PRICE_CACHE_SECONDS } from './lifetimes'
import { SOURCE_B_BLOCK_SECONDS } from './past-price'
import { MAX_ENTRY_LENGTH, MAX_PRICE_UNITS, PRICES_BODY_MAX_BYTES, PRICES_INVALID, priceAtParams, PricesBodySchema, unitsParam } from './request'
import { PriceAtResponse, PricesResponse } from './schemas'

const HOSKY = 'a0028f350aaabe0545fdcb56b039bfb08e4bb4d8c4d7c3c7d481c235484f534b59'
const SAMPLE_POOL = 'f5808c2c990d86da54bfc97d89cee6efa20cd8461616359478d96b4c2ffadbb87144e875749122e0bbb9f535eeaa7f5660c6c4a91bcc4121e477f08d'

const BATCH_DESCRIPTION = [
  `Prices of up to ${MAX_PRICE_UNITS} tokens in one call, one row per distinct unit in the order asked (duplicates, in either case, ` +
    'are answered once), from figures the service already holds: no per-token detail is built. Each row says its `source`: ' +
    '`screener` for a curated token (its merged figures, exactly the /tokens row), `chain` for a followed token (the price of its ' +
    'deepest ADA pool, the one with the most tradable ADA, as the chain follower last read it), `sourceA` for a token only source A ' +
    'knows (its pairs, liquidity-weighted as the screener weighs them). `asOf` is when that price is from. `priceUsd` and `priceAda` ' +
    'are converted into each other with ADA’s USD price (`adaUsd`, the market provider’s snapshot). A chain price is per whole token ' +
    'with the decimals `decimalsSource` names (`unknown`: per base unit, the unit a wallet holds); null for the sources’ own USD prices.',
  'No upstream call is made when every unit is curated or followed. Any other unit is read from source A, cached per unit (units ' +
    'read together share calls of 30), and admitted as any uncached read (fair shares and quotas, see the limits guide): a read that ' +
    'is refused or fails leaves that row null with `reason` (the error code it would have answered) and `retryAfter`, never the whole ' +
    'answer, which is then kept no longer than its shortest retryAfter. A row no source prices has null figures and a `reason`: ' +
    '`invalid_unit` (not a unit; ADA itself is `adaUsd`), `unknown_token`, `not_followed` (this deployment does not follow every ' +
    'token on chain, and source A does not know it), `no_pool`.',
  `Entries longer than ${MAX_ENTRY_LENGTH} characters, none, or more than ${MAX_PRICE_UNITS} distinct are refused whole (400). ` +
    '`POST /prices` takes the same list as JSON and is answered from the same cached answer.',
].join('\n\n')

const BATCH_ERRORS = [
  errorDoc('invalid_units', `units is empty, or an entry is longer than ${MAX_ENTRY_LENGTH} characters (no unit is)`, { max: MAX_PRICE_UNITS }),
  errorDoc('too_many_units', `more than ${MAX_PRICE_UNITS} distinct entries`, { max: MAX_PRICE_UNITS, count: MAX_PRICE_UNITS + 1 }),
]

const BATCH_EXAMPLE = {
  adaUsd: 0.65,
  coverage: BATCH_COVERAGE,
  count: 3,
  prices: [
    { unit: SNEK_UNIT, priceUsd: 0.00134, priceAda: 0.00206154, change24h: -2.1, source: 'screener', asOf: '2026-12-01T12:00:00.000Z', decimalsSource: null, reason: null, retryAfter: null },
    { unit: HOSKY, priceUsd: 5.2e-8, priceAda: 8e-8, change24h: 1.4, source: 'chain', asOf: '2026-12-01T11:59:40.000Z', decimalsSource: 'registry', reason: null, retryAfter: null },
    { unit: 'snek', priceUsd: null, priceAda: null, change24h: null, source: null, asOf: null, decimalsSource: null, reason: 'invalid_unit', retryAfter: null },
  ],
}

export const pricesDoc = endpoint({
  operationId: 'getPrices',
  method: 'GET',
  path: '/prices',
  tag: 'Prices',
  summary: `Prices of up to ${MAX_PRICE_UNITS} tokens in one call (a wallet's holdings), each with its source`,
  description: BATCH_DESCRIPTION,
  params: [unitsParam],
  cacheSeconds: BATCH_CACHE_SECONDS,
  cacheNote: 'per list of units, in its order; an answer with a refused row at most its shortest retryAfter, and 10 s',
  examples: [`/prices?units=${SNEK_UNIT},${HOSKY}`],
  errors: BATCH_ERRORS,
  coverage: BATCH_COVERAGE,
  response: PricesResponse,
  responseExample: BATCH_EXAMPLE,
})

export const postPricesDoc = endpoint({
  operationId: 'postPrices',
  method: 'POST',
  path: '/prices',
  tag: 'Prices',
  summary: 'The same batch of prices, with the units in a JSON body (for lists too long for a URL)',
  description:
    'Exactly `GET /prices?units=…` with the units in a JSON body `{"units": [...]}` instead of the URL: the same rules, the same rows ' +
    'and the same cached answer (a POST of a list is served from the GET’s entry for that list, and fills it), so it costs what the GET ' +
    `costs and no more. The body is at most ${PRICES_BODY_MAX_BYTES} bytes, sent as \`Content-Type: application/json\`. Answers carry ` +
    'the GET’s ETag (send it as If-None-Match for a 304) and lifetime; shared caches do not keep POST answers, so polling clients should ' +
    'prefer the GET when the URL fits (100 units of 56–120 characters is up to 12 KB).',
  params: [],
  body: {
    description: `{"units": [...]}: 1 to ${MAX_PRICE_UNITS} distinct asset units`,
    schema: PricesBodySchema,
    example: { units: [SNEK_UNIT, HOSKY] },
  },
  cacheSeconds: BATCH_CACHE_SECONDS,
  cacheNote: 'the GET’s cached answer for the same list',
  examples: [],
  errors: [
    ...BATCH_ERRORS,
    errorDoc('invalid_prices_body', 'The body is not JSON, or not {"units": [strings]}'),
    errorDoc('prices_body_too_large', `The body is over ${PRICES_BODY_MAX_BYTES} bytes`, { maxBytes: PRICES_BODY_MAX_BYTES }),
    errorDoc('prices_body_not_json', 'The body is not sent as application/json', { received: 'text/plain' }),
  ],
  coverage: BATCH_COVERAGE,
  response: PricesResponse,
  responseExample: BATCH_EXAMPLE,
})

export const priceAtDoc = endpoint({
  operationId: 'getTokenPriceAt',
  method: 'GET',
  path: '/tokens/{asset}/price',
  tag: 'Prices',
  summary: 'A token’s price at a moment (a transaction’s time, for tax tools), or now, with the source and how exact it is',
  description: [
    'The price of one token at `at`, in ADA and USD, and what it was read from (`source`, `pricedAt`, `distanceSeconds`, `pool`):',
    '- **chain-trade**: for a token the chain follower records, the price after the last swap at or before `at` in the pool its chart ' +
      'uses by default (`pool`, as /ohlcv picks it), read from the chain; `txHash` names the trade. Exact to the block.\n' +
      '- **chain-hourly**: past the retention of swaps (CHAIN_RETENTION_DAYS, 90 by default) the same pool’s stored hourly candle holding ' +
      '`at` (or the last before it): its close, the last price of that hour (`interval` 3600), up to an hour off.\n' +
      '- **history**: for a curated token before the follower’s first record of that pool (or one it does not follow), the merged price ' +
      'this service recorded at its last 5-minute snapshot at or before `at` (hourly past 90 days), when one is within two hours of it.\n' +
      '- **sourceB-candle**: otherwise source B’s hourly candle of the default pool holding `at` (or the last before it). Source B is read ' +
      `in pages of ${SOURCE_B_BLOCK_SECONDS / 3600} hours (one call per pool per 40-day block, kept for good once the block is over: the past does ` +
      'not change), admitted as any uncached read.',
    '`priceUsd` and `priceAda` convert with ADA’s USD price at `at` (`adaUsd`: the market provider’s series, 5-minute points for the ' +
      'last day, hourly to 90 days, daily to 365; the service’s own recorded ADA price beyond, else null). `price` is the one `quote` ' +
      'asks for. A chain price is per whole token with the decimals `decimalsSource` names (`unknown`: per base unit).',
    '`at` takes Unix seconds, a UTC day or an ISO 8601 time (with Z or an offset); a time after now is 400 `at_in_future`; a time ' +
      'before anything the service can price the token with is 404 `price_not_recorded`, whose hint names the earliest time it can. ' +
      'Without `at` the answer is the current price with the same fields (`at` = now). When a source is refused or fails, the answer ' +
      'is built from the others with `missing` (or, when none prices the moment, that source’s error).',
  ].join('\n\n'),
  params: priceAtParams,
  cacheSeconds: OPEN_PRICE_CACHE_SECONDS,
  cacheNote:
    `per asset, at and quote; a moment whose hour is over (and, for a chain price, read past by the follower) ${FOR_GOOD_SECONDS} s: ` +
    'for good; an answer with `missing` at most its shortest retryAfter, and 10 s',
  examples: [`/tokens/${SNEK_UNIT}/price?at=2026-01-01T12:00:00Z`, `/tokens/${SNEK_UNIT}/price?at=1767225600&quote=ada`, `/tokens/${SNEK_UNIT}/price`],
  errors: [
    documented(CHART_INVALID.asset(), 'The asset is not a 56-hex policy id followed by an even-length hex asset name'),
    documented(PRICES_INVALID.at(), 'at is not Unix seconds, a UTC day or an ISO 8601 time, or not a real date'),
    documented(CHART_INVALID.quote(), 'quote is not usd or ada'),
    errorDoc('at_in_future', 'at is after now', { at: 4102444800, now: 1767225600 }),
    errorDoc('price_not_recorded', 'Nothing the service holds prices the token at or before at (the hint names the earliest time it can)', {
      unit: SNEK_UNIT,
      at: 1600000000,
      earliest: 1700000000,
    }),
    errorDoc('busy_for_this_client', 'Source B was needed (before the follower’s record) and refused for this client’s fair share (or upstream_budget_spent, upstream_quota_paced, upstream_quota_exhausted)', {
      upstream: 'geckoterminal',
      retryAfterSeconds: 20,
    }),
    errorDoc('upstream_unavailable', 'Source B was needed and failed with no cached copy', { upstream: 'geckoterminal', failure: 'network' }),
  ],
  coverage: 'One pool (the token’s default chart pool) for chain and source B prices; the merged price of its pools for the history. `coverage` says which, in words.',
  response: PriceAtResponse,
  responseExample: {
    unit: SNEK_UNIT,
    at: 1767268800,
    quote: 'USD',
    price: 0.00134,
    priceAda: 0.00206154,
    priceUsd: 0.00134,
    adaUsd: 0.65,
    source: 'chain-trade',
    pricedAt: 1767268781,
    interval: null,
    distanceSeconds: 19,
    pool: { address: SAMPLE_POOL, dexId: 'minswap-v2', name: 'SNEK / ADA' },
    txHash: 'bb'.repeat(32),
    decimalsSource: 'registry',
    coverage:
      'The pool’s price after the last swap at or before the moment (2026-01-01T11:59:41Z), in SNEK / ADA on minswap-v2 (the token’s default chart pool), read from the chain by this service: exact to the block.',
    missing: [],
  },
})

export const priceDocs = [pricesDoc, postPricesDoc, priceAtDoc]
