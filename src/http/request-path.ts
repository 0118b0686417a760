/**
 * The path of a request URL, read without `new URL`. Bun builds `request.url` from the Host header: with an
 * invalid one (`Host: <x>`, `Host: a:99999`) the URL is only the path or does not parse, so code that must
 * not throw on client input (the error handler) reads the path this way.
 */
export function requestPath(url: string): string {
  const start = url.startsWith('/') ? 0 : url.indexOf('/', url.indexOf('//') + 2)
  if (start === -1) return '/'
  const query = url.indexOf('?', start)
  return url.slice(start, query === -1 ? undefined : query)
}

/** The path and query of a request URL (no scheme or host): what the front cache keys on, whatever the Host. */
export function pathAndQuery(url: string): string {
  const start = url.startsWith('/') ? 0 : url.indexOf('/', url.indexOf('//') + 2)
  return start === -1 ? '/' : url.slice(start)
}
