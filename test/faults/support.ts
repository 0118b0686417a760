/**
 * What the fault suite shares: the faults of the fake upstreams, timed requests, the coverage strings as
 * clients read them, server processes (test/support/processes.ts), and a
 * raw HTTP/1.1 client for the requests fetch refuses to send (invalid bytes, huge headers, hand-made chunking).
 */
import { expect } from 'bun:test'
import { createHash } from 'node:crypto'
import { connect } from 'node:net'
import { startServer } from '../../src/server'
import type { Fault } from '../fake-upstreams/server'
import type { TestService } from '../helpers'

/** Every way the fake upstreams can fail (see test/fake-upstreams/server.ts). */
export const FAULTS: Exclude<Fault, 'ok'>[] = ['down', 'stall', 'rate_limited', 'server_error', 'garbage', 'wrong_shape']

/** Kept small so stalls stay cheap; at 600 ms a failed call has no time left for its one retry. */
export const UPSTREAM_TIMEOUT_MS = 600
/** A correctness bound, not a speed target: generous on a shared 2-core machine. */
export const MARGIN_MS = 1000

/** The service's clock moves this far to put every cached answer and upstream copy past its lifetime. */
export const PAST_LIFETIMES_MS = 60 * 60_000
/** Past a degraded answer's 10 s lifetime and its 10 s revalidation window, so the next request rebuilds it. */
export const PAST_DEGRADED_MS = 30_000

/** The coverage strings with the default DEX lists, as the docs word them (docs/guide/internals.md). */
export const COVERAGE = {
  merged: 'DEX figures across covered DEXes only, not chain-wide: sundaeswap, wingriders (source A); minswap-cardano, saturnswap (source B).',
  sourceAOnly: 'DEX figures across covered DEXes only, not chain-wide: sundaeswap, wingriders (source A).',
}

export interface TimedAnswer {
  status: number
  body: any
  res: Response
  ms: number
  xCache: string | null
}

/** GET through the whole app, with the time it took. The body is parsed as JSON when it is JSON. */
export async function timedGet(svc: TestService, path: string): Promise<TimedAnswer> {
  const started = performance.now()
  const res = await svc.get(path)
  const text = await res.text()
  const ms = performance.now() - started
  const json = (res.headers.get('content-type') ?? '').includes('application/json')
  return { status: res.status, body: json ? JSON.parse(text) : text, res, ms, xCache: res.headers.get('x-cache') }
}

/** The 502 a client gets when an upstream failed and nothing was cached. */
export function expectUpstream502(answer: TimedAnswer, label: string): void {
  expect(answer.status).toBe(502)
  expect(answer.res.headers.get('content-type')).toContain('application/json')
  expect(answer.body).toEqual({ code: 'upstream_unavailable', error: `Upstream unavailable: ${label}`, hint: expect.stringContaining('Retry') })
}

const watchers = new Set<{ hosts: string[]; started: () => void }>()
let fetchWrapped = false

/**
 * Wait until no upstream call of this service is in flight. A 502 can answer while sibling calls of the same
 * build are still failing; a request right after `heal()` would share their failure (single flight), so a
 * test heals only once they are over. Every call the service sends to an upstream is one `fetch` and ends in
 * exactly one `attempt` report to its metrics, so the two counts meet when nothing is in flight.
 */
export function watchUpstreamCalls(svc: TestService): { quiet(): Promise<void> } {
  if (!fetchWrapped) {
    fetchWrapped = true
    const realFetch = globalThis.fetch
    const wrapped = (input: string | URL | Request, init?: RequestInit) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
      for (const watcher of watchers) if (watcher.hosts.some((host) => url.startsWith(host))) watcher.started()
      return realFetch(input, init)
    }
    globalThis.fetch = Object.assign(wrapped, realFetch)
  }
  let started = 0
  let finished = 0
  const hosts = Object.values(svc.fake.env()).map((base) => `${new URL(base).origin}/`)
  const watcher = { hosts, started: () => void (started += 1) }
  watchers.add(watcher)
  const metrics = svc.deps.metrics
  const report = metrics.attempt.bind(metrics)
  metrics.attempt = (upstream, outcome, durationMs, detail) => {
    // A call refused for budget never reached fetch.
    if (outcome !== 'over_budget') finished += 1
    report(upstream, outcome, durationMs, detail)
  }
  const stop = svc.stop
  svc.stop = async () => {
    watchers.delete(watcher)
    await stop()
  }
  return {
    async quiet() {
      // Each call ends within its deadline; past timeout + margin something is wrong with the count itself.
      const deadline = Date.now() + svc.config.upstreamTimeoutMs + MARGIN_MS
      while (finished < started) {
        if (Date.now() > deadline) throw new Error(`upstream calls still in flight: ${started} started, ${finished} finished`)
        await Bun.sleep(5)
      }
      await Bun.sleep(0) // let the failed loads settle in the caches
    },
  }
}

/** Boost payloads name today's UTC day: never start a stream of writes in the last minute before midnight. */
export async function awayFromUtcMidnight(): Promise<void> {
  const msToMidnight = 86_400_000 - (Date.now() % 86_400_000)
  if (msToMidnight < 60_000) await Bun.sleep(msToMidnight + 1000)
}

export const today = () => new Date().toISOString().slice(0, 10)

/** A made-up, well-formed asset unit: a 56-hex policy id hashed from `tag` (SHA-224) and the name FAULT. */
export function madeUpUnit(tag: string): string {
  return createHash('sha224').update(`fault-suite:${tag}`).digest('hex') + '4641554c54'
}

// ---------------------------------------------------------------------------------------------------------------
// Server processes (see test/support/processes.ts for child processes)

/** A test service's configuration served by src/server.ts in this process on a loopback port, for raw sockets. */
export async function listenOnLoopback(svc: TestService): Promise<{ port: number; stop(): Promise<void> }> {
  const server = await startServer({ ...svc.config, port: 0, host: '127.0.0.1', logLevel: 'silent' })
  return { port: Number(new URL(server.url).port), stop: () => server.stop() }
}

// ---------------------------------------------------------------------------------------------------------------
// Raw HTTP/1.1

export interface RawAnswer {
  /** 0 when the server closed the connection without an answer, or sent none within the time allowed. */
  status: number
  headers: Record<string, string>
  body: Buffer
  closedWithoutAnswer: boolean
  timedOut: boolean
}

/**
 * Send bytes as they are on a fresh connection and read one answer. Requests should carry
 * `Connection: close`; the answer is complete when the server closes, or when a Content-Length or the last
 * chunk of a chunked body has arrived.
 */
export function rawRequest(port: number, request: string | Uint8Array, timeoutMs = 5000): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' })
    const chunks: Buffer[] = []
    let settled = false
    const finish = (timedOut: boolean) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      socket.destroy()
      resolve(parseAnswer(Buffer.concat(chunks), timedOut))
    }
    const timer = setTimeout(() => finish(true), timeoutMs)
    socket.on('connect', () => socket.write(typeof request === 'string' ? Buffer.from(request, 'latin1') : request))
    socket.on('data', (data: Buffer) => {
      chunks.push(data)
      if (answerComplete(Buffer.concat(chunks))) finish(false)
    })
    // The server may close while we are still writing (an oversized request): read what it answered.
    socket.on('error', () => finish(false))
    socket.on('close', () => finish(false))
  })
}

function splitHead(bytes: Buffer): { head: string; body: Buffer } | null {
  const end = bytes.indexOf('\r\n\r\n')
  if (end === -1) return null
  return { head: bytes.subarray(0, end).toString('latin1'), body: bytes.subarray(end + 4) }
}

function headersOf(head: string): Record<string, string> {
  const headers: Record<string, string> = {}
  for (const line of head.split('\r\n').slice(1)) {
    const colon = line.indexOf(':')
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
  }
  return headers
}

/** The bytes from the final answer on: interim 1xx answers (100 Continue) are skipped. */
function finalAnswer(bytes: Buffer): Buffer {
  let rest = bytes
  for (;;) {
    const parts = splitHead(rest)
    if (parts === null || !/^HTTP\/1\.[01] 1\d\d /.test(parts.head)) return rest
    rest = parts.body
  }
}

function answerComplete(received: Buffer): boolean {
  const bytes = finalAnswer(received)
  const parts = splitHead(bytes)
  if (parts === null) return false
  const headers = headersOf(parts.head)
  const status = Number(parts.head.split(' ')[1])
  if (status === 304 || status === 204) return true
  if (headers['content-length'] !== undefined) return parts.body.length >= Number(headers['content-length'])
  if (headers['transfer-encoding']?.includes('chunked')) return dechunk(parts.body) !== null
  return false
}

/** The body of a chunked answer, or null while its last chunk has not arrived. */
function dechunk(body: Buffer): Buffer | null {
  const out: Buffer[] = []
  let offset = 0
  for (;;) {
    const lineEnd = body.indexOf('\r\n', offset)
    if (lineEnd === -1) return null
    const size = parseInt(body.subarray(offset, lineEnd).toString('latin1'), 16)
    if (Number.isNaN(size)) return null
    if (size === 0) return Buffer.concat(out)
    const start = lineEnd + 2
    if (body.length < start + size + 2) return null
    out.push(body.subarray(start, start + size))
    offset = start + size + 2
  }
}

function parseAnswer(received: Buffer, timedOut: boolean): RawAnswer {
  const parts = splitHead(finalAnswer(received))
  if (parts === null) return { status: 0, headers: {}, body: Buffer.alloc(0), closedWithoutAnswer: !timedOut, timedOut }
  const headers = headersOf(parts.head)
  let body = parts.body
  if (headers['transfer-encoding']?.includes('chunked')) body = dechunk(body) ?? body
  else if (headers['content-length'] !== undefined) body = body.subarray(0, Number(headers['content-length']))
  return { status: Number(parts.head.split(' ')[1]), headers, body, closedWithoutAnswer: false, timedOut }
}

/** A request as bytes: request line, headers (Host and Connection: close added), optional body. */
export function httpRequest(
  method: string,
  target: string,
  options: { headers?: Record<string, string>; body?: string | Uint8Array; chunked?: boolean } = {},
): Uint8Array {
  const headers: Record<string, string> = { host: '127.0.0.1', connection: 'close', ...options.headers }
  const body = options.body === undefined ? undefined : typeof options.body === 'string' ? Buffer.from(options.body, 'utf8') : Buffer.from(options.body)
  if (body !== undefined && options.chunked) headers['transfer-encoding'] = 'chunked'
  else if (body !== undefined && headers['content-length'] === undefined) headers['content-length'] = String(body.length)
  const head = `${method} ${target} HTTP/1.1\r\n${Object.entries(headers).map(([k, v]) => `${k}: ${v}`).join('\r\n')}\r\n\r\n`
  if (body === undefined) return Buffer.from(head, 'latin1')
  return Buffer.concat([Buffer.from(head, 'latin1'), options.chunked ? chunkedBytes(body) : body])
}

/** A body in chunks of 1000 bytes, as a streaming client sends it. */
function chunkedBytes(body: Buffer, chunkSize = 1000): Buffer {
  const parts: Buffer[] = []
  for (let offset = 0; offset < body.length; offset += chunkSize) {
    const chunk = body.subarray(offset, offset + chunkSize)
    parts.push(Buffer.from(`${chunk.length.toString(16)}\r\n`, 'latin1'), chunk, Buffer.from('\r\n', 'latin1'))
  }
  parts.push(Buffer.from('0\r\n\r\n', 'latin1'))
  return Buffer.concat(parts)
}
