/**
 * The absolute origin for URLs the API hands out: PUBLIC_BASE_URL when set, else the request's own origin
 * (honouring X-Forwarded-Proto/Host from a proxy when they are well formed). Answers that embed it must put it
 * in their cache key, or one caller's Host header would leak into everyone's cached bytes.
 */
import { ApiError } from './errors'

const HOST_RE = /^(?:[A-Za-z0-9.-]{1,253}|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/

/**
 * The Vary header of an answer that embeds publicOrigin(): a shared cache (a CDN) must keep such answers apart
 * per Host and forwarded origin, or one caller's X-Forwarded-Host would reach everyone. None is needed when
 * PUBLIC_BASE_URL fixes the origin.
 */
export function originVary(configured: string | null): Record<string, string> {
  return configured === null ? { vary: 'Host, X-Forwarded-Host, X-Forwarded-Proto' } : {}
}

export function publicOrigin(request: Request, configured: string | null): string {
  if (configured !== null) return configured
  const headers = request.headers
  const proto = headers.get('x-forwarded-proto')?.split(',')[0].trim().toLowerCase()
  const forwardedHost = headers.get('x-forwarded-host')?.split(',')[0].trim()
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
    throw new ApiError(400, 'Invalid Host header', 'Send a Host header of the form host[:port] (HTTP clients do by default): this answer contains absolute URLs built from it.')
  }
}
