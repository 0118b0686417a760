/**
 * Tool calls per client per minute (MCP_CALLS_PER_CLIENT_PER_MINUTE, default 120): the 121st call in a minute from
 * one client is refused with HTTP 429, Retry-After and a JSON-RPC error carrying `retryAfter`; other clients, and
 * requests that are not tool calls, are not affected. A client is its address, an IPv6 one by its /64.
 */
import { afterAll, describe, expect, it } from 'bun:test'
import { startService } from '../helpers'

// Behind a proxy on loopback: each test client is an X-Forwarded-For address.
const svc = await startService({ env: { TRUST_PROXY: 'loopback' } })
svc.app.listen({ port: 0, hostname: '127.0.0.1' })
const base = `http://127.0.0.1:${svc.app.server!.port}`
afterAll(async () => {
  await svc.app.stop(true)
  await svc.stop()
})

/** The service's clock runs this far ahead of Date.now(): the counting window is the clock's UTC minute. */
let offsetSoFar = 0
const advance = (ms: number) => {
  offsetSoFar += ms
  svc.advance(ms)
}

const post = (from: string, message: Record<string, unknown>) =>
  fetch(`${base}/api/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', 'x-forwarded-for': from },
    body: JSON.stringify({ jsonrpc: '2.0', ...message }),
  })
const toolCall = (from: string, id: number) => post(from, { id, method: 'tools/call', params: { name: 'get_chain_tip', arguments: {} } })

describe('MCP_CALLS_PER_CLIENT_PER_MINUTE (default 120)', () => {
  it('refuses the 121st tool call in a minute from one client with 429, Retry-After and a JSON-RPC error', async () => {
    advance(60_000 - ((Date.now() + offsetSoFar) % 60_000) + 1000)
    for (let i = 1; i <= 120; i++) {
      const res = await toolCall('198.51.100.1', i)
      expect(res.status).toBe(200)
      await res.arrayBuffer()
    }
    const refused = await toolCall('198.51.100.1', 121)
    expect(refused.status).toBe(429)
    const retryAfter = Number(refused.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThanOrEqual(1)
    expect(retryAfter).toBeLessThanOrEqual(59)
    expect(refused.headers.get('access-control-allow-origin')).toBe('*')
    const body = (await refused.json()) as any
    expect(body).toMatchObject({ jsonrpc: '2.0', id: 121, error: { code: -32000, message: 'Too many MCP tool calls from this address' } })
    expect(body.error.data).toMatchObject({ code: 'too_many_mcp_calls', retryAfter })
    expect(body.error.data.hint).toContain('At most 120 tool calls a minute')
  }, 60_000)

  it('counts tool calls only: initialize and tools/list still answer that client', async () => {
    const init = await post('198.51.100.1', {
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'curl', version: '1' } },
    })
    expect(init.status).toBe(200)
    const list = await post('198.51.100.1', { id: 2, method: 'tools/list' })
    expect(list.status).toBe(200)
    expect(((await list.json()) as any).result.tools.length).toBeGreaterThan(0)
  })

  it('keeps other clients apart, but counts every address of one IPv6 /64 as one client', async () => {
    expect((await toolCall('198.51.100.2', 1)).status).toBe(200)
    for (let i = 1; i <= 120; i++) {
      const res = await toolCall(`2001:db8:7:7::${i.toString(16)}`, i)
      expect(res.status).toBe(200)
      await res.arrayBuffer()
    }
    expect((await toolCall('2001:db8:7:7:ffff::1', 121)).status).toBe(429)
    expect((await toolCall('2001:db8:7:8::1', 1)).status).toBe(200)
  }, 60_000)

  it('lets the client call again in the next minute', async () => {
    advance(60_000)
    expect((await toolCall('198.51.100.1', 122)).status).toBe(200)
  })
})
