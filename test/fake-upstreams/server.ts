/**
 * Fake upstreams: one local HTTP server per upstream API, each answering on that API's real paths (below the
 * same base-path the real host uses) from a mutable World of raw upstream objects. The service reaches them
 * only through its base-URL settings; nothing in src/ knows they are fakes.
 *
 * Per upstream, a test can inject latency and a fault: `down` (the listener closes: connection refused),
 * `stall` (no answer until the client gives up), `rate_limited` (429), `tier_exhausted` (429 `Exceeded Tier
 * Limit`, Koios's spent daily quota), `server_error` (500), `garbage`
 * (200 with HTML) or `wrong_shape` (200 with valid JSON of the wrong shape), for every call or the next N.
 * Every call is logged with its path, query, body and headers.
 */
import type { Server } from 'bun'
import type { UpstreamName } from '../../src/upstream/errors'
import { coingecko } from './routes/coingecko'
import type { FakeAnswer, FakeRequest } from './routes/common'
import { dexscreener } from './routes/dexscreener'
import { geckoterminal } from './routes/geckoterminal'
import { handle } from './routes/handle'
import { koios } from './routes/koios'
import { defaultWorld, type World } from './world'

export type Fault = 'ok' | 'down' | 'stall' | 'rate_limited' | 'tier_exhausted' | 'server_error' | 'garbage' | 'wrong_shape'

export const UPSTREAMS: UpstreamName[] = ['dexscreener', 'geckoterminal', 'koios', 'coingecko', 'handle']

/** The real hosts' base paths, kept so adapters append exactly the paths they would in production. */
const BASE_PATH: Record<UpstreamName, string> = {
  dexscreener: '',
  geckoterminal: '/api/v2',
  koios: '/api/v1',
  coingecko: '/api/v3',
  handle: '',
}

const ROUTES: Record<UpstreamName, (world: World, req: FakeRequest) => FakeAnswer> = {
  dexscreener,
  geckoterminal,
  koios,
  coingecko,
  handle,
}

const ENV_NAME: Record<UpstreamName, string> = {
  dexscreener: 'DEXSCREENER_URL',
  geckoterminal: 'GECKOTERMINAL_URL',
  koios: 'KOIOS_URL',
  coingecko: 'COINGECKO_URL',
  handle: 'HANDLE_URL',
}

export interface CallRecord {
  upstream: UpstreamName
  method: string
  /** Path below the base URL, e.g. `/tokens/v1/cardano/…`. */
  path: string
  query: Record<string, string>
  body: unknown
  headers: Record<string, string>
  at: number
}

interface UpstreamState {
  server: Server<undefined> | null
  port: number
  fault: Fault
  /** Calls left before the fault clears; Infinity for a standing fault. */
  faultCalls: number
  latencyMs: number
}

export class FakeUpstreams {
  readonly calls: CallRecord[] = []
  private readonly state = new Map<UpstreamName, UpstreamState>()
  private readonly stalled = new Set<() => void>()

  private constructor(public world: World) {}

  /** Start all five fakes on loopback ports chosen by the OS (or the given ones). */
  static async start(options: { world?: World; ports?: Partial<Record<UpstreamName, number>> } = {}): Promise<FakeUpstreams> {
    const fake = new FakeUpstreams(options.world ?? defaultWorld())
    for (const name of UPSTREAMS) {
      fake.state.set(name, { server: null, port: options.ports?.[name] ?? 0, fault: 'ok', faultCalls: Infinity, latencyMs: 0 })
      fake.listen(name)
    }
    return fake
  }

  /** Base URL of one fake, as the service's configuration wants it. */
  url(name: UpstreamName): string {
    return `http://127.0.0.1:${this.state.get(name)!.port}${BASE_PATH[name]}`
  }

  /** The environment variables that point the service at these fakes. */
  env(): Record<string, string> {
    return Object.fromEntries(UPSTREAMS.map((name) => [ENV_NAME[name], this.url(name)]))
  }

  /** Set a fault for every call (`calls` omitted) or for the next `calls` calls. */
  fail(name: UpstreamName, fault: Fault, calls = Infinity): void {
    const s = this.state.get(name)!
    s.fault = fault
    s.faultCalls = calls
    if (fault === 'down' && s.server) {
      s.server.stop(true)
      s.server = null
    } else if (fault !== 'down' && s.server === null) this.listen(name)
  }

  heal(name?: UpstreamName): void {
    for (const n of name ? [name] : UPSTREAMS) this.fail(n, 'ok')
    this.releaseStalled()
  }

  delay(name: UpstreamName, ms: number): void {
    this.state.get(name)!.latencyMs = ms
  }

  /** Calls to one upstream, optionally only those whose path starts with a prefix. */
  count(name: UpstreamName, pathPrefix = ''): number {
    return this.calls.filter((c) => c.upstream === name && c.path.startsWith(pathPrefix)).length
  }

  callsTo(name: UpstreamName, pathPrefix = ''): CallRecord[] {
    return this.calls.filter((c) => c.upstream === name && c.path.startsWith(pathPrefix))
  }

  resetCalls(): void {
    this.calls.length = 0
  }

  async stop(): Promise<void> {
    this.releaseStalled()
    for (const s of this.state.values()) {
      s.server?.stop(true)
      s.server = null
    }
  }

  private releaseStalled(): void {
    for (const release of this.stalled) release()
    this.stalled.clear()
  }

  private listen(name: UpstreamName): void {
    const s = this.state.get(name)!
    s.server = Bun.serve({
      port: s.port,
      hostname: '127.0.0.1',
      idleTimeout: 0,
      fetch: (request) => this.answer(name, request),
    })
    s.port = s.server.port!
  }

  private async answer(name: UpstreamName, request: Request): Promise<Response> {
    const s = this.state.get(name)!
    const url = new URL(request.url)
    const path = url.pathname.startsWith(BASE_PATH[name]) ? url.pathname.slice(BASE_PATH[name].length) : url.pathname
    const bodyText = request.method === 'POST' ? await request.text() : ''
    let body: unknown
    try {
      body = bodyText ? JSON.parse(bodyText) : undefined
    } catch {
      body = undefined
    }
    this.calls.push({
      upstream: name,
      method: request.method,
      path,
      query: Object.fromEntries(url.searchParams),
      body,
      headers: Object.fromEntries(request.headers),
      at: Date.now(),
    })

    if (s.latencyMs > 0) await Bun.sleep(s.latencyMs)

    let fault = s.fault
    if (fault !== 'ok') {
      s.faultCalls -= 1
      if (s.faultCalls <= 0) {
        s.fault = 'ok'
        s.faultCalls = Infinity
      }
    }
    switch (fault) {
      case 'stall':
        await new Promise<void>((resolve) => {
          const release = () => resolve()
          this.stalled.add(release)
          setTimeout(() => {
            this.stalled.delete(release)
            resolve()
          }, 120_000)
        })
        return new Response('late', { status: 504 })
      case 'rate_limited':
        return Response.json({ status: { error_code: 429, error_message: "You've exceeded the Rate Limit." } }, { status: 429 })
      case 'tier_exhausted':
        // Koios past its daily quota: 429 with this body text until the reset (../shared/chain/README.md §1).
        return new Response('Exceeded Tier Limit', { status: 429 })
      case 'server_error':
        return new Response('Internal Server Error', { status: 500 })
      case 'garbage':
        return new Response('<html><body>Bad gateway, try later</body></html>', { status: 200, headers: { 'content-type': 'text/html' } })
      default:
        break
    }

    const answer = ROUTES[name](this.world, {
      method: request.method,
      path,
      query: url.searchParams,
      body,
      bodyText,
      headers: request.headers,
    })
    let payload = answer.body
    if (fault === 'wrong_shape') payload = Array.isArray(payload) ? { unexpected: 'shape' } : ['unexpected', 'shape']
    return Response.json(payload, { status: answer.status, headers: answer.headers })
  }
}
