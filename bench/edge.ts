/**
 * The public edge (issue 32), against the service as its own process:
 * - 12. what an MCP `list_tokens` call costs the server against the cached REST read it twins (server CPU per
 *   request from /proc, wrk driving both, alternating rounds);
 * - 13. the cached REST read's latency while three clients (three X-Forwarded-For addresses behind TRUST_PROXY=1)
 *   loop MCP calls: batches of 100 `list_tokens` calls, then single calls, against the idle figure;
 * - 14. the screener with a fixed Host against one new Host per request (PUBLIC_BASE_URL unset): server CPU per
 *   request, and the response cache's entries afterwards.
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { ChildProcess } from '../test/support/processes'
import { alternate, fmt, HOT_PATH, latencyNote, loadOf, roundsNote, type Figure, type FigureLine } from './figures'
import { runLoad } from './lib/load'

const TOOL_CALL = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_tokens', arguments: {} } })
/** What the issue's probe sent: one JSON-RPC batch of 100 `list_tokens` calls (10.6 KB). */
const BATCH = JSON.stringify(
  Array.from({ length: 100 }, (_, i) => ({ jsonrpc: '2.0', id: i + 1, method: 'tools/call', params: { name: 'list_tokens', arguments: {} } })),
)
const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json' }

/** A wrk script that POSTs one `list_tokens` call on every request. */
function mcpCallScript(dir: string): string {
  const file = join(dir, 'mcp-call.lua')
  writeFileSync(
    file,
    `wrk.method = "POST"\nwrk.body = '${TOOL_CALL}'\nwrk.headers["Content-Type"] = "application/json"\nwrk.headers["Accept"] = "application/json"\n`,
  )
  return file
}

/** A wrk script that sends a Host never seen before on every request (each wrk thread numbers its own). */
function rotatingHostScript(dir: string): string {
  const file = join(dir, 'rotating-host.lua')
  writeFileSync(
    file,
    [
      'local threads = 0',
      'function setup(thread) threads = threads + 1; thread:set("tid", threads) end',
      'local n = 0',
      'function request()',
      '  n = n + 1',
      '  return wrk.format("GET", nil, { ["Host"] = string.format("h%d-%d.example", tid or 0, n) })',
      'end',
      '',
    ].join('\n'),
  )
  return file
}

/** The response cache's entries, read from /metrics (cache_entries{cache="response"}). */
async function responseEntries(service: ChildProcess): Promise<number | null> {
  const text = await (await fetch(`${service.url}/metrics`)).text()
  const match = /^cache_entries\{cache="response"\} (\d+)/m.exec(text)
  return match === null ? null : Number(match[1])
}

const mcpCost: Figure = {
  name: 'mcp-cost',
  title: '18. MCP list_tokens call against the cached REST read of GET /api/v1/tokens (server CPU per request, 8 connections)',
  async run({ startService, dir }) {
    // No per-client MCP limit here: the figure prices a call, not the refusal.
    const service = await startService({ MCP_CALLS_PER_CLIENT_PER_MINUTE: '0' })
    try {
      const rest = await (await fetch(service.url + HOT_PATH)).arrayBuffer()
      const call = await fetch(`${service.url}/api/mcp`, { method: 'POST', headers: MCP_HEADERS, body: TOOL_CALL })
      const callBytes = (await call.arrayBuffer()).byteLength
      const shape = { connections: 8 }
      const { a: restLoad, b: mcpLoad, perRound } = await alternate(
        loadOf(service.url + HOT_PATH, undefined, service, shape),
        loadOf(`${service.url}/api/mcp`, undefined, service, { ...shape, script: mcpCallScript(dir) }),
      )
      const ratio = mcpLoad.cpuUs === null || restLoad.cpuUs === null ? null : mcpLoad.cpuUs / restLoad.cpuUs
      return [
        { label: `REST GET ${HOT_PATH} (cached), ${fmt(rest.byteLength / 1024, 1)} KB`, value: `${fmt(restLoad.rps)} req/s`, note: latencyNote(restLoad) },
        {
          label: `MCP tools/call list_tokens, ${fmt(callBytes / 1024, 1)} KB`,
          value: `${fmt(mcpLoad.rps)} req/s`,
          note: `${latencyNote(mcpLoad)}${mcpLoad.non2xx > 0 ? `; ${fmt(mcpLoad.non2xx)} answers not 2xx` : ''}`,
        },
        {
          label: 'server CPU ratio MCP call / REST hit (target ≤ 3)',
          value: ratio === null ? 'n/a' : fmt(ratio, 2),
          note: `identity bodies both; req/s ${roundsNote(perRound)}`,
        },
      ]
    } finally {
      await service.stop()
    }
  },
}

const ATTACKERS = ['203.0.113.1', '203.0.113.2', '203.0.113.3']

/** Three clients looping `body` at /api/mcp until stopped; answers counted by status. */
function mcpLoop(url: string, body: string) {
  const statuses: Record<string, number> = {}
  let running = true
  const loops = ATTACKERS.map(async (address) => {
    while (running) {
      const res = await fetch(`${url}/api/mcp`, { method: 'POST', headers: { ...MCP_HEADERS, 'x-forwarded-for': address }, body }).catch(() => null)
      await res?.arrayBuffer().catch(() => null)
      const key = String(res?.status ?? 'failed')
      statuses[key] = (statuses[key] ?? 0) + 1
      // A refused client does not hammer the loopback: it waits a little, as a client honouring 429 would not.
      if (res === null) await Bun.sleep(10)
    }
  })
  return {
    async stop() {
      running = false
      await Promise.all(loops)
      return Object.entries(statuses).map(([status, n]) => `${status} × ${fmt(n)}`).join(', ')
    },
  }
}

const mcpFlood: Figure = {
  name: 'mcp-flood',
  title: '19. Cached REST read latency while three clients loop MCP calls (4 connections of REST reads, default MCP limit)',
  async run({ startService }) {
    const service = await startService({ TRUST_PROXY: '1' })
    const lines: FigureLine[] = []
    try {
      await (await fetch(service.url + HOT_PATH)).arrayBuffer()
      const rest = () => runLoad({ url: service.url + HOT_PATH, connections: 4, seconds: 4 })
      const idle = await rest()
      const mb = (bytes: number) => `${fmt(bytes / 2 ** 20)} MB`
      lines.push({ label: `REST GET ${HOT_PATH} (cached), idle`, value: `p50 ${fmt(idle.p50Ms, 2)} ms`, note: `p99 ${fmt(idle.p99Ms, 2)} ms, ${fmt(idle.requestsPerSecond)} req/s; RSS ${mb(await service.rss())}` })
      for (const [what, body] of [['batches of 100 list_tokens calls', BATCH], ['single list_tokens calls', TOOL_CALL]] as const) {
        const attack = mcpLoop(service.url, body)
        await Bun.sleep(1000)
        const loaded = await rest()
        const answers = await attack.stop()
        lines.push({
          label: `the same while 3 clients loop ${what}`,
          value: `p50 ${fmt(loaded.p50Ms, 2)} ms`,
          note: `${fmt(loaded.p50Ms / idle.p50Ms, 1)}× idle (target ≤ 2); p99 ${fmt(loaded.p99Ms, 2)} ms; MCP answers ${answers}; RSS ${mb(await service.rss())}`,
        })
      }
      return lines
    } finally {
      await service.stop()
    }
  },
}

const hostRotation: Figure = {
  name: 'host-rotation',
  title: `20. GET ${HOT_PATH} with one Host against a new Host on every request (PUBLIC_BASE_URL unset; server CPU per request, 8 connections)`,
  async run({ startService, dir }) {
    const service = await startService()
    try {
      await (await fetch(service.url + HOT_PATH)).arrayBuffer()
      const shape = { connections: 8 }
      const { a: fixed, b: rotating } = await alternate(
        loadOf(service.url + HOT_PATH, undefined, service, shape),
        loadOf(service.url + HOT_PATH, undefined, service, { ...shape, script: rotatingHostScript(dir) }),
      )
      const ratio = fixed.cpuUs === null || rotating.cpuUs === null ? null : rotating.cpuUs / fixed.cpuUs
      return [
        { label: 'one Host', value: `${fmt(fixed.rps)} req/s`, note: latencyNote(fixed) },
        { label: 'a new Host on every request', value: `${fmt(rotating.rps)} req/s`, note: latencyNote(rotating) },
        {
          label: 'server CPU ratio rotating / fixed Host',
          value: ratio === null ? 'n/a' : fmt(ratio, 2),
          note: `response cache entries afterwards: ${(await responseEntries(service)) ?? 'n/a'}`,
        },
      ]
    } finally {
      await service.stop()
    }
  },
}

export const edgeFigures: Figure[] = [mcpCost, mcpFlood, hostRotation]
