import { bareIpv6, ipv6Groups, isIpv4Mapped } from './ip-address'

/**
 * The key a per-client limit counts under (fair shares, streams, writes, MCP calls): an IPv4 address as it is,
 * an IPv6 address by its /64. One subscriber line or host is routinely given a whole /64 (RFC 6177 and common
 * provider practice), so keying by full address would hand one client 2^64 identities.
 * IPv4-mapped IPv6 (`::ffff:192.0.2.1`, what a dual-stack socket reports) is the IPv4 client it maps.
 * Anything that is not an IP address (`unknown`, a forwarded name) is kept as it is.
 */
export function clientKey(address: string): string {
  if (!address.includes(':')) return address
  const groups = ipv6Groups(bareIpv6(address))
  if (groups === null) return address
  if (isIpv4Mapped(groups)) {
    return `${groups[6] >> 8}.${groups[6] & 0xff}.${groups[7] >> 8}.${groups[7] & 0xff}`
  }
  return `${groups.slice(0, 4).map((g) => g.toString(16)).join(':')}::/64`
}
