import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { FakeUpstreams } from '../test/fake-upstreams/server'
import { median, runLoad, type LoadResult } from './lib/load'
import { startChild, type Child } from './lib/processes'

export interface BenchContext {
  fake: FakeUpstreams
  dir: string
  startService(env?: Record<string, string>): Promise<Child>
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
const CONNECTIONS = 64

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })

/** Alternate two load targets round by round (the machine drifts), and report medians. */
async function alternate(a: () => Promise<LoadResult>, b: () => Promise<LoadResult>) {
  const first: LoadResult[] = []
  const second: LoadResult[] = []
  for (let i = 0; i < ROUNDS; i++) {
    first.push(await a())
    second.push(await b())
  }
  const summary = (rs: LoadResult[]) => ({
    rps: median(rs.map((r) => r.requestsPerSecond)),
    p50: median(rs.map((r) => r.p50Ms)),
    p99: median(rs.map((r) => r.p99Ms)),
    ratios: rs.map((r) => r.requestsPerSecond),
  })
  return { a: summary(first), b: summary(second), perRound: first.map((r, i) => second[i].requestsPerSecond / r.requestsPerSecond) }
}

/** The screener when it exists, else the index: the service's hottest cached answer. */
async function hotPath(service: Child): Promise<string> {
  const res = await fetch(`${service.url}/api/v1/tokens`)
  return res.status === 200 ? '/api/v1/tokens' : '/api/v1/'
}

const cached: Figure = {
  name: 'cached',
  title: `1. Cached GET at ${CONNECTIONS} connections: the service against a raw Bun.serve returning the same bytes`,
  async run({ startService, dir }) {
    const service = await startService()
    const path = await hotPath(service)
    const warm = await fetch(service.url + path)
    const bytes = new Uint8Array(await warm.arrayBuffer())
    const file = join(dir, 'body.bin')
    writeFileSync(file, bytes)
    const raw = await startChild(`${import.meta.dir}/support/raw-server.ts`, [file, warm.headers.get('content-type') ?? 'application/json'])
    try {
      const load = (url: string) => () => runLoad({ url, connections: CONNECTIONS, seconds: SECONDS })
      const { a: rawStats, b: svc, perRound } = await alternate(load(raw.url + path), load(service.url + path))
      return [
        { label: `raw Bun.serve, ${fmt(bytes.byteLength / 1024, 1)} KB body`, value: `${fmt(rawStats.rps)} req/s`, note: `p50 ${fmt(rawStats.p50, 2)} ms, p99 ${fmt(rawStats.p99, 2)} ms` },
        { label: `service GET ${path} (cached)`, value: `${fmt(svc.rps)} req/s`, note: `p50 ${fmt(svc.p50, 2)} ms, p99 ${fmt(svc.p99, 2)} ms` },
        { label: 'ratio service / raw (target ≥ 0.8)', value: fmt(svc.rps / rawStats.rps, 2), note: `per round: ${perRound.map((r) => fmt(r, 2)).join(', ')}` },
      ]
    } finally {
      await raw.stop()
      await service.stop()
    }
  },
}

const notModified: Figure = {
  name: 'not-modified',
  title: '2. The same with If-None-Match (304 path) against the 200 path',
  async run({ startService }) {
    const service = await startService()
    const path = await hotPath(service)
    const etag = (await fetch(service.url + path)).headers.get('etag')!
    try {
      const plain = () => runLoad({ url: service.url + path, connections: CONNECTIONS, seconds: SECONDS })
      const conditional = () => runLoad({ url: service.url + path, connections: CONNECTIONS, seconds: SECONDS, headers: { 'If-None-Match': etag } })
      const { a: ok, b: notMod, perRound } = await alternate(plain, conditional)
      return [
        { label: `service GET ${path}, 200`, value: `${fmt(ok.rps)} req/s`, note: `p50 ${fmt(ok.p50, 2)} ms, p99 ${fmt(ok.p99, 2)} ms` },
        { label: `service GET ${path}, 304`, value: `${fmt(notMod.rps)} req/s`, note: `p50 ${fmt(notMod.p50, 2)} ms, p99 ${fmt(notMod.p99, 2)} ms` },
        { label: 'ratio 304 / 200 (target ≥ 1)', value: fmt(notMod.rps / ok.rps, 2), note: `per round: ${perRound.map((r) => fmt(r, 2)).join(', ')}` },
      ]
    } finally {
      await service.stop()
    }
  },
}

export const figures: Figure[] = [cached, notModified]
