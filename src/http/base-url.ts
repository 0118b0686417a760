/**
 * The absolute origin for URLs the API hands out: PUBLIC_BASE_URL when set, else the request's own origin from
 * the Host header, and from X-Forwarded-Proto/Host only when a trusted proxy wrote them (TRUST_PROXY, read by
 * client-address.ts): otherwise anyone could make an answer point at their own host. Behind proxies, those headers
 * are read at the hop that wrote the client's address, never from their leftmost entry (which the client writes).
 */
import type { Config } from '../config'
import type { Logger } from '../observability/logger'
import type { ClientIdentity } from './client-address'
import { apiError } from './error-catalogue'
import { proxyCheck } from './proxy-trust'

const HOST_RE = /^(?:[A-Za-z0-9.-]{1,253}|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/

export interface OriginPolicy {
  /** The origin (`scheme://host[:port]`) for URLs in the answer to this request. */
  of(request: Request): string
  /**
   * The Vary header of an answer that embeds the origin: a shared cache (a CDN) must keep such answers apart
   * per Host (and forwarded origin, when believed). Empty when PUBLIC_BASE_URL fixes the origin.
   */
  readonly vary: Record<string, string>
  /** PUBLIC_BASE_URL: the one origin of every answer; null when each request's own is used. */
  readonly fixed: string | null
}

export function originPolicy(configured: string | null, clients: ClientIdentity): OriginPolicy {
  const forwarded = configured === null && clients.believesProxies
  // A connection's requests carry one Host: its origin is worked out once, not on every hit of an answer that embeds it.
  let lastHost: string | null = null
  let lastOrigin = ''
  const fromHost = (request: Request): string => {
    const host = request.headers.get('host')
    if (host === null || host !== lastHost) {
      lastOrigin = requestOrigin(request, 0)
      lastHost = host
    }
    return lastOrigin
  }
  return {
    of: configured !== null ? () => configured : forwarded ? (request) => requestOrigin(request, forwardedPosition(request, clients)) : fromHost,
    vary: configured !== null ? {} : { vary: forwarded ? 'Host, X-Forwarded-Host, X-Forwarded-Proto' : 'Host' },
    fixed: configured,
  }
}

/**
 * Which entry from the right of X-Forwarded-Host/-Proto to read: the one at the client address's hop (at least the
 * nearest proxy's); 0 when the socket's peer is not a trusted proxy (nothing forwarded is read).
 */
function forwardedPosition(request: Request, clients: ClientIdentity): number {
  const hop = clients.hop(request)
  return hop.viaProxy ? Math.max(1, hop.hops) : 0
}

/**
 * The `position`-th non-empty entry from the right of a comma-separated header, trimmed; null when the header has
 * fewer entries (a list that does not line up with the proxies is not believed).
 */
export function entryFromRight(value: string | null, position: number): string | null {
  if (value === null || position < 1) return null
  let seen = 0
  for (let end = value.length; end > 0; ) {
    const start = value.lastIndexOf(',', end - 1) + 1
    const entry = value.slice(start, end).trim()
    if (entry !== '' && ++seen === position) return entry
    end = start - 1
  }
  return null
}

function requestOrigin(request: Request, position: number): string {
  const headers = request.headers
  const proto = position === 0 ? null : entryFromRight(headers.get('x-forwarded-proto'), position)?.toLowerCase()
  const forwardedHost = position === 0 ? null : entryFromRight(headers.get('x-forwarded-host'), position)
  const host = headers.get('host')
  const scheme = proto === 'http' || proto === 'https' ? proto : request.url.startsWith('https:') ? 'https' : 'http'
  const authority =
    forwardedHost != null && HOST_RE.test(forwardedHost)
      ? forwardedHost
      : host !== null && HOST_RE.test(host)
        ? host
        : urlHost(request.url)
  return `${scheme}://${authority}`
}

/** The host of the URL Bun built; with an invalid Host header there is none, and the request is a 400 (RFC 9112 3.2). */
function urlHost(url: string): string {
  try {
    return new URL(url).host
  } catch {
    throw apiError('invalid_host_header')
  }
}

/** Whether HOST only listens where no other machine can reach it. */
export function isLoopbackHost(host: string): boolean {
  return host.toLowerCase() === 'localhost' || proxyCheck(['loopback'])(host)
}

/**
 * At start: a service others can reach (HOST not loopback) with PUBLIC_BASE_URL unset hands out URLs built from
 * each request's Host header. That works, but a CDN ignoring Vary may pass one caller's URLs to others: one line
 * says to set it.
 */
export function warnWithoutPublicBaseUrl(config: Pick<Config, 'publicBaseUrl' | 'host'>, logger: Logger): void {
  if (config.publicBaseUrl !== null || isLoopbackHost(config.host)) return
  logger.warn(
    { host: config.host },
    'PUBLIC_BASE_URL is not set: absolute URLs in answers (logo links, baseUrl) follow each request\'s Host header; ' +
      'set PUBLIC_BASE_URL=https://<your public host> so every client and cache gets the same URLs',
  )
}
