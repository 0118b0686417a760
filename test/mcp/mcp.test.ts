/**
 * The MCP endpoint at /api/mcp, through real HTTP with the official SDK client, against the fake upstreams:
 * tool listing, structured results, shared caches, tool errors worded as REST words them, and the raw
 * transport behaviour (JSON or SSE as asked, JSON-RPC errors for unreadable bodies, 405 for GET).
 */
import { afterAll, beforeEach, describe, expect, it } from 'bun:test'
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client'
import { Type } from '@sinclair/typebox'
import { Elysia, t } from 'elysia'
import { mcpTools } from '../../src/catalogue'
import { invalid } from '../../src/http/errors'
import { parseToolArguments } from '../../src/mcp/arguments'
import { runTool } from '../../src/mcp/server'
import { defineTool, type McpTool } from '../../src/mcp/tool'
import { startService } from '../helpers'

const svc = await startService()
// A REST probe and an MCP probe tool declared with the same parameter schemas: their 400s must read alike.
const limitSchema = t.Integer({ minimum: 1, maximum: 500, default: 300, error: invalid('Invalid limit', 'limit is an integer from 1 to 500') })
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
  svc.deps.upstreamCache.clear()
  svc.fake.world.koios.tip = structuredClone(fixtureTip)
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

    // 41 s after the first read: past the 20 s lifetime and the 20 s stale-while-revalidate window.
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
      error: 'Upstream unavailable: chain API',
      hint: 'The chain API did not give a usable answer (http error) and no cached copy exists yet. Retry in a minute.',
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

describe('tool arguments', () => {
  const probeTool: McpTool = defineTool({
    name: 'probe_candles',
    description: 'probe',
    input: Type.Object({ limit: Type.Optional(limitSchema), tf: Type.Optional(tfSchema) }),
    output: Type.Object({ limit: Type.Integer(), tf: Type.String() }),
    call: async (_context, args) => ({ data: args, stale: false }),
  }) as McpTool
  const context = { services: svc.deps.services, upstreams: svc.deps.upstreams, origin: base }

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
      expect(rest.body).toEqual({ error: 'Invalid limit', hint: 'limit is an integer from 1 to 500' })
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
