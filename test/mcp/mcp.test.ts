/**
 * The MCP endpoint at /api/mcp, through real HTTP with the official SDK client, against the fake upstreams:
 * tool listing, structured results, shared caches, tool errors worded as REST words them, and the raw
 * transport behaviour (JSON or SSE as asked, JSON-RPC errors for unreadable bodies, 405 for GET).
 */
import { afterAll, beforeEach, describe, expect, it } from 'bun:test'
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client'
import { Type } from '@sinclair/typebox'
import { Elysia, t } from 'elysia'
import { mcpTools } from '../../src/mcp/tools'
import { invalid } from '../../src/http/errors'
import { apiError } from '../../src/http/error-catalogue'
import { parseToolArguments } from '../../src/mcp/arguments'
import { runTool } from '../../src/mcp/server'
import { restTool, type McpTool } from '../../src/mcp/tool'
import { endpoint } from '../../src/catalogue/types'
import { SAMPLE } from '../fake-upstreams/world'
import { startService } from '../helpers'

// A database for the community tools, and a market-provider key for its larger call budget (the fakes ignore it).
const svc = await startService({ env: { DATABASE_URL: ':memory:', COINGECKO_API_KEY: 'test', MCP_CALLS_PER_CLIENT_PER_MINUTE: '0' } })
// A REST probe and an MCP probe tool declared with the same parameter schemas: their 400s must read alike.
const limitSchema = t.Integer({ minimum: 1, maximum: 500, default: 300, error: invalid(apiError('invalid_limit', { min: 1, max: 500, default: 300 })) })
const tfSchema = t.Union([t.Literal('1h'), t.Literal('1d')], { default: '1h' })
svc.app.use(
  new Elysia().get('/probe/candles', ({ query }) => query, {
    query: t.Object({ limit: t.Optional(limitSchema), tf: t.Optional(tfSchema) }),
    detail: { hide: true },
  }),
)
svc.app.listen({ port: 0, hostname: '127.0.0.1' })
const base = `http://127.0.0.1:${svc.app.server!.port}`
const mcpUrl = new URL('/api/mcp', base)
const fixtureTip = structuredClone(svc.fake.world.koios.tip)

afterAll(async () => {
  await svc.app.stop()
  await svc.stop()
})

beforeEach(() => {
  svc.fake.heal()
  svc.fake.resetCalls()
})

async function connect(mode: 'legacy' | 'auto' = 'legacy'): Promise<Client> {
  const client = new Client({ name: 'test-agent', version: '1.0.0' }, { versionNegotiation: { mode } })
  await client.connect(new StreamableHTTPClientTransport(mcpUrl))
  return client
}

/** The fixture tip (test/fixtures/koios/tip.json) as the tool must present it. */
const FIXTURE_TIP = {
  epoch: 568,
  slot: 160236945,
  epochSlot: 224145,
  blockHeight: 11934562,
  blockHash: 'baa7d458135fd7fa1ec37bc2dbfbe34c9fbc163fa72902155da06b1a4b34c5fc',
  blockTime: 1751803236,
  // 1751803236 s = day 20275 since 1970-01-01 (2025-07-06) + 43236 s (12:00:36)
  blockTimeIso: '2025-07-06T12:00:36.000Z',
}

describe('an MCP client from the official SDK', () => {
  beforeEach(() => {
    // Both caches: a tool call is answered from its REST twin's cached answer.
    svc.deps.upstreamCache.clear()
    svc.deps.responses.invalidate('')
    svc.fake.world.koios.tip = structuredClone(fixtureTip)
  })

  for (const mode of ['legacy', 'auto'] as const) {
    it(`lists every tool of the catalogue with schemas and one-line descriptions (${mode} negotiation)`, async () => {
      const client = await connect(mode)
      const { tools } = await client.listTools()
      await client.close()
      expect(tools.map((tool) => tool.name).sort()).toEqual(mcpTools.map((tool) => tool.name).sort())
      for (const tool of tools) {
        expect(tool.description).toBe(mcpTools.find((m) => m.name === tool.name)!.description)
        expect(tool.description).not.toContain('\n')
        expect(tool.inputSchema.type).toBe('object')
        expect(tool.outputSchema?.type).toBe('object')
        expect(tool.annotations?.readOnlyHint).toBe(true)
      }
    })

    it(`calls get_chain_tip and gets the tip as structured content (${mode} negotiation)`, async () => {
      const client = await connect(mode)
      const result = await client.callTool({ name: 'get_chain_tip', arguments: {} })
      await client.close()
      expect(result.isError).toBeFalsy()
      expect(result.structuredContent).toEqual(FIXTURE_TIP)
      expect(JSON.parse((result.content as Array<{ text: string }>)[0].text)).toEqual(FIXTURE_TIP)
    })
  }

  it('reads the chain tip once per cache lifetime (20 s), across calls and clients', async () => {
    const first = await connect()
    await first.callTool({ name: 'get_chain_tip', arguments: {} })
    await first.close()
    const second = await connect('auto')
    await second.callTool({ name: 'get_chain_tip', arguments: {} })
    expect(svc.fake.count('koios', '/tip')).toBe(1)

    svc.fake.world.koios.tip = { ...svc.fake.world.koios.tip, block_height: 11934563 }
    svc.advance(19_000)
    const cached = await second.callTool({ name: 'get_chain_tip', arguments: {} })
    expect((cached.structuredContent as { blockHeight: number }).blockHeight).toBe(11934562)
    expect(svc.fake.count('koios', '/tip')).toBe(1)

    // 41 s after the first read: well past the 20 s lifetime, so the tip is read again.
    svc.advance(22_000)
    const refreshed = await second.callTool({ name: 'get_chain_tip', arguments: {} })
    await second.close()
    expect((refreshed.structuredContent as { blockHeight: number }).blockHeight).toBe(11934563)
    expect(svc.fake.count('koios', '/tip')).toBe(2)
  })

  it('answers an upstream failure with no cached copy as a tool error worded like the REST 502', async () => {
    svc.fake.fail('koios', 'server_error')
    const client = await connect()
    const result = await client.callTool({ name: 'get_chain_tip', arguments: {} })
    await client.close()
    expect(result.isError).toBe(true)
    const body = JSON.parse((result.content as Array<{ text: string }>)[0].text)
    expect(body).toEqual({
      code: 'upstream_unavailable',
      error: 'Upstream unavailable: chain API',
      hint: 'The chain API (Koios) did not give a usable answer (http error) and no cached copy exists yet. Retry in a minute.',
    })
  })

  it('serves the cached copy marked stale when the upstream fails later', async () => {
    const client = await connect()
    await client.callTool({ name: 'get_chain_tip', arguments: {} })
    svc.advance(10 * 60_000) // past the lifetime and the stale-while-revalidate window
    svc.fake.fail('koios', 'server_error')
    const result = await client.callTool({ name: 'get_chain_tip', arguments: {} })
    await client.close()
    expect(result.isError).toBeFalsy()
    expect(result.structuredContent).toEqual(FIXTURE_TIP)
    expect(result._meta).toMatchObject({ stale: true })
  })

  it('answers an unknown tool with an error, not a crash', async () => {
    const client = await connect()
    const outcome = await client.callTool({ name: 'post_comment', arguments: {} }).then(
      (result) => ({ result, error: null }),
      (error: Error) => ({ result: null, error }),
    )
    await client.close()
    const text = outcome.error?.message ?? JSON.stringify(outcome.result)
    expect(text).toContain('post_comment')
  })
})

/** The tool's answer: structured content on success, the `{code, error, hint}` text on a tool error. */
async function callTool(client: Client, name: string, args: Record<string, unknown>) {
  const result = await client.callTool({ name, arguments: args })
  const text = (result.content as Array<{ text: string }>)[0].text
  return result.isError ? { isError: true, body: JSON.parse(text) } : { isError: false, body: result.structuredContent as any, result }
}

/** The REST answer to the same question, asked with the MCP client's origin (answers embed logo URLs). */
const rest = (path: string) => svc.json(path, { host: new URL(base).host })

describe('each tool answers what its REST endpoint answers', () => {
  const cases: Array<[tool: string, args: Record<string, unknown>, path: string]> = [
    ['get_token', { asset: SAMPLE.snek }, `/api/v1/tokens/${SAMPLE.snek}`],
    ['get_token', { asset: SAMPLE.snek.toUpperCase() }, `/api/v1/tokens/${SAMPLE.snek}`],
    ['get_token_ohlcv', { asset: SAMPLE.snek, tf: '1d', limit: 5 }, `/api/v1/tokens/${SAMPLE.snek}/ohlcv?tf=1d&limit=5`],
    ['get_token_ohlcv', { asset: SAMPLE.snek, quote: 'ada', limit: '20' }, `/api/v1/tokens/${SAMPLE.snek}/ohlcv?quote=ada&limit=20`],
    ['search_tokens', { q: 'snek' }, '/api/v1/search?q=snek'],
    ['get_wallet', { address: `$${SAMPLE.handle}` }, `/api/v1/wallet/%24${SAMPLE.handle}`],
    ['get_wallet', { address: `%24${SAMPLE.handle}` }, `/api/v1/wallet/%24${SAMPLE.handle}`],
    ['get_wallet', { address: SAMPLE.stakeAddress }, `/api/v1/wallet/${SAMPLE.stakeAddress}`],
    ['get_market', { days: 7, ecosystem: 1 }, '/api/v1/market?days=7&ecosystem=1'],
    ['get_market', {}, '/api/v1/market'],
    ['get_boosts', { units: `${SAMPLE.snek},${SAMPLE.hosky}` }, `/api/v1/community/boosts?units=${SAMPLE.snek},${SAMPLE.hosky}`],
    ['get_comments', { unit: SAMPLE.snek }, `/api/v1/community/comments/${SAMPLE.snek}`],
    ['get_token_history', { asset: SAMPLE.snek, tf: '1d', from: '2026-01-01', to: '2026-02-01' }, `/api/v1/tokens/${SAMPLE.snek}/history?tf=1d&from=2026-01-01&to=2026-02-01`],
  ]
  /**
   * Token detail computes its holder estimate in the background and answers `holders: null` until then (the
   * REST answer is then kept 10 s). Compare once the estimate is in, so both sides read the same state.
   */
  async function settleHolders(path: string) {
    for (let attempt = 0; attempt < 50; attempt++) {
      if ((await rest(path)).body.holders !== null) return
      svc.advance(11_000)
      await Bun.sleep(10)
    }
    throw new Error(`holders never settled for ${path}`)
  }

  for (const [tool, args, path] of cases) {
    it(`${tool} ${JSON.stringify(args)} = GET ${path}`, async () => {
      if (tool === 'get_token') await settleHolders(path)
      const client = await connect()
      const answer = await callTool(client, tool, args)
      await client.close()
      const expected = await rest(path)
      expect(expected.status).toBe(200)
      expect(answer.isError).toBe(false)
      expect(answer.body).toEqual(expected.body)
    })
  }

  it('list_tokens = GET /api/v1/tokens, apart from the moment each was built', async () => {
    const client = await connect()
    const answer = await callTool(client, 'list_tokens', {})
    await client.close()
    const expected = await rest('/api/v1/tokens')
    expect(answer.body.updatedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/)
    expect({ ...answer.body, updatedAt: 'x' }).toEqual({ ...expected.body, updatedAt: 'x' })
    expect(answer.body.count).toBe(68) // every token of the bundled registry
  })

  it('shares the upstream caches with REST: a tool call after the REST call costs no upstream call', async () => {
    expect((await rest('/api/v1/search?q=usdm')).status).toBe(200)
    const before = svc.fake.calls.length
    expect(before).toBeGreaterThan(0)
    const client = await connect()
    const answer = await callTool(client, 'search_tokens', { q: 'usdm' })
    await client.close()
    expect(answer.isError).toBe(false)
    expect(svc.fake.calls.length).toBe(before)
  })
})

describe('tool errors read like the REST errors', () => {
  const cases: Array<[tool: string, args: Record<string, unknown>, path: string, status: number]> = [
    ['get_token', { asset: 'zz' }, '/api/v1/tokens/zz', 400],
    ['get_token', {}, '/api/v1/tokens/%20', 400],
    ['get_token', { asset: `${'ab'.repeat(28)}00` }, `/api/v1/tokens/${'ab'.repeat(28)}00`, 404],
    ['get_token_ohlcv', { asset: SAMPLE.snek, tf: '5y' }, `/api/v1/tokens/${SAMPLE.snek}/ohlcv?tf=5y`, 400],
    ['get_token_ohlcv', { asset: SAMPLE.snek, limit: 0 }, `/api/v1/tokens/${SAMPLE.snek}/ohlcv?limit=0`, 400],
    ['get_token_ohlcv', { asset: SAMPLE.snek, limit: 501 }, `/api/v1/tokens/${SAMPLE.snek}/ohlcv?limit=501`, 400],
    ['get_token_ohlcv', { asset: SAMPLE.snek, quote: 'eur' }, `/api/v1/tokens/${SAMPLE.snek}/ohlcv?quote=eur`, 400],
    ['search_tokens', { q: '   ' }, '/api/v1/search?q=%20%20%20', 400],
    ['get_wallet', { address: 'hello' }, '/api/v1/wallet/hello', 400],
    ['get_market', { days: 366 }, '/api/v1/market?days=366', 400],
    ['get_market', { ecosystem: 2 }, '/api/v1/market?ecosystem=2', 400],
    ['get_boosts', { units: 'nope' }, '/api/v1/community/boosts?units=nope', 400],
    ['get_comments', { unit: 'nope' }, '/api/v1/community/comments/nope', 400],
    ['get_token_history', { asset: SAMPLE.snek, tf: '2m' }, `/api/v1/tokens/${SAMPLE.snek}/history?tf=2m`, 400],
    ['get_token_history', { asset: SAMPLE.snek, from: '2026-02-30' }, `/api/v1/tokens/${SAMPLE.snek}/history?from=2026-02-30`, 400],
    ['get_token_history', { asset: `${'ab'.repeat(28)}00` }, `/api/v1/tokens/${'ab'.repeat(28)}00/history`, 404],
  ]
  for (const [tool, args, path, status] of cases) {
    it(`${tool} ${JSON.stringify(args)}: ${status} as GET ${path}`, async () => {
      const client = await connect()
      const answer = await callTool(client, tool, args)
      await client.close()
      const expected = await rest(path)
      expect(expected.status).toBe(status)
      expect(answer.isError).toBe(true)
      expect(answer.body).toEqual(expected.body)
    })
  }

  it('a missing required argument is a tool error with the parameter’s own wording', async () => {
    const client = await connect()
    const answer = await callTool(client, 'get_token', {})
    await client.close()
    expect(answer).toEqual({ isError: true, body: { code: 'invalid_asset_unit', error: 'Invalid asset unit', hint: expect.stringContaining('56') } })
  })

  it('an upstream failure with no cached copy is the REST 502, as a tool error', async () => {
    svc.fake.fail('dexscreener', 'server_error')
    const client = await connect()
    // A unit outside the registry that the chain API does not know: only source A could say (search would serve
    // the chain's rows instead).
    const unit = `${'ab'.repeat(28)}01`
    const answer = await callTool(client, 'get_token', { asset: unit })
    await client.close()
    const expected = await rest(`/api/v1/tokens/${unit}`)
    expect(expected.status).toBe(502)
    expect(answer).toEqual({ isError: true, body: expected.body })
  })
})

describe('tool arguments', () => {
  // The REST twin of /probe/candles: its arguments are refused before the twin is read.
  const probeTool: McpTool = restTool({
    name: 'probe_candles',
    description: 'probe',
    endpoint: endpoint({
      operationId: 'probeCandles',
      method: 'GET',
      path: '/probe/candles',
      tag: 'probe',
      summary: 'probe',
      description: 'probe',
      params: [
        { name: 'limit', in: 'query', required: false, description: 'candles', schema: limitSchema },
        { name: 'tf', in: 'query', required: false, description: 'timeframe', schema: tfSchema },
      ],
      cacheSeconds: null,
      examples: [],
      errors: [],
      response: Type.Object({ limit: Type.Optional(Type.Integer()), tf: Type.Optional(Type.String()) }),
    }),
  })
  const context = { rest: () => Promise.reject(new Error('not reached: the arguments are refused first')) }

  it('fails a bad argument with the same error and hint as the REST 400', async () => {
    for (const [query, args] of [
      ['limit=0', { limit: 0 }],
      ['limit=501', { limit: 501 }],
      ['limit=abc', { limit: 'abc' }],
      ['limit=1.5', { limit: 1.5 }],
    ] as const) {
      const rest = await svc.json(`/probe/candles?${query}`)
      expect(rest.status).toBe(400)
      const result = await runTool(probeTool, context, args, svc.deps.logger)
      expect(result.isError).toBe(true)
      expect(JSON.parse((result.content[0] as { text: string }).text)).toEqual(rest.body)
      expect(rest.body).toEqual({ code: 'invalid_limit', error: 'Invalid limit', hint: 'limit is the number of candles: an integer from 1 to 500 (default 300).' })
    }
  })

  it('fills defaults, converts numeric strings as a query string would, and drops unknown arguments', () => {
    expect(parseToolArguments(probeTool.input, {})).toEqual({ limit: 300, tf: '1h' })
    expect(parseToolArguments(probeTool.input, { limit: '42', tf: '1d', extra: true })).toEqual({ limit: 42, tf: '1d' })
  })

  it('words a failing argument without a custom error by its name', () => {
    expect(() => parseToolArguments(probeTool.input, { tf: '5y' })).toThrow("Invalid argument 'tf'")
    expect(() => parseToolArguments(probeTool.input, 'limit=3')).toThrow('Invalid arguments')
  })
})

describe('the transport over raw HTTP', () => {
  const initialize = {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'curl', version: '1' } },
  }
  const post = (body: string, headers: Record<string, string> = {}) =>
    fetch(mcpUrl, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body })

  it('answers with SSE when the client accepts text/event-stream', async () => {
    const res = await post(JSON.stringify(initialize), { accept: 'application/json, text/event-stream' })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/event-stream')
    const text = await res.text()
    const data = JSON.parse(text.split('\n').find((line) => line.startsWith('data: '))!.slice(6))
    expect(data.result.serverInfo.name).toBe('cardano-market-api')
  })

  for (const accept of ['application/json', undefined]) {
    it(`answers with plain JSON when the client accepts only JSON (Accept: ${accept ?? 'none'})`, async () => {
      const res = await post(JSON.stringify(initialize), accept ? { accept } : {})
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toContain('application/json')
      const body = await res.json()
      expect(body.result.serverInfo.name).toBe('cardano-market-api')
      expect(body.result.instructions).toContain('across covered DEXes')
    })
  }

  it('advertises only what a stateless server honours: tools, with no list-changed notifications', async () => {
    const body = await (await post(JSON.stringify(initialize), { accept: 'application/json' })).json()
    expect(body.result.capabilities).toEqual({ tools: { listChanged: false } })
  })

  it('answers a failed call as isError with the {code, error, hint} text and no structured content', async () => {
    const call = { jsonrpc: '2.0', id: 8, method: 'tools/call', params: { name: 'get_token', arguments: { asset: 'zz' } } }
    const { result } = await (await post(JSON.stringify(call))).json()
    expect(result.isError).toBe(true)
    expect(result.structuredContent).toBeUndefined()
    expect(JSON.parse(result.content[0].text)).toEqual((await rest('/api/v1/tokens/zz')).body)
  })

  it('calls a tool statelessly with one JSON POST', async () => {
    const res = await post(JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'get_chain_tip', arguments: {} } }))
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body.id).toBe(7)
    expect(body.result.structuredContent).toEqual(FIXTURE_TIP)
  })

  it('answers a body that is not JSON with a JSON-RPC parse error', async () => {
    const res = await post('{"jsonrpc": "2.0", "id": 1,')
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ jsonrpc: '2.0', error: { code: -32700, message: 'Parse error: Invalid JSON' }, id: null })
  })

  it('answers a non-JSON content type with 415 and an oversized body with 413', async () => {
    const plain = await fetch(mcpUrl, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: JSON.stringify(initialize) })
    expect(plain.status).toBe(415)
    expect((await plain.json()).error.code).toBe(-32000)
    const big = await post(JSON.stringify({ ...initialize, padding: 'x'.repeat(70 * 1024) }))
    expect(big.status).toBe(413)
    expect((await big.json()).error.message).toContain('Payload Too Large')
  })

  it('lets browser-based clients through the CORS preflight with the MCP headers', async () => {
    const res = await fetch(mcpUrl, { method: 'OPTIONS' })
    expect(res.status).toBe(204)
    expect(res.headers.get('access-control-allow-headers')).toContain('Mcp-Protocol-Version')
    expect(res.headers.get('access-control-allow-methods')).toContain('POST')
  })

  it('answers GET and DELETE with a JSON 405 naming POST', async () => {
    for (const method of ['GET', 'DELETE']) {
      const res = await fetch(mcpUrl, { method })
      expect(res.status).toBe(405)
      expect(res.headers.get('allow')).toBe('POST')
      expect((await res.json()).error).toBe('Method not allowed')
    }
  })
})

describe('the index', () => {
  it('names the MCP endpoint and lists its tools', async () => {
    const { body } = await svc.json('/api/v1/', { host: 'api.example' })
    expect(body.mcp.url).toBe('http://api.example/api/mcp')
    expect(body.mcp.tools).toEqual(mcpTools)
    expect(body.mcp.tools.map((tool: { name: string }) => tool.name)).toContain('get_chain_tip')
  })
})
