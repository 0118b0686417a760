/**
 * The absolute origin for URLs the API hands out: PUBLIC_BASE_URL when set, else the request's own origin from
 * the Host header, and from X-Forwarded-Proto/Host only when a trusted proxy wrote them (TRUST_PROXY, read by
 * client-address.ts): otherwise anyone could make an answer point at their own host. Behind proxies, those headers
 * are read at the hop that wrote the client's address, never from their leftmost entry (which the client writes).
 */
import type { ClientIdentity } from './client-address'
import { apiError } from './error-catalogue'

const HOST_RE = /^(?:[A-Za-z0-9.-]{1,253}|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/

export interface OriginPolicy {
  /** The origin (`scheme://host[:port]`) for URLs in the answer to this request. */
  of(request: Request): string
  /**
   * The Vary header of an answer that embeds the origin: a shared cache (a CDN) must keep such answers apart
   * per Host (and forwarded origin, when believed). Empty when PUBLIC_BASE_URL fixes the origin.
   */
  readonly vary: Record<string, string>
  /** Whether X-Forwarded-Host/Proto shape the origin (the front cache then keys on them too). */
  readonly forwarded: boolean
}

export function originPolicy(configured: string | null, clients: ClientIdentity): OriginPolicy {
  const forwarded = configured === null && clients.believesProxies
  return {
    of: configured !== null ? () => configured : (request) => requestOrigin(request, forwarded ? forwardedPosition(request, clients) : 0),
    vary: configured !== null ? {} : { vary: forwarded ? 'Host, X-Forwarded-Host, X-Forwarded-Proto' : 'Host' },
    forwarded,
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
