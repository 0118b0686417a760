/**
 * The absolute origin for URLs the API hands out: PUBLIC_BASE_URL when set, else the request's own origin from
 * the Host header, and from X-Forwarded-Proto/Host only behind a trusted proxy (TRUST_PROXY ≥ 1): otherwise
 * anyone could make a cached answer point at their own host. Answers that embed it must put it in their cache
 * key, or one caller's Host header would leak into everyone's cached bytes.
 */
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

export function originPolicy(configured: string | null, trustProxy: number): OriginPolicy {
  const forwarded = configured === null && trustProxy >= 1
  return {
    of: configured !== null ? () => configured : (request) => requestOrigin(request, forwarded),
    vary: configured !== null ? {} : { vary: forwarded ? 'Host, X-Forwarded-Host, X-Forwarded-Proto' : 'Host' },
    forwarded,
  }
}

function requestOrigin(request: Request, believeForwarded: boolean): string {
  const headers = request.headers
  const proto = believeForwarded ? headers.get('x-forwarded-proto')?.split(',')[0].trim().toLowerCase() : undefined
  const forwardedHost = believeForwarded ? headers.get('x-forwarded-host')?.split(',')[0].trim() : undefined
  const host = headers.get('host')
  const scheme = proto === 'http' || proto === 'https' ? proto : request.url.startsWith('https:') ? 'https' : 'http'
  const authority =
    forwardedHost !== undefined && HOST_RE.test(forwardedHost)
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
