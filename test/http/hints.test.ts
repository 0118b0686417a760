/**
 * Hints that hold together (issue 36, item 6): the health check people guess (`/health`) points to `/healthz` and
 * the index lists the operations endpoints; a 502 because no upstream is reachable names `bun run demo`; `tf`
 * accepts hours, days and weeks in either case (minutes stay lowercase: 1M reads as a month).
 */
import { afterAll, describe, expect, it } from 'bun:test'
import { SAMPLE } from '../fake-upstreams/world'
import { startService } from '../helpers'

const svc = await startService({ env: { DATABASE_URL: ':memory:' } })
afterAll(() => svc.stop())

describe('hints', () => {
  it('points /health and its look-alikes to /healthz and /readyz', async () => {
    for (const path of ['/health', '/api/v1/health', '/api/v1/healthz', '/status']) {
      const { status, body } = await svc.json(path)
      expect([path, status, body.code]).toEqual([path, 404, 'not_found'])
      expect(body.hint).toContain('GET /healthz')
      expect(body.hint).toContain('GET /readyz')
    }
    expect((await svc.json('/api/v1/nothing')).body.hint).not.toContain('healthz')
    expect((await svc.get('/healthz')).status).toBe(200)
  })

  it('lists the operations endpoints in the index', async () => {
    const { body } = await svc.json('/api/v1/')
    expect(body.health).toEqual({ liveness: 'http://localhost/healthz', readiness: 'http://localhost/readyz', metrics: 'http://localhost/metrics' })
  })

  it('names bun run demo when an upstream cannot be reached at all', async () => {
    svc.fake.fail('dexscreener', 'down')
    try {
      const { status, body } = await svc.json('/api/v1/tokens')
      expect([status, body.code]).toEqual([502, 'upstream_unavailable'])
      expect(body.hint).toContain('`bun run demo`')
    } finally {
      svc.fake.fail('dexscreener', 'ok')
    }
    // A server error is no sign of being offline: no such line.
    svc.fake.fail('dexscreener', 'server_error')
    try {
      const { status, body } = await svc.json('/api/v1/tokens')
      expect([status, body.code]).toEqual([502, 'upstream_unavailable'])
      expect(body.hint).not.toContain('bun run demo')
    } finally {
      svc.fake.fail('dexscreener', 'ok')
    }
  })

  it('takes tf in either case for hours, days and weeks, and answers it lowercase', async () => {
    const lower = await svc.json(`/api/v1/tokens/${SAMPLE.snek}/ohlcv?tf=1d&limit=5`)
    const upper = await svc.json(`/api/v1/tokens/${SAMPLE.snek}/ohlcv?tf=1D&limit=5`)
    expect([upper.status, upper.body.tf]).toEqual([200, '1d'])
    expect(upper.body).toEqual(lower.body)
    expect((await svc.json(`/api/v1/tokens/${SAMPLE.snek}/ohlcv?tf=4H&limit=5`)).body.tf).toBe('4h')
    const history = await svc.json(`/api/v1/tokens/${SAMPLE.snek}/history?tf=1H`)
    expect([history.status, history.body.tf]).toEqual([200, '1h'])
    for (const tf of ['1M', '5M']) {
      const { status, body } = await svc.json(`/api/v1/tokens/${SAMPLE.snek}/ohlcv?tf=${tf}`)
      expect([tf, status, body.code]).toEqual([tf, 400, 'invalid_timeframe'])
    }
  })
})
