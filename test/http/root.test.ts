/** The site root outside /api/v1: the redirect of `/` and the favicon. */
import { afterAll, describe, expect, it } from 'bun:test'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { rootRoutes } from '../../src/modules/root/routes'
import { PNG_SIGNATURE } from '../../src/modules/logos/png'
import { startService } from '../helpers'

const svc = await startService()
const builtDocs = mkdtempSync(join(tmpdir(), 'docs-'))
writeFileSync(join(builtDocs, 'index.html'), '<!doctype html>')
afterAll(async () => {
  rmSync(builtDocs, { recursive: true, force: true })
  await svc.stop()
})

describe('GET /', () => {
  it('redirects an API client to /api/v1/', async () => {
    for (const accept of [undefined, 'application/json', '*/*']) {
      const res = await svc.get('/', accept === undefined ? {} : { accept })
      expect(res.status).toBe(302)
      expect(res.headers.get('location')).toBe('/api/v1/')
      expect(res.headers.get('vary')).toBe('Accept')
    }
  })

  it('redirects a browser to /docs/ when the docs are built, else to /api/v1/', async () => {
    const browser = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' }
    const withDocs = await rootRoutes({ docsRoot: builtDocs }).handle(new Request('http://localhost/', { headers: browser }))
    expect(withDocs.status).toBe(302)
    expect(withDocs.headers.get('location')).toBe('/docs/')
    const withoutDocs = await rootRoutes({ docsRoot: join(builtDocs, 'missing') }).handle(new Request('http://localhost/', { headers: browser }))
    expect(withoutDocs.headers.get('location')).toBe('/api/v1/')
  })

  it('redirects only `/` itself: other root paths stay 404', async () => {
    const res = await svc.get('/something-else')
    expect(res.status).toBe(404)
  })
})

describe('GET /favicon.ico', () => {
  it('answers a 32×32 icon (an ICO holding a PNG), cached by browsers', async () => {
    const res = await svc.get('/favicon.ico')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/x-icon')
    expect(res.headers.get('cache-control')).toContain('max-age=')
    const bytes = new Uint8Array(await res.arrayBuffer())
    expect([...bytes.subarray(0, 8)]).toEqual([0, 0, 1, 0, 1, 0, 32, 32])
    expect([...bytes.subarray(22, 30)]).toEqual([...PNG_SIGNATURE])
    const view = new DataView(bytes.buffer)
    expect(view.getUint32(14, true)).toBe(bytes.byteLength - 22)
    expect([view.getUint32(22 + 16), view.getUint32(22 + 20)]).toEqual([32, 32]) // IHDR width and height
  })
})
