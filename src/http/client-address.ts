import { clientKey } from './client-key'
import { proxyCheck, type ProxyCheck, type TrustProxy } from './proxy-trust'

/**
 * Who a request is from, trusting the proxies TRUST_PROXY names (proxy-trust.ts), hop by hop as Express's
 * proxy-addr does: start at the socket's peer; while the current hop is a trusted proxy, step to the next
 * X-Forwarded-For entry from the right (each proxy appends the address it was reached from, so entries further left
 * were written by someone further out, the client included, and prove nothing); the first hop not trusted is the
 * client. With a hop count N the first N hops are trusted whatever their address; with a list, those in it.
 */
export interface ClientHop {
  /** The client's address: the socket's peer or a forwarded entry; `unknown` when there is no address at all. */
  address: string
  /** Whether the socket's peer is a trusted proxy: only then is any forwarded header read. */
  viaProxy: boolean
  /**
   * The X-Forwarded-For entries read from the right to reach the client (0: none). X-Forwarded-Host and -Proto
   * are read at the same position: the entry written by the proxy that also wrote the client's address.
   */
  hops: number
}

/**
 * The walk. The socket's peer is asked for only when it is needed (with a hop count, only when nothing is
 * forwarded): Bun reads it with a getpeername call per request. Entries are read from the right without splitting
 * into arrays: behind a proxy this runs on every request.
 */
export function clientHop(headers: Headers, socketIp: () => string | null, trust: TrustProxy, trusted: ProxyCheck | null = null): ClientHop {
  let viaProxy: boolean
  let peer: string | null = null
  if (trust.kind === 'hops') viaProxy = trust.hops > 0
  else {
    peer = socketIp()
    viaProxy = peer !== null && (trusted ?? proxyCheck(trust.entries))(peer)
  }
  const forwardedFor = viaProxy ? headers.get('x-forwarded-for') : null
  if (forwardedFor !== null) {
    let leftmost: string | null = null
    let seen = 0
    for (let end = forwardedFor.length; end > 0; ) {
      const start = forwardedFor.lastIndexOf(',', end - 1) + 1
      const entry = forwardedFor.slice(start, end).trim()
      if (entry !== '') {
        seen++
        // This entry is the client unless the hop that wrote it is itself a trusted proxy.
        const last = trust.kind === 'hops' ? seen === trust.hops : !(trusted ?? proxyCheck(trust.entries))(entry)
        if (last) return { address: entry, viaProxy, hops: seen }
        leftmost = entry
      }
      end = start - 1
    }
    // Every hop trusted: the furthest one is the client.
    if (leftmost !== null) return { address: leftmost, viaProxy, hops: seen }
  }
  return { address: peer ?? socketIp() ?? 'unknown', viaProxy, hops: 0 }
}

/** A server that tells a request's socket peer (Bun's `server.requestIP`). */
export interface PeerReader {
  requestIP(request: Request): { address: string } | null
}

/**
 * The client of each request, for the request log, the per-client limits and the forwarded origin. Built with the
 * dependencies; the server it reads socket peers from is known only once the app listens (app.ts tells it).
 */
export class ClientIdentity {
  private server: () => PeerReader | null | undefined = () => null
  private readonly trusted: ProxyCheck | null

  constructor(readonly trust: TrustProxy) {
    this.trusted = trust.kind === 'addresses' ? proxyCheck(trust.entries) : null
  }

  /** Whether TRUST_PROXY lets any forwarded header be believed. */
  get believesProxies(): boolean {
    return this.trust.kind === 'addresses' || this.trust.hops > 0
  }

  readPeersFrom(server: () => PeerReader | null | undefined): void {
    this.server = server
  }

  hop(request: Request): ClientHop {
    return clientHop(request.headers, () => this.server()?.requestIP(request)?.address ?? null, this.trust, this.trusted)
  }

  address(request: Request): string {
    return this.hop(request).address
  }

  /** Whom a per-client limit counts the request against (client-key.ts: an IPv6 client by its /64). */
  key(request: Request): string {
    return clientKey(this.address(request))
  }
}
