import { t } from 'elysia'
import { endpoint, type EndpointDoc, type ErrorDoc } from '../../catalogue/types'
import { apiError, documented, errorDoc, SIGN_FROM_CODE } from '../../http/error-catalogue'
import { invalid } from '../../http/errors'
import { assetParam } from '../../http/asset-input'
import { stakeShort } from './display'
import { bodyTooLarge, MAX_BODY_BYTES } from './request-body'
import {
  BoostReceiptResponse,
  BoostSummariesResponse,
  CommentListResponse,
  CommentSchema,
  COMMENTS_SHOWN,
  SAMPLE_BOOST_SIGNATURE,
  SAMPLE_COMMENT_SIGNATURE,
  SAMPLE_KEY,
  SAMPLE_REWARD_HEX,
  SAMPLE_STAKE,
  SignedWriteBody,
} from './schemas'
import { communityDatabaseBusy, COMMENTS_PER_DAY, databaseNotConfigured, MAX_UNITS } from './service'

const SNEK = '279c909f348e533da5808898f87f9a14bb2c3dfbbacccd631d927a3f534e454b'
const HOSKY = 'a0028f350aaabe0545fdcb56b039bfb08e4bb4d8c4d7c3c7d481c235484f534b59'
/** Who can write, said wherever a writer learns the rules (the endpoints below, llms.txt). */
export const WHO_CAN_WRITE =
  'Writes count only from a stake address registered on chain holding at least 25 ADA (COMMUNITY_MIN_ADA; funds ' +
  'under the stake key plus rewards), read once a UTC day: a new key gets 403 writer_not_eligible.'

const SIGNING =
  'Authorised by a CIP-30 `signData` signature made with the wallet\'s reward (stake) address and verified as ' +
  'CIP-8/COSE: build the payload object, serialise it to a JSON string (each field once), call ' +
  '`signData(rewardAddressHex, hex(UTF-8 bytes of the string))` with the first reward address, and POST the ' +
  'string as `payload` with the returned `signature` and `key` and `rewardAddressHex`, as ' +
  '`Content-Type: application/json`. Only mainnet key-hash reward addresses (`e1…`) can sign; hashed payloads ' +
  '(`hashed: true`, as Ledger produces) are accepted. The writer is the stake address the signature proves. ' +
  `${WHO_CAN_WRITE} Checks run cheapest first, and a refused write stores nothing: Content-Type not ` +
  'application/json -> 415; over WRITES_PER_CLIENT_PER_HOUR (60) POSTs this hour from the client address (an ' +
  'IPv6 one per /64; every POST counts, whatever its answer) -> 429; body over 8 KB -> 413; body not a JSON ' +
  'object with the four strings (hex where hex is due) -> 400; signature not verifying -> 401; payload not ' +
  'meaning what this endpoint needs, or naming a field twice -> 400; the writer not eligible -> 403; a token ' +
  'the service cannot find (not curated, unknown to the chain API) -> 404; the chain API failing for either ' +
  'check -> 503; then the daily limits. ' +
  SIGN_FROM_CODE

/**
 * What a boost count means, for the boost entries: who can boost, what an extra one costs, what remains possible
 * (docs/guide/community-signing.md says the same at length).
 */
const BOOST_MEANING =
  'What a count means: each boost is a distinct registered stake key holding at least 25 ADA when the chain API ' +
  'was asked that day. An extra boost a day therefore costs an attacker another registered key (a 2 ADA ' +
  'deposit, returned on deregistration, and a transaction fee of about 0.2 ADA) and 25 ADA more held under it: ' +
  'N boosts a day need N × 25 ADA. What remains possible: a standing is read once a day, so the same ADA moved ' +
  'from key to key between reads counts once per key, at a transaction fee per key; and anyone holding ' +
  'N × 25 ADA can split it over N keys. A count is of funded, registered keys, not of people.'

const SAMPLE_WAIT = { wait: '5 h', retryAfterSeconds: 18_000 }
const SAMPLE_HOUR_WAIT = { wait: '25 min', retryAfterSeconds: 1500 }

const NOT_CONFIGURED = documented(databaseNotConfigured(), 'This deployment runs with DATABASE_URL=off')

const writeErrors = (...limits: ErrorDoc[]): ErrorDoc[] => [
  errorDoc('unsupported_media_type', 'The request is not sent as Content-Type: application/json', { received: 'text/plain' }),
  errorDoc('client_write_limit_reached', 'This client address sent WRITES_PER_CLIENT_PER_HOUR (60) community POSTs this hour', { limit: 60, ...SAMPLE_HOUR_WAIT }),
  documented(bodyTooLarge(), `The body is over ${MAX_BODY_BYTES} bytes`),
  errorDoc('invalid_request_body', 'The body is not JSON, or not a JSON object', { detail: 'The body is not JSON.' }),
  errorDoc('missing_body_field', 'One of the four fields is missing', { field: 'signature' }),
  errorDoc('invalid_body_field', 'A field is not a string, or not hex where hex is due', { field: 'signature' }),
  errorDoc('signature_verification_failed', 'The CIP-8 signature does not prove rewardAddressHex signed payload (the hint says why)', { reason: '' }),
  errorDoc('invalid_signed_payload', 'The signed payload is not the documented JSON object for this endpoint', { detail: '' }),
  errorDoc('duplicate_payload_key', 'The signed payload names a field twice', { key: 'unit' }),
  errorDoc('stale_signed_payload', 'The signed day or timestamp is no longer current: sign again', { detail: '' }),
  errorDoc('writer_not_eligible', 'The stake address is not registered on chain, or controls less than COMMUNITY_MIN_ADA (25 ADA)', {
    stakeAddress: SAMPLE_STAKE,
    minAda: 25,
    standing: 'is not registered on chain and controls 3.5 ADA',
  }),
  errorDoc('token_not_found', 'The signed unit is not curated and the chain API knows no such asset (unless COMMUNITY_ANY_UNIT=1)', { unit: HOSKY }),
  errorDoc('chain_check_unavailable', 'The chain API failed while reading the writer\'s standing or looking up the token', { check: 'writer', retryAfterSeconds: 30 }),
  errorDoc('busy_for_this_client', 'This client used its fair share of the chain API\'s budget for uncached reads', { upstream: 'koios', retryAfterSeconds: 12 }),
  errorDoc('upstream_quota_paced', 'The chain API\'s daily quota allowance for now is spent', { upstream: 'koios', retryAfterSeconds: 35 }),
  ...limits,
  NOT_CONFIGURED,
  documented(communityDatabaseBusy(), 'The database could not take the write in time; nothing was saved: retry'),
]
const readErrors = (...first: ErrorDoc[]): ErrorDoc[] => [...first, NOT_CONFIGURED]


export const boostSummariesDoc = endpoint({
  operationId: 'getBoosts',
  method: 'GET',
  path: '/community/boosts',
  tag: 'Community',
  summary: 'Boost counts for up to 60 tokens',
  description:
    'One summary per unit, in the order asked: boosts in the last 24 hours and the last 7 days (rolling ' +
    'windows ending now) and on the current UTC day. Units nobody boosted get zeros. Duplicates are answered ' +
    `once; units are answered lowercase. A boost anywhere makes this server's next answer fresh. ${BOOST_MEANING}`,
  params: [
    {
      name: 'units',
      in: 'query',
      required: true,
      description: `Comma-separated asset units, 1 to ${MAX_UNITS} distinct (duplicates collapse before counting)`,
      schema: t.String({
        minLength: 1,
        maxLength: 8192,
        examples: [`${SNEK},${HOSKY}`],
        error: invalid(apiError('invalid_units', { max: MAX_UNITS })),
      }),
    },
  ],
  cacheSeconds: 30,
  examples: [`/community/boosts?units=${SNEK},${HOSKY}`],
  errors: readErrors(
    errorDoc('invalid_units', 'units is missing or empty, or an entry is not an asset unit', { max: MAX_UNITS }),
    errorDoc('too_many_units', `units lists more than ${MAX_UNITS} distinct units`, { max: MAX_UNITS, count: MAX_UNITS + 1 }),
  ),
  response: BoostSummariesResponse,
  responseExample: { summaries: [{ unit: SNEK, boosts24h: 3, boosts7d: 12, boostsToday: 2 }] },
})

export const castBoostDoc = endpoint({
  operationId: 'castBoost',
  method: 'POST',
  path: '/community/boosts',
  tag: 'Community',
  summary: 'Cast the stake address\'s one boost of the UTC day',
  description:
    'Signed payload: `{"action":"boost","unit":"<asset unit>","day":"YYYY-MM-DD"}` with `day` today in UTC ' +
    '(a signature from another day is refused, so a captured one expires on its own). One boost per stake ' +
    'address per UTC day across all tokens, enforced by the database, also for simultaneous requests to ' +
    `several servers sharing it, and only on a token the service can find. ${BOOST_MEANING} ${SIGNING}`,
  params: [],
  body: {
    description: 'The signed boost',
    schema: SignedWriteBody,
    example: {
      payload: `{"action":"boost","unit":"${SNEK}","day":"2026-01-31"}`,
      signature: SAMPLE_BOOST_SIGNATURE,
      key: SAMPLE_KEY,
      rewardAddressHex: SAMPLE_REWARD_HEX,
    },
  },
  cacheSeconds: null,
  examples: [],
  errors: writeErrors(
    errorDoc('already_boosted_today', 'The stake address already boosted on this UTC day, on any token', { stakeAddress: SAMPLE_STAKE, day: '2026-01-31', ...SAMPLE_WAIT }),
  ),
  response: BoostReceiptResponse,
  successStatus: 201,
  responseExample: { ok: true, stakeAddress: SAMPLE_STAKE, unit: SNEK },
})

const unitParam = assetParam('The asset unit: policy id followed by the asset name in hex', 'unit')

export const latestCommentsDoc = endpoint({
  operationId: 'getComments',
  method: 'GET',
  path: '/community/comments/{unit}',
  tag: 'Community',
  summary: `The latest ${COMMENTS_SHOWN} comments on a token, newest first`,
  description:
    `The latest ${COMMENTS_SHOWN} comments, newest first; \`count\` is the number returned. Bodies are returned ` +
    'as signed (in Unicode NFC), as JSON strings: they are plain text, so escape them when rendering HTML. ' +
    '`stakeShort` is the stake address shortened to its first 9 and last 4 characters (`stake1u9x…k4f2`). ' +
    'A comment posted to this server shows in its next answer.',
  params: [unitParam],
  cacheSeconds: 15,
  examples: [`/community/comments/${SNEK}`],
  errors: readErrors(errorDoc('invalid_asset_unit', 'The unit is not 56 hex characters of policy id plus an even-length asset name hex')),
  response: CommentListResponse,
  responseExample: {
    unit: SNEK,
    count: 1,
    comments: [{ id: 7, stakeAddress: SAMPLE_STAKE, stakeShort: stakeShort(SAMPLE_STAKE), body: 'gm', createdAt: '2026-01-31T12:00:00.000Z' }],
  },
})

export const postCommentDoc = endpoint({
  operationId: 'postComment',
  method: 'POST',
  path: '/community/comments/{unit}',
  tag: 'Community',
  summary: 'Post a signed comment on a token',
  description:
    'Signed payload: `{"action":"comment","unit":"<asset unit>","body":"<text>","ts":"<ISO 8601 time>"}`. ' +
    '`unit` must be the unit in the URL, a token the service can find; `body` 1 to 500 characters (Unicode code ' +
    'points) that show something (not only whitespace or invisible characters such as zero-width ones), with no ' +
    'bidi embedding, override or isolate (U+202A–U+202E, U+2066–U+2069), saved and returned as signed in Unicode ' +
    'NFC; `ts` within 5 minutes of server time, either way ' +
    `(re-sign when refused). At most ${COMMENTS_PER_DAY} comments per stake address and COMMENTS_PER_UNIT_PER_DAY ` +
    '(500) per token per UTC day, enforced by the database in the insert itself, also for simultaneous requests ' +
    'to several servers sharing it. Answers 201 with the saved comment. Sending the same signed ' +
    'comment again (a retry or a replay inside the 5-minute window) saves nothing: it answers 200 with the ' +
    `comment saved the first time. ${SIGNING}`,
  params: [unitParam],
  body: {
    description: 'The signed comment',
    schema: SignedWriteBody,
    example: {
      payload: `{"action":"comment","unit":"${SNEK}","body":"gm","ts":"2026-01-31T12:00:00.000Z"}`,
      signature: SAMPLE_COMMENT_SIGNATURE,
      key: SAMPLE_KEY,
      rewardAddressHex: SAMPLE_REWARD_HEX,
    },
  },
  cacheSeconds: null,
  examples: [],
  errors: [
    ...writeErrors(
      errorDoc('daily_comment_limit_reached', `The stake address already posted ${COMMENTS_PER_DAY} comments on this UTC day`, {
        stakeAddress: SAMPLE_STAKE,
        limit: COMMENTS_PER_DAY,
        ...SAMPLE_WAIT,
      }),
      errorDoc('unit_comment_limit_reached', 'The token already received COMMENTS_PER_UNIT_PER_DAY (500) comments on this UTC day', {
        unit: SNEK,
        limit: 500,
        ...SAMPLE_WAIT,
      }),
    ),
    errorDoc('payload_url_mismatch', 'The signed unit is not the unit in the URL', { signedUnit: SNEK, urlUnit: HOSKY }),
    errorDoc('invalid_asset_unit', 'The unit in the URL is not an asset unit'),
  ],
  response: CommentSchema,
  successStatus: 201,
  otherAnswers: [{ status: 200, description: 'The same signed comment again (a retry or a replay): the comment already saved; nothing new is saved' }],
  responseExample: { id: 7, stakeAddress: SAMPLE_STAKE, stakeShort: stakeShort(SAMPLE_STAKE), body: 'gm', createdAt: '2026-01-31T12:00:00.000Z' },
})

export const communityDocs: EndpointDoc[] = [boostSummariesDoc, castBoostDoc, latestCommentsDoc, postCommentDoc]
