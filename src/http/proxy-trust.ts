/**
 * TRUST_PROXY: which proxies in front of the service are believed when they say who the client is
 * (X-Forwarded-For) and what it asked for (X-Forwarded-Host, X-Forwarded-Proto). Express's two forms:
 * - a number of hops (`1`: one proxy, a CDN or a load balancer, whatever its address);
 * - a list of the proxies' addresses and CIDR ranges (`loopback, 10.0.0.0/8, fd00::/8`) with Express's names for
 *   common ranges. A list is checked against the socket's peer, so a client reaching the port directly is never
 *   believed, whatever it writes.
 */
import { inRange, ipBytes, parseRange, type IpRange } from './ip-address'

export type TrustProxy = { kind: 'hops'; hops: number } | { kind: 'addresses'; entries: string[] }

/** Express's (proxy-addr's) names for the usual private ranges. */
export const NAMED_RANGES: Record<string, string[]> = {
  loopback: ['127.0.0.1/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
}

export const MAX_TRUSTED_HOPS = 100

/** TRUST_PROXY's value, or the sentence saying what is wrong with it. */
export function readTrustProxy(raw: string): TrustProxy | string {
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw)
    return hops <= MAX_TRUSTED_HOPS ? { kind: 'hops', hops } : `a hop count is at most ${MAX_TRUSTED_HOPS}`
  }
  const entries = raw.split(',').map((entry) => entry.trim().toLowerCase()).filter((entry) => entry !== '')
  const bad = entries.find((entry) => NAMED_RANGES[entry] === undefined && parseRange(entry) === null)
  if (entries.length === 0 || bad !== undefined) {
    return `expected a hop count from 0 to ${MAX_TRUSTED_HOPS}, or comma-separated proxy addresses and CIDR ranges ` +
      `(loopback, linklocal, uniquelocal, 10.0.0.0/8, fd00::/8…)${bad === undefined ? '' : `; ${JSON.stringify(bad)} is neither`}`
  }
  return { kind: 'addresses', entries }
}

/** Whether an address is one of the listed proxies. */
export type ProxyCheck = (address: string) => boolean

/** The check for a list. The last answer is kept: a connection's requests come from one peer, one after another. */
export function proxyCheck(entries: readonly string[]): ProxyCheck {
  const ranges: IpRange[] = entries.flatMap((entry) => (NAMED_RANGES[entry] ?? [entry]).map((text) => parseRange(text)!))
  let lastAddress = ''
  let lastVerdict = false
  return (address) => {
    if (address === lastAddress) return lastVerdict
    const bytes = ipBytes(address)
    lastAddress = address
    lastVerdict = bytes !== null && ranges.some((range) => inRange(bytes, range))
    return lastVerdict
  }
}
