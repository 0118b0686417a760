/**
 * The foundation through HTTP: caching headers, conditional requests, error bodies, request ids, CORS,
 * operations endpoints, and the shared cache's behaviour in front of a real upstream adapter (single flight,
 * stale-on-error, 502 without a copy, bounded time on a stalled upstream).
 *
 * The upstream behaviour is exercised through a probe route mounted only here: it reads the chain tip through
 * the same response cache and adapter the endpoints use, so the mechanism is tested apart from any endpoint.
 */
import { afterAll, beforeEach, describe, expect, it } from 'bun:test'
import { Elysia, t } from 'elysia'
import { invalid } from '../../src/http/errors'
import { apiError } from '../../src/http/error-catalogue'
import { startService } from '../helpers'

const svc = await startService({ ledgerOnClock: true })
const { deps } = svc
/** The key generation of the probe below: a write moves it on (as the community layer does). */
let generation = 0
svc.app.use(
  new Elysia()
    .get('/probe/generation', ({ request }) => {
      const built = generation
      return deps.responses.serve(request, `probe|gen|${built}`, 30, async () => ({ body: { built } }))
    })
    .get('/probe/tip', ({ request }) =>
      deps.responses.serve(request, 'probe|tip', 30, async () => {
        const tip = await deps.upstreams.koios.tip()
        return { body: tip.data, stale: tip.stale }
      }),
    )
    .get('/probe/limit', ({ query }) => ({ limit: query.limit }), {
      query: t.Object({
        limit: t.Integer({ minimum: 1, maximum: 5, error: invalid(apiError('invalid_limit', { min: 1, max: 5, default: 3 })) }),
      }),
    })
    .get('/probe/bug', () => {
      throw new Error('secret internals')
    }),
)
afterAll(() => svc.stop())

beforeEach(() => {
  svc.fake.heal()
  svc.fake.resetCalls()
  svc.fake.delay('koios', 0)
  deps.upstreamCache.clear()
  deps.responses.invalidate('')
})

describe('HTTP caching of GET answers', () => {
  it('answers with the lifetime as s-maxage, a strong ETag and MISS then HIT', async () => {
    const first = await svc.get('/api/v1/')
    const second = await svc.get('/api/v1/')
    expect(first.status).toBe(200)
    expect(first.headers.get('cache-control')).toBe('public, s-maxage=300')
    expect(first.headers.get('etag')).toMatch(/^"[0-9a-z]+-[0-9a-z]+"$/)
    expect(first.headers.get('x-cache')).toBe('MISS')
    expect(second.headers.get('x-cache')).toBe('HIT')
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'))
    expect(await second.text()).toBe(await first.text())
  })

  it('answers 304 with no body for a matching If-None-Match, weak or in a list', async () => {
    const etag = (await svc.get('/api/v1/')).headers.get('etag')!
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const res = await svc.get('/api/v1/', { 'if-none-match': header })
      expect(res.status).toBe(304)
      expect(await res.text()).toBe('')
      expect(res.headers.get('etag')).toBe(etag)
    }
    expect((await svc.get('/api/v1/', { 'if-none-match': '"stale-tag"' })).status).toBe(200)
  })

  it('keeps answers that embed the caller origin apart per origin', async () => {
    const a = await svc.json('/api/v1/', { host: 'a.example' })
    const b = await svc.json('/api/v1/', { host: 'b.example' })
    expect(a.body.baseUrl).toBe('http://a.example/api/v1')
    expect(b.body.baseUrl).toBe('http://b.example/api/v1')
  })

  it('answers HEAD like GET without a body', async () => {
    const res = await svc.request('/api/v1/', { method: 'HEAD' })
    expect(res.status).toBe(200)
    expect(await res.text()).toBe('')
  })
})

describe('error answers', () => {
  it('answers an unknown path with JSON 404 and a hint', async () => {
    const { status, body, res } = await svc.json('/api/v1/nothing-here')
    expect(status).toBe(404)
    expect(res.headers.get('content-type')).toContain('application/json')
    expect(body).toEqual({ code: 'not_found', error: 'Not found', hint: expect.stringContaining('GET /api/v1/') })
  })

  it('answers a wrong method with JSON 405 and an Allow header', async () => {
    const res = await svc.request('/api/v1/', { method: 'DELETE' })
    expect(res.status).toBe(405)
    expect(res.headers.get('allow')).toBe('GET, HEAD')
    expect(await res.json()).toEqual({ code: 'method_not_allowed', error: 'Method not allowed', hint: '/api/v1/ accepts GET, HEAD.' })
  })

  it("words a validation failure with the schema's own error and hint", async () => {
    for (const value of ['0', '6', 'abc', '1.5']) {
      const { status, body } = await svc.json(`/probe/limit?limit=${value}`)
      expect(status).toBe(400)
      expect(body).toEqual({ code: 'invalid_limit', error: 'Invalid limit', hint: 'limit is the number of candles: an integer from 1 to 5 (default 3).' })
    }
    expect((await svc.json('/probe/limit?limit=3')).body).toEqual({ limit: 3 })
  })

  it('answers a server bug with a bare 500 and logs the details instead', async () => {
    const { status, body } = await svc.json('/probe/bug')
    expect(status).toBe(500)
    expect(JSON.stringify(body)).not.toContain('secret internals')
    expect(body.error).toBe('Internal error')
    expect(svc.logLines.some((l) => l.includes('secret internals'))).toBe(true)
  })
})

describe('request ids, CORS and the request log', () => {
  it('gives every answer a request id and echoes a sane incoming one', async () => {
    const own = await svc.get('/api/v1/nothing')
    expect(own.headers.get('x-request-id')).toMatch(/^[0-9a-z]+-[0-9a-z]+$/)
    expect((await svc.get('/api/v1/', { 'x-request-id': 'trace-42' })).headers.get('x-request-id')).toBe('trace-42')
    expect((await svc.get('/api/v1/', { 'x-request-id': 'bad id\u0001' })).headers.get('x-request-id')).not.toContain('bad')
  })

  it('opens CORS on answers and preflights', async () => {
    expect((await svc.get('/api/v1/')).headers.get('access-control-allow-origin')).toBe('*')
    expect((await svc.get('/api/v1/missing')).headers.get('access-control-allow-origin')).toBe('*')
    const preflight = await svc.request('/api/v1/community/boosts', { method: 'OPTIONS' })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST')
    expect(preflight.headers.get('access-control-allow-headers')).toContain('Content-Type')
  })

  it('writes one JSON line per request with the route template, status, duration and id', async () => {
    svc.logLines.length = 0
    await svc.get('/api/v1/', { 'x-request-id': 'log-check' })
    const line = svc.logLines.map((l) => JSON.parse(l)).find((l) => l.reqId === 'log-check')
    expect(line).toMatchObject({ msg: 'request', method: 'GET', route: '/api/v1/', status: 200, client: 'unknown' })
    expect(typeof line.ms).toBe('number')
  })

  it('logs a front-cache hit of a parameterised route under its template, with its cache result', async () => {
    const detail = '/api/v1/tokens/279c909f348e533da5808898f87f9a14bb2c3dfbbacccd631d927a3f534e454b'
    expect((await svc.get(detail)).status).toBe(200)
    svc.logLines.length = 0
    await svc.get(detail, { 'x-request-id': 'front-1' })
    await svc.get(detail, { 'x-request-id': 'front-2' })
    const lines = svc.logLines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'request')
    expect(lines.map((l) => [l.reqId, l.route, l.status, l.cache])).toEqual([
      ['front-1', '/api/v1/tokens/:asset', 200, 'HIT'],
      ['front-2', '/api/v1/tokens/:asset', 200, 'HIT'],
    ])
  })
})

describe('operations endpoints', () => {
  it('answers liveness without touching an upstream', async () => {
    const { status, body } = await svc.json('/healthz')
    expect(status).toBe(200)
    expect(body.status).toBe('ok')
    expect(svc.fake.calls).toHaveLength(0)
  })

  it('reports the last status of each upstream in readiness, degraded after a failure', async () => {
    await svc.get('/probe/tip')
    expect((await svc.json('/readyz')).body).toMatchObject({ status: 'ready', database: 'disabled', upstreams: { koios: { ok: true } } })
    deps.upstreamCache.clear()
    deps.responses.invalidate('')
    svc.fake.fail('koios', 'server_error')
    await svc.get('/probe/tip')
    const { status, body } = await svc.json('/readyz')
    expect(status).toBe(200)
    expect(body).toMatchObject({ status: 'degraded', upstreams: { koios: { ok: false, lastError: expect.stringContaining('HTTP 500') } } })
  })

  it('exposes Prometheus metrics for requests, upstream calls and the caches', async () => {
    await svc.get('/probe/tip')
    await svc.get('/probe/tip')
    const res = await svc.get('/metrics')
    const text = await res.text()
    expect(res.headers.get('content-type')).toContain('text/plain')
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/probe\/tip",status="200"\} [1-9]/)
    expect(text).toMatch(/upstream_requests_total\{upstream="koios",outcome="ok"\} [1-9]/)
    expect(text).toMatch(/cache_events_total\{cache="response",result="hit"\} [1-9]/)
    expect(text).toMatch(/cache_entries\{cache="upstream"\} 1/)
  })
})

describe('the shared cache in front of an upstream, through HTTP', () => {
  it('makes one upstream call for 200 concurrent cold requests', async () => {
    svc.fake.delay('koios', 50)
    const answers = await Promise.all(Array.from({ length: 200 }, () => svc.get('/probe/tip')))
    expect(answers.every((r) => r.status === 200)).toBe(true)
    expect(svc.fake.count('koios', '/tip')).toBe(1)
  })

  it('serves the cached copy marked STALE when the upstream then fails, and picks up the next healthy answer', async () => {
    const fresh = await svc.json('/probe/tip')
    svc.advance(10 * 60_000) // past both caches' lifetimes and SWR windows
    svc.fake.fail('koios', 'server_error')
    const stale = await svc.json('/probe/tip')
    expect(stale.status).toBe(200)
    expect(stale.res.headers.get('x-cache')).toBe('STALE')
    expect(stale.body).toEqual(fresh.body)

    svc.fake.heal('koios')
    svc.fake.world.koios.tip = { ...svc.fake.world.koios.tip, block_height: 11934563 }
    svc.advance(60_000)
    const healed = await svc.json('/probe/tip')
    expect(healed.res.headers.get('x-cache')).toBe('MISS')
    expect(healed.body.blockHeight).toBe(11934563)
  })

  it('rebuilds an expired answer from fresh upstream data, never from a copy that is only being refreshed', async () => {
    await svc.get('/probe/tip') // answer cached 30 s; the tip behind it 20 s
    svc.advance(35_000) // both expired; the answer is inside its stale-while-revalidate window
    const revalidating = await svc.get('/probe/tip')
    expect(revalidating.headers.get('x-cache')).toBe('STALE') // served at once while one rebuild runs
    await Bun.sleep(20)
    const rebuilt = await svc.get('/probe/tip')
    expect(rebuilt.headers.get('x-cache')).toBe('HIT') // the rebuild read a fresh tip, so it is not stale
    expect(svc.fake.count('koios', '/tip')).toBe(2)
  })

  for (const fault of ['server_error', 'rate_limited', 'garbage', 'wrong_shape', 'down'] as const) {
    it(`answers 502 JSON naming the upstream when it fails (${fault}) and no copy exists`, async () => {
      svc.fake.fail('koios', fault)
      const { status, body } = await svc.json('/probe/tip')
      expect(status).toBe(502)
      expect(body).toEqual({ code: 'upstream_unavailable', error: 'Upstream unavailable: chain API', hint: expect.stringContaining('Retry') })
      // The hint names the real provider too, for whoever runs the service.
      expect(body.hint).toStartWith('The chain API (Koios) did not give a usable answer')
      // A 429 cools the chain API down for 60 s: past it before the next case.
      if (fault === 'rate_limited') svc.advance(61_000)
    })
  }

  it('answers 502 within the upstream timeout when the upstream stalls', async () => {
    svc.fake.fail('koios', 'stall')
    const started = performance.now()
    const { status } = await svc.json('/probe/tip')
    const elapsed = performance.now() - started
    expect(status).toBe(502)
    expect(elapsed).toBeLessThan(svc.config.upstreamTimeoutMs + 500)
  })
})

describe('the front cache (repeated GETs answered before routing)', () => {
  it('answers a repeated URL from the cache and falls back to the route once the entry is invalidated', async () => {
    const first = await svc.get('/api/v1/')
    const again = await svc.get('/api/v1/')
    expect(again.headers.get('x-cache')).toBe('HIT')
    expect(again.headers.get('etag')).toBe(first.headers.get('etag'))
    deps.responses.invalidate('index')
    expect((await svc.get('/api/v1/')).headers.get('x-cache')).toBe('MISS')
  })

  it('never lets a URL answered for one Host answer for another', async () => {
    await svc.get('/api/v1/', { host: 'one.example' })
    expect((await svc.json('/api/v1/', { host: 'two.example' })).body.baseUrl).toBe('http://two.example/api/v1')
    expect((await svc.json('/api/v1/', { host: 'one.example' })).body.baseUrl).toBe('http://one.example/api/v1')
  })

  it('behind a trusted proxy, never lets a URL answered for one forwarded origin answer for another', async () => {
    const trusting = await startService({ fake: svc.fake, env: { TRUST_PROXY: '1' } })
    await trusting.get('/api/v1/', { host: 'one.example' })
    const forwarded = await trusting.json('/api/v1/', { host: 'one.example', 'x-forwarded-host': 'two.example', 'x-forwarded-proto': 'https' })
    expect(forwarded.body.baseUrl).toBe('https://two.example/api/v1')
    expect((await trusting.json('/api/v1/', { host: 'one.example' })).body.baseUrl).toBe('http://one.example/api/v1')
    await trusting.stop()
  })
})

describe('invalidation and the front cache', () => {
  it('never answers from an entry stored under an invalidated key after the invalidation', async () => {
    expect((await svc.json('/probe/generation')).body).toEqual({ built: 0 })
    // A write: the key moves to a new generation and the old entries are dropped...
    generation = 1
    deps.responses.invalidate('probe|gen|')
    // ...and a build that was already running stores under the old key afterwards.
    await deps.responses.serve(new Request('http://localhost/elsewhere'), 'probe|gen|0', 30, async () => ({ body: { built: 0 } }))
    expect((await svc.json('/probe/generation')).body).toEqual({ built: 1 })
  })
})

describe('answers that embed the caller origin', () => {
  it('tell shared caches to keep them apart per Host (and encoding)', async () => {
    const snek = '279c909f348e533da5808898f87f9a14bb2c3dfbbacccd631d927a3f534e454b'
    for (const path of ['/api/v1/', '/api/v1/tokens', `/api/v1/tokens/${snek}`, '/api/v1/search?q=snek', '/api/v1/openapi.json']) {
      const res = await svc.get(path)
      expect(res.status).toBe(200)
      expect(res.headers.get('vary')).toBe('Host, Accept-Encoding')
    }
  })

  it('need no Vary when PUBLIC_BASE_URL fixes the origin, and ignore forwarded headers then', async () => {
    const fixed = await startService({ fake: svc.fake, env: { PUBLIC_BASE_URL: 'https://api.example.org' } })
    const { body, res } = await fixed.json('/api/v1/', { 'x-forwarded-host': 'evil.example' })
    expect(body.baseUrl).toBe('https://api.example.org/api/v1')
    expect(res.headers.get('vary')).toBe('Accept-Encoding')
    await fixed.stop()
  })
})
