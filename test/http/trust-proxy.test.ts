/**
 * X-Forwarded-* are believed only behind TRUST_PROXY ≥ 1 hops: otherwise a caller could make the screener's
 * cached logo URLs point at their own host (a CDN ignoring Vary would pass them to everyone).
 */
import { afterAll, describe, expect, it } from 'bun:test'
import { startService } from '../helpers'

const svc = await startService()
const trusting = await startService({ fake: svc.fake, env: { TRUST_PROXY: '1' } })
afterAll(async () => {
  await trusting.stop()
  await svc.stop()
})

const EVIL = { host: 'api.example.org', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' }

describe('TRUST_PROXY=0 (the default)', () => {
  it('builds absolute URLs from the Host header alone', async () => {
    const { body, res } = await svc.json('/api/v1/tokens', EVIL)
    expect(body.tokens[0].imageUrl).toStartWith('http://api.example.org/api/v1/tokens/')
    expect(res.headers.get('vary')).toBe('Host, Accept-Encoding')
    const index = await svc.json('/api/v1/', EVIL)
    expect(index.body.baseUrl).toBe('http://api.example.org/api/v1')
  })

  it('answers a repeated URL with other forwarded headers from the same entry (they change nothing)', async () => {
    await svc.get('/api/v1/', { host: 'one.example' })
    const again = await svc.get('/api/v1/', { host: 'one.example', 'x-forwarded-host': 'two.example' })
    expect(again.headers.get('x-cache')).toBe('HIT')
    expect(((await again.json()) as { baseUrl: string }).baseUrl).toBe('http://one.example/api/v1')
  })

  it('logs the socket peer as the client, not X-Forwarded-For', async () => {
    const server = svc.app.listen({ port: 0, hostname: '127.0.0.1' })
    try {
      await fetch(`http://127.0.0.1:${server.server!.port}/healthz`, { headers: { 'x-forwarded-for': '6.6.6.6', 'x-request-id': 'socket-peer' } })
      const line = svc.logLines.map((l) => JSON.parse(l)).find((l) => l.reqId === 'socket-peer')
      expect(line.client).toBe('127.0.0.1')
    } finally {
      await server.stop()
    }
  })
})

describe('TRUST_PROXY=1', () => {
  it('believes X-Forwarded-Host and -Proto, and tells caches to vary on them', async () => {
    const { body, res } = await trusting.json('/api/v1/tokens', EVIL)
    expect(body.tokens[0].imageUrl).toStartWith('https://evil.example/api/v1/tokens/')
    expect(res.headers.get('vary')).toBe('Host, X-Forwarded-Host, X-Forwarded-Proto, Accept-Encoding')
  })

  it('logs the last X-Forwarded-For entry as the client', async () => {
    await trusting.get('/healthz', { 'x-forwarded-for': '6.6.6.6, 203.0.113.7', 'x-request-id': 'one-hop' })
    const line = trusting.logLines.map((l) => JSON.parse(l)).find((l) => l.reqId === 'one-hop')
    expect(line.client).toBe('203.0.113.7')
  })
})
