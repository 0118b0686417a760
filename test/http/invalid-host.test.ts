/**
 * A request with an invalid Host header, over a real socket (fetch cannot send one). Bun then leaves
 * `request.url` relative (`/api/v1/tokens`), or absolute but unparsable (`http://a:99999/…`): nothing may
 * throw on it. Answers that embed absolute URLs have no origin to build them from: 400 (RFC 9112 3.2).
 */
import { afterAll, describe, expect, it } from 'bun:test'
import { requestPath } from '../../src/http/request-path'
import { startService } from '../helpers'
import { httpRequest, listenOnLoopback, rawRequest } from '../faults/support'

const svc = await startService()
const { port, stop } = await listenOnLoopback(svc)
afterAll(async () => {
  await stop()
  await svc.stop()
})

const send = async (method: string, path: string, host: string) => {
  const answer = await rawRequest(port, httpRequest(method, path, { headers: { host } }))
  return { status: answer.status, headers: answer.headers, body: answer.body.length ? JSON.parse(answer.body.toString()) : null }
}

describe('an invalid Host header', () => {
  it('is a 400 JSON for an answer built with absolute URLs', async () => {
    for (const path of ['/api/v1/', '/api/v1/tokens', '/api/v1/search?q=snek', '/api/v1/openapi.json']) {
      const { status, body } = await send('GET', path, '<script>')
      expect(status).toBe(400)
      expect(body).toEqual({ code: 'invalid_host_header', error: 'Invalid Host header', hint: expect.stringContaining('host[:port]') })
    }
  })

  it('changes nothing for answers without URLs', async () => {
    expect((await send('GET', '/healthz', '<script>')).status).toBe(200)
    expect((await send('GET', '/api/v1/tokens/zz', '<script>')).body.error).toBe('Invalid asset unit')
  })

  it('still gets the JSON 404 and 405 (the error handler reads the path without parsing the URL)', async () => {
    for (const host of ['<script>', 'a:99999']) {
      const missing = await send('GET', '/api/v1/nope?x=1', host)
      expect(missing.status).toBe(404)
      expect(missing.body.hint).toContain('No endpoint at /api/v1/nope.')
      const wrongMethod = await send('PUT', '/api/v1/tokens', host)
      expect(wrongMethod.status).toBe(405)
      expect(wrongMethod.body).toEqual({ code: 'method_not_allowed', error: 'Method not allowed', hint: '/api/v1/tokens accepts GET, HEAD.' })
    }
  })

  it('is counted under its route in the metrics, not as unmatched', async () => {
    await send('GET', '/api/v1/tokens', '<script>')
    const metrics = (await rawRequest(port, httpRequest('GET', '/metrics'))).body.toString()
    expect(metrics).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/tokens",status="400"\} [1-9]/)
  })

  it('still redirects /docs to /docs/', async () => {
    const { status, headers } = await send('GET', '/docs', '<script>')
    expect(status).toBe(301)
    expect(headers.location).toBe('/docs/')
  })
})

describe('requestPath', () => {
  it('reads the path of absolute and relative request URLs, without the query', () => {
    expect(requestPath('http://localhost:3000/api/v1/tokens?x=1')).toBe('/api/v1/tokens')
    expect(requestPath('http://a:99999/docs')).toBe('/docs')
    expect(requestPath('/api/v1/search?q=a/b')).toBe('/api/v1/search')
    expect(requestPath('http://localhost')).toBe('/')
  })
})
