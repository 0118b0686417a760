/**
 * The docs site's data and pages without a browser: the generated site data covers the catalogue and the MCP
 * tools, each endpoint page carries what the issue lists (method, path, purpose, parameters, example request
 * and response, errors, cache lifetime, coverage), catalogue text cannot break the Vue compiler, and the
 * service serves a built site at /docs/ safely.
 */
import { afterAll, describe, expect, it } from 'bun:test'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Elysia } from 'elysia'
import { renderEndpointPage, text } from '../../docs/.vitepress/site-data/endpoint-page'
import { buildSiteData, configurationTable, pagesData, shorten } from '../../scripts/docs-data'
import { catalogue } from '../../src/catalogue'
import { mcpTools } from '../../src/mcp/tools'
import { toJsonSchema } from '../../src/catalogue/json-schema'
import { API_PREFIX } from '../../src/paths'
import { errorHandler, routeTable } from '../../src/http/error-handler'
import { docsSiteRoutes } from '../../src/modules/docs-site/routes'
import { siteFileCandidates } from '../../src/modules/docs-site/site-files'
import { Logger, memorySink } from '../../src/observability/logger'

const site = await buildSiteData()

describe('the generated site data', () => {
  it('has every catalogue endpoint, in catalogue order, and every MCP tool', () => {
    expect(site.endpoints.map((e) => e.operationId)).toEqual(catalogue.map((doc) => doc.operationId))
    expect(site.tools.map(({ name, description }) => ({ name, description }))).toEqual(mcpTools)
    const ohlcv = site.tools.find((tool) => tool.name === 'get_token_ohlcv')!
    expect(ohlcv.arguments.find((a) => a.name === 'limit')).toMatchObject({ required: false, type: 'integer, 1 to 500, default 300' })
    expect(ohlcv.arguments.find((a) => a.name === 'asset')!.required).toBe(true)
    expect(pagesData(site).endpoints.map((e) => e.path)).toEqual(catalogue.map((doc) => API_PREFIX + doc.path))
  })

  it('has an example response for every read: the catalogue’s, or the service’s own answer to the first example URL', () => {
    for (const doc of catalogue.filter((d) => d.method === 'GET')) {
      const response = site.endpoints.find((e) => e.operationId === doc.operationId)!.response!
      expect(response).not.toBeNull()
      if (doc.responseExample !== undefined) expect(response.origin).toBe('catalogue')
      // The first example URL works against the built-in sample data (a redirect is an answer too: the logo).
      else expect(response.status).toBeLessThan(400)
    }
  })

  it('describes each parameter’s type as the value it takes (an integer, not the query-string coercion)', () => {
    for (const doc of catalogue) {
      for (const param of doc.params) {
        const type = toJsonSchema(param.schema).type
        const described = site.endpoints.find((e) => e.operationId === doc.operationId)!.params.find((p) => p.name === param.name)!.type
        if (type === 'integer' || type === 'number') expect(described).toStartWith(`${type},`)
      }
    }
  })

  it('gives the self-hosting guide the README’s configuration table, naming every variable the service reads', () => {
    const table = configurationTable(readFileSync(join(import.meta.dir, '..', '..', 'README.md'), 'utf8'))
    expect(table.split('\n')[0]).toStartWith('| variable |')
    const read = readFileSync(join(import.meta.dir, '..', '..', 'src', 'config.ts'), 'utf8').matchAll(/(?:read|int|httpUrl|list)\('([A-Z_]+)'/g)
    const names = [...new Set(Array.from(read, (m) => m[1]))]
    expect(names.length).toBeGreaterThan(15)
    for (const name of names) expect(table).toContain(`\`${name}\``)
  })

  it('shortens lists to their first three items, at any depth', () => {
    expect(shorten({ a: [1, 2, 3, 4], b: { c: [[1, 2, 3, 4, 5]] } })).toEqual({ value: { a: [1, 2, 3], b: { c: [[1, 2, 3]] } }, shortened: true })
    expect(shorten([1, 2, 3])).toEqual({ value: [1, 2, 3], shortened: false })
  })
})

describe('an endpoint page', () => {
  for (const entry of site.endpoints) {
    it(`shows what ${entry.operationId} is and how to call it`, () => {
      const page = renderEndpointPage(entry)
      expect(page).toContain(`<span class="method">${entry.method}</span> <code>${entry.path}</code>`)
      expect(page).toStartWith(`# ${text(entry.summary)}`)
      for (const param of entry.params) {
        expect(page).toContain(`- \`${param.name}\` (${param.in}, ${param.required ? 'required' : 'optional'}): `)
        expect(page).toContain(`Type: \`${param.type}\``)
      }
      for (const example of entry.examples) expect(page).toContain(`<ExampleUrl path="${example.replace(/&/g, '&amp;')}" />`)
      expect(page).toContain(`"$BASE${entry.examples[0]}"`)
      for (const error of entry.errors) expect(page).toContain(`| ${error.status} |`)
      if (entry.cacheSeconds !== null) expect(page).toContain(`s-maxage=${entry.cacheSeconds}`)
      else expect(page).toContain('Not cached')
      if (entry.coverage) expect(page).toContain('## Coverage')
      expect(page).toContain('## Example response')
    })
  }

  it('escapes tags and interpolations outside code, and leaves code as written', () => {
    expect(text('a <unit> and {{ x }} but `<unit> {{ y }}`')).toBe('a &lt;unit> and &#123;&#123; x }} but `<unit> {{ y }}`')
    expect(text('one | two `a|b`', true)).toBe('one \\| two `a\\|b`')
  })
})

describe('serving the built site at /docs/', () => {
  const root = mkdtempSync(join(tmpdir(), 'docs-site-'))
  mkdirSync(join(root, 'guide'))
  mkdirSync(join(root, 'assets'))
  writeFileSync(join(root, 'index.html'), '<h1>home</h1>')
  writeFileSync(join(root, '404.html'), '<h1>missing</h1>')
  writeFileSync(join(root, 'guide', 'mcp.html'), '<h1>mcp</h1>')
  writeFileSync(join(root, 'assets', 'app.Ab12.js'), 'console.log(1)')
  const logger = new Logger('silent', memorySink())
  const appFor = (siteRoot: string) =>
    new Elysia().use(errorHandler({ logger, routes: () => routeTable([]) })).use(docsSiteRoutes({ root: siteRoot }))
  const app = appFor(root)
  const get = (path: string) => app.handle(new Request(`http://localhost${path}`))
  afterAll(() => rmSync(root, { recursive: true, force: true }))

  it('redirects /docs to /docs/ and serves the home page there', async () => {
    const bare = await get('/docs')
    expect(bare.status).toBe(301)
    expect(bare.headers.get('location')).toBe('/docs/')
    const home = await get('/docs/')
    expect(home.status).toBe(200)
    expect(await home.text()).toBe('<h1>home</h1>')
  })

  it('serves clean URLs, and hashed assets as immutable', async () => {
    for (const path of ['/docs/guide/mcp', '/docs/guide/mcp.html']) expect(await (await get(path)).text()).toBe('<h1>mcp</h1>')
    const asset = await get('/docs/assets/app.Ab12.js')
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect((await get('/docs/guide/mcp')).headers.get('cache-control')).toBe('public, max-age=300')
  })

  it('answers a missing page with the site’s 404 page', async () => {
    const res = await get('/docs/guide/nothing')
    expect(res.status).toBe(404)
    expect(await res.text()).toBe('<h1>missing</h1>')
  })

  it('never maps a path outside the site folder', () => {
    expect(siteFileCandidates(root, '../package.json')).toEqual([])
    expect(siteFileCandidates(root, 'guide/../../x')).toEqual([])
    expect(siteFileCandidates(root, 'a\0b')).toEqual([])
    expect(siteFileCandidates(root, 'guide/mcp')).toEqual([join(root, 'guide/mcp'), join(root, 'guide/mcp.html'), join(root, 'guide/mcp/index.html')])
  })

  it('answers JSON 404 with a hint when the site has not been built', async () => {
    const res = await appFor(join(root, 'not-built')).handle(new Request('http://localhost/docs/'))
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ code: 'docs_not_built', error: 'Docs not built', hint: expect.stringContaining('bun run docs:build') })
  })
})
