/** The site root outside /api/v1: `/` (the API index for clients, the explorer for browsers) and the favicon. */
import { afterAll, describe, expect, it } from 'bun:test'
import { PNG_SIGNATURE } from '../../src/modules/logos/png'
import { startService } from '../helpers'

const svc = await startService()
afterAll(async () => {
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

  it('serves a browser the explorer\'s screener page, with a CSP that allows no inline script', async () => {
    const browser = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' }
    const res = await svc.get('/', browser)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(res.headers.get('vary')).toBe('Accept')
    const csp = res.headers.get('content-security-policy') ?? ''
    expect(csp).toContain("script-src 'self'")
    expect(csp.split(';').find((d) => d.trim().startsWith('script-src'))).not.toContain('unsafe-inline')
    const html = await res.text()
    expect(html).toContain('data-page="screener"')
    expect(html).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/) // every script is an external file
    for (const href of ['/api/v1/', '/docs/', '/api/v1/reference']) expect(html).toContain(`href="${href}"`)
    const etag = res.headers.get('etag')!
    expect((await svc.get('/', { ...browser, 'if-none-match': etag })).status).toBe(304)
  })

  it('serves the page assets under content-hashed names with a year-long immutable cache', async () => {
    const html = await (await svc.get('/', { accept: 'text/html' })).text()
    const assets = [...html.matchAll(/(?:src|href)="(\/explorer\/assets\/[^"]+)"/g)].map((m) => m[1])
    expect(assets.length).toBe(2)
    for (const path of assets) {
      expect(path).toMatch(/\.[0-9a-z]{6,}\.(js|css)$/)
      const res = await svc.get(path)
      expect(res.status).toBe(200)
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    }
    expect((await svc.get('/explorer/assets/nothing.js')).status).toBe(404)
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
