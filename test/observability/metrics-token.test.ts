/** /metrics is public unless METRICS_TOKEN is set; then it answers only `Authorization: Bearer <token>`. */
import { afterAll, describe, expect, it } from 'bun:test'
import { loadConfig } from '../../src/config'
import { startService } from '../helpers'

const TOKEN = 'b3f1c9a2d4e6f8a0c2e4f6a8b0d2e4f6'
const open = await startService()
const closed = await startService({ fake: open.fake, env: { METRICS_TOKEN: TOKEN } })
afterAll(async () => {
  await closed.stop()
  await open.stop()
})

describe('METRICS_TOKEN', () => {
  it('leaves /metrics public when unset', async () => {
    const res = await open.get('/metrics')
    expect(res.status).toBe(200)
    expect(await res.text()).toContain('http_request_duration_seconds')
  })

  it('answers 401 JSON with WWW-Authenticate without the token or with another one, and the metrics with it', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-of-some-length', `Basic ${TOKEN}`, TOKEN, `Bearer ${TOKEN}x`]) {
      const res = await closed.get('/metrics', authorization === undefined ? {} : { authorization })
      expect(res.status).toBe(401)
      expect(res.headers.get('www-authenticate')).toBe('Bearer realm="metrics"')
      expect(res.headers.get('access-control-allow-origin')).toBe('*')
      const body = (await res.json()) as { code: string }
      expect(body.code).toBe('metrics_unauthorized')
      expect(JSON.stringify(body)).not.toContain(TOKEN)
    }
    const res = await closed.get('/metrics', { authorization: `Bearer ${TOKEN}` })
    expect(res.status).toBe(200)
    expect(await res.text()).toContain('log_lines_left_out')
  })

  it('keeps /healthz and /readyz open', async () => {
    expect((await closed.get('/healthz')).status).toBe(200)
    expect((await closed.get('/readyz')).status).toBe(200)
  })

  it('refuses a token too short to keep anything private, without echoing it', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'secret' })).toThrow('METRICS_TOKEN is not valid: expected at least 16 characters')
    expect(() => loadConfig({ METRICS_TOKEN: 'secret' })).not.toThrow('"secret"')
    expect(loadConfig({}).metricsToken).toBeNull()
    expect(loadConfig({ METRICS_TOKEN: TOKEN }).metricsToken).toBe(TOKEN)
  })
})
