/**
 * A first-run check: can this machine reach any upstream at all? Only a TCP connection is opened to each base
 * URL's host (no HTTP request), so no call budget or rate limit is spent. With none reachable (no internet, a
 * firewall), the operator is told once, with the way to try the service offline.
 */
import type { Config } from '../config'
import type { Logger } from '../observability/logger'
import { upstreamTitle, type UpstreamName } from './errors'

/** Whether a TCP connection to the URL's host and port opens within `timeoutMs`. */
export async function reachable(baseUrl: string, timeoutMs: number): Promise<boolean> {
  const url = new URL(baseUrl)
  const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80)
  let timer: ReturnType<typeof setTimeout> | undefined
  const connect = Bun.connect({
    hostname: url.hostname.replace(/^\[|\]$/g, ''),
    port,
    socket: { data() {}, open(socket) { socket.end() } },
  }).then(() => true, () => false)
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs)
  })
  try {
    return await Promise.race([connect, timeout])
  } finally {
    clearTimeout(timer)
  }
}

/** The upstreams whose host cannot be reached, all checked at once. */
export async function unreachableUpstreams(config: Config, timeoutMs = 5000): Promise<UpstreamName[]> {
  const names = Object.keys(config.upstreams) as UpstreamName[]
  const results = await Promise.all(names.map((name) => reachable(config.upstreams[name].baseUrl, timeoutMs)))
  return names.filter((_, i) => !results[i])
}

/** Logs one warning when no upstream is reachable; says nothing otherwise. */
export async function warnWhenOffline(config: Config, logger: Logger, timeoutMs?: number): Promise<void> {
  const unreachable = await unreachableUpstreams(config, timeoutMs)
  if (unreachable.length < Object.keys(config.upstreams).length) return
  logger.warn(
    { upstreams: unreachable.map(upstreamTitle) },
    'no upstream is reachable from this machine (no internet?): endpoints that need one answer 502 until one is. ' +
      'To try every endpoint offline, run `bun run demo` (built-in fake upstreams).',
  )
  logger.flush()
}
