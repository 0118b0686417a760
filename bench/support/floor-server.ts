/**
 * The floor: a bare Bun.serve doing only the per-hit work the service's cached hit must do, with the cheapest
 * primitives found, to price what is left between the service and the raw server (bench/floor.ts). Per request:
 * read the request's X-Request-Id, Host, Accept-Encoding and If-None-Match; a counter request id; the Host + URL key
 * and one Map lookup; a clone of a ready 200 or 304 carrying the service's own headers, with the id written; a
 * histogram count; one JSON log line batched to stdout with the socket's peer (`requestIP`). Nothing else: no
 * routing, no coding choice, no Age or freshness check, one resource.
 *
 *   bun bench/support/floor-server.ts <body file> <headers of the 200, JSON> <headers of the 304, JSON>
 */
import { readFileSync } from 'node:fs'

const [bodyFile, okHeadersJson, notModifiedHeadersJson] = process.argv.slice(2)
const okHeaders: Record<string, string> = JSON.parse(readFileSync(okHeadersJson, 'utf8'))
const notModifiedHeaders: Record<string, string> = JSON.parse(readFileSync(notModifiedHeadersJson, 'utf8'))
const ok = new Response(new Uint8Array(readFileSync(bodyFile)), { headers: okHeaders })
const notModified = new Response(null, { status: 304, headers: notModifiedHeaders })
const etag = okHeaders.etag

const BOOT = Date.now().toString(36)
let sequence = 0
const known = new Map<string, true>()
const durations = { fast: 0, slow: 0, sum: 0 }
let pending = ''
let isoMs = 0
let isoText = ''
setInterval(() => {
  if (pending !== '') process.stdout.write(pending)
  pending = ''
}, 250).unref()

const server = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  fetch(request, bunServer) {
    const startedAt = performance.now()
    const headers = request.headers
    const requestId = headers.get('x-request-id') ?? `${BOOT}-${(++sequence).toString(36)}`
    const key = `${headers.get('host') ?? ''}|${request.url}`
    if (!known.has(key)) known.set(key, true)
    void headers.get('accept-encoding')
    const response = (headers.get('if-none-match') === etag ? notModified : ok).clone()
    response.headers.set('x-request-id', requestId)
    const seconds = (performance.now() - startedAt) / 1000
    if (seconds < 0.005) durations.fast++
    else durations.slow++
    durations.sum += seconds
    const client = bunServer.requestIP(request)?.address ?? 'unknown'
    const now = Date.now()
    if (now !== isoMs) {
      isoMs = now
      isoText = new Date(now).toISOString()
    }
    pending += `{"time":"${isoText}","level":"info","msg":"request","reqId":"${requestId}","method":"GET","route":"/api/v1/tokens","status":${response.status},"ms":${Math.round(seconds * 10_000) / 10},"cache":"HIT","client":"${client}"}\n`
    if (pending.length >= 65_536) {
      process.stdout.write(pending)
      pending = ''
    }
    return response
  },
})
console.error(`READY http://127.0.0.1:${server.port}`)
