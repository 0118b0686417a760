/**
 * GET /llms.txt: the plain-text guide for AI agents, generated from the catalogue. Every endpoint is listed with
 * one example URL, and each GET example answers; the coverage rules and every MCP tool are in it; the index at
 * /api/v1/ links it.
 */
import { afterAll, describe, expect, it } from 'bun:test'
import { catalogue } from '../../src/catalogue'
import { mcpTools } from '../../src/mcp/tools'
import { COVERAGE_RULES } from '../../src/market/coverage'
import { API_PREFIX } from '../../src/paths'
import { seedDemoHistory } from '../../scripts/demo-seed'
import { startService } from '../helpers'
import { FakeChain } from '../fake-upstreams/chain'
import { demoNewTokens } from '../fake-upstreams/demo-new-tokens'
import { defaultWorld } from '../fake-upstreams/world'

// The examples are the demo's: its chain's tokens outside the registry (the pool examples), followed to the tip.
const world = defaultWorld()
world.koios.chain = new FakeChain()
world.koios.chain.growTo(world.koios.chain.firstHeight + 200)
demoNewTokens(world, world.koios.chain)
const svc = await startService({ world, env: { DATABASE_URL: ':memory:', CHAIN_FOLLOW: 'on' } })
for (let i = 0; i < 10 && (await svc.deps.chain!.follower.poll()).cursor?.backfill !== null; i++);
// And its seeded history, so the export example has a day to export.
await seedDemoHistory(svc.deps)
afterAll(() => svc.stop())

const ORIGIN = 'http://api.example'
const res = await svc.get('/llms.txt', { host: 'api.example' })
const text = await res.text()
const lines = text.split('\n')

/** The endpoint's line: `- METHOD /api/v1/path: summary ... Example: URL`. */
function lineOf(method: string, path: string): string | undefined {
  return lines.find((line) => line.startsWith(`- ${method} ${API_PREFIX}${path}: `))
}

describe('GET /llms.txt', () => {
  it('is short cacheable plain text, kept per origin', () => {
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    expect(res.headers.get('cache-control')).toBe('public, s-maxage=300')
    expect(res.headers.get('vary')).toContain('Host')
    expect(res.headers.get('etag')).toBeTruthy()
    expect(text.startsWith('# cardano-market-api\n\n> ')).toBe(true)
    // 12 KiB until the new pools' two endpoints and two tools (issue 33) took it to 12.5, the chain figures'
    // endpoint, tool and coverage rule (issue 36) to 13.5, and the prices' three endpoints and two tools (issue 39)
    // to about 15.5: still a short read.
    expect(Buffer.byteLength(text)).toBeLessThan(16 * 1024)
  })

  it('says what the API is, where its base, OpenAPI document, docs and MCP server are, and how errors read', () => {
    expect(text).toContain(`Base URL: ${ORIGIN}${API_PREFIX}`)
    expect(text).toContain(`${ORIGIN}${API_PREFIX}/openapi.json`)
    expect(text).toContain(`${ORIGIN}/docs/`)
    expect(text).toContain(`${ORIGIN}/api/mcp`)
    expect(text).toContain('{code, error, hint}')
  })

  it('lists every endpoint of the catalogue with one example URL, and every GET example answers', async () => {
    for (const doc of catalogue) {
      const line = lineOf(doc.method, doc.path)
      expect(line).toBeDefined()
      expect(line).toContain(doc.summary)
      const url = new URL(/ Example: (\S+)$/.exec(line!)![1])
      expect(url.origin).toBe(ORIGIN)
      // The example fills the endpoint's path template.
      const template = new RegExp(`^${(API_PREFIX + doc.path).replace(/\{\w+\}/g, '[^/{}]+')}$`)
      expect(url.pathname).toMatch(template)
      if (doc.method === 'GET') {
        const answer = await svc.get(url.pathname + url.search)
        expect({ example: url.href, status: answer.status < 400 }).toEqual({ example: url.href, status: true })
      }
    }
  })

  it('carries every coverage rule and every MCP tool', () => {
    for (const rule of COVERAGE_RULES) expect(lines).toContain(`- ${rule}`)
    for (const tool of mcpTools) expect(lines).toContain(`- ${tool.name}: ${tool.description}`)
  })

  it('is linked from the index at /api/v1/', async () => {
    const { body } = await svc.json('/api/v1/', { host: 'api.example' })
    expect(body.llms).toBe(`${ORIGIN}/llms.txt`)
  })

  it('answers a wrong method with the JSON 405 naming GET', async () => {
    const post = await svc.request('/llms.txt', { method: 'POST' })
    expect(post.status).toBe(405)
    expect(post.headers.get('allow')).toContain('GET')
    expect((await post.json()).error).toBe('Method not allowed')
  })
})
