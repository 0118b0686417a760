/**
 * The client's address, trusting `trustProxy` proxy hops in front of the service (the Express convention):
 * with 0 the socket's peer is the client; with N, the N-th `X-Forwarded-For` entry from the right (each proxy
 * appends the address it was reached from, so entries further left were written by the client itself and
 * prove nothing). A chain shorter than N gives its leftmost entry. `unknown` when there is no address at all.
 */
export function clientAddress(headers: Headers, socketIp: string | null, trustProxy: number): string {
  const socket = socketIp ?? 'unknown'
  if (trustProxy <= 0) return socket
  const forwardedFor = headers.get('x-forwarded-for')
  if (forwardedFor === null) return socket
  const hops = forwardedFor.split(',').map((entry) => entry.trim()).filter((entry) => entry !== '')
  if (hops.length === 0) return socket
  return hops[Math.max(0, hops.length - trustProxy)]
}
