/**
 * The MCP client matrix: the clients people run, each on ONE session (initialize, tools/list, then every
 * tools/call on the same client, as an agent does), against the service as its own process (src/server.ts)
 * with the upstreams faked on loopback.
 *
 * Clients: @modelcontextprotocol/sdk 1.x (`Client` + `StreamableHTTPClientTransport`; validates structured
 * content with a draft-07 Ajv), and the v2 client @modelcontextprotocol/client in its default (2025, legacy
 * negotiation) and `auto` (2026 discovery) modes (validates with JSON Schema 2020-12).
 *
 * Every listed tool is called with good arguments (each required argument's first schema example), a bad
 * argument (a value its schema refuses) and, where its endpoint documents a 404, a well-formed unknown value.
 * The cases come from tools/list and the catalogue, so a new tool is covered without touching this file.
 */
import { afterAll, describe, expect, it } from 'bun:test'
import { Client as ClientV2, StreamableHTTPClientTransport as TransportV2 } from '@modelcontextprotocol/client'
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport as TransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { catalogue } from '../../src/catalogue'
import type { EndpointDoc } from '../../src/catalogue/types'
import { mcpToolDefinitions } from '../../src/mcp/tools'
import { isErrorCode } from '../../src/http/error-catalogue'
import { FakeChain } from '../fake-upstreams/chain'
import { demoNewTokens } from '../fake-upstreams/demo-new-tokens'
import { FakeUpstreams } from '../fake-upstreams/server'
import { defaultWorld } from '../fake-upstreams/world'
import { SAMPLE_NEW_POOL } from '../../src/modules/pools/request'
import { strictAjv } from '../support/json-schema-2020'
import { startServerProcess } from '../support/processes'

// The demo's chain of tokens outside the registry, so the pool tools' examples name a pool the follower records.
const world = defaultWorld()
world.koios.chain = new FakeChain()
world.koios.chain.growTo(world.koios.chain.firstHeight + 200)
demoNewTokens(world, world.koios.chain)
const fake = await FakeUpstreams.start({ world })
// A database for the community tools and the chain follower; a market-provider key for its larger call budget (the
// fakes ignore it); no per-client limit on tool calls (the matrix makes about a hundred from one address;
// test/mcp/call-limit.test.ts tests the limit).
const server = await startServerProcess({
  ...fake.env(),
  DATABASE_URL: ':memory:',
  CHAIN_FOLLOW: 'on',
  COINGECKO_API_KEY: 'test',
  GECKOTERMINAL_RPM: '6000',
  MCP_CALLS_PER_CLIENT_PER_MINUTE: '0',
})
const MCP_URL = new URL('/api/mcp', server.url)
// The follower's first poll (at the start) finds the current pools.
for (let i = 0; i < 100 && (await fetch(new URL(`/api/v1/pools/${SAMPLE_NEW_POOL}`, server.url))).status !== 200; i++) await Bun.sleep(100)

afterAll(async () => {
  await server.stop()
  await fake.stop()
})

type Schema = Record<string, any>
interface ListedTool {
  name: string
  inputSchema: Schema
  outputSchema?: Schema
}
/** A tools/call result as either SDK types it (1.x adds a compatibility branch): read field by field. */
type ToolResult = Record<string, unknown>
/** What the matrix needs of a client; both SDK generations have these methods. */
interface Session {
  capabilities(): Record<string, unknown> | undefined
  listTools(): Promise<ListedTool[]>
  callTool(name: string, args: Record<string, unknown>): Promise<ToolResult>
  close(): Promise<void>
}

async function sdkV1(): Promise<Session> {
  const client = new ClientV1({ name: 'matrix-sdk-1', version: '1.0.0' })
  await client.connect(new TransportV1(MCP_URL))
  return {
    capabilities: () => client.getServerCapabilities(),
    listTools: async () => (await client.listTools()).tools,
    callTool: (name, args) => client.callTool({ name, arguments: args }),
    close: () => client.close(),
  }
}

function sdkV2(mode: 'legacy' | 'auto' | undefined) {
  return async (): Promise<Session> => {
    const client = new ClientV2({ name: 'matrix-sdk-2', version: '1.0.0' }, mode === undefined ? {} : { versionNegotiation: { mode } })
    await client.connect(new TransportV2(MCP_URL))
    return {
      capabilities: () => client.getServerCapabilities(),
      listTools: async () => (await client.listTools()).tools,
      callTool: (name, args) => client.callTool({ name, arguments: args }),
      close: () => client.close(),
    }
  }
}

const CLIENTS: Array<[name: string, connect: () => Promise<Session>]> = [
  ['@modelcontextprotocol/sdk 1.x', sdkV1],
  ['@modelcontextprotocol/client 2.x (default negotiation)', sdkV2(undefined)],
  ['@modelcontextprotocol/client 2.x (auto negotiation)', sdkV2('auto')],
]

/** Well-formed values nothing knows, per argument name, for tools whose endpoint documents a 404. */
const UNKNOWN: Record<string, string> = {
  asset: `${'ab'.repeat(28)}00`,
  unit: `${'ab'.repeat(28)}00`,
  address: '$nosuchhandle',
  poolId: 'cd'.repeat(32),
}

/** The catalogue entry a tool mirrors (same response schema), if any. */
function endpointOf(toolName: string): EndpointDoc | undefined {
  const tool = mcpToolDefinitions.find((t) => t.name === toolName)
  return tool === undefined ? undefined : catalogue.find((doc) => doc.response === tool.output)
}

const errorTexts = (doc: EndpointDoc | undefined, status: number) => doc?.errors.filter((e) => e.status === status).map((e) => e.error)

/** Each required argument's first example. */
function goodArguments(tool: ListedTool): Record<string, unknown> | string {
  const args: Record<string, unknown> = {}
  for (const name of tool.inputSchema.required ?? []) {
    const examples = tool.inputSchema.properties?.[name]?.examples
    if (!Array.isArray(examples) || examples.length === 0) return `required argument ${name} has no example in its schema`
    args[name] = examples[0]
  }
  return args
}

/** Values that break common constraints: out of range, wrong pattern, too long, blank, the wrong type. */
function candidates(schema: Schema): unknown[] {
  const values: unknown[] = ['not-one-of-them', 'not valid!', '', '   ', 1.5, -1, null, 42, { nested: true }]
  if (typeof schema.maximum === 'number') values.unshift(schema.maximum + 1)
  if (typeof schema.minimum === 'number') values.unshift(schema.minimum - 1)
  if (typeof schema.maxLength === 'number') values.push('x'.repeat(schema.maxLength + 1))
  return values
}

/** The first candidate the argument's own schema refuses (checked with Ajv2020), or undefined. */
function refusedValue(ajv: ReturnType<typeof strictAjv>, schema: Schema): unknown {
  const validate = ajv.compile(schema)
  return candidates(schema).find((value) => !validate(value))
}

/** Good arguments with one argument (required first) replaced by a refused value; null for a tool without arguments. */
function badArguments(
  ajv: ReturnType<typeof strictAjv>,
  tool: ListedTool,
  good: Record<string, unknown>,
): { args: Record<string, unknown>; name: string } | null {
  const properties: Record<string, Schema> = tool.inputSchema.properties ?? {}
  const names = [...(tool.inputSchema.required ?? []), ...Object.keys(properties)]
  for (const name of names) {
    const value = refusedValue(ajv, properties[name])
    if (value !== undefined) return { args: { ...good, [name]: value }, name }
  }
  return null
}

/** The `{code, error, hint}` of a tool error, or a description of what is wrong with the result. */
function errorBody(result: ToolResult): { code: string; error: string; hint: string } | string {
  if (result.isError !== true) return `not a tool error: ${JSON.stringify(result).slice(0, 200)}`
  if (result.structuredContent !== undefined) return 'a tool error with structured content'
  const text = (result.content as Array<{ type: string; text?: string }> | undefined)?.[0]?.text
  try {
    const body = JSON.parse(text ?? '')
    const shaped = [body.code, body.error, body.hint].every((value) => typeof value === 'string')
    return shaped && isErrorCode(body.code) ? body : `not {code, error, hint} with a registry code: ${text}`
  } catch {
    return `text is not JSON: ${text}`
  }
}

describe('MCP clients, one session each, every tool', () => {
  for (const [clientName, connect] of CLIENTS) {
    it(clientName, async () => {
      const session = await connect()
      const problems: string[] = []
      const calls: string[] = []
      /** A call's outcome: a thrown error (what SDK 1.x did with error results) is a problem, not a crash of the matrix. */
      const call = async (label: string, name: string, args: Record<string, unknown>) => {
        calls.push(label)
        try {
          return await session.callTool(name, args)
        } catch (error) {
          problems.push(`${label}: the client threw: ${(error as Error).message}`)
          return null
        }
      }
      try {
        const capabilities = session.capabilities() ?? {}
        expect(capabilities.tools).toBeDefined()
        expect((capabilities.tools as { listChanged?: boolean }).listChanged).not.toBe(true)
        for (const unused of ['resources', 'prompts', 'logging', 'completions']) expect(capabilities[unused]).toBeUndefined()

        const tools = await session.listTools()
        expect(tools.map((tool) => tool.name).sort()).toEqual(mcpToolDefinitions.map((tool) => tool.name).sort())
        const ajv = strictAjv()

        for (const tool of tools) {
          const endpoint = endpointOf(tool.name)
          const good = goodArguments(tool)
          if (typeof good === 'string') {
            problems.push(`${tool.name}: ${good}`)
            continue
          }

          const ok = await call(`${tool.name} good`, tool.name, good)
          if (ok !== null) {
            if (ok.isError) problems.push(`${tool.name} ${JSON.stringify(good)}: tool error ${JSON.stringify(ok.content)}`)
            else {
              const validate = ajv.compile(tool.outputSchema ?? {})
              if (!validate(ok.structuredContent)) problems.push(`${tool.name}: structured content fails outputSchema: ${ajv.errorsText(validate.errors)}`)
              const text = (ok.content as Array<{ text?: string }>)[0]?.text
              if (JSON.stringify(JSON.parse(text ?? 'null')) !== JSON.stringify(ok.structuredContent)) problems.push(`${tool.name}: text and structured content differ`)
            }
          }

          const bad = badArguments(ajv, tool, good)
          if (bad !== null) {
            const result = await call(`${tool.name} bad ${bad.name}`, tool.name, bad.args)
            if (result !== null) {
              const body = errorBody(result)
              const documented = errorTexts(endpoint, 400)
              if (typeof body === 'string') problems.push(`${tool.name} bad ${bad.name}: ${body}`)
              else if (documented !== undefined && !documented.includes(body.error)) problems.push(`${tool.name} bad ${bad.name}: '${body.error}' is not a documented 400`)
            }
          }

          const notFound = errorTexts(endpoint, 404) ?? []
          if (notFound.length > 0) {
            const name = Object.keys(tool.inputSchema.properties ?? {}).find((arg) => UNKNOWN[arg] !== undefined)
            if (name === undefined) {
              problems.push(`${tool.name}: its endpoint documents a 404 but the matrix knows no unknown value for its arguments`)
              continue
            }
            const result = await call(`${tool.name} 404`, tool.name, { ...good, [name]: UNKNOWN[name] })
            if (result !== null) {
              const body = errorBody(result)
              if (typeof body === 'string') problems.push(`${tool.name} 404: ${body}`)
              else if (!notFound.includes(body.error)) problems.push(`${tool.name} 404: '${body.error}' is not a documented 404 (${notFound.join(', ')})`)
            }
          }
        }
      } finally {
        await session.close()
      }
      expect(problems).toEqual([])
      // Every tool had its good call; bad and 404 calls where the tool can have them (the get_token family can).
      expect(calls.filter((c) => c.endsWith(' good'))).toHaveLength(mcpToolDefinitions.length)
      expect(calls).toContain('get_token bad asset')
      expect(calls).toContain('get_token 404')
      expect(calls).toContain('get_wallet 404')
    }, 60_000)
  }
})
