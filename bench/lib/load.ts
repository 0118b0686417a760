/**
 * Bounded HTTP load from a separate process: wrk when installed (C, cheap on the shared cores), else autocannon
 * (from npm, run in its own process so it never shares the server's event loop).
 */
export interface LoadResult {
  requestsPerSecond: number
  /** Requests completed in the run. */
  requests: number
  p50Ms: number
  p99Ms: number
  tool: 'wrk' | 'autocannon'
  /** Answers that were not 2xx or 3xx. */
  non2xx: number
}

export interface LoadOptions {
  url: string
  connections: number
  seconds: number
  headers?: Record<string, string>
  /**
   * A wrk Lua script shaping each request (a POST body, a Host that changes per request): wrk only, since
   * autocannon has no equivalent here.
   */
  script?: string
}

const hasWrk = Bun.which('wrk') !== null

/**
 * The load generator of this run. autocannon (Node) saturates near 30,000 requests a second on a 2-core machine,
 * below what a raw Bun.serve answers: with it a ratio to the raw server measures the generator, not the server.
 */
export const LOAD_GENERATOR: LoadResult['tool'] = hasWrk ? 'wrk' : 'autocannon'

/** One line for the output and RESULTS.md: which generator drove the load, and why when it is the fallback. */
export const loadGeneratorNote = (): string =>
  hasWrk
    ? `wrk (${Bun.which('wrk')}), 2 threads, on the same machine as the server`
    : 'autocannon: FALLBACK, wrk is not installed (apt-get install wrk); autocannon saturates near 30,000 req/s, so ratios to the raw server understate the service'

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  return hasWrk ? wrk(options) : autocannon(options)
}

async function wrk({ url, connections, seconds, headers = {}, script }: LoadOptions): Promise<LoadResult> {
  const args = ['wrk', '-t2', `-c${connections}`, `-d${seconds}s`, '--latency']
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}: ${v}`)
  if (script !== undefined) args.push('-s', script)
  args.push(url)
  const proc = Bun.spawn(args, { stdout: 'pipe', stderr: 'pipe' })
  const out = await new Response(proc.stdout).text()
  await proc.exited
  const rps = Number(out.match(/Requests\/sec:\s+([\d.]+)/)?.[1] ?? NaN)
  const requests = Number(out.match(/(\d+) requests in/)?.[1] ?? NaN)
  const percentile = (p: string) => toMs(out.match(new RegExp(`\\s${p}%\\s+([\\d.]+)(us|ms|s)`)))
  const refused = Number(out.match(/Non-2xx or 3xx responses:\s+(\d+)/)?.[1] ?? 0)
  return { requestsPerSecond: rps, requests, p50Ms: percentile('50'), p99Ms: percentile('99'), tool: 'wrk', non2xx: refused }
}

function toMs(m: RegExpMatchArray | null): number {
  if (!m) return NaN
  const v = Number(m[1])
  return m[2] === 'us' ? v / 1000 : m[2] === 's' ? v * 1000 : v
}

async function autocannon({ url, connections, seconds, headers = {}, script }: LoadOptions): Promise<LoadResult> {
  if (script !== undefined) throw new Error('this figure needs wrk (a Lua script shapes its requests): apt-get install wrk')
  const bin = `${import.meta.dir}/../../node_modules/.bin/autocannon`
  const args = [bin, '-c', String(connections), '-d', String(seconds), '-j']
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}=${v}`)
  args.push(url)
  const proc = Bun.spawn(args, { stdout: 'pipe', stderr: 'ignore' })
  const json = JSON.parse(await new Response(proc.stdout).text())
  await proc.exited
  return {
    requestsPerSecond: json.requests.average,
    requests: json.requests.total,
    p50Ms: json.latency.p50,
    p99Ms: json.latency.p99,
    tool: 'autocannon',
    non2xx: json.non2xx ?? 0,
  }
}

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}
