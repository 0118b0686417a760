/**
 * One answer per URL, whatever the Host (PUBLIC_BASE_URL unset): answers that hand out absolute URLs are built once
 * and kept origin-free, and each caller's origin is written in when the answer is served. A client rotating Host
 * headers costs no rebuild, no upstream call and no cache entry.
 */
import { afterAll, describe, expect, it } from 'bun:test'
import { brotliDecompressSync } from 'node:zlib'
import { startService } from '../helpers'

const svc = await startService()
afterAll(() => svc.stop())

const SNEK = '279c909f348e533da5808898f87f9a14bb2c3dfbbacccd631d927a3f534e454b'

describe('50 Hosts, one screener', () => {
  it('builds /api/v1/tokens once for 50 Host headers, and each answer’s URLs carry its own origin', async () => {
    let builds = 0
    svc.deps.services.tokens.onScreener(() => builds++)
    const first = await svc.json('/api/v1/tokens', { host: 'host-0.example' })
    expect(first.status).toBe(200)
    const calls = svc.fake.calls.length
    const { entries, bytes } = await sizes()
    for (let i = 1; i < 50; i++) {
      const host = `host-${i}.example:${8000 + i}`
      const { status, body, res } = await svc.json('/api/v1/tokens', { host })
      expect(status).toBe(200)
      expect(res.headers.get('x-cache')).toBe('HIT')
      expect(res.headers.get('vary')).toContain('Host')
      const urls: string[] = body.tokens.map((row: { imageUrl: string }) => row.imageUrl)
      expect(urls.length).toBe(first.body.tokens.length)
      for (const url of urls) expect(url).toStartWith(`http://${host}/api/v1/tokens/`)
    }
    expect(builds).toBe(1)
    expect(svc.fake.calls.length).toBe(calls)
    // No entry per Host, and no bytes kept for a Host seen once.
    expect((await sizes()).entries).toBe(entries)
    expect((await sizes()).bytes).toBe(bytes)
  })

  it('keeps a rendering for a Host seen again, served compressed like any cached answer', async () => {
    const again = await svc.get('/api/v1/tokens', { host: 'host-7.example:8007', 'accept-encoding': 'br' })
    // Seen once before: this second request keeps (and compresses) its rendering.
    expect(again.headers.get('content-encoding')).toBe('br')
    const text = new TextDecoder().decode(brotliDecompressSync(new Uint8Array(await again.arrayBuffer())))
    expect(text).toContain('http://host-7.example:8007/api/v1/tokens/')
    expect(text).not.toContain('.invalid')
  })

  it('does the same for the token detail, search, the index, llms.txt and the OpenAPI document', async () => {
    for (const path of [`/api/v1/tokens/${SNEK}`, '/api/v1/search?q=snek', '/api/v1/', '/llms.txt', '/api/v1/openapi.json']) {
      const one = await (await svc.get(path, { host: 'one.example' })).text()
      const calls = svc.fake.calls.length
      const { entries } = await sizes()
      const two = await svc.get(path, { host: 'two.example' })
      expect(two.headers.get('x-cache')).toBe('HIT')
      const text = await two.text()
      expect(text).toContain('http://two.example')
      expect(text).not.toContain('one.example')
      expect(one).toContain('http://one.example')
      expect(text.replaceAll('http://two.example', 'http://one.example')).toBe(one)
      expect(svc.fake.calls.length).toBe(calls)
      expect((await sizes()).entries).toBe(entries)
    }
  })
})

async function sizes() {
  const text = await (await svc.get('/metrics')).text()
  const read = (name: string) => Number(new RegExp(`^${name}\\{cache="response"\\} (\\d+)`, 'm').exec(text)![1])
  return { entries: read('cache_entries'), bytes: read('cache_bytes') }
}
