/**
 * The key a per-client limit counts under (fair shares, streams, writes, MCP calls): an IPv4 address as it is,
 * an IPv6 address by its /64. One subscriber line or host is routinely given a whole /64 (RFC 6177 and common
 * provider practice), so keying by full address would hand one client 2^64 identities.
 * IPv4-mapped IPv6 (`::ffff:192.0.2.1`, what a dual-stack socket reports) is the IPv4 client it maps.
 * Anything that is not an IP address (`unknown`, a forwarded name) is kept as it is.
 */
export function clientKey(address: string): string {
  if (!address.includes(':')) return address
  let text = address.toLowerCase()
  if (text.startsWith('[') && text.endsWith(']')) text = text.slice(1, -1)
  const zone = text.indexOf('%')
  if (zone >= 0) text = text.slice(0, zone)
  const groups = ipv6Groups(text)
  if (groups === null) return address
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return `${groups[6] >> 8}.${groups[6] & 0xff}.${groups[7] >> 8}.${groups[7] & 0xff}`
  }
  return `${groups.slice(0, 4).map((g) => g.toString(16)).join(':')}::/64`
}

const HEXTET = /^[0-9a-f]{1,4}$/
const DOTTED = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/

/** The eight 16-bit groups of an IPv6 address in text form (`::` shorthand and a dotted IPv4 tail allowed), or null. */
function ipv6Groups(text: string): number[] | null {
  const halves = text.split('::')
  if (halves.length > 2) return null
  const parse = (part: string): number[] | null => {
    if (part === '') return []
    const out: number[] = []
    const pieces = part.split(':')
    for (let i = 0; i < pieces.length; i++) {
      const piece = pieces[i]
      const dotted = i === pieces.length - 1 ? DOTTED.exec(piece) : null
      if (dotted !== null) {
        const bytes = dotted.slice(1).map(Number)
        if (bytes.some((b) => b > 255)) return null
        out.push((bytes[0] << 8) | bytes[1], (bytes[2] << 8) | bytes[3])
      } else if (HEXTET.test(piece)) out.push(parseInt(piece, 16))
      else return null
    }
    return out
  }
  const head = parse(halves[0])
  const tail = halves.length === 2 ? parse(halves[1]) : []
  if (head === null || tail === null) return null
  if (halves.length === 1) return head.length === 8 ? head : null
  const gap = 8 - head.length - tail.length
  return gap >= 1 ? [...head, ...new Array<number>(gap).fill(0), ...tail] : null
}
