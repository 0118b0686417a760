import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { FakeUpstreams } from '../test/fake-upstreams/server'
import { communityWrites, sybilWrites } from './community-writes'
import { historyQuery } from './history-query'
import { median, runLoad, type LoadOptions, type LoadResult } from './lib/load'
import { startScript, type ChildProcess } from '../test/support/processes'

export interface BenchContext {
  fake: FakeUpstreams
  dir: string
  startService(env?: Record<string, string>): Promise<ChildProcess>
}

export interface FigureLine {
  label: string
  value: string
  note: string
}

export interface Figure {
  name: string
  title: string
  run(context: BenchContext): Promise<FigureLine[]>
}

const ROUNDS = 5
const SECONDS = 4
export const CONNECTIONS = 64

export const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })

export interface LoadSummary {
  rps: number
  p50: number
  p99: number
  /** The server's CPU time per request (every thread, kernel included), when its process was named; else null. */
  cpuUs: number | null
  /** Requests per second in each round. */
  rounds: number[]
  /** Answers that were not 2xx or 3xx, over every round. */
  non2xx: number
}

/** Alternate load targets round by round (the machine drifts, so every target sees each stretch of it), and report medians. */
export async function alternateAll(loads: Array<() => Promise<MeasuredLoad>>): Promise<LoadSummary[]> {
  const results: MeasuredLoad[][] = loads.map(() => [])
  for (let i = 0; i < ROUNDS; i++) for (const [j, load] of loads.entries()) results[j].push(await load())
  return results.map((rs) => ({
    rps: median(rs.map((r) => r.requestsPerSecond)),
    p50: median(rs.map((r) => r.p50Ms)),
    p99: median(rs.map((r) => r.p99Ms)),
    cpuUs: medianWhenAll(rs.flatMap((r) => (typeof r.cpuUsPerRequest === 'number' ? [r.cpuUsPerRequest] : [])), rs.length),
    rounds: rs.map((r) => r.requestsPerSecond),
    non2xx: rs.reduce((sum, r) => sum + r.non2xx, 0),
  }))
}

/** The median of `values` when every one of `expected` runs gave one, else null. */
const medianWhenAll = (values: number[], expected: number): number | null => (values.length === expected ? median(values) : null)

/** Two targets alternated; `perRound` is b ÷ a in each round. */
export async function alternate(a: () => Promise<LoadResult>, b: () => Promise<LoadResult>) {
  const [first, second] = await alternateAll([a, b])
  return { a: first, b: second, perRound: perRound(first, second) }
}

/** `of` ÷ `to`, round by round (each pair measured back to back). */
export const perRound = (to: LoadSummary, of: LoadSummary): number[] => of.rounds.map((r, i) => r / to.rounds[i])

/** The ratio line's note: the rounds' own ratios. */
export const roundsNote = (ratios: number[]): string => `per round: ${ratios.map((r) => fmt(r, 2)).join(', ')}`

/** A load result with the server's CPU time per request, when its process was named. */
export type MeasuredLoad = LoadResult & { cpuUsPerRequest?: number | null }

/**
 * A load of CONNECTIONS connections for SECONDS, as a thunk for alternate(). With the server's process, its CPU
 * time per request too: steadier than requests a second on a shared machine, and what a hit costs the server.
 */
export const loadOf = (
  url: string,
  headers?: LoadOptions['headers'],
  server?: ChildProcess,
  shape: Pick<LoadOptions, 'script'> & { connections?: number } = {},
) => async (): Promise<MeasuredLoad> => {
  const before = server === undefined ? null : processCpuUs(server.child.pid)
  const result = await runLoad({ url, connections: shape.connections ?? CONNECTIONS, seconds: SECONDS, headers, script: shape.script })
  const after = server === undefined ? null : processCpuUs(server.child.pid)
  return { ...result, cpuUsPerRequest: before === null || after === null ? null : (after - before) / result.requests }
}

/** CPU time of all of a process's threads so far in µs, from /proc (Linux); null where it cannot be read. */
function processCpuUs(pid: number): number | null {
  try {
    let ns = 0
    for (const task of readdirSync(`/proc/${pid}/task`)) ns += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0])
    return ns / 1000
  } catch {
    return null
  }
}

export const latencyNote = (s: LoadSummary): string =>
  `p50 ${fmt(s.p50, 2)} ms, p99 ${fmt(s.p99, 2)} ms${s.cpuUs === null ? '' : `, server CPU ${fmt(s.cpuUs, 1)} µs/request`}`

/**
 * The baseline: a raw Bun.serve (bench/support/raw-server.ts) answering every request with the bytes of `answer`
 * as they came over the wire (fetched with `decompress: false`), with its Content-Type and Content-Encoding, or with
 * the headers in `headersFile` (JSON) when given; `file` holds those bytes.
 */
export async function rawServerFor(dir: string, answer: Response, headersFile?: string): Promise<{ raw: ChildProcess; bytes: Uint8Array; file: string }> {
  const bytes = new Uint8Array(await answer.arrayBuffer())
  const file = join(dir, `raw-body-${crypto.randomUUID()}.bin`)
  writeFileSync(file, bytes)
  const args = [file, answer.headers.get('content-type') ?? 'application/json']
  const coding = answer.headers.get('content-encoding')
  if (coding !== null || headersFile !== undefined) args.push('0', coding ?? '')
  if (headersFile !== undefined) args.push(headersFile)
  return { raw: await startScript(`${import.meta.dir}/support/raw-server.ts`, args), bytes, file }
}

/** What browsers send: the service answers in br. */
export const BR = { 'Accept-Encoding': 'gzip, deflate, br' }

/**
 * The service's br answer for `url` (bytes as sent), the request headers that revalidate it, and the 304 they get
 * (checked: a 304 figure must not measure 200s). Each process has its own ETags, so ask the process under load.
 */
export async function brAnswerAndItsRevalidation(url: string): Promise<{ warm: Response; conditional: Record<string, string>; notModified: Response }> {
  const warm = await fetch(url, { headers: BR, decompress: false } as RequestInit)
  const etag = warm.headers.get('etag')
  if (warm.headers.get('content-encoding') !== 'br' || etag === null) throw new Error('expected a br answer with an ETag')
  const conditional = { ...BR, 'If-None-Match': etag }
  const notModified = await fetch(url, { headers: conditional })
  if (notModified.status !== 304) throw new Error(`expected a 304 for If-None-Match ${etag}, got ${notModified.status}`)
  return { warm, conditional, notModified }
}

/** Rounds a revalidation load may take before it gives up: a rebuild every answer lifetime meets at most one. */
const REVALIDATION_ATTEMPTS = 3

/**
 * A load of If-None-Match revalidations of the service's br answer at `url`. The answer is rebuilt once per lifetime
 * (45 s for the screener) with a new `updatedAt`, so a new ETag: a figure that kept one ETag for minutes measured
 * 200s with bodies after the first rebuild. So the ETag is read just before each round, and a round during which it
 * changed is run again.
 */
export const revalidationLoadOf = (url: string, server: ChildProcess) => async (): Promise<MeasuredLoad> => {
  for (let attempt = 1; ; attempt++) {
    const { conditional } = await brAnswerAndItsRevalidation(url)
    const result = await loadOf(url, conditional, server)()
    const after = await fetch(url, { headers: conditional })
    await after.arrayBuffer()
    if (after.status === 304) return result
    if (attempt === REVALIDATION_ATTEMPTS) throw new Error(`the ETag of ${url} changed during each of ${attempt} rounds`)
  }
}

/** The service's hottest cached answer: the screener. */
export const HOT_PATH = '/api/v1/tokens'

const cached: Figure = {
  name: 'cached',
  title: `1. Cached GET at ${CONNECTIONS} connections: the service against a raw Bun.serve returning the same bytes`,
  async run({ startService, dir }) {
    const service = await startService()
    const path = HOT_PATH
    const { raw, bytes } = await rawServerFor(dir, await fetch(service.url + path, { headers: { 'accept-encoding': 'identity' } }))
    try {
      const [rawStats, svc] = await alternateAll([loadOf(raw.url + path, undefined, raw), loadOf(service.url + path, undefined, service)])
      return [
        { label: `raw Bun.serve, ${fmt(bytes.byteLength / 1024, 1)} KB body`, value: `${fmt(rawStats.rps)} req/s`, note: latencyNote(rawStats) },
        { label: `service GET ${path} (cached)`, value: `${fmt(svc.rps)} req/s`, note: latencyNote(svc) },
        { label: 'ratio service / raw (target ≥ 0.9)', value: fmt(svc.rps / rawStats.rps, 2), note: roundsNote(perRound(rawStats, svc)) },
      ]
    } finally {
      await raw.stop()
      await service.stop()
    }
  },
}

const notModified: Figure = {
  name: 'not-modified',
  title: '2. If-None-Match (the 304 path, br) against the service\'s br 200 and a raw Bun.serve answering the same br bytes with 200',
  async run({ startService, dir }) {
    const service = await startService()
    const url = service.url + HOT_PATH
    const { warm } = await brAnswerAndItsRevalidation(url)
    const { raw } = await rawServerFor(dir, warm)
    try {
      const [rawStats, ok, notMod] = await alternateAll([loadOf(raw.url + HOT_PATH, BR, raw), loadOf(url, BR, service), revalidationLoadOf(url, service)])
      return [
        { label: 'raw Bun.serve, same br bytes, 200', value: `${fmt(rawStats.rps)} req/s`, note: latencyNote(rawStats) },
        { label: `service GET ${HOT_PATH} in br, 200`, value: `${fmt(ok.rps)} req/s`, note: latencyNote(ok) },
        { label: `service GET ${HOT_PATH} in br, 304`, value: `${fmt(notMod.rps)} req/s`, note: latencyNote(notMod) },
        { label: 'ratio 304 / raw br 200 (target ≥ 1)', value: fmt(notMod.rps / rawStats.rps, 2), note: roundsNote(perRound(rawStats, notMod)) },
        { label: 'ratio 304 / service 200', value: fmt(notMod.rps / ok.rps, 2), note: roundsNote(perRound(ok, notMod)) },
      ]
    } finally {
      await raw.stop()
      await service.stop()
    }
  },
}

const SNEK = '279c909f348e533da5808898f87f9a14bb2c3dfbbacccd631d927a3f534e454b'
const HOSKY = 'a0028f350aaabe0545fdcb56b039bfb08e4bb4d8c4d7c3c7d481c235484f534b59'
const UPSTREAM_LATENCY_MS = 100

/** Upstream calls per upstream since the last reset, as "name n" pairs. */
function callCounts(fake: FakeUpstreams): Record<string, number> {
  const counts: Record<string, number> = {}
  for (const call of fake.calls) counts[call.upstream] = (counts[call.upstream] ?? 0) + 1
  return counts
}

/** Until the fake upstreams have seen no call for 300 ms (at most 5 s). */
async function quiet(fake: FakeUpstreams): Promise<void> {
  const deadline = Date.now() + 5000
  let seen = -1
  while (fake.calls.length !== seen && Date.now() < deadline) {
    seen = fake.calls.length
    await Bun.sleep(300)
  }
}

const coldStart: Figure = {
  name: 'cold-start',
  title: `3. Cold cache: 500 concurrent requests for one token detail, upstreams answering after ${UPSTREAM_LATENCY_MS} ms`,
  async run({ startService, fake }) {
    const service = await startService()
    try {
      // Warm the process on another token first: the first request of a process pays one-time start-up costs
      // (module initialisation, JIT) that are not the cache's.
      await (await fetch(`${service.url}/api/v1/tokens/${HOSKY}`)).arrayBuffer()
      // Let the warm-up's background reads (holders) and the first core refresh finish before counting.
      await quiet(fake)
      for (const name of ['dexscreener', 'geckoterminal', 'koios'] as const) fake.delay(name, UPSTREAM_LATENCY_MS)
      fake.resetCalls()
      const url = `${service.url}/api/v1/tokens/${SNEK}`
      const started = performance.now()
      const firstBytes = await Promise.all(
        Array.from({ length: 500 }, async () => {
          const res = await fetch(url)
          const at = performance.now() - started
          await res.arrayBuffer()
          return { at, status: res.status }
        }),
      )
      const ttfb = firstBytes.map((f) => f.at).sort((a, b) => a - b)
      const counts = callCounts(fake)
      const resources = fake.calls.map((c) => `${c.upstream} ${c.path}`)
      const distinct = new Set(resources).size
      return [
        { label: 'upstream calls for 500 cold requests', value: `${fake.calls.length}`, note: `${distinct} distinct upstream resources (target: one call each); ${Object.entries(counts).map(([k, v]) => `${k} ${v}`).join(', ')}` },
        { label: 'answers 200', value: `${firstBytes.filter((f) => f.status === 200).length} / 500`, note: '' },
        { label: 'time to first byte, first / median / last', value: `${fmt(ttfb[0])} / ${fmt(median(ttfb))} / ${fmt(ttfb[ttfb.length - 1])} ms`, note: `ratio median / upstream latency: ${fmt(median(ttfb) / UPSTREAM_LATENCY_MS, 2)} (target ≤ 1.5)` },
      ]
    } finally {
      for (const name of ['dexscreener', 'geckoterminal', 'koios'] as const) fake.delay(name, 0)
      await service.stop()
    }
  },
}

const screenerBuild: Figure = {
  name: 'screener-build',
  title: `4. Screener cold build: 68 tokens, upstreams answering after ${UPSTREAM_LATENCY_MS} ms`,
  async run({ startService, fake }) {
    const service = await startService()
    try {
      for (const name of ['dexscreener', 'geckoterminal', 'koios', 'coingecko'] as const) fake.delay(name, UPSTREAM_LATENCY_MS)
      fake.resetCalls()
      const started = performance.now()
      const res = await fetch(`${service.url}/api/v1/tokens`)
      const body = (await res.json()) as { count: number }
      const elapsed = performance.now() - started
      const a = fake.count('dexscreener', '/tokens/v1/')
      const b = fake.count('geckoterminal', '/networks/cardano/tokens/multi/')
      return [
        { label: `GET /api/v1/tokens, cold (${body.count} tokens listed)`, value: `${fmt(elapsed)} ms`, note: `ratio to upstream latency: ${fmt(elapsed / UPSTREAM_LATENCY_MS, 2)} (target ≤ 3)` },
        { label: 'upstream calls for the build', value: `${a} + ${b}`, note: `source A /tokens/v1 + source B /tokens/multi (target ≤ 3 + 3); all calls: ${fake.calls.length}` },
      ]
    } finally {
      for (const name of ['dexscreener', 'geckoterminal', 'koios', 'coingecko'] as const) fake.delay(name, 0)
      await service.stop()
    }
  },
}

const MEMORY_CACHE_MB = 32
const MIXED_CONCURRENCY = 32

/**
 * Mixed read traffic over every GET endpoint, with enough distinct URLs (random search terms and candle limits)
 * to fill the caches to their bounds within the first minute.
 */
function mixedUrls(base: string, units: string[]): () => string {
  const pick = <T,>(list: T[]) => list[Math.floor(Math.random() * list.length)]
  const tfs = ['1m', '5m', '15m', '1h', '4h', '12h', '1d', '1w']
  const makers: Array<() => string> = [
    () => '/api/v1/',
    () => '/api/v1/tokens',
    () => `/api/v1/tokens/${pick(units)}`,
    () => `/api/v1/tokens/${pick(units)}/ohlcv?tf=${pick(tfs)}&limit=${1 + Math.floor(Math.random() * 500)}`,
    () => `/api/v1/tokens/${pick(units)}/logo`,
    () => `/api/v1/search?q=${Math.random().toString(36).slice(2, 6)}`,
    () => '/api/v1/wallet/%24snekfan',
    () => `/api/v1/market?days=${1 + Math.floor(Math.random() * 365)}`,
    () => `/api/v1/community/boosts?units=${pick(units)}`,
    () => `/api/v1/community/comments/${pick(units)}`,
  ]
  return () => base + pick(makers)()
}

async function mixedLoad(next: () => string, ms: number): Promise<number> {
  const until = Date.now() + ms
  let done = 0
  await Promise.all(
    Array.from({ length: MIXED_CONCURRENCY }, async () => {
      while (Date.now() < until) {
        const res = await fetch(next()).catch(() => null)
        await res?.arrayBuffer()
        done += 1
      }
    }),
  )
  return done
}

/** Minutes of mixed load: the first fills the caches to their bounds, the rest show whether RSS keeps growing. */
const MIXED_MINUTES = 5

const memory: Figure = {
  name: 'memory',
  title: `6. Memory: RSS after start, then after each of ${MIXED_MINUTES} minutes of mixed load (caches bounded at ${MEMORY_CACHE_MB} MB)`,
  async run({ startService }) {
    const service = await startService({ CACHE_MAX_MB: String(MEMORY_CACHE_MB) })
    try {
      const units = ((await (await fetch(`${service.url}/api/v1/tokens`)).json()) as { tokens: Array<{ address: string }> }).tokens.map((t) => t.address)
      const mb = (bytes: number) => `${fmt(bytes / 2 ** 20, 1)} MB`
      const atStart = await service.rss()
      const next = mixedUrls(service.url, units)
      const rss: number[] = []
      const rates: number[] = []
      for (let minute = 1; minute <= MIXED_MINUTES; minute++) {
        rates.push((await mixedLoad(next, 60_000)) / 60)
        rss.push(await service.rss())
      }
      const later = rss.slice(1)
      return [
        { label: 'RSS after start', value: mb(atStart), note: '' },
        { label: 'RSS after minute 1 of mixed load', value: mb(rss[0]), note: `${fmt(rates[0])} req/s at ${MIXED_CONCURRENCY} concurrent` },
        {
          label: `RSS after minutes 2–${MIXED_MINUTES}, least–most`,
          value: `${fmt(Math.min(...later) / 2 ** 20)}–${fmt(Math.max(...later) / 2 ** 20)} MB`,
          note: `${later.map((b) => fmt(b / 2 ** 20)).join(', ')} MB at ${fmt(Math.min(...rates.slice(1)))}–${fmt(Math.max(...rates.slice(1)))} req/s`,
        },
        {
          label: `RSS rose every minute from 2 to ${MIXED_MINUTES}`,
          value: later.every((b, i) => i === 0 || b > later[i - 1]) ? 'yes' : 'no',
          note: `minute ${MIXED_MINUTES} − minute 2: ${mb(later.at(-1)! - later[0])} (target: no; a leak climbs every minute, the collector moves RSS both ways)`,
        },
      ]
    } finally {
      await service.stop()
    }
  },
}

const communityWritesFigure: Figure = {
  name: 'community-writes',
  title: '5. Community writes on the embedded database (signed before the clock starts)',
  run: (context) => communityWrites(context),
}

const sybilFigure: Figure = {
  name: 'sybil',
  title: '5b. Sybil writes: one process boosting one token with a new key per boost, for 20 s',
  run: (context) => sybilWrites(context),
}

const historyFigure: Figure = { name: 'history', title: '8. Recorded market history: size and query time', run: historyQuery }

export const figures: Figure[] = [cached, notModified, coldStart, screenerBuild, communityWritesFigure, sybilFigure, memory, historyFigure]
