/**
 * MCP at REST cost: no batches, tool calls answered from the cached REST answers (no rebuild, no upstream call,
 * about the CPU of a REST hit), and a per-client limit on tool calls.
 */
import { afterAll, describe, expect, it } from 'bun:test'
import { mcpToolDefinitions } from '../../src/mcp/tools'
import { restAnswerOf } from '../../src/mcp/rest-answer'
import { runTool } from '../../src/mcp/server'
import { startService } from '../helpers'

const svc = await startService({ env: { MCP_CALLS_PER_CLIENT_PER_MINUTE: '0' } })
svc.app.listen({ port: 0, hostname: '127.0.0.1' })
const base = `http://127.0.0.1:${svc.app.server!.port}`
afterAll(async () => {
  await svc.app.stop(true)
  await svc.stop()
})

const call = (name: string, args: Record<string, unknown> = {}, id: number | string = 1) =>
  JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } })
const post = (body: string, headers: Record<string, string> = {}) =>
  fetch(`${base}/api/mcp`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json', ...headers }, body })

describe('JSON-RPC batches', () => {
  it('answers a batch with 400 and a JSON-RPC error naming the reason, running none of its calls', async () => {
    svc.fake.resetCalls()
    svc.deps.upstreamCache.clear()
    svc.deps.responses.invalidate('')
    const batch = JSON.stringify(Array.from({ length: 100 }, (_, i) => JSON.parse(call('list_tokens', {}, i + 1))))
    const res = await post(batch)
    expect(res.status).toBe(400)
    const body = (await res.json()) as { jsonrpc: string; id: null; error: { code: number; message: string } }
    expect(body.jsonrpc).toBe('2.0')
    expect(body.id).toBeNull()
    expect(body.error.code).toBe(-32600)
    expect(body.error.message).toContain('batches are not accepted')
    expect(svc.fake.calls).toHaveLength(0)
    const single = await post(JSON.stringify([JSON.parse(call('get_chain_tip'))]))
    expect(single.status).toBe(400)
  })
})

describe('a tool call answered from its REST twin', () => {
  it('costs at most 3× the CPU of the cached REST read for 200 sequential list_tokens calls, with no upstream call', async () => {
    const rest = async () => (await fetch(`${base}/api/v1/tokens`)).text()
    const mcp = async () => (await post(call('list_tokens'))).text()
    // Both warm: the REST answer cached, the tool's escaped text made once, both paths compiled by the JIT.
    for (let i = 0; i < 100; i++) {
      await rest()
      await mcp()
    }
    svc.fake.resetCalls()
    const cpu = async (run: () => Promise<string>) => {
      const before = process.cpuUsage()
      for (let i = 0; i < 200; i++) await run()
      const spent = process.cpuUsage(before)
      return spent.user + spent.system
    }
    // Rounds alternated, and the median round kept: the process's other work (another file's timers) then moves
    // one round, not the figure.
    const ratios: number[] = []
    for (let round = 0; round < 3; round++) {
      const restCpu = await cpu(rest)
      ratios.push((await cpu(mcp)) / restCpu)
    }
    expect(svc.fake.calls).toHaveLength(0)
    expect(ratios.sort((a, b) => a - b)[1]).toBeLessThanOrEqual(3)
  }, 60_000)

  it('gives the REST answer itself: the structured content is the REST body byte for byte, the text its JSON string', async () => {
    const restText = await (await fetch(`${base}/api/v1/tokens?sort=volume24h&limit=5`)).text()
    const res = await post(call('list_tokens', { sort: 'volume24h', limit: 5 }, 'abc'))
    expect(res.headers.get('content-type')).toContain('application/json')
    const text = await res.text()
    expect(text).toContain(`"structuredContent":${restText}`)
    const body = JSON.parse(text)
    expect(body).toMatchObject({ jsonrpc: '2.0', id: 'abc' })
    expect(body.result.content).toEqual([{ type: 'text', text: restText }])
    expect(body.result.isError).toBeUndefined()
  })

  it('answers as the SDK path answers the same call (the 2026 era and runTool read the same twin)', async () => {
    const tool = mcpToolDefinitions.find((t) => t.name === 'get_token')!
    const args = { asset: '279c909f348e533da5808898f87f9a14bb2c3dfbbacccd631d927a3f534e454b' }
    const direct = (await (await post(call('get_token', args))).json()) as { result: unknown }
    const rest = async (path: string) => restAnswerOf(await svc.app.handle(new Request(`${base}/api/v1${path}`, { headers: { host: new URL(base).host } })))
    const viaSdk = await runTool(tool, { rest }, args, svc.deps.logger)
    expect(direct.result).toEqual(viaSdk)
  })

  it('writes one SSE message for a client that accepts text/event-stream, and refusals as tool errors with the REST body', async () => {
    const res = await post(call('get_token', { asset: 'zz' }, 7), { accept: 'application/json, text/event-stream' })
    expect(res.headers.get('content-type')).toBe('text/event-stream')
    const text = await res.text()
    expect(text).toMatch(/^event: message\ndata: \{[^\n]*\}\n\n$/)
    const message = JSON.parse(text.slice('event: message\ndata: '.length))
    expect(message.id).toBe(7)
    expect(message.result.isError).toBe(true)
    expect(message.result.structuredContent).toBeUndefined()
    expect(JSON.parse(message.result.content[0].text)).toEqual(await (await fetch(`${base}/api/v1/tokens/zz`)).json())
  })
})
