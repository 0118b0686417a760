/**
 * An MCP POST with an invalid Host header, over a real socket (fetch cannot send one): Bun leaves
 * `request.url` relative, which the transport cannot take. The client gets a JSON-RPC error envelope with
 * 400, as for the other transport-level refusals, never a 500.
 */
import { afterAll, describe, expect, it } from 'bun:test'
import { startService } from '../helpers'
import { httpRequest, listenOnLoopback, rawRequest } from '../faults/support'

const svc = await startService()
const { port, stop } = await listenOnLoopback(svc)
afterAll(async () => {
  await stop()
  await svc.stop()
})

const call = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_chain_tip', arguments: {} } })

describe('POST /api/mcp with an invalid Host header', () => {
  for (const accept of ['application/json', 'application/json, text/event-stream']) {
    for (const host of ['<script>', 'a:99999']) {
      it(`answers 400 with a JSON-RPC error (Host: ${host}, Accept: ${accept})`, async () => {
        const answer = await rawRequest(port, httpRequest('POST', '/api/mcp', { headers: { host, accept, 'content-type': 'application/json' }, body: call }))
        expect(answer.status).toBe(400)
        expect(JSON.parse(answer.body.toString())).toEqual({
          jsonrpc: '2.0',
          error: { code: -32000, message: 'Bad Request: invalid Host header' },
          id: null,
        })
      })
    }
  }
})
