/**
 * Every error the API answers, defined once: a stable snake_case `code`, the status, the `error` text and the
 * `hint`. Code throws them by name (`throw apiError('token_not_found', { unit })`); the endpoint catalogue
 * documents them by name (`errorDoc('token_not_found', when)`), so the OpenAPI document, the index, the docs
 * site and the README's table (checked by test/http/error-catalogue.test.ts) all carry the texts written here.
 * A leaf: it imports no module, so anything may throw from it; values a hint names come in as parameters.
 */
import { UNIT_HINT } from '../cardano/unit'
import { UPSTREAM_LABEL, upstreamTitle, type UpstreamFailure, type UpstreamName } from '../upstream/errors'
import { ApiError, type ErrorBody } from './errors'

type Text<P> = string | ((params: P) => string)

interface ErrorDefinition<P> {
  status: number
  error: Text<P>
  hint: Text<P>
  headers?: (params: P) => Record<string, string>
  /** Parameters the docs word a parameterised error with (the README table, tests walking the registry). */
  sample: P
}

const define = <P = undefined>(definition: ErrorDefinition<P>) => definition

const INVALID_REQUEST_BODY = 'Invalid request body'
const INVALID_UNITS = "Invalid query parameter 'units'"
const DATABASE_NOT_CONFIGURED = 'Community database not configured'
const SIGNED_BODY =
  'Send a JSON object with four strings: payload (the exact JSON string that was signed), signature and key ' +
  '(the COSE_Sign1 and COSE_Key hex from signData) and rewardAddressHex (e1 followed by 56 hex characters).'
const INSTANT_FORMS = 'Unix seconds (1767225600), a UTC day (2026-01-01) or an ISO 8601 UTC time (2026-01-01T12:00:00Z)'
const ACCEPTED_WALLET_FORMS =
  'Send a mainnet payment address (addr1…), a mainnet stake address (stake1…) or an ADA Handle written ' +
  '%24name in the URL ($ encoded as %24; 1–15 characters of a-z, 0-9, ".", "_", "-").'

/** A detail sentence in front of a fixed hint. */
const withDetail = (detail: string | undefined, hint: string) => (detail === undefined ? hint : `${detail} ${hint}`)
const retryAfter = (p: { retryAfterSeconds: number }) => ({ 'retry-after': String(p.retryAfterSeconds) })

export const ERRORS = {
  // Any route
  not_found: define<{ path: string }>({
    status: 404,
    error: 'Not found',
    hint: (p) => `No endpoint at ${p.path}. GET /api/v1/ lists every endpoint with examples.`,
    sample: { path: '/api/v1/nothing-here' },
  }),
  method_not_allowed: define<{ path: string; allow: string }>({
    status: 405,
    error: 'Method not allowed',
    hint: (p) => `${p.path} accepts ${p.allow}.`,
    headers: (p) => ({ allow: p.allow }),
    sample: { path: '/api/v1/tokens', allow: 'GET, HEAD' },
  }),
  validation_failed: define<{ label: string; hint: string }>({
    status: 400,
    error: (p) => p.label,
    hint: (p) => p.hint,
    sample: { label: "Invalid query parameter 'q'", hint: 'Expected string. GET /api/v1/ documents each parameter.' },
  }),
  unreadable_body: define({
    status: 400,
    error: INVALID_REQUEST_BODY,
    hint: 'Send a JSON object with Content-Type: application/json.',
    sample: undefined,
  }),
  bad_request: define({ status: 400, error: 'Bad request', hint: 'The request could not be read.', sample: undefined }),
  invalid_host_header: define({
    status: 400,
    error: 'Invalid Host header',
    hint: 'Send a Host header of the form host[:port] (HTTP clients do by default): this answer contains absolute URLs built from it.',
    sample: undefined,
  }),
  internal_error: define({
    status: 500,
    error: 'Internal error',
    hint: 'Something failed on our side. Retry later, and quote the X-Request-Id header when reporting it.',
    sample: undefined,
  }),
  upstream_unavailable: define<{ upstream: UpstreamName; failure: UpstreamFailure }>({
    status: 502,
    error: (p) => `Upstream unavailable: ${UPSTREAM_LABEL[p.upstream]}`,
    hint: (p) =>
      `The ${upstreamTitle(p.upstream)} did not give a usable answer (${p.failure.replace('_', ' ')}) and no cached copy exists yet. Retry in a minute.`,
    sample: { upstream: 'dexscreener', failure: 'timeout' },
  }),
  busy_for_this_client: define<{ upstream: UpstreamName; retryAfterSeconds: number }>({
    status: 503,
    error: 'Busy for this client',
    hint: (p) =>
      `This client has used its fair share of the ${UPSTREAM_LABEL[p.upstream]}'s call budget for answers not yet cached; answers other ` +
      `clients already asked for are still served. Retry in ${p.retryAfterSeconds} s, or ask for fewer distinct uncached resources.`,
    headers: retryAfter,
    sample: { upstream: 'geckoterminal', retryAfterSeconds: 12 },
  }),

  // Inputs
  invalid_asset_unit: define({ status: 400, error: 'Invalid asset unit', hint: `${UNIT_HINT}.`, sample: undefined }),
  invalid_search_query: define<{ maxLength: number }>({
    status: 400,
    error: 'Invalid search query',
    hint: (p) =>
      `q is the text to search for (a ticker, a name or an asset unit): 1 to ${p.maxLength} characters, not only spaces, e.g. /api/v1/search?q=snek`,
    sample: { maxLength: 100 },
  }),
  invalid_timeframe: define<{ timeframes: readonly string[]; default: string }>({
    status: 400,
    error: 'Invalid timeframe',
    hint: (p) => `tf is one of ${p.timeframes.join(', ')} (default ${p.default}).`,
    sample: { timeframes: ['5m', '1h', '1d'], default: '1h' },
  }),
  invalid_limit: define<{ min: number; max: number; default: number }>({
    status: 400,
    error: 'Invalid limit',
    hint: (p) => `limit is the number of candles: an integer from ${p.min} to ${p.max} (default ${p.default}).`,
    sample: { min: 1, max: 500, default: 300 },
  }),
  invalid_quote: define({ status: 400, error: 'Invalid quote', hint: 'quote is usd (default) or ada.', sample: undefined }),
  invalid_pool_address: define({
    status: 400,
    error: 'Invalid pool address',
    hint: 'pool is a source B pool address in hex (8 to 160 hex characters, no cardano_ prefix); take one from poolChoices.',
    sample: undefined,
  }),
  invalid_from: define<{ detail?: string }>({
    status: 400,
    error: 'Invalid from',
    hint: (p) => withDetail(p.detail, `from is ${INSTANT_FORMS}.`),
    sample: {},
  }),
  invalid_to: define<{ detail?: string }>({
    status: 400,
    error: 'Invalid to',
    hint: (p) => withDetail(p.detail, `to is ${INSTANT_FORMS}.`),
    sample: {},
  }),
  invalid_range: define({ status: 400, error: 'Invalid range', hint: 'from must be earlier than to.', sample: undefined }),
  invalid_day: define<{ detail?: string }>({
    status: 400,
    error: 'Invalid day',
    hint: (p) => withDetail(p.detail, 'day is a UTC calendar day written YYYY-MM-DD (e.g. 2026-01-31), today or earlier.'),
    sample: {},
  }),
  invalid_format: define<{ formats: readonly string[]; default: string }>({
    status: 400,
    error: 'Invalid format',
    hint: (p) => `format is ${p.formats.join(' or ')} (default ${p.default}).`,
    sample: { formats: ['ndjson', 'csv'], default: 'ndjson' },
  }),
  invalid_days: define<{ min: number; max: number; default: number }>({
    status: 400,
    error: 'Invalid days',
    hint: (p) => `days is an integer from ${p.min} to ${p.max} (default ${p.default}): 1 gives 5-minute points, 2–90 hourly, more daily.`,
    sample: { min: 1, max: 365, default: 1 },
  }),
  invalid_ecosystem: define<{ size: number }>({
    status: 400,
    error: 'Invalid ecosystem',
    hint: (p) => `ecosystem takes only the value 1 (include the top ${p.size} ecosystem tokens); leave it out otherwise.`,
    sample: { size: 50 },
  }),
  invalid_wallet_input: define<{ detail?: string }>({
    status: 400,
    error: 'Unrecognised wallet input',
    hint: (p) => withDetail(p.detail, ACCEPTED_WALLET_FORMS),
    sample: { detail: '"abc" is neither an address nor a handle.' },
  }),
  invalid_units: define<{ max: number; entry?: string }>({
    status: 400,
    error: INVALID_UNITS,
    hint: (p) =>
      `${p.entry === undefined ? `units lists 1 to ${p.max} comma-separated asset units.` : `${p.entry} is not an asset unit.`} ${UNIT_HINT}.`,
    sample: { max: 60 },
  }),
  too_many_units: define<{ max: number; count: number }>({
    status: 400,
    error: INVALID_UNITS,
    hint: (p) => `units lists at most ${p.max} distinct asset units per request; this one has ${p.count}. Split the list into several requests.`,
    sample: { max: 60, count: 61 },
  }),
  invalid_arguments: define({
    status: 400,
    error: 'Invalid arguments',
    hint: 'Pass the arguments as a JSON object; tools/list gives their schema.',
    sample: undefined,
  }),

  // Things looked up
  token_not_found: define<{ unit: string }>({
    status: 404,
    error: 'Token not found',
    hint: (p) => `No source A pair and no chain record for ${p.unit}. ${UNIT_HINT}.`,
    sample: { unit: 'ab'.repeat(28) },
  }),
  token_not_recorded: define<{ unit: string }>({
    status: 404,
    error: 'Token not recorded',
    hint: (p) =>
      `History is recorded for the curated tokens only (GET /api/v1/tokens lists them); ${p.unit} is not one. ` +
      `GET /api/v1/tokens/${p.unit}/ohlcv charts a source B pool of any token.`,
    sample: { unit: 'ab'.repeat(28) },
  }),
  no_chartable_pool: define<{ unit: string; sourceBDexes: string[] | null }>({
    status: 404,
    error: 'No chartable pool found',
    hint: (p) =>
      p.sourceBDexes === null
        ? `The chain API knows no asset ${p.unit}, so it has no pool to chart. Check the unit.`
        : `Source B lists no pool of this token on its DEXes (${p.sourceBDexes.join(', ')}); its liquidity, if any, ` +
          `is on source A's DEXes, which supply no candles. GET /api/v1/tokens/${p.unit} shows its pairs; for a ` +
          `curated token, GET /api/v1/tokens/${p.unit}/history has the merged price this service records.`,
    sample: { unit: 'ab'.repeat(28), sourceBDexes: ['minswap-cardano'] },
  }),
  pool_not_found: define<{ unit: string; pool: string }>({
    status: 404,
    error: 'Pool not found',
    hint: (p) =>
      `${p.pool} is not one of this token's chartable source B pools. Leave pool out for the deepest one, ` +
      `or take an address from poolChoices of GET /api/v1/tokens/${p.unit}/ohlcv.`,
    sample: { unit: 'ab'.repeat(28), pool: 'cd'.repeat(32) },
  }),
  address_not_found: define<{ address: string }>({
    status: 404,
    error: 'Address not found',
    hint: (p) => `The chain API has never seen ${p.address}: it has had no transaction yet. Check the address.`,
    sample: { address: 'addr1…' },
  }),
  stake_address_not_found: define<{ stakeAddress: string }>({
    status: 404,
    error: 'Stake address not found',
    hint: (p) => `The chain API has never seen ${p.stakeAddress}. Check the address, or use a payment address (addr1…) of the wallet.`,
    sample: { stakeAddress: 'stake1…' },
  }),
  handle_not_found: define<{ handle: string }>({
    status: 404,
    error: 'Handle not found',
    hint: (p) =>
      `Neither the handle resolver nor the chain knows ${p.handle}. Check the spelling; handles are 1–15 characters of a-z, 0-9, ".", "_", "-".`,
    sample: { handle: '$nobody' },
  }),
  docs_not_built: define({
    status: 404,
    error: 'Docs not built',
    hint:
      'The docs site is not built yet: `bun run start` builds it in the background when missing (about 10 s), or run ' +
      '`bun run docs:build`. GET /api/v1/ describes every endpoint meanwhile.',
    sample: undefined,
  }),
  reference_asset_not_found: define({
    status: 404,
    error: 'Not found',
    hint: 'The reference page loads its own assets; open /api/v1/reference.',
    sample: undefined,
  }),

  // Community writes and the database
  invalid_request_body: define<{ detail: string }>({
    status: 400,
    error: INVALID_REQUEST_BODY,
    hint: (p) => `${p.detail} ${SIGNED_BODY}`,
    sample: { detail: 'The body is not JSON.' },
  }),
  missing_body_field: define<{ field: string }>({
    status: 400,
    error: (p) => `Missing body field '${p.field}'`,
    hint: SIGNED_BODY,
    sample: { field: 'signature' },
  }),
  invalid_body_field: define<{ field: string; hint?: string }>({
    status: 400,
    error: (p) => `Invalid body field '${p.field}'`,
    hint: (p) => p.hint ?? `${p.field} must be a string. ${SIGNED_BODY}`,
    sample: { field: 'key' },
  }),
  body_too_large: define<{ maxBytes: number }>({
    status: 413,
    error: 'Body too large',
    hint: (p) =>
      `Community writes accept at most ${p.maxBytes} bytes (8 KB). Send only the four fields payload, signature, key and rewardAddressHex.`,
    sample: { maxBytes: 8192 },
  }),
  signature_verification_failed: define<{ reason: string }>({
    status: 401,
    error: 'Signature verification failed',
    hint: (p) => p.reason,
    sample: { reason: 'The signature does not verify for this payload and key.' },
  }),
  invalid_signed_payload: define<{ detail: string }>({
    status: 400,
    error: 'Invalid signed payload',
    hint: (p) => p.detail,
    sample: { detail: 'action must be "boost" on this endpoint.' },
  }),
  stale_signed_payload: define<{ detail: string }>({
    status: 400,
    error: 'Stale signed payload',
    hint: (p) => p.detail,
    sample: { detail: 'day must be today in UTC.' },
  }),
  payload_url_mismatch: define<{ signedUnit: string; urlUnit: string }>({
    status: 400,
    error: 'Payload does not match the URL',
    hint: (p) =>
      `The signed unit ${p.signedUnit} is not the unit in the URL (${p.urlUnit}). Post the comment to /api/v1/community/comments/${p.signedUnit}.`,
    sample: { signedUnit: 'ab'.repeat(28), urlUnit: 'cd'.repeat(28) },
  }),
  already_boosted_today: define<{ stakeAddress: string; day: string; wait: string; retryAfterSeconds: number }>({
    status: 409,
    error: 'Already boosted today',
    hint: (p) =>
      `${p.stakeAddress} has used its one boost for ${p.day} (UTC), on some token. The next boost is possible after 00:00 UTC, ${p.wait} from now.`,
    headers: retryAfter,
    sample: { stakeAddress: 'stake1…', day: '2026-01-31', wait: '5 h 3 min', retryAfterSeconds: 18_180 },
  }),
  daily_comment_limit_reached: define<{ stakeAddress: string; limit: number; wait: string; retryAfterSeconds: number }>({
    status: 429,
    error: 'Daily comment limit reached',
    hint: (p) =>
      `${p.stakeAddress} has posted ${p.limit} comments today (UTC), the daily limit. Posting opens again after 00:00 UTC, ${p.wait} from now.`,
    headers: retryAfter,
    sample: { stakeAddress: 'stake1…', limit: 10, wait: '5 h 3 min', retryAfterSeconds: 18_180 },
  }),
  database_not_configured: define<{ consequence: string }>({
    status: 503,
    error: DATABASE_NOT_CONFIGURED,
    hint: (p) => `This deployment runs without the community database (DATABASE_URL=off), so ${p.consequence}. Every other endpoint works.`,
    sample: { consequence: 'boosts and comments are unavailable here' },
  }),
  database_busy: define<{ nothing: string }>({
    status: 503,
    error: 'Community database busy',
    hint: (p) => `Nothing was ${p.nothing}. Retry in a few seconds.`,
    headers: () => ({ 'retry-after': '2' }),
    sample: { nothing: 'saved or read' },
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

/** An error body a schema's `error` option carried, as the error it names (a 500 if it names none). */
export function fromBody(body: ErrorBody): ApiError {
  if (!isErrorCode(body.code)) return apiError('internal_error')
  return new ApiError(ERRORS[body.code].status, body.code, body.error, body.hint)
}

/** Every error worded with its sample parameters: the README table, and tests walking the registry. */
export function sampleErrors(): ApiError[] {
  return (Object.keys(ERRORS) as ErrorCode[]).map((code) => build(code, ERRORS[code].sample ?? {}))
}

/** The markdown table of the codes, as README.md and docs/guide/errors.md show it (a test keeps them equal). */
export function errorCodeTable(): string {
  const rows = sampleErrors().map((e) => `| \`${e.code}\` | ${e.status} | ${e.error.replace(/\|/g, '\\|')} |`)
  return ['| code | status | error (example) |', '|---|---|---|', ...rows].join('\n')
}
