/**
 * The client's address, trusting `trustProxy` proxy hops in front of the service (the Express convention):
 * with 0 the socket's peer is the client; with N, the N-th `X-Forwarded-For` entry from the right (each proxy
 * appends the address it was reached from, so entries further left were written by the client itself and
 * prove nothing). A chain shorter than N gives its leftmost entry. `unknown` when there is no address at all.
 * The socket's peer is asked for only when it is the answer: Bun reads it with a getpeername call per request.
 */
export function clientAddress(headers: Headers, socketIp: () => string | null, trustProxy: number): string {
  const forwardedFor = trustProxy <= 0 ? null : headers.get('x-forwarded-for')
  if (forwardedFor !== null) {
    // Entries read from the right, without splitting into arrays: behind a proxy this runs on every request.
    let leftmost: string | null = null
    let seen = 0
    for (let end = forwardedFor.length; end > 0; ) {
      const start = forwardedFor.lastIndexOf(',', end - 1) + 1
      const entry = forwardedFor.slice(start, end).trim()
      if (entry !== '') {
        if (++seen === trustProxy) return entry
        leftmost = entry
      }
      end = start - 1
    }
    if (leftmost !== null) return leftmost
  }
  return socketIp() ?? 'unknown'
}
