/**
 * Cached answers in br and gzip as Accept-Encoding asks: compressed once when stored (never per hit), an ETag
 * per representation, 304 for each, the same Vary on 200 and 304, and the front cache picking the right one.
 */
import { afterAll, beforeEach, describe, expect, it, spyOn } from 'bun:test'
import * as zlib from 'node:zlib'
import { preferredCoding } from '../../src/http/content-coding'
import { SAMPLE } from '../fake-upstreams/world'
import { startService } from '../helpers'

const svc = await startService()
afterAll(() => svc.stop())
beforeEach(() => svc.deps.responses.invalidate(''))

const decode = (coding: string | null, bytes: ArrayBuffer): string => {
  const buffer = Buffer.from(bytes)
  if (coding === 'br') return zlib.brotliDecompressSync(buffer).toString()
  if (coding === 'gzip') return zlib.gunzipSync(buffer).toString()
  return buffer.toString()
}

describe('preferredCoding', () => {
  it('picks br, then gzip, by q value, with * and q=0 honoured', () => {
    expect(preferredCoding('gzip, deflate, br, zstd')).toBe('br')
    expect(preferredCoding('gzip, deflate')).toBe('gzip')
    expect(preferredCoding('br;q=0.5, gzip')).toBe('gzip')
    expect(preferredCoding('br;q=0, gzip;q=0')).toBe('identity')
    expect(preferredCoding('*')).toBe('br')
    expect(preferredCoding('*;q=0.1, br;q=0')).toBe('gzip')
    expect(preferredCoding('identity')).toBe('identity')
    expect(preferredCoding(null)).toBe('identity')
  })
})

describe('compressed cached answers', () => {
  it('serve the screener in br, gzip and identity, each decoding to the same JSON with its own ETag', async () => {
    const plain = await svc.get('/api/v1/tokens')
    const plainText = await plain.text()
    expect(plain.headers.get('content-encoding')).toBeNull()
    const etags = new Set([plain.headers.get('etag')])
    for (const [accept, coding] of [['gzip, deflate, br', 'br'], ['gzip', 'gzip']] as const) {
      const res = await svc.get('/api/v1/tokens', { 'accept-encoding': accept })
      expect(res.headers.get('content-encoding')).toBe(coding)
      expect(res.headers.get('vary')).toBe('Host, Accept-Encoding')
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8')
      const bytes = await res.arrayBuffer()
      expect(bytes.byteLength).toBeLessThan(plainText.length / 3)
      expect(decode(coding, bytes)).toBe(plainText)
      etags.add(res.headers.get('etag'))
    }
    expect(etags.size).toBe(3)
  })

  it('answers 304 per representation, with the 200 Vary, and 200 for another representation tag', async () => {
    const br = await svc.get('/api/v1/tokens', { 'accept-encoding': 'br' })
    const gzip = await svc.get('/api/v1/tokens', { 'accept-encoding': 'gzip' })
    for (const [accept, tag] of [['br', br.headers.get('etag')!], ['gzip', gzip.headers.get('etag')!]]) {
      const res = await svc.get('/api/v1/tokens', { 'accept-encoding': accept, 'if-none-match': tag })
      expect(res.status).toBe(304)
      expect(res.headers.get('etag')).toBe(tag)
      expect(res.headers.get('vary')).toBe('Host, Accept-Encoding')
    }
    const crossed = await svc.get('/api/v1/tokens', { 'accept-encoding': 'gzip', 'if-none-match': br.headers.get('etag')! })
    expect(crossed.status).toBe(200)
    expect(crossed.headers.get('content-encoding')).toBe('gzip')
  })

  it('compresses once when storing, never on a hit (front cache included)', async () => {
    const brotli = spyOn(zlib, 'brotliCompressSync')
    const gzip = spyOn(zlib, 'gzipSync')
    try {
      const first = await svc.get('/api/v1/tokens', { 'accept-encoding': 'br' })
      expect(first.headers.get('x-cache')).toBe('MISS')
      const calls = [brotli.mock.calls.length, gzip.mock.calls.length]
      expect(calls).toEqual([1, 1])
      for (const accept of ['br', 'gzip', 'gzip', 'br', '']) {
        const hit = await svc.get('/api/v1/tokens', { 'accept-encoding': accept })
        expect(hit.headers.get('x-cache')).toBe('HIT')
        expect(hit.headers.get('content-encoding')).toBe(accept === '' ? null : accept)
      }
      expect([brotli.mock.calls.length, gzip.mock.calls.length]).toEqual(calls)
    } finally {
      brotli.mockRestore()
      gzip.mockRestore()
    }
  })

  it('serves the right representation from the front cache (answered before routing)', async () => {
    await svc.get('/api/v1/tokens/' + SAMPLE.snek)
    // From here on the URL is answered by the front cache; alternate codings on it.
    for (const accept of ['gzip', 'br', 'identity', 'gzip']) {
      const res = await svc.get('/api/v1/tokens/' + SAMPLE.snek, { 'accept-encoding': accept })
      expect(res.headers.get('x-cache')).toBe('HIT')
      const coding = res.headers.get('content-encoding')
      expect(coding).toBe(accept === 'identity' ? null : accept)
      expect(JSON.parse(decode(coding, await res.arrayBuffer())).address).toBe(SAMPLE.snek)
    }
  })

  it('compresses the SVG monogram and leaves PNGs alone', async () => {
    const unit = 'ab'.repeat(28) + Buffer.from('ZZTOP').toString('hex')
    const svg = await svc.get(`/api/v1/tokens/${unit}/logo`, { 'accept-encoding': 'gzip' })
    expect(svg.headers.get('content-type')).toStartWith('image/svg+xml')
    expect(svg.headers.get('content-encoding')).toBe('gzip')
    expect(svg.headers.get('vary')).toBe('Accept-Encoding')
    expect(decode('gzip', await svg.arrayBuffer())).toStartWith('<svg')
  })

  it('exposes Retry-After, ETag, X-Cache and X-Request-Id to browsers', async () => {
    const exposed = (await svc.get('/api/v1/tokens')).headers.get('access-control-expose-headers')!.split(/,\s*/)
    expect(exposed).toEqual(expect.arrayContaining(['Retry-After', 'ETag', 'X-Cache', 'X-Request-Id']))
  })
})
