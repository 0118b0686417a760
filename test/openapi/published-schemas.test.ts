/**
 * Every schema the service publishes compiles under JSON Schema 2020-12 in strict mode (Ajv2020, strict: true),
 * and every example validates against its own schema: the OpenAPI document (components, parameters, request
 * bodies, responses), the MCP tool schemas as tools/list gives them, and the catalogue itself (response and
 * request body examples, example URLs against the parameters they use). Walked generically: a new endpoint or
 * tool is covered without touching this file.
 */
import { afterAll, describe, expect, it } from 'bun:test'
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client'
import { catalogue } from '../../src/catalogue'
import { mcpTools } from '../../src/mcp/tools'
import { toJsonSchema } from '../../src/catalogue/json-schema'
import type { EndpointDoc } from '../../src/catalogue/types'
import { startService } from '../helpers'
import { SchemaWalk, walkOpenApi } from '../support/json-schema-2020'

const svc = await startService()
svc.app.listen({ port: 0, hostname: '127.0.0.1' })
afterAll(async () => {
  await svc.app.stop()
  await svc.stop()
})

const { body: document } = await svc.json('/api/v1/openapi.json', { host: 'api.example' })

async function listedTools() {
  const client = new Client({ name: 'schema-walk', version: '1.0.0' })
  await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${svc.app.server!.port}/api/mcp`)))
  const { tools } = await client.listTools()
  await client.close()
  return tools
}

/** The path parameters an example URL gives for its template (`/tokens/{asset}` ← `/tokens/279c…`), or null. */
function matchPath(template: string, path: string): Record<string, string> | null {
  const names: string[] = []
  const pattern = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\}/g, (_all, name: string) => {
    names.push(name)
    return '([^/]+)'
  })
  const match = new RegExp(`^${pattern}$`).exec(path)
  return match === null ? null : Object.fromEntries(names.map((name, i) => [name, match[i + 1]]))
}

/** A query string value as the route reads it: digits for an integer parameter are the number. */
function asRouteReadsIt(schema: Record<string, unknown>, raw: string): unknown {
  return schema.type === 'integer' && /^\d+$/.test(raw) ? Number(raw) : raw
}

/** Each example URL of an endpoint uses only its parameters, gives every required one, and each value fits. */
function checkExampleUrls(walk: SchemaWalk, doc: EndpointDoc): void {
  for (const example of doc.examples) {
    const where = `catalogue ${doc.operationId} example ${example}`
    const url = new URL(example, 'http://x')
    const pathValues = matchPath(doc.path, url.pathname)
    if (pathValues === null) {
      walk.problems.push(`${where}: does not match the path ${doc.path}`)
      continue
    }
    const given = new Map<string, unknown>()
    for (const [name, value] of Object.entries(pathValues)) given.set(`path:${name}`, value)
    for (const [name, value] of url.searchParams) given.set(`query:${name}`, value)
    for (const key of given.keys()) {
      if (!doc.params.some((p) => `${p.in}:${p.name}` === key)) walk.problems.push(`${where}: ${key} is not a parameter of ${doc.operationId}`)
    }
    for (const param of doc.params) {
      const raw = given.get(`${param.in}:${param.name}`)
      if (raw === undefined) {
        if (param.required) walk.problems.push(`${where}: required ${param.in} parameter ${param.name} is missing`)
        continue
      }
      const schema = toJsonSchema(param.schema)
      walk.check(`${where} ${param.name}`, schema, [{ name: 'value', value: asRouteReadsIt(schema, String(raw)) }])
    }
  }
}

describe('published schemas under JSON Schema 2020-12 (Ajv2020, strict)', () => {
  it('compile, and every example in the OpenAPI document, the MCP tool list and the catalogue fits its schema', async () => {
    const openapi = walkOpenApi(document)
    const tools = await listedTools()
    const toolWalk = new SchemaWalk()
    for (const tool of tools) {
      toolWalk.check(`tool ${tool.name} inputSchema`, tool.inputSchema)
      if (tool.outputSchema !== undefined) toolWalk.check(`tool ${tool.name} outputSchema`, tool.outputSchema)
    }
    const catalogueWalk = new SchemaWalk()
    for (const doc of catalogue) {
      for (const param of doc.params) catalogueWalk.check(`catalogue ${doc.operationId} parameter ${param.name}`, toJsonSchema(param.schema))
      const response = doc.responseExample === undefined ? [] : [{ name: 'responseExample', value: doc.responseExample }]
      catalogueWalk.check(`catalogue ${doc.operationId} response`, toJsonSchema(doc.response), response)
      if (doc.body !== undefined) {
        catalogueWalk.check(`catalogue ${doc.operationId} body`, toJsonSchema(doc.body.schema), [{ name: 'example', value: doc.body.example }])
      }
      checkExampleUrls(catalogueWalk, doc)
    }

    expect([...openapi.problems, ...toolWalk.problems, ...catalogueWalk.problems]).toEqual([])
    // The walk saw everything: each catalogue operation, each tool with both schemas, and the examples.
    expect(openapi.operations.length).toBe(catalogue.length)
    expect(tools.map((tool) => tool.name).sort()).toEqual(mcpTools.map((tool) => tool.name).sort())
    expect(toolWalk.schemas).toBe(tools.length * 2)
    expect(catalogueWalk.examples).toBeGreaterThanOrEqual(catalogue.reduce((n, doc) => n + doc.examples.length, 0))
    expect(openapi.examples).toBeGreaterThan(catalogue.length)
  })

  it('the walk reports a draft-04 tuple, an unknown keyword, a failing example and a bad example URL', () => {
    const walk = walkOpenApi({
      openapi: '3.1.1',
      paths: {
        '/series': {
          get: {
            parameters: [{ name: 'n', in: 'query', schema: { type: 'integer', maximum: 5 }, example: 9 }],
            responses: {
              '200': {
                description: 'draft-04 tuple',
                content: { 'application/json': { schema: { type: 'array', items: [{ type: 'number' }], additionalItems: false } } },
              },
              '400': { description: 'unknown keyword', content: { 'application/json': { schema: { type: 'object', example: {} } } } },
              '404': {
                description: 'nested example',
                content: { 'application/json': { schema: { type: 'object', properties: { hex: { type: 'string', pattern: '^[0-9a-f]+$', examples: ['84…'] } } } } },
              },
            },
          },
        },
      },
    })
    expect(walk.problems).toHaveLength(4)
    expect(walk.problems[0]).toStartWith('GET /series parameter n example: example fails its schema')
    expect(walk.problems[1]).toStartWith('GET /series 200 application/json: does not compile')
    expect(walk.problems[2]).toStartWith('GET /series 400 application/json: does not compile')
    expect(walk.problems[3]).toStartWith('GET /series 404 application/json /properties/hex examples[0]: example fails its schema')

    const urls = new SchemaWalk()
    const doc = catalogue.find((d) => d.params.some((p) => p.in === 'query' && p.required === false))!
    checkExampleUrls(urls, { ...doc, examples: [`${doc.path}?nope=1`] })
    expect(urls.problems.some((p) => p.includes('query:nope is not a parameter'))).toBe(true)
  })
})
