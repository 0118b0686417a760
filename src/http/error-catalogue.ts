/**
 * Every error the API answers, defined once: a stable snake_case `code`, the status, the `error` text and the
 * `hint`. Code throws them by name (`throw apiError('token_not_found', { unit })`); the endpoint catalogue
 * documents them by name (`errorDoc('token_not_found', when)`), so the OpenAPI document, the index, the docs
 * site and the errors guide's table (checked by test/http/error-catalogue.test.ts) all carry the texts written here.
 * A leaf: it imports no module, so anything may throw from it; values a hint names come in as parameters.
 */
import { UNIT_HINT } from '../cardano/unit'
import { UPSTREAM_LABEL, upstreamTitle, type UpstreamFailure, type UpstreamName } from '../upstream/errors'
import { ApiError, type ErrorBody } from './errors'

type Text<P> = string | ((params: P) => string)

interface ErrorDefinition<P> {
  status: number
  /** When it is answered, for the table of codes. */
  meaning: string
  error: Text<P>
  hint: Text<P>
  headers?: (params: P) => Record<string, string>
  /** Parameters the docs word a parameterised error with (the errors guide's table, tests walking the registry). */
  sample: P
  /** Its parameters from the refused input, when a schema refused it (the hint then names that input). */
  fromInput?: (input: string) => P
}

const define = <P = undefined>(definition: ErrorDefinition<P>) => definition

const INVALID_REQUEST_BODY = 'Invalid request body'
const INVALID_UNITS = "Invalid query parameter 'units'"
const DATABASE_NOT_CONFIGURED = 'Community database not configured'
/** Where a bot without a browser wallet learns to sign: the write errors' hints and the POST entries say it. */
export const SIGN_FROM_CODE =
  'Signing from code, with no browser wallet: examples/sign-and-boost.ts in the repository (MNEMONIC="<words of a registered, funded wallet>" bun examples/sign-and-boost.ts), ' +
  'explained at /docs/guide/community-signing#sign-from-code.'
const SIGNED_BODY =
  'Send a JSON object with four strings: payload (the exact JSON string that was signed), signature and key ' +
  '(the COSE_Sign1 and COSE_Key hex from signData) and rewardAddressHex (e1 followed by 56 hex characters). ' +
  SIGN_FROM_CODE
const INSTANT_FORMS = 'Unix seconds (1767225600), a UTC day (2026-01-01) or an ISO 8601 UTC time (2026-01-01T12:00:00Z)'
const ACCEPTED_WALLET_FORMS =
  'Send a mainnet payment address (addr1…), a mainnet stake address (stake1…) or an ADA Handle written ' +
  '%24name in the URL ($ encoded as %24; 1–15 characters of a-z, 0-9, ".", "_", "-").'

/** A ticker, name or fingerprint given where a unit is due: search finds its unit (a hex typo gets no such line). */
const searchInstead = (input: string | undefined) => {
  const text = input?.trim() ?? ''
  if (text === '' || text.length > 100 || /^[0-9a-fA-F]*$/.test(text)) return ''
  return ` "${text}" is not hex: to find a token's unit from its ticker, name or fingerprint, GET /api/v1/search?q=${encodeURIComponent(text)}`
}

/** A path people try for a health check (`/health`, `/api/v1/healthz`…) is pointed at the real ones. */
const healthInstead = (path: string) =>
  /^(?:\/api\/v1)?\/(?:health|healthz|status|ready|readyz|ping|alive)\/?$/i.test(path)
    ? 'The liveness check is GET /healthz and the readiness check GET /readyz (outside /api/v1). '
    : ''

/** Unix seconds as ISO 8601 UTC text, without milliseconds. */
const isoSeconds = (seconds: number) => (Number.isFinite(seconds) && Math.abs(seconds) < 8.64e12 ? new Date(seconds * 1000).toISOString().replace('.000Z', 'Z') : String(seconds))

/** A detail sentence in front of a fixed hint. */
const withDetail = (detail: string | undefined, hint: string) => (detail === undefined ? hint : `${detail} ${hint}`)
const retryAfter = (p: { retryAfterSeconds: number }) => ({ 'retry-after': String(p.retryAfterSeconds) })

export const ERRORS = {
  // Any route
  not_found: define<{ path: string }>({
    status: 404,
    meaning: 'No endpoint at this path',
    error: 'Not found',
    hint: (p) => `No endpoint at ${p.path}. ${healthInstead(p.path)}GET /api/v1/ lists every endpoint with examples.`,
    sample: { path: '/api/v1/nothing-here' },
  }),
  method_not_allowed: define<{ path: string; allow: string }>({
    status: 405,
    meaning: 'The path exists but not for this method (`Allow` lists those it takes)',
    error: 'Method not allowed',
    hint: (p) => `${p.path} accepts ${p.allow}.`,
    headers: (p) => ({ allow: p.allow }),
    sample: { path: '/api/v1/tokens', allow: 'GET, HEAD' },
  }),
  validation_failed: define<{ label: string; hint: string }>({
    status: 400,
    meaning: 'A parameter, body field or MCP argument fails its schema; the error names it',
    error: (p) => p.label,
    hint: (p) => p.hint,
    sample: { label: "Invalid query parameter 'q'", hint: 'Expected string. GET /api/v1/ documents each parameter.' },
  }),
  request_too_large: define<{ maxBytes: number }>({
    status: 413,
    meaning: 'The request declares a body (`Content-Length`) larger than any endpoint takes; refused before it is read',
    error: 'Request body too large',
    hint: (p) =>
      `No endpoint takes a body over ${p.maxBytes} bytes (MCP messages are at most 64 KiB, POST /prices 16 KiB, community writes at most 8 KiB). Send the documented body only.`,
    sample: { maxBytes: 1048576 },
  }),
  unreadable_body: define({
    status: 400,
    meaning: 'The request body could not be parsed',
    error: INVALID_REQUEST_BODY,
    hint: 'Send a JSON object with Content-Type: application/json.',
    sample: undefined,
  }),
  bad_request: define({ status: 400, meaning: 'The request could not be read', error: 'Bad request', hint: 'The request could not be read.', sample: undefined }),
  invalid_host_header: define({
    status: 400,
    meaning: 'The Host header is not host[:port] and the answer needs absolute URLs',
    error: 'Invalid Host header',
    hint: 'Send a Host header of the form host[:port] (HTTP clients do by default): this answer contains absolute URLs built from it.',
    sample: undefined,
  }),
  internal_error: define({
    status: 500,
    meaning: 'A bug on our side (details only in the log, under the request id)',
    error: 'Internal error',
    hint: 'Something failed on our side. Retry later, and quote the X-Request-Id header when reporting it.',
    sample: undefined,
  }),
  upstream_unavailable: define<{ upstream: UpstreamName; failure: UpstreamFailure }>({
    status: 502,
    meaning: 'An upstream failed and no cached copy exists; the error names it',
    error: (p) => `Upstream unavailable: ${UPSTREAM_LABEL[p.upstream]}`,
    hint: (p) =>
      `The ${upstreamTitle(p.upstream)} did not give a usable answer (${p.failure.replace('_', ' ')}) and no cached copy exists yet. Retry in a minute.` +
      (p.failure === 'network' ? ` If this machine has no internet, \`bun run demo\` serves every endpoint from built-in fake upstreams.` : ''),
    sample: { upstream: 'dexscreener', failure: 'timeout' },
  }),
  busy_for_this_client: define<{ upstream: UpstreamName; retryAfterSeconds: number }>({
    status: 503,
    meaning: 'This client used its fair share of an upstream\'s budget (`Retry-After`); nothing was called',
    error: 'Busy for this client',
    hint: (p) =>
      `This client has used its fair share of the ${UPSTREAM_LABEL[p.upstream]}'s call budget for answers not yet cached; answers other ` +
      `clients already asked for are still served. Retry in ${p.retryAfterSeconds} s, or ask for fewer distinct uncached resources.`,
    headers: retryAfter,
    sample: { upstream: 'geckoterminal', retryAfterSeconds: 12 },
  }),
  upstream_budget_spent: define<{ upstream: UpstreamName; retryAfterSeconds: number }>({
    status: 503,
    meaning: 'An upstream\'s call budget of the minute is spent and no cached copy exists (`Retry-After`); nothing was called',
    error: (p) => `Upstream budget spent: ${UPSTREAM_LABEL[p.upstream]}`,
    hint: (p) =>
      `This service's calls to the ${upstreamTitle(p.upstream)} for this minute are all taken and no cached copy of this answer exists yet. ` +
      `Retry in ${p.retryAfterSeconds} s; answers already cached are still served.`,
    headers: retryAfter,
    sample: { upstream: 'geckoterminal', retryAfterSeconds: 20 },
  }),
  upstream_quota_paced: define<{ upstream: UpstreamName; retryAfterSeconds: number }>({
    status: 503,
    meaning: 'An upstream\'s daily or monthly quota is paced and this moment\'s allowance is spent (`Retry-After`); nothing was called',
    error: (p) => `Upstream quota paced: ${UPSTREAM_LABEL[p.upstream]}`,
    hint: (p) =>
      `The ${upstreamTitle(p.upstream)} allows a fixed number of calls a day or month; this service spreads them over the window and ` +
      `the allowance for now is used. Retry in ${p.retryAfterSeconds} s; answers already cached are still served.`,
    headers: retryAfter,
    sample: { upstream: 'koios', retryAfterSeconds: 35 },
  }),
  upstream_quota_exhausted: define<{ upstream: UpstreamName; retryAfterSeconds: number }>({
    status: 503,
    meaning: 'An upstream\'s daily or monthly quota is used up, or it said so (`Retry-After`: until its reset); nothing was called',
    error: (p) => `Upstream quota exhausted: ${UPSTREAM_LABEL[p.upstream]}`,
    hint: (p) =>
      `The ${upstreamTitle(p.upstream)} has no calls left for this service until its quota resets (or its cool-down ends), in ` +
      `${p.retryAfterSeconds} s. Answers already cached are still served.`,
    headers: retryAfter,
    sample: { upstream: 'koios', retryAfterSeconds: 3600 },
  }),

  // Inputs
  invalid_asset_unit: define<{ input?: string }>({
    status: 400,
    meaning: 'The asset unit is not 56 hex of policy id plus an even-length hex name',
    error: 'Invalid asset unit',
    hint: (p) => `${UNIT_HINT}.${searchInstead(p.input)}`,
    sample: {},
    fromInput: (input) => ({ input }),
  }),
  invalid_search_query: define<{ maxLength: number }>({
    status: 400,
    meaning: '`q` is missing, blank or too long',
    error: 'Invalid search query',
    hint: (p) =>
      `q is the text to search for (a ticker, a name or an asset unit): 1 to ${p.maxLength} characters, not only spaces, e.g. /api/v1/search?q=snek`,
    sample: { maxLength: 100 },
  }),
  invalid_timeframe: define<{ timeframes: readonly string[]; default: string }>({
    status: 400,
    meaning: '`tf` is not one of the endpoint\'s timeframes',
    error: 'Invalid timeframe',
    hint: (p) => `tf is one of ${p.timeframes.join(', ')} (default ${p.default}).`,
    sample: { timeframes: ['5m', '1h', '1d'], default: '1h' },
  }),
  invalid_limit: define<{ min: number; max: number; default?: number; of?: string }>({
    status: 400,
    meaning: '`limit` is outside its bounds',
    error: 'Invalid limit',
    hint: (p) =>
      `limit is the number of ${p.of ?? 'candles'}: an integer from ${p.min} to ${p.max} (default ${p.default ?? 'all of them'}).`,
    sample: { min: 1, max: 500, default: 300 },
  }),
  invalid_sort: define<{ columns: readonly string[]; of?: string; default?: string }>({
    status: 400,
    meaning: '`sort` is not one of the endpoint\'s sort orders (the screener\'s numeric columns)',
    error: 'Invalid sort',
    hint: (p) => `sort is one of ${p.of ?? "the screener's numeric columns"}: ${p.columns.join(', ')} (default ${p.default ?? 'liquidityUsd'}; exact case).`,
    sample: { columns: ['liquidityUsd', 'volume24h'] },
  }),
  invalid_cursor: define({
    status: 400,
    meaning: '`cursor` is not a page cursor this endpoint gave for the same `sort` and `order`',
    error: 'Invalid cursor',
    hint: 'cursor is the nextCursor of the previous page, asked with the same sort and order; leave it out for the first page.',
    sample: undefined,
  }),
  invalid_order: define({
    status: 400,
    meaning: '`order` is not asc or desc',
    error: 'Invalid order',
    hint: 'order is desc (default: largest first) or asc, in either case; unknown figures (null) come last either way.',
    sample: undefined,
  }),
  invalid_quote: define({ status: 400, meaning: '`quote` is not usd or ada', error: 'Invalid quote', hint: 'quote is usd (default) or ada.', sample: undefined }),
  invalid_pool_address: define({
    status: 400,
    meaning: '`pool` is not a hex pool address',
    error: 'Invalid pool address',
    hint: 'pool is a source B pool address in hex (8 to 160 hex characters, no cardano_ prefix); take one from poolChoices.',
    sample: undefined,
  }),
  invalid_dex: define<{ dexes: readonly string[] }>({
    status: 400,
    meaning: '`dex` is not one of the DEXes the chain follower reads',
    error: 'Invalid dex',
    hint: (p) => `dex is one of ${p.dexes.join(', ')}; leave it out for every one.`,
    sample: { dexes: ['minswap-v2', 'splash'] },
  }),
  invalid_pool_id: define({
    status: 400,
    meaning: 'The pool id is not hex',
    error: 'Invalid pool id',
    hint: 'A pool id is its LP-token unit in hex (8 to 160 hex characters), as GET /api/v1/pools/new, a token\'s chainPools or its trades give it.',
    sample: undefined,
  }),
  invalid_before: define({
    status: 400,
    meaning: '`before` is not Unix seconds',
    error: 'Invalid before',
    hint: 'before is a time in Unix seconds (digits only): only trades (or pools, by creation) strictly older than it are listed. Leave it out for the newest.',
    sample: undefined,
  }),
  invalid_from: define<{ detail?: string }>({
    status: 400,
    meaning: '`from` is not Unix seconds, a UTC day or an ISO 8601 UTC time',
    error: 'Invalid from',
    hint: (p) => withDetail(p.detail, `from is ${INSTANT_FORMS}.`),
    sample: {},
  }),
  invalid_to: define<{ detail?: string }>({
    status: 400,
    meaning: '`to` is not Unix seconds, a UTC day or an ISO 8601 UTC time',
    error: 'Invalid to',
    hint: (p) => withDetail(p.detail, `to is ${INSTANT_FORMS}.`),
    sample: {},
  }),
  invalid_range: define({ status: 400, meaning: '`from` is not earlier than `to`', error: 'Invalid range', hint: 'from must be earlier than to.', sample: undefined }),
  invalid_day: define<{ detail?: string }>({
    status: 400,
    meaning: '`day` is not a real day, or in the future',
    error: 'Invalid day',
    hint: (p) => withDetail(p.detail, 'day is a UTC calendar day written YYYY-MM-DD (e.g. 2026-01-31), today or earlier.'),
    sample: {},
  }),
  invalid_format: define<{ formats: readonly string[]; default: string }>({
    status: 400,
    meaning: '`format` is not ndjson or csv',
    error: 'Invalid format',
    hint: (p) => `format is ${p.formats.join(' or ')} (default ${p.default}).`,
    sample: { formats: ['ndjson', 'csv'], default: 'ndjson' },
  }),
  invalid_days: define<{ min: number; max: number; default: number }>({
    status: 400,
    meaning: '`days` is outside 1–365',
    error: 'Invalid days',
    hint: (p) => `days is an integer from ${p.min} to ${p.max} (default ${p.default}): 1 gives 5-minute points, 2–90 hourly, more daily.`,
    sample: { min: 1, max: 365, default: 1 },
  }),
  invalid_ecosystem: define<{ size: number }>({
    status: 400,
    meaning: '`ecosystem` is anything but 1',
    error: 'Invalid ecosystem',
    hint: (p) => `ecosystem takes only the value 1 (include the top ${p.size} ecosystem tokens); leave it out otherwise.`,
    sample: { size: 50 },
  }),
  invalid_wallet_input: define<{ detail?: string }>({
    status: 400,
    meaning: 'Not a mainnet address, stake address or handle',
    error: 'Unrecognised wallet input',
    hint: (p) => withDetail(p.detail, ACCEPTED_WALLET_FORMS),
    sample: { detail: '"abc" is neither an address nor a handle.' },
  }),
  invalid_units: define<{ max: number; entry?: string }>({
    status: 400,
    meaning: '`units` is empty, or an entry is not an asset unit (boosts) or longer than any unit (prices)',
    error: INVALID_UNITS,
    hint: (p) =>
      `${p.entry === undefined ? `units lists 1 to ${p.max} comma-separated asset units.` : `${p.entry} is not an asset unit.`} ${UNIT_HINT}.`,
    sample: { max: 60 },
  }),
  too_many_units: define<{ max: number; count: number }>({
    status: 400,
    meaning: '`units` lists more distinct units than allowed',
    error: INVALID_UNITS,
    hint: (p) => `units lists at most ${p.max} distinct asset units per request; this one has ${p.count}. Split the list into several requests.`,
    sample: { max: 60, count: 61 },
  }),
  invalid_at: define<{ detail?: string }>({
    status: 400,
    meaning: '`at` is not Unix seconds, a UTC day or an ISO 8601 time, or not a real date',
    error: 'Invalid at',
    hint: (p) =>
      withDetail(p.detail, `at is ${INSTANT_FORMS}, or an ISO 8601 time with its offset (2026-01-01T12:00:00+02:00); Unix time in seconds, not milliseconds. Leave it out for the current price.`),
    sample: {},
  }),
  at_in_future: define<{ at: number; now: number }>({
    status: 400,
    meaning: '`at` is later than now: no price exists yet',
    error: 'Time in the future',
    hint: (p) => `at (${p.at}, ${isoSeconds(p.at)}) is after now (${p.now}, ${isoSeconds(p.now)}): no price exists yet. Leave at out for the current price.`,
    sample: { at: 4102444800, now: 1767225600 },
  }),
  invalid_prices_body: define<{ detail?: string }>({
    status: 400,
    meaning: 'The body of POST /prices is not a JSON object `{"units": [strings]}`',
    error: INVALID_REQUEST_BODY,
    hint: (p) => withDetail(p.detail, 'Send {"units": ["<unit>", …]}: 1 to 100 distinct asset units as strings, nothing else.'),
    sample: {},
  }),
  prices_body_not_json: define<{ received: string | null }>({
    status: 415,
    meaning: 'POST /prices is not sent as `Content-Type: application/json`',
    error: 'Unsupported media type',
    hint: (p) =>
      `POST /prices takes JSON: send Content-Type: application/json (this request sent ${p.received === null ? 'none' : JSON.stringify(p.received.slice(0, 100))}) and {"units": [...]}.`,
    sample: { received: 'text/plain' },
  }),
  prices_body_too_large: define<{ maxBytes: number }>({
    status: 413,
    meaning: 'The body of POST /prices is over 16384 bytes',
    error: 'Body too large',
    hint: (p) => `POST /prices takes at most ${p.maxBytes} bytes: {"units": [...]} with at most 100 distinct units. Split the list into several requests.`,
    sample: { maxBytes: 16384 },
  }),
  invalid_arguments: define({
    status: 400,
    meaning: 'MCP tool arguments are not a JSON object',
    error: 'Invalid arguments',
    hint: 'Pass the arguments as a JSON object; tools/list gives their schema.',
    sample: undefined,
  }),

  // Things looked up
  token_not_found: define<{ unit: string }>({
    status: 404,
    meaning: 'No source A pair and no chain record for the unit',
    error: 'Token not found',
    hint: (p) => `No source A pair and no chain record for ${p.unit}. ${UNIT_HINT}.`,
    sample: { unit: 'ab'.repeat(28) },
  }),
  token_not_on_chain: define<{ unit: string }>({
    status: 404,
    meaning: 'Not curated, not followed on chain, and unknown to the chain API',
    error: 'Token not found',
    hint: (p) =>
      `The chain API has no asset ${p.unit}, the chain follower records no pool of it and it is not curated: there is nothing to report on. ${UNIT_HINT}.`,
    sample: { unit: 'ab'.repeat(28) },
  }),
  token_not_recorded: define<{ unit: string; followed?: boolean }>({
    status: 404,
    meaning: 'History is recorded for curated tokens only',
    error: 'Token not recorded',
    hint: (p) =>
      `History is recorded for the curated tokens only (GET /api/v1/tokens lists them); ${p.unit} is not one. ` +
      (p.followed
        ? `The chain follower records its ADA pools: GET /api/v1/tokens/${p.unit}/ohlcv charts them from the chain (and GET /api/v1/chain/tokens?q=${p.unit} gives its chain figures).`
        : `GET /api/v1/tokens/${p.unit}/ohlcv charts a followed or source B pool of any token.`),
    sample: { unit: 'ab'.repeat(28) },
  }),
  no_chartable_pool: define<{ unit: string; sourceBDexes: string[] | null }>({
    status: 404,
    meaning: 'The token has no source B pool to chart, or the chain does not know it',
    error: 'No chartable pool found',
    hint: (p) =>
      p.sourceBDexes === null
        ? `The chain API knows no asset ${p.unit}, so it has no pool to chart. Check the unit.`
        : `Source B lists no pool of this token on its DEXes (${p.sourceBDexes.join(', ')}); its liquidity, if any, ` +
          `is on source A's DEXes, which supply no candles. GET /api/v1/tokens/${p.unit} shows its pairs; for a ` +
          `curated token, GET /api/v1/tokens/${p.unit}/history has the merged price this service records.`,
    sample: { unit: 'ab'.repeat(28), sourceBDexes: ['minswap-cardano'] },
  }),
  token_not_followed: define<{ unit: string }>({
    status: 404,
    meaning: 'The chain follower has no pool of the token against ADA',
    error: 'Token not followed',
    hint: (p) =>
      `The chain follower records the ADA pools of every token on the DEXes it reads (docs/guide/chain-trades.md) and has none of ${p.unit}: ` +
      'it has no such pool, or its pools are on other DEXes or against another token. GET /api/v1/pools/new lists the pools created lately.',
    sample: { unit: 'ab'.repeat(28) },
  }),
  price_not_recorded: define<{ unit: string; at: number; earliest: number | null }>({
    status: 404,
    meaning: 'Nothing prices the token at or before `at`; the hint names the earliest time the service can price it',
    error: 'Price not recorded',
    hint: (p) =>
      p.earliest === null
        ? `Nothing prices ${p.unit} at any time: the chain follower records no pool of it, source B has no candle of its chart's pool and ` +
          'it is not a curated token (whose merged price this service records). GET /api/v1/prices?units=<unit> says why a unit has no price.'
        : `Nothing prices ${p.unit} at ${isoSeconds(p.at)}: the earliest time this service can price it is ${isoSeconds(p.earliest)} ` +
          `(${p.earliest}), e.g. GET /api/v1/tokens/${p.unit}/price?at=${p.earliest}`,
    sample: { unit: 'ab'.repeat(28), at: 1700000000, earliest: 1767225600 },
  }),
  chain_pool_not_found: define<{ poolId: string }>({
    status: 404,
    meaning: 'The chain follower has not recorded this pool',
    error: 'Pool not found',
    hint: (p) =>
      `${p.poolId} is not a pool the chain follower has recorded (ADA pools of the DEXes it reads). Take a pool id from ` +
      'GET /api/v1/pools/new, or from the chainPools of GET /api/v1/tokens/{asset}.',
    sample: { poolId: 'cd'.repeat(32) },
  }),
  pool_not_followed: define<{ unit: string; pool: string }>({
    status: 404,
    meaning: '`pool` is not one of the token\'s followed pools',
    error: 'Pool not followed',
    hint: (p) =>
      `${p.pool} is not a pool of this token that the chain follower has seen. Leave pool out for every followed pool, ` +
      `or take an address from the trades of GET /api/v1/tokens/${p.unit}/trades or poolChoices of its /ohlcv.`,
    sample: { unit: 'ab'.repeat(28), pool: 'cd'.repeat(32) },
  }),
  pool_not_found: define<{ unit: string; pool: string }>({
    status: 404,
    meaning: '`pool` is not one of the token\'s chartable pools',
    error: 'Pool not found',
    hint: (p) =>
      `${p.pool} is not one of this token's chartable pools (the pools the chain follower records and source B's). Leave pool out for the most liquid one, ` +
      `or take an address from poolChoices of GET /api/v1/tokens/${p.unit}/ohlcv.`,
    sample: { unit: 'ab'.repeat(28), pool: 'cd'.repeat(32) },
  }),
  address_not_found: define<{ address: string }>({
    status: 404,
    meaning: 'The chain has never seen the payment address',
    error: 'Address not found',
    hint: (p) => `The chain API has never seen ${p.address}: it has had no transaction yet. Check the address.`,
    sample: { address: 'addr1…' },
  }),
  stake_address_not_found: define<{ stakeAddress: string }>({
    status: 404,
    meaning: 'The chain has never seen the stake address',
    error: 'Stake address not found',
    hint: (p) => `The chain API has never seen ${p.stakeAddress}. Check the address, or use a payment address (addr1…) of the wallet.`,
    sample: { stakeAddress: 'stake1…' },
  }),
  handle_not_found: define<{ handle: string }>({
    status: 404,
    meaning: 'Neither the resolver nor the chain knows the handle',
    error: 'Handle not found',
    hint: (p) =>
      `Neither the handle resolver nor the chain knows ${p.handle}. Check the spelling; handles are 1–15 characters of a-z, 0-9, ".", "_", "-".`,
    sample: { handle: '$nobody' },
  }),
  docs_not_built: define({
    status: 404,
    meaning: 'The docs site is not built yet',
    error: 'Docs not built',
    hint:
      'The docs site is not built yet: `bun run start` builds it in the background when missing (about 10 s), or run ' +
      '`bun run docs:build`. GET /api/v1/ describes every endpoint meanwhile.',
    sample: undefined,
  }),
  reference_asset_not_found: define({
    status: 404,
    meaning: 'No such asset of the API reference page',
    error: 'Not found',
    hint: 'The reference page loads its own assets; open /api/v1/reference.',
    sample: undefined,
  }),

  // Community writes and the database
  invalid_request_body: define<{ detail: string }>({
    status: 400,
    meaning: 'A community write\'s body is not JSON, or not an object',
    error: INVALID_REQUEST_BODY,
    hint: (p) => `${p.detail} ${SIGNED_BODY}`,
    sample: { detail: 'The body is not JSON.' },
  }),
  missing_body_field: define<{ field: string }>({
    status: 400,
    meaning: 'A community write lacks one of its four fields',
    error: (p) => `Missing body field '${p.field}'`,
    hint: SIGNED_BODY,
    sample: { field: 'signature' },
  }),
  invalid_body_field: define<{ field: string; hint?: string }>({
    status: 400,
    meaning: 'A community write\'s field is not a string, or not hex where hex is due',
    error: (p) => `Invalid body field '${p.field}'`,
    hint: (p) => p.hint ?? `${p.field} must be a string. ${SIGNED_BODY}`,
    sample: { field: 'key' },
  }),
  body_too_large: define<{ maxBytes: number }>({
    status: 413,
    meaning: 'A community write\'s body is over 8192 bytes',
    error: 'Body too large',
    hint: (p) =>
      `Community writes accept at most ${p.maxBytes} bytes (8 KB). Send only the four fields payload, signature, key and rewardAddressHex.`,
    sample: { maxBytes: 8192 },
  }),
  signature_verification_failed: define<{ reason: string }>({
    status: 401,
    meaning: 'The CIP-8 signature does not prove the write (the hint says why)',
    error: 'Signature verification failed',
    hint: (p) => `${p.reason} ${SIGN_FROM_CODE}`,
    sample: { reason: 'The signature does not verify for this payload and key.' },
  }),
  invalid_signed_payload: define<{ detail: string }>({
    status: 400,
    meaning: 'The signed payload is not the documented object',
    error: 'Invalid signed payload',
    hint: (p) => p.detail,
    sample: { detail: 'action must be "boost" on this endpoint.' },
  }),
  stale_signed_payload: define<{ detail: string }>({
    status: 400,
    meaning: 'The signed day or time is no longer current: sign again',
    error: 'Stale signed payload',
    hint: (p) => p.detail,
    sample: { detail: 'day must be today in UTC.' },
  }),
  payload_url_mismatch: define<{ signedUnit: string; urlUnit: string }>({
    status: 400,
    meaning: 'The signed unit is not the unit in the URL',
    error: 'Payload does not match the URL',
    hint: (p) =>
      `The signed unit ${p.signedUnit} is not the unit in the URL (${p.urlUnit}). Post the comment to /api/v1/community/comments/${p.signedUnit}.`,
    sample: { signedUnit: 'ab'.repeat(28), urlUnit: 'cd'.repeat(28) },
  }),
  duplicate_payload_key: define<{ key: string }>({
    status: 400,
    meaning: 'The signed payload names a field twice',
    error: 'Duplicate key in signed payload',
    hint: (p) =>
      `The signed text must be a plain JSON object with each field once; "${p.key}" appears more than once (a wallet may show the ` +
      'signer one value while a reader takes another). Build the payload with JSON.stringify of an object and sign it again.',
    sample: { key: 'unit' },
  }),
  unsupported_media_type: define<{ received: string | null }>({
    status: 415,
    meaning: 'A community write is not sent as `Content-Type: application/json`',
    error: 'Unsupported media type',
    hint: (p) =>
      `Community writes are JSON: send Content-Type: application/json (this request sent ${p.received === null ? 'none' : JSON.stringify(p.received.slice(0, 100))}). ${SIGNED_BODY}`,
    sample: { received: 'text/plain' },
  }),
  client_write_limit_reached: define<{ limit: number; wait: string; retryAfterSeconds: number }>({
    status: 429,
    meaning: 'This client address sent its community writes of the hour (`Retry-After`)',
    error: 'Too many writes from this address',
    hint: (p) =>
      `At most ${p.limit} community writes (POSTs, whatever their answer) an hour are taken from one client address ` +
      `(an IPv6 one per /64). Nothing was read or saved. Retry after the hour ends, ${p.wait} from now.`,
    headers: retryAfter,
    sample: { limit: 60, wait: '25 min', retryAfterSeconds: 1500 },
  }),
  writer_not_eligible: define<{ stakeAddress: string; minAda: number; standing: string }>({
    status: 403,
    meaning: 'The stake address is not registered on chain or controls too little ADA to write',
    error: 'Writer not eligible',
    hint: (p) =>
      `A boost or comment counts only from a stake address that is registered on chain and controls at least ${p.minAda} ADA ` +
      `(its total balance: funds under the stake key plus rewards). ${p.stakeAddress} ${p.standing}. Nothing was saved. Register ` +
      `the stake key (delegating from a wallet does it) and hold at least ${p.minAda} ADA under it; this service reads an address's ` +
      'standing once per UTC day, so write again after 00:00 UTC.',
    sample: { stakeAddress: 'stake1…', minAda: 25, standing: 'is not registered on chain and controls 3.5 ADA' },
  }),
  chain_check_unavailable: define<{ check: 'writer' | 'token'; retryAfterSeconds: number }>({
    status: 503,
    meaning: 'A write needed the chain API (writer standing, token look-up) and it failed (`Retry-After`); nothing was saved',
    error: 'Chain check unavailable',
    hint: (p) =>
      `This write needs the chain API (Koios) to ${p.check === 'writer' ? "read the writer's stake address" : 'find the token'}, ` +
      `and it did not give a usable answer. Nothing was saved: retry in ${p.retryAfterSeconds} s.`,
    headers: retryAfter,
    sample: { check: 'writer', retryAfterSeconds: 30 },
  }),
  already_boosted_today: define<{ stakeAddress: string; day: string; wait: string; retryAfterSeconds: number }>({
    status: 409,
    meaning: 'The stake address used its boost of this UTC day (`Retry-After`)',
    error: 'Already boosted today',
    hint: (p) =>
      `${p.stakeAddress} has used its one boost for ${p.day} (UTC), on some token. The next boost is possible after 00:00 UTC, ${p.wait} from now.`,
    headers: retryAfter,
    sample: { stakeAddress: 'stake1…', day: '2026-01-31', wait: '5 h 3 min', retryAfterSeconds: 18_180 },
  }),
  daily_comment_limit_reached: define<{ stakeAddress: string; limit: number; wait: string; retryAfterSeconds: number }>({
    status: 429,
    meaning: 'The stake address posted its comments of this UTC day (`Retry-After`)',
    error: 'Daily comment limit reached',
    hint: (p) =>
      `${p.stakeAddress} has posted ${p.limit} comments today (UTC), the daily limit. Posting opens again after 00:00 UTC, ${p.wait} from now.`,
    headers: retryAfter,
    sample: { stakeAddress: 'stake1…', limit: 10, wait: '5 h 3 min', retryAfterSeconds: 18_180 },
  }),
  unit_comment_limit_reached: define<{ unit: string; limit: number; wait: string; retryAfterSeconds: number }>({
    status: 429,
    meaning: 'The token received its comments of this UTC day (`Retry-After`)',
    error: 'Token comment limit reached',
    hint: (p) =>
      `${p.unit} has received ${p.limit} comments today (UTC), the most one token takes in a day. Commenting on it opens again ` +
      `after 00:00 UTC, ${p.wait} from now.`,
    headers: retryAfter,
    sample: { unit: 'ab'.repeat(28), limit: 500, wait: '5 h 3 min', retryAfterSeconds: 18_180 },
  }),
  day_not_recorded: define<{ day: string; firstDay: string | null }>({
    status: 404,
    meaning: 'Nothing was recorded on the UTC day asked for; the hint names the first recorded day',
    error: 'Day not recorded',
    hint: (p) =>
      p.firstDay === null
        ? `Nothing was recorded on ${p.day}: this deployment has recorded nothing yet. Recording starts with the ` +
          'service (no backfill): the first snapshots appear within a minute of its start.'
        : `Nothing was recorded on ${p.day} (UTC). This deployment records from its start, with no backfill: its first ` +
          `recorded day is ${p.firstDay}, e.g. GET /api/v1/export/snapshots?day=${p.firstDay}`,
    sample: { day: '2026-01-31', firstDay: '2026-11-22' },
  }),
  database_not_configured: define<{ consequence: string }>({
    status: 503,
    meaning: 'The deployment runs with DATABASE_URL=off',
    error: DATABASE_NOT_CONFIGURED,
    hint: (p) => `This deployment runs without the community database (DATABASE_URL=off), so ${p.consequence}. Every other endpoint works.`,
    sample: { consequence: 'boosts and comments are unavailable here' },
  }),
  database_busy: define<{ nothing: string }>({
    status: 503,
    meaning: 'The database could not answer in time; nothing was saved (`Retry-After`)',
    error: 'Community database busy',
    hint: (p) => `Nothing was ${p.nothing}. Retry in a few seconds.`,
    headers: () => ({ 'retry-after': '2' }),
    sample: { nothing: 'saved or read' },
  }),

  // The live stream (GET /api/v1/stream)
  invalid_stream_topics: define<{ detail: string; max: number }>({
    status: 400,
    meaning: '`topics` is missing, names an unknown topic or unit, or lists too many; checked before the stream opens',
    error: "Invalid query parameter 'topics'",
    hint: (p) =>
      `${p.detail} topics lists 1 to ${p.max} comma-separated topics: screener, token:<unit> (a curated token, see GET /api/v1/tokens), ` +
      'trades:<unit> (any token the chain follower records), pools:new or chain:tokens; a unit is the 56-hex policy id followed by the asset name in hex.',
    sample: { detail: 'prices is not a topic.', max: 20 },
  }),
  too_many_streams_for_client: define<{ max: number; retryAfterSeconds: number }>({
    status: 429,
    meaning: 'This client address already holds the most open streams allowed (`Retry-After`)',
    error: 'Too many open streams from this address',
    hint: (p) =>
      `At most ${p.max} streams may be open from one address. Close one (one stream carries several topics: topics=screener,token:<unit>) and retry in ${p.retryAfterSeconds} s.`,
    headers: retryAfter,
    sample: { max: 10, retryAfterSeconds: 30 },
  }),
  too_many_streams: define<{ retryAfterSeconds: number }>({
    status: 429,
    meaning: 'This instance holds the most open streams it allows (`Retry-After`)',
    error: 'Too many open streams',
    hint: (p) => `This instance is holding as many streams as it allows. Retry in ${p.retryAfterSeconds} s, or poll GET /api/v1/tokens meanwhile.`,
    headers: retryAfter,
    sample: { retryAfterSeconds: 30 },
  }),

  // Operations
  metrics_unauthorized: define({
    status: 401,
    meaning: 'METRICS_TOKEN is set and the request to /metrics does not carry it (`WWW-Authenticate`)',
    error: 'Metrics need a token',
    hint: 'This deployment keeps /metrics private: send Authorization: Bearer <METRICS_TOKEN>.',
    headers: () => ({ 'www-authenticate': 'Bearer realm="metrics"' }),
    sample: undefined,
  }),

  // The MCP endpoint (POST /api/mcp): its refusals travel in JSON-RPC error envelopes, this body as their `data`
  too_many_mcp_calls: define<{ max: number; retryAfterSeconds: number }>({
    status: 429,
    meaning: 'This client address made the most MCP tool calls allowed this minute (`Retry-After`; an IPv6 client counts per /64)',
    error: 'Too many MCP tool calls from this address',
    hint: (p) =>
      `At most ${p.max} tool calls a minute from one address (MCP_CALLS_PER_CLIENT_PER_MINUTE). Retry in ${p.retryAfterSeconds} s; answers are cached, so repeating a call sooner gets nothing newer.`,
    headers: retryAfter,
    sample: { max: 120, retryAfterSeconds: 42 },
  }),
} as const

export type ErrorCode = keyof typeof ERRORS
type ParamsOf<C extends ErrorCode> = (typeof ERRORS)[C] extends ErrorDefinition<infer P> ? P : never
/** No argument for an error without parameters, an optional one when all are optional, else one. */
type Args<C extends ErrorCode> = ParamsOf<C> extends undefined ? [] : {} extends ParamsOf<C> ? [params?: ParamsOf<C>] : [params: ParamsOf<C>]

const textOf = <P>(text: Text<P>, params: P) => (typeof text === 'string' ? text : text(params))

/** The error `code` with its parameters, ready to throw. */
export function apiError<C extends ErrorCode>(code: C, ...args: Args<C>): ApiError {
  return build(code, args[0] ?? {})
}

function build(code: ErrorCode, params: unknown): ApiError {
  const definition = ERRORS[code] as ErrorDefinition<unknown>
  return new ApiError(definition.status, code, textOf(definition.error, params), textOf(definition.hint, params), definition.headers?.(params))
}

/** One documented error answer of an endpoint: status and text from the registry, `when` from the endpoint. */
export function errorDoc<C extends ErrorCode>(code: C, when: string, ...args: Args<C>) {
  return documented(apiError(code, ...args), when)
}

/** The same for an error already built (an input rule's). */
export const documented = ({ status, code, error }: ApiError, when: string) => ({ status, code, error, when })

export const isErrorCode = (code: string): code is ErrorCode => Object.hasOwn(ERRORS, code)

/**
 * An error body a schema's `error` option carried, as the error it names (a 500 if it names none); with the
 * refused value, an error whose hint names the input is worded for it.
 */
export function fromBody(body: ErrorBody, input?: unknown): ApiError {
  if (!isErrorCode(body.code)) return apiError('internal_error')
  const fromInput = (ERRORS[body.code] as ErrorDefinition<unknown>).fromInput
  if (fromInput !== undefined && typeof input === 'string') return build(body.code, fromInput(input))
  return new ApiError(ERRORS[body.code].status, body.code, body.error, body.hint)
}

/** Every error worded with its sample parameters: the errors guide's table, and tests walking the registry. */
export function sampleErrors(): ApiError[] {
  return (Object.keys(ERRORS) as ErrorCode[]).map((code) => build(code, ERRORS[code].sample ?? {}))
}

/** The markdown table of the codes, as docs/guide/errors.md shows it (a test keeps them equal). */
export function errorCodeTable(): string {
  const rows = sampleErrors().map((e) => `| \`${e.code}\` | ${e.status} | ${e.error} | ${ERRORS[e.code as ErrorCode].meaning} |`)
  return ['| code | status | error (example) | when |', '|---|---|---|---|', ...rows].join('\n')
}
