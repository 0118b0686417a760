/**
 * Things a newcomer reads in several places must say the same: the docs home lists every guide (and the
 * sidebar too), X-Cache: STALE has one meaning everywhere it is explained, and the service has one version.
 */
import { afterAll, describe, expect, it } from 'bun:test'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { X_CACHE_STALE } from '../../src/catalogue/conventions'
import { startService } from '../helpers'

const ROOT = join(import.meta.dir, '..', '..')
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8')
const svc = await startService()
afterAll(() => svc.stop())

describe('the docs home', () => {
  it('links every guide, and so does the sidebar', () => {
    const home = read('docs/index.md')
    const config = read('docs/.vitepress/config.ts')
    const guides = readdirSync(join(ROOT, 'docs', 'guide')).filter((f) => f.endsWith('.md')).map((f) => f.slice(0, -3))
    expect(guides.length).toBeGreaterThanOrEqual(8)
    for (const guide of guides) {
      expect({ guide, home: home.includes(`(./guide/${guide})`) }).toEqual({ guide, home: true })
      expect({ guide, sidebar: config.includes(`'/guide/${guide}'`) }).toEqual({ guide, sidebar: true })
    }
  })
})

describe('X-Cache: STALE', () => {
  it('is explained with one wording in llms.txt, the OpenAPI document, the quick start and the caching guide', async () => {
    const llms = await (await svc.get('/llms.txt')).text()
    const openapi = (await svc.json('/api/v1/openapi.json')).body
    expect(llms).toContain(X_CACHE_STALE)
    expect(openapi.info.description).toContain(X_CACHE_STALE)
    expect(read('docs/guide/limits-and-caching.md')).toContain(X_CACHE_STALE)
    expect(read('docs/guide/quick-start.md')).toContain('<!--@include: ../.generated/conventions.md-->')
    // The old, narrower wording ("only while an upstream is failing") is gone.
    expect(llms).not.toContain('marks a copy served while an upstream is failing')
  })

  it('matches what the cache does on a healthy service: an expired answer is served STALE while it is rebuilt', async () => {
    await svc.get('/api/v1/chain/tip')
    svc.advance(3_000) // past the 2 s lifetime, inside stale-while-revalidate
    expect((await svc.get('/api/v1/chain/tip')).headers.get('x-cache')).toBe('STALE')
    expect(X_CACHE_STALE).toContain('an expired answer is served once while a fresh one is built')
  })
})

describe('the version', () => {
  it('is one string: package.json, the index, OpenAPI info.version and the MCP server', async () => {
    const pkg = JSON.parse(read('package.json')) as { version: string }
    const index = (await svc.json('/api/v1/')).body
    const openapi = (await svc.json('/api/v1/openapi.json')).body
    const init = await svc.request('/api/mcp', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'version-check', version: '0' } },
      }),
    })
    const mcp = (await init.json()).result.serverInfo.version
    expect([index.version, openapi.info.version, mcp]).toEqual([pkg.version, pkg.version, pkg.version])
  })
})
