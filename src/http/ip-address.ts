/**
 * IP addresses in text form, read without allocating more than the result: the client key (an IPv6 client by its
 * /64) and the trusted-proxy ranges (TRUST_PROXY=10.0.0.0/8,fd00::/8) both read them. A leaf: imports nothing.
 */

const HEXTET = /^[0-9a-f]{1,4}$/
const DOTTED = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/

/** The four bytes of a dotted IPv4 address, or null. */
export function ipv4Bytes(text: string): number[] | null {
  const dotted = DOTTED.exec(text)
  if (dotted === null) return null
  const bytes = dotted.slice(1).map(Number)
  return bytes.some((b) => b > 255) ? null : bytes
}

/** The eight 16-bit groups of an IPv6 address in text form (`::` shorthand and a dotted IPv4 tail allowed), or null. */
export function ipv6Groups(text: string): number[] | null {
  const halves = text.split('::')
  if (halves.length > 2) return null
  const parse = (part: string): number[] | null => {
    if (part === '') return []
    const out: number[] = []
    const pieces = part.split(':')
    for (let i = 0; i < pieces.length; i++) {
      const piece = pieces[i]
      const dotted = i === pieces.length - 1 ? ipv4Bytes(piece) : null
      if (dotted !== null) out.push((dotted[0] << 8) | dotted[1], (dotted[2] << 8) | dotted[3])
      else if (HEXTET.test(piece)) out.push(parseInt(piece, 16))
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

/** IPv6 text as written in headers and logs: lower case, without brackets or a zone (`%eth0`). */
export function bareIpv6(address: string): string {
  let text = address.toLowerCase()
  if (text.startsWith('[') && text.endsWith(']')) text = text.slice(1, -1)
  const zone = text.indexOf('%')
  return zone >= 0 ? text.slice(0, zone) : text
}

/** Whether eight IPv6 groups are an IPv4-mapped address (`::ffff:a.b.c.d`, what a dual-stack socket reports). */
export const isIpv4Mapped = (groups: readonly number[]): boolean => groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff

/**
 * Any address as 16 bytes, IPv4 as its IPv4-mapped IPv6 form (`::ffff:a.b.c.d`), so one range check serves both
 * families and a dual-stack socket's `::ffff:127.0.0.1` matches `127.0.0.0/8`. Null when the text is not an address.
 */
export function ipBytes(address: string): Uint8Array | null {
  const v4 = ipv4Bytes(address)
  if (v4 !== null) return Uint8Array.from([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, ...v4])
  if (!address.includes(':')) return null
  const groups = ipv6Groups(bareIpv6(address))
  if (groups === null) return null
  return Uint8Array.from(groups.flatMap((g) => [g >> 8, g & 0xff]))
}

/** A range: the first `bits` bits of `prefix` (IPv4 ranges as IPv4-mapped IPv6, so 96 bits more). */
export interface IpRange {
  prefix: Uint8Array
  bits: number
}

/** `10.0.0.0/8`, `fd00::/8`, or one address (`203.0.113.7`, `::1`: the whole address); null when not one. */
export function parseRange(text: string): IpRange | null {
  const slash = text.indexOf('/')
  const address = slash < 0 ? text : text.slice(0, slash)
  const prefix = ipBytes(address)
  if (prefix === null) return null
  const v4 = ipv4Bytes(address) !== null
  const max = v4 ? 32 : 128
  const bitsText = slash < 0 ? String(max) : text.slice(slash + 1)
  if (!/^\d{1,3}$/.test(bitsText) || Number(bitsText) > max) return null
  return { prefix, bits: Number(bitsText) + (v4 ? 96 : 0) }
}

/** Whether the address (16 bytes) is inside the range. */
export function inRange(address: Uint8Array, range: IpRange): boolean {
  const whole = range.bits >> 3
  for (let i = 0; i < whole; i++) if (address[i] !== range.prefix[i]) return false
  const rest = range.bits & 7
  if (rest === 0) return true
  const mask = (0xff << (8 - rest)) & 0xff
  return (address[whole] & mask) === (range.prefix[whole] & mask)
}
