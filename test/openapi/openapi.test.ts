/**
 * GET /api/v1/openapi.json and the offline reference page: the document validates as OpenAPI 3.1 with a
 * third-party validator, and matches the catalogue both ways (every catalogue route is an operation, every
 * operation a catalogue route), with every parameter's bounds, every documented error status and examples.
 */
import { afterAll, describe, expect, it } from 'bun:test'
import { dirname, join } from 'node:path'
import { Validator } from '@seriousme/openapi-schema-validator'
import { catalogue } from '../../src/catalogue'
import { mcpTools } from '../../src/mcp/tools'
import { API_PREFIX } from '../../src/paths'
import { startService } from '../helpers'

const svc = await startService()
afterAll(() => svc.stop())

const { status, body: document, res } = await svc.json('/api/v1/openapi.json', { host: 'api.example' })

type Operation = Record<string, any>
const operations: Array<{ key: string; operation: Operation }> = Object.entries<Record<string, Operation>>(document.paths).flatMap(
  ([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ key: `${method.toUpperCase()} ${path}`, operation })),
)
// Paths are relative to the server, the versioned base: `/tokens/{asset}`, as the catalogue writes them.
const operationOf = (doc: (typeof catalogue)[number]) => document.paths[doc.path]?.[doc.method.toLowerCase()] as Operation

describe('the OpenAPI document', () => {
  it('is served as cacheable JSON', () => {
    expect(status).toBe(200)
    expect(res.headers.get('content-type')).toContain('application/json')
    expect(res.headers.get('cache-control')).toBe('public, s-maxage=300')
    expect(res.headers.get('etag')).toBeTruthy()
  })

  it('validates as OpenAPI 3.1 with @seriousme/openapi-schema-validator', async () => {
    const validator = new Validator()
    const result = await validator.validate(structuredClone(document))
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)
    expect(validator.version).toBe('3.1')
  })

  it('has one operation per catalogue route, and no other', () => {
    const fromCatalogue = catalogue.map((doc) => `${doc.method} ${doc.path}`).sort()
    expect(operations.map((o) => o.key).sort()).toEqual(fromCatalogue)
    for (const doc of catalogue) expect(operationOf(doc).operationId).toBe(doc.operationId)
  })

  it('leaves out the operational, MCP, reference and docs routes', () => {
    for (const path of ['/healthz', '/readyz', '/metrics', '/api/mcp', '/openapi.json', '/reference', '/docs/', '/llms.txt']) {
      expect(document.paths[path]).toBeUndefined()
    }
    for (const path of Object.keys(document.paths)) expect(path.startsWith(API_PREFIX)).toBe(false)
  })

  it('gives each operation its summary, description, tag and the cache lifetime', () => {
    for (const doc of catalogue) {
      const operation = operationOf(doc)
      expect(operation.summary).toBe(doc.summary)
      expect(operation.description).toContain(doc.description)
      expect(operation.tags).toEqual([doc.tag])
      if (doc.cacheSeconds !== null) expect(operation.description).toContain(`s-maxage=${doc.cacheSeconds}`)
    }
  })

  it('documents every parameter with its location, requiredness and bounds', () => {
    const BOUNDS = ['minimum', 'maximum', 'minLength', 'maxLength', 'pattern', 'default'] as const
    for (const doc of catalogue) {
      const parameters: Operation[] = operationOf(doc).parameters ?? []
      expect(parameters.map((p) => `${p.in}:${p.name}`).sort()).toEqual(doc.params.map((p) => `${p.in}:${p.name}`).sort())
      for (const param of doc.params) {
        const documented = parameters.find((p) => p.name === param.name && p.in === param.in)!
        expect(documented.required).toBe(param.in === 'path' ? true : param.required)
        expect(documented.description).toBe(param.description)
        const declared = param.schema as Record<string, unknown>
        for (const bound of BOUNDS) {
          if (declared[bound] !== undefined) expect(documented.schema[bound]).toEqual(declared[bound])
        }
        const examples = declared.examples as unknown[] | undefined
        if (examples?.length) expect(documented.example).toEqual(examples[0])
      }
    }
  })

  it('documents every error status of the catalogue with the shared error body and its error texts', () => {
    for (const doc of catalogue) {
      const responses = operationOf(doc).responses
      for (const error of doc.errors) {
        const response = responses[String(error.status)]
        expect(response.description).toContain(error.when)
        const json = response.content['application/json']
        expect(json.schema).toEqual({ $ref: '#/components/schemas/Error' })
        expect(Object.values<{ value: { code: string; error: string } }>(json.examples).map((e) => e.value)).toContainEqual({ code: error.code, error: error.error })
      }
      if (doc.params.length > 0 || doc.body) expect(responses['400']).toBeDefined()
    }
    expect(document.components.schemas.Error.required).toEqual(['code', 'error'])
  })

  it('documents the success answer with its status, schema and example', () => {
    for (const doc of catalogue) {
      const success = operationOf(doc).responses[String(doc.successStatus ?? 200)]
      expect(success.description).toBe(doc.summary)
      const media = Object.values<Operation>(success.content)[0]
      expect(media.schema.type ?? media.schema.format).toBeDefined()
      if (doc.responseExample !== undefined) expect(success.content['application/json'].example).toEqual(doc.responseExample)
    }
  })

  it('documents non-JSON answers and further success answers where the catalogue declares them', () => {
    for (const doc of catalogue) {
      const responses = operationOf(doc).responses as Record<string, any>
      if (doc.successMediaTypes) {
        expect(Object.keys(responses[String(doc.successStatus ?? 200)].content).sort()).toEqual([...doc.successMediaTypes].sort())
      }
      for (const answer of doc.otherAnswers ?? []) {
        expect(responses[String(answer.status)].description).toBe(answer.description)
        for (const header of Object.keys(answer.headers ?? {})) expect(responses[String(answer.status)].headers[header]).toBeDefined()
      }
    }
    // The logo: a PNG or an SVG, or a redirect with its Location.
    const logo = document.paths['/tokens/{asset}/logo'].get.responses
    expect(Object.keys(logo['200'].content).sort()).toEqual(['image/png', 'image/svg+xml'])
    expect(logo['302'].headers.Location).toBeDefined()
  })

  it('documents request bodies as JSON with an example', () => {
    for (const doc of catalogue.filter((d) => d.body)) {
      const requestBody = operationOf(doc).requestBody
      expect(Object.keys(requestBody.content)).toEqual(['application/json'])
      expect(requestBody.content['application/json'].example).toEqual(doc.body!.example)
      expect(requestBody.required).toBe(true)
    }
  })

  it('shows types, not the coercion tricks or error options of the route schemas', () => {
    const text = JSON.stringify(document)
    expect(text).not.toMatch(/"format":"(integer|numeric|boolean|ArrayString|ObjectString)"/)
    expect(text).not.toContain('"elysiaMeta"')
    const walk = (value: unknown, inProperties = false): void => {
      if (Array.isArray(value)) return value.forEach((v) => walk(v))
      if (typeof value !== 'object' || value === null) return
      for (const [key, child] of Object.entries(value)) {
        // `error` as a schema keyword (our 400 wording) must not leak; as a property name it is the Error body.
        if (!inProperties) expect(key === 'error' && typeof child === 'object' && child !== null && 'hint' in child).toBe(false)
        walk(child, key === 'properties')
      }
    }
    walk(document.paths)
  })

  it('names this deployment\'s versioned base as its server, the docs, and the MCP endpoint with its tools', () => {
    expect(document.openapi).toStartWith('3.1')
    expect(document.servers).toEqual([{ url: 'http://api.example/api/v1', description: expect.any(String) }])
    expect(document.externalDocs.url).toBe('http://api.example/docs/')
    expect(document.info.description).toContain('http://api.example/api/mcp')
    expect(document.info.description).toContain('http://api.example/llms.txt')
    for (const tool of mcpTools) expect(document.info.description).toContain(tool.name)
  })

  it('says at its root that no operation needs credentials, and describes every tag', () => {
    expect(document.security).toEqual([])
    for (const operation of operations) expect(operation.operation.security).toBeUndefined()
    expect(document.tags.map((tag: { name: string }) => tag.name)).toEqual([...new Set(catalogue.map((doc) => doc.tag))])
    for (const tag of document.tags) {
      for (const doc of catalogue.filter((d) => d.tag === tag.name)) expect(tag.description).toContain(doc.summary)
    }
  })
})

describe('the reference page', () => {
  const packageDir = join(dirname(Bun.resolveSync('@scalar/api-reference/package.json', import.meta.dir)), 'dist', 'browser')

  it('loads the pinned Scalar bundle from this server and no other host', async () => {
    const page = await svc.get('/api/v1/reference')
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toContain('text/html')
    const html = await page.text()
    expect(html).toContain(`import { createApiReference } from '/api/v1/reference/assets/standalone.esm.js'`)
    expect(html).toContain('"url":"/api/v1/openapi.json"')
    expect(html).not.toMatch(/https?:\/\//)
  })

  it('serves the bundle and the chunks it imports byte for byte from the installed package', async () => {
    const entry = await svc.get('/api/v1/reference/assets/standalone.esm.js')
    expect(entry.status).toBe(200)
    expect(entry.headers.get('content-type')).toContain('javascript')
    const source = await entry.text()
    expect(source).toBe(await Bun.file(join(packageDir, 'standalone.esm.js')).text())
    const chunk = source.match(/from"\.\/(chunks\/[^"]+\.js)"/)![1]
    const served = await svc.get(`/api/v1/reference/assets/${chunk}`)
    expect(served.status).toBe(200)
    expect(served.headers.get('cache-control')).toContain('immutable')
    expect(await served.text()).toBe(await Bun.file(join(packageDir, chunk)).text())
  })

  it('serves nothing else from the package folder', async () => {
    for (const path of ['standalone.js', 'chunks/..%2F..%2F..%2Fpackage.json', 'chunks/../standalone.esm.js.map', 'chunks/missing-chunk.js']) {
      const res = await svc.get(`/api/v1/reference/assets/${path}`)
      expect(res.status).toBe(404)
      expect((await res.json()).error).toBe('Not found')
    }
  })
})
