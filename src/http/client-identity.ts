/**
 * The client a request is counted for in the fair shares of upstream budgets: the socket's remote address.
 * The one place that decides it (behind a trusted proxy, the forwarded client address belongs here).
 * A request with no socket (app.handle in tests) is one client, `unknown`.
 */
export interface SocketServer {
  requestIP(request: Request): { address: string } | null
}

export function clientIdentity(request: Request, server: SocketServer | null | undefined): string {
  return server?.requestIP(request)?.address ?? 'unknown'
}
