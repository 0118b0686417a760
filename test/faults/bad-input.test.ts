/**
 * The bad-input sweep, over a real listening server process (src/server.ts in a child, embedded database,
 * upstreams faked on loopback) and raw sockets, so requests fetch would refuse to send go out as written:
 * malformed units on every route that takes one, binary and over-long query strings, wrong types, huge
 * headers, invalid JSON and CBOR, bodies of 8192 and 8193 bytes, chunked bodies over the limit, wrong methods,
 * unknown paths, MCP garbage. Every answer is the spec's status with a JSON `{code, error, hint}` (a code of the registry) (MCP: a JSON-RPC
 * error envelope), never a 5xx, and the process stays up.
 *
 * Some requests never reach the app: Bun's HTTP parser answers them itself (`bun` below), with an empty body
 * or by closing the connection. Those are recorded as Bun answers them today.
 */
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ERRORS, isErrorCode, type ErrorCode } from '../../src/http/error-catalogue'
import { boostPayload } from '../community/helpers'
import { TestWallet } from '../community/wallet'
import { FakeUpstreams } from '../fake-upstreams/server'
import { SAMPLE } from '../fake-upstreams/world'
import { startServerProcess, type ServerProcess } from '../support/processes'
import { httpRequest, rawRequest, today, type RawAnswer } from './support'

const SNEK = SAMPLE.snek
const BOOSTS = '/api/v1/community/boosts'
const COMMENTS = `/api/v1/community/comments/${SNEK}`
const JSON_TYPE = { 'content-type': 'application/json' }

/** Expected answers. */
type Expect =
  | { kind: 'error'; status: number; allow?: string }
  | { kind: 'ok'; status: number; type: string }
  | { kind: 'jsonrpc'; status: number }
  | { kind: 'bun'; status: number | 'closed' }

const error = (status: number, allow?: string): Expect => ({ kind: 'error', status, allow })
const ok = (type = 'application/json'): Expect => ({ kind: 'ok', status: 200, type })
const jsonrpc = (status: number): Expect => ({ kind: 'jsonrpc', status })
const bun = (status: number | 'closed'): Expect => ({ kind: 'bun', status })

interface Case {
  name: string
  request: () => Uint8Array | string
  expect: Expect
}

const get = (target: string, headers?: Record<string, string>) => () => httpRequest('GET', target, { headers })
const post = (target: string, body: string | Uint8Array, options: { headers?: Record<string, string>; chunked?: boolean } = {}) => () =>
  httpRequest('POST', target, { headers: { ...JSON_TYPE, ...options.headers }, body, chunked: options.chunked })

/** A body of the four fields, well formed but unsigned (the CIP-8 check refuses it: 401). */
const UNSIGNED = JSON.stringify({ payload: '{"action":"boost"}', signature: 'deadbeef', key: 'a401', rewardAddressHex: `e1${'00'.repeat(28)}` })
/** `body` followed by JSON whitespace up to exactly `size` bytes. */
const padded = (body: string, size: number) => body + ' '.repeat(size - Buffer.byteLength(body))

const BAD_UNITS: Array<[string, string]> = [
  ['not hex', 'xyz'],
  ['56 characters that are not hex', 'zz'.repeat(28)],
  ['a policy id one character short', SNEK.slice(0, 55)],
  ['an odd-length asset name', `${SNEK}a`],
  ['an asset name over 32 bytes', SNEK.slice(0, 56) + 'ab'.repeat(33)],
  ['10,000 hex characters', 'ab'.repeat(5000)],
  ['invalid UTF-8 (%ff%fe)', '%ff%fe'],
  ['a NUL byte', `${SNEK}%00`],
  ['an encoded slash', `${SNEK.slice(0, 56)}%2F00`],
  ['a euro sign', '%E2%82%AC'],
  ['an unencoded byte 0xff', `${SNEK}\xff`],
]

function unitCases(): Case[] {
  const cases: Case[] = []
  for (const [what, unit] of BAD_UNITS) {
    cases.push(
      { name: `GET /tokens/{asset}: ${what}`, request: get(`/api/v1/tokens/${unit}`), expect: error(400) },
      { name: `GET /tokens/{asset}/ohlcv: ${what}`, request: get(`/api/v1/tokens/${unit}/ohlcv`), expect: error(400) },
      { name: `GET /tokens/{asset}/logo: ${what}`, request: get(`/api/v1/tokens/${unit}/logo`), expect: error(400) },
      { name: `GET /tokens/{asset}/safety: ${what}`, request: get(`/api/v1/tokens/${unit}/safety`), expect: error(400) },
      { name: `GET /community/comments/{unit}: ${what}`, request: get(`/api/v1/community/comments/${unit}`), expect: error(400) },
      { name: `POST /community/comments/{unit}: ${what}`, request: post(`/api/v1/community/comments/${unit}`, UNSIGNED), expect: error(400) },
      { name: `GET /community/boosts?units=: ${what}`, request: get(`${BOOSTS}?units=${SNEK},${unit}`), expect: error(400) },
    )
  }
  return cases
}

const WALLET_INPUTS: Array<[string, string]> = [
  ['not an address', 'xyz'],
  ['invalid UTF-8', '%ff%fe'],
  ['a NUL byte', 'stake1%00'],
  ['an empty handle', '%24'],
  ['a handle of 16 characters', `%24${'a'.repeat(16)}`],
  ['a handle with a NUL byte', '%24snek%00fan'],
  ['a 3,000-character address', `addr1${'q'.repeat(3000)}`],
  ['a stake address with a bad checksum', SAMPLE.stakeAddress.slice(0, -1) + (SAMPLE.stakeAddress.endsWith('q') ? 'p' : 'q')],
  ['a testnet address', 'addr_test1vz2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzerspjrlsz'],
]

const QUERY_CASES: Case[] = [
  { name: 'search: no q', request: get('/api/v1/search'), expect: error(400) },
  { name: 'search: empty q', request: get('/api/v1/search?q='), expect: error(400) },
  { name: 'search: q of spaces', request: get('/api/v1/search?q=%20%20%20'), expect: error(400) },
  { name: 'search: q of 101 characters', request: get(`/api/v1/search?q=${'a'.repeat(101)}`), expect: error(400) },
  { name: 'search: q of 5,000 characters', request: get(`/api/v1/search?q=${'a'.repeat(5000)}`), expect: error(400) },
  { name: 'search: q as an array', request: get('/api/v1/search?q[]=snek'), expect: error(400) },
  // Any other text is a query (the spec's only 400 is an empty one): it finds nothing.
  { name: 'search: q of invalid UTF-8', request: get('/api/v1/search?q=%ff%fe'), expect: ok() },
  { name: 'search: q of a NUL byte', request: get('/api/v1/search?q=%00'), expect: ok() },
  { name: 'search: q with a broken percent escape', request: get('/api/v1/search?q=%zz%'), expect: ok() },
  { name: 'ohlcv: tf unknown', request: get(`/api/v1/tokens/${SNEK}/ohlcv?tf=2h`), expect: error(400) },
  { name: 'ohlcv: tf of invalid UTF-8', request: get(`/api/v1/tokens/${SNEK}/ohlcv?tf=%ff`), expect: error(400) },
  { name: 'ohlcv: limit 0', request: get(`/api/v1/tokens/${SNEK}/ohlcv?limit=0`), expect: error(400) },
  { name: 'ohlcv: limit 501', request: get(`/api/v1/tokens/${SNEK}/ohlcv?limit=501`), expect: error(400) },
  { name: 'ohlcv: limit not a number', request: get(`/api/v1/tokens/${SNEK}/ohlcv?limit=abc`), expect: error(400) },
  { name: 'ohlcv: limit 1.5', request: get(`/api/v1/tokens/${SNEK}/ohlcv?limit=1.5`), expect: error(400) },
  { name: 'ohlcv: limit -1', request: get(`/api/v1/tokens/${SNEK}/ohlcv?limit=-1`), expect: error(400) },
  { name: 'ohlcv: quote eur', request: get(`/api/v1/tokens/${SNEK}/ohlcv?quote=eur`), expect: error(400) },
  { name: 'ohlcv: pool not hex', request: get(`/api/v1/tokens/${SNEK}/ohlcv?pool=zz`), expect: error(400) },
  { name: 'ohlcv: pool a NUL byte', request: get(`/api/v1/tokens/${SNEK}/ohlcv?pool=%00`), expect: error(400) },
  { name: 'market: days not a number', request: get('/api/v1/market?days=abc'), expect: error(400) },
  { name: 'market: days 0', request: get('/api/v1/market?days=0'), expect: error(400) },
  { name: 'market: days 366', request: get('/api/v1/market?days=366'), expect: error(400) },
  { name: 'market: days 1.5', request: get('/api/v1/market?days=1.5'), expect: error(400) },
  { name: 'market: days empty', request: get('/api/v1/market?days='), expect: error(400) },
  { name: 'market: days of invalid UTF-8', request: get('/api/v1/market?days=%ff'), expect: error(400) },
  { name: 'market: days in hex', request: get('/api/v1/market?days=0x10'), expect: error(400) },
  { name: 'market: days in exponent form', request: get('/api/v1/market?days=1e1'), expect: error(400) },
  { name: 'ohlcv: limit with a plus sign', request: get(`/api/v1/tokens/${SNEK}/ohlcv?limit=%2B7`), expect: error(400) },
  { name: 'market: ecosystem 2', request: get('/api/v1/market?ecosystem=2'), expect: error(400) },
  { name: 'market: ecosystem true', request: get('/api/v1/market?ecosystem=true'), expect: error(400) },
  { name: 'boosts: no units', request: get(BOOSTS), expect: error(400) },
  { name: 'boosts: units empty', request: get(`${BOOSTS}?units=`), expect: error(400) },
  { name: 'boosts: a list of commas', request: get(`${BOOSTS}?units=,,,`), expect: error(400) },
  {
    name: 'boosts: 61 units',
    request: get(`${BOOSTS}?units=${Array.from({ length: 61 }, (_, i) => SNEK.slice(0, 56) + i.toString(16).padStart(2, '0')).join(',')}`),
    expect: error(400),
  },
  // Documented leniency: blanks between commas are ignored, duplicates collapsed.
  { name: 'boosts: an empty entry and a duplicate', request: get(`${BOOSTS}?units=${SNEK},,${SNEK}`), expect: ok() },
  // Parameters no endpoint takes are ignored.
  { name: 'tokens: an unknown parameter of invalid UTF-8', request: get('/api/v1/tokens?x=%ff%fe'), expect: ok() },
]

const BODY_CASES: Case[] = []
for (const [route, path] of [['boosts', BOOSTS], ['comments', COMMENTS]] as const) {
  BODY_CASES.push(
    { name: `POST ${route}: invalid JSON`, request: post(path, '{"payload":'), expect: error(400) },
    { name: `POST ${route}: no body`, request: post(path, ''), expect: error(400) },
    { name: `POST ${route}: null`, request: post(path, 'null'), expect: error(400) },
    { name: `POST ${route}: an array`, request: post(path, '[]'), expect: error(400) },
    { name: `POST ${route}: a string`, request: post(path, '"payload"'), expect: error(400) },
    { name: `POST ${route}: invalid UTF-8`, request: post(path, Buffer.from([0x7b, 0xff, 0xfe, 0x7d])), expect: error(400) },
    { name: `POST ${route}: a NUL byte`, request: post(path, '{"payload":"\u0000"}'), expect: error(400) },
    { name: `POST ${route}: fields of the wrong type`, request: post(path, '{"payload":1,"signature":[],"key":{},"rewardAddressHex":null}'), expect: error(400) },
    { name: `POST ${route}: a field missing`, request: post(path, JSON.stringify({ ...JSON.parse(UNSIGNED), key: undefined })), expect: error(400) },
    { name: `POST ${route}: signature not hex`, request: post(path, JSON.stringify({ ...JSON.parse(UNSIGNED), signature: 'zz' })), expect: error(400) },
    { name: `POST ${route}: signature of odd length`, request: post(path, JSON.stringify({ ...JSON.parse(UNSIGNED), signature: 'abc' })), expect: error(400) },
    { name: `POST ${route}: rewardAddressHex too short`, request: post(path, JSON.stringify({ ...JSON.parse(UNSIGNED), rewardAddressHex: 'e1' })), expect: error(400) },
    // Well-formed hex that is not the CBOR signData returns: the signature does not verify.
    { name: `POST ${route}: signature hex that is not CBOR`, request: post(path, UNSIGNED), expect: error(401) },
    // A write is read as JSON only when it says it is JSON.
    { name: `POST ${route}: text/plain, unsigned`, request: post(path, UNSIGNED, { headers: { 'content-type': 'text/plain' } }), expect: error(415) },
    { name: `POST ${route}: form-encoded`, request: post(path, 'payload=x', { headers: { 'content-type': 'application/x-www-form-urlencoded' } }), expect: error(415) },
    { name: `POST ${route}: 8192 bytes`, request: post(path, padded(UNSIGNED, 8192)), expect: error(401) },
    { name: `POST ${route}: 8193 bytes`, request: post(path, padded(UNSIGNED, 8193)), expect: error(413) },
    { name: `POST ${route}: 8192 bytes chunked`, request: post(path, padded(UNSIGNED, 8192), { chunked: true }), expect: error(401) },
    { name: `POST ${route}: 8193 bytes chunked`, request: post(path, padded(UNSIGNED, 8193), { chunked: true }), expect: error(413) },
    { name: `POST ${route}: 100,000 bytes chunked`, request: post(path, padded(UNSIGNED, 100_000), { chunked: true }), expect: error(413) },
    { name: `POST ${route}: 100,000 bytes declared, 2 sent`, request: post(path, '{}', { headers: { 'content-length': '100000' } }), expect: error(413) },
    { name: `POST ${route}: Expect: 100-continue`, request: post(path, UNSIGNED, { headers: { expect: '100-continue' } }), expect: error(401) },
  )
}

const METHOD_CASES: Case[] = [
  { name: 'PUT /tokens', request: () => httpRequest('PUT', '/api/v1/tokens'), expect: error(405, 'GET, HEAD') },
  { name: 'POST /tokens/{asset}', request: post(`/api/v1/tokens/${SNEK}`, '{}'), expect: error(405, 'GET, HEAD') },
  { name: 'DELETE /tokens/{asset}/ohlcv', request: () => httpRequest('DELETE', `/api/v1/tokens/${SNEK}/ohlcv`), expect: error(405, 'GET, HEAD') },
  { name: 'PATCH /tokens/{asset}/logo', request: () => httpRequest('PATCH', `/api/v1/tokens/${SNEK}/logo`, { body: '{}' }), expect: error(405, 'GET, HEAD') },
  { name: 'POST /search', request: post('/api/v1/search?q=snek', '{}'), expect: error(405, 'GET, HEAD') },
  { name: 'PUT /wallet/{address}', request: () => httpRequest('PUT', `/api/v1/wallet/${SAMPLE.stakeAddress}`), expect: error(405, 'GET, HEAD') },
  { name: 'DELETE /market', request: () => httpRequest('DELETE', '/api/v1/market'), expect: error(405, 'GET, HEAD') },
  { name: 'PUT /community/boosts', request: () => httpRequest('PUT', BOOSTS, { body: UNSIGNED }), expect: error(405, 'GET, HEAD, POST') },
  { name: 'DELETE /community/comments/{unit}', request: () => httpRequest('DELETE', COMMENTS), expect: error(405, 'GET, HEAD, POST') },
  { name: 'POST /', request: post('/api/v1/', '{}'), expect: error(405, 'GET, HEAD') },
  { name: 'GET /api/mcp', request: get('/api/mcp'), expect: error(405) },
  { name: 'DELETE /api/mcp', request: () => httpRequest('DELETE', '/api/mcp'), expect: error(405) },
]

const PATH_CASES: Case[] = [
  { name: 'an unknown version', request: get('/api/v2/tokens'), expect: error(404) },
  { name: 'an unknown endpoint', request: get('/api/v1/nope'), expect: error(404) },
  { name: 'below an endpoint', request: get(`/api/v1/tokens/${SNEK}/ohlcv/more`), expect: error(404) },
  { name: 'invalid UTF-8', request: get('/%ff%fe'), expect: error(404) },
  { name: 'a NUL byte', request: get('/api/v1/%00'), expect: error(404) },
  { name: 'dot segments out of the API', request: get('/api/v1/../../etc/passwd'), expect: error(404) },
  { name: 'encoded dot segments', request: get('/api/v1/%2e%2e/%2e%2e/package.json'), expect: error(404) },
  { name: 'an unencoded byte 0xff', request: get('/api/v1/\xff'), expect: error(404) },
  { name: 'a 10,000-character path', request: get(`/api/v1/${'a'.repeat(10_000)}`), expect: error(404) },
]

const MCP = '/api/mcp'
const RPC_HEADERS = { accept: 'application/json' }
const rpc = (body: string, headers: Record<string, string> = RPC_HEADERS) => post(MCP, body, { headers })
const MCP_CASES: Case[] = [
  { name: 'not JSON', request: rpc('{"jsonrpc":'), expect: jsonrpc(400) },
  { name: 'not a JSON content type', request: rpc('{}', { 'content-type': 'text/plain' }), expect: jsonrpc(415) },
  { name: 'over 64 KB', request: rpc(`"${'a'.repeat(70_000)}"`), expect: jsonrpc(413) },
  { name: 'an empty object', request: rpc('{}'), expect: jsonrpc(400) },
  { name: 'null', request: rpc('null'), expect: jsonrpc(400) },
  { name: 'a batch of numbers', request: rpc('[1,2,3]'), expect: jsonrpc(400) },
  { name: 'invalid UTF-8', request: rpc(Buffer.from([0x7b, 0xff, 0xfe, 0x7d]) as unknown as string), expect: jsonrpc(400) },
  { name: 'an unknown method', request: rpc('{"jsonrpc":"2.0","id":1,"method":"nope"}'), expect: jsonrpc(200) },
  { name: 'an unknown tool', request: rpc('{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"nope","arguments":{}}}'), expect: jsonrpc(200) },
  {
    name: 'a tool argument of the wrong type',
    request: rpc('{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"get_token","arguments":{"asset":5}}}'),
    expect: jsonrpc(200),
  },
  {
    name: 'a malformed unit',
    request: rpc('{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"get_token_ohlcv","arguments":{"asset":"%ff","limit":"abc"}}}'),
    expect: jsonrpc(200),
  },
  { name: 'params of the wrong type', request: rpc('{"jsonrpc":"2.0","id":1,"method":"tools/call","params":"x"}'), expect: jsonrpc(400) },
]

const HEADER_CASES: Case[] = [
  { name: 'an 8 KB header', request: get('/api/v1/market?days=abc', { 'x-padding': 'a'.repeat(8192) }), expect: error(400) },
  { name: 'an invalid Host header where URLs are built', request: get('/api/v1/tokens', { host: '<script>' }), expect: error(400) },
  { name: 'a garbage If-None-Match', request: get('/api/v1/tokens/zz', { 'if-none-match': '"\u00ff\u00fe"' }), expect: error(400) },
  // Bun answers these itself, before the app sees a request.
  { name: 'a 64 KB header', request: get('/api/v1/market', { 'x-padding': 'a'.repeat(65_536) }), expect: bun(431) },
  { name: 'a 20,000-character query string', request: get(`/api/v1/search?q=${'a'.repeat(20_000)}`), expect: bun(431) },
  { name: 'a header value with a control character', request: get('/api/v1/market', { 'x-bad': 'a\u0001b' }), expect: bun(400) },
  { name: 'a Content-Length that is not a number', request: post(BOOSTS, '{}', { headers: { 'content-length': 'abc' } }), expect: bun(400) },
  { name: 'both Content-Length and chunked', request: post(BOOSTS, '{}', { headers: { 'content-length': '2', 'transfer-encoding': 'chunked' } }), expect: bun(400) },
  { name: 'a request line that is not HTTP', request: () => 'HELLO THERE\r\n\r\n', expect: bun(400) },
  { name: 'binary bytes', request: () => Buffer.from(Array.from({ length: 256 }, (_, i) => i)), expect: bun(400) },
  { name: 'an unknown method', request: () => httpRequest('BREW', '/api/v1/market'), expect: bun('closed') },
]

const fake = await FakeUpstreams.start()
const dir = mkdtempSync(join(tmpdir(), 'bad-input-'))
let server: ServerProcess

/** Signed-looking bodies whose CBOR is broken, made from one real wallet signature. */
const CBOR_CASES: Case[] = []

beforeAll(async () => {
  server = await startServerProcess({
    ...fake.env(),
    DATABASE_URL: `file:${join(dir, 'community.db')}`,
    UPSTREAM_TIMEOUT_MS: '2000',
    // Budgets and the per-client write limit out of the way: the sweep is about input, not upstream economy or limits.
    GECKOTERMINAL_RPM: '6000',
    WRITES_PER_CLIENT_PER_HOUR: '0',
    COINGECKO_API_KEY: 'bad-input-sweep',
  })
  const signed = await (await TestWallet.create()).sign(boostPayload(SNEK, today()))
  const withField = (field: string, value: string) => JSON.stringify({ ...signed, [field]: value })
  CBOR_CASES.push(
    { name: 'the key is not CBOR', request: post(BOOSTS, withField('key', 'ff00ff00')), expect: error(401) },
    { name: 'the key is CBOR of the wrong kind', request: post(BOOSTS, withField('key', '83010203')), expect: error(401) },
    { name: 'the signature is cut short', request: post(BOOSTS, withField('signature', signed.signature.slice(0, 40))), expect: error(401) },
    { name: 'the signature is CBOR of the wrong kind', request: post(BOOSTS, withField('signature', 'a10102')), expect: error(401) },
    { name: 'the signature has trailing bytes', request: post(BOOSTS, withField('signature', `${signed.signature}00`)), expect: error(401) },
    { name: 'the signature with a flipped byte', request: post(BOOSTS, withField('signature', signed.signature.slice(0, -2) + (signed.signature.endsWith('00') ? '01' : '00'))), expect: error(401) },
    { name: 'the payload changed after signing', request: post(BOOSTS, withField('payload', `${signed.payload} `)), expect: error(401) },
  )
}, 30_000)

afterAll(async () => {
  await server.stop()
  await fake.stop()
  rmSync(dir, { recursive: true, force: true })
})

function check(answer: RawAnswer, expected: Expect): void {
  expect(answer.timedOut).toBe(false)
  if (expected.kind === 'bun') {
    if (expected.status === 'closed') expect(answer.closedWithoutAnswer).toBe(true)
    else {
      expect(answer.status).toBe(expected.status)
      expect(answer.body.length).toBe(0)
    }
    return
  }
  expect(answer.status).toBe(expected.status)
  if (expected.kind === 'ok') {
    expect(answer.headers['content-type']).toStartWith(expected.type)
    return
  }
  expect(answer.headers['content-type']).toStartWith('application/json')
  const body = JSON.parse(answer.body.toString('utf8'))
  if (expected.kind === 'jsonrpc') {
    expect(body.jsonrpc).toBe('2.0')
    // A transport refusal carries an error; a call the server read carries its id and an error or a tool error.
    if (expected.status !== 200) expect(body.error).toEqual({ code: expect.any(Number), message: expect.any(String) })
    else if (body.error === undefined) {
      expect(body.result.isError).toBe(true)
      // A tool error's text is the REST error body, code included.
      const toolError = JSON.parse(body.result.content[0].text)
      expect(Object.keys(toolError).sort()).toEqual(['code', 'error', 'hint'])
      expect(isErrorCode(toolError.code)).toBe(true)
    }
    return
  }
  expect(Object.keys(body).sort()).toEqual(['code', 'error', 'hint'])
  // Every code is one of the registry's, answered with the registry's status.
  expect(isErrorCode(body.code)).toBe(true)
  expect(ERRORS[body.code as ErrorCode].status).toBe(answer.status)
  expect(body.error).toEqual(expect.any(String))
  expect(body.hint.length).toBeGreaterThan(0)
  if (expected.allow !== undefined) expect(answer.headers.allow).toBe(expected.allow)
}

const GROUPS: Array<[string, () => Case[]]> = [
  ['malformed units', unitCases],
  [
    'wallet inputs',
    () => WALLET_INPUTS.map(([what, input]) => ({ name: what, request: get(`/api/v1/wallet/${input}`), expect: error(400) })),
  ],
  ['query strings', () => QUERY_CASES],
  ['community bodies', () => BODY_CASES],
  ['invalid CBOR', () => CBOR_CASES],
  ['wrong methods', () => METHOD_CASES],
  ['unknown paths', () => PATH_CASES],
  ['MCP garbage', () => MCP_CASES],
  ['headers and raw HTTP', () => HEADER_CASES],
]

describe('the bad-input sweep', () => {
  for (const [group, cases] of GROUPS) {
    it(group, async () => {
      const list = cases()
      expect(list.length).toBeGreaterThan(0)
      for (const c of list) {
        const answer = await rawRequest(server.port, c.request())
        try {
          check(answer, c.expect)
        } catch (failure) {
          throw new Error(`${group} / ${c.name}: got ${answer.status} ${answer.body.toString('utf8').slice(0, 200)}\n${failure}`)
        }
      }
    }, 20_000)
  }

  it('leaves the process up, and no request answered 5xx', async () => {
    const health = await rawRequest(server.port, httpRequest('GET', '/healthz'))
    expect(health.status).toBe(200)
    expect(server.child.exitCode).toBe(null)
    const metrics = (await rawRequest(server.port, httpRequest('GET', '/metrics'))).body.toString('utf8')
    expect(metrics).toContain('status="400"')
    expect(metrics).not.toMatch(/status="5\d\d"/)
  })
})
