/**
 * X-Forwarded-* are believed only from trusted proxies (TRUST_PROXY: a hop count, or the proxies' addresses checked
 * against the socket's peer): otherwise a caller could make the screener's logo URLs point at their own host, or
 * take other clients' stream places and upstream shares by writing X-Forwarded-For.
 */
import { afterAll, describe, expect, it } from 'bun:test'
import { startService, type TestService } from '../helpers'

const svc = await startService()
const trusting = await startService({ fake: svc.fake, env: { TRUST_PROXY: '1' } })
/** Listening on loopback: the socket's peer is 127.0.0.1, checked against the list. */
const listening = async (trust: string) => {
  const s = await startService({ fake: svc.fake, env: { TRUST_PROXY: trust, STREAM_MAX_PER_CLIENT: '1' } })
  s.app.listen({ port: 0, hostname: '127.0.0.1' })
  return { s, base: `http://127.0.0.1:${s.app.server!.port}` }
}
const loopback = await listening('loopback')
const tenNet = await listening('10.0.0.0/8')
afterAll(async () => {
  for (const { s } of [loopback, tenNet]) {
    s.deps.stream.close()
    await s.app.stop(true)
    await s.stop()
  }
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
      expect(logged(svc, 'socket-peer').client).toBe('127.0.0.1')
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
    expect(logged(trusting, 'one-hop').client).toBe('203.0.113.7')
  })

  it('reads X-Forwarded-Host and -Proto at the trusted hop, never their leftmost entry (which the client writes)', async () => {
    const { body } = await trusting.json('/api/v1/', {
      host: 'internal:3000',
      'x-forwarded-for': '6.6.6.6, 203.0.113.7',
      'x-forwarded-host': 'evil.example, real.example',
      'x-forwarded-proto': 'http, https',
    })
    expect(body.baseUrl).toBe('https://real.example/api/v1')
  })
})

describe('TRUST_PROXY as the proxies’ addresses', () => {
  const stream = (base: string, forwardedFor: string) =>
    fetch(`${base}/api/v1/stream?topics=screener`, { headers: { 'x-forwarded-for': forwardedFor } })

  it('loopback: a request from a loopback peer is keyed by its X-Forwarded-For (one stream each for two clients)', async () => {
    const first = await stream(loopback.base, '198.51.100.1')
    const second = await stream(loopback.base, '198.51.100.2')
    const sameClient = await stream(loopback.base, '198.51.100.1')
    expect([first.status, second.status, sameClient.status]).toEqual([200, 200, 429])
    await Promise.all([first.body?.cancel(), second.body?.cancel(), sameClient.body?.cancel()])
  })

  it('10.0.0.0/8: the same requests from a loopback peer are keyed by the peer (the headers are the client’s own)', async () => {
    const first = await stream(tenNet.base, '198.51.100.1')
    const second = await stream(tenNet.base, '198.51.100.2')
    expect([first.status, second.status]).toEqual([200, 429])
    await Promise.all([first.body?.cancel(), second.body?.cancel()])
    await fetch(`${tenNet.base}/healthz`, { headers: { 'x-forwarded-for': '198.51.100.3', 'x-request-id': 'untrusted-peer' } })
    expect(logged(tenNet.s, 'untrusted-peer').client).toBe('127.0.0.1')
  })

  it('two IPv6 addresses in one /64 share one stream place; another /64 has its own', async () => {
    const first = await stream(loopback.base, '2001:db8:1:2::1')
    const sameNetwork = await stream(loopback.base, '2001:db8:1:2:ffff::9')
    const otherNetwork = await stream(loopback.base, '2001:db8:1:3::1')
    expect([first.status, sameNetwork.status, otherNetwork.status]).toEqual([200, 429, 200])
    await Promise.all([first.body?.cancel(), sameNetwork.body?.cancel(), otherNetwork.body?.cancel()])
  })

  it('believes X-Forwarded-Host from a listed peer only, at the hop of the client address', async () => {
    const headers = { 'x-forwarded-for': '203.0.113.7', 'x-forwarded-host': 'evil.example, real.example', 'x-forwarded-proto': 'https' }
    const trusted = (await (await fetch(`${loopback.base}/api/v1/`, { headers })).json()) as { baseUrl: string }
    expect(trusted.baseUrl).toBe('https://real.example/api/v1')
    const untrusted = (await (await fetch(`${tenNet.base}/api/v1/`, { headers })).json()) as { baseUrl: string }
    expect(untrusted.baseUrl).toBe(`${tenNet.base}/api/v1`)
  })
})

function logged(s: TestService, requestId: string) {
  return s.logLines.map((l) => JSON.parse(l)).find((l) => l.reqId === requestId)
}
