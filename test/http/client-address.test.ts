import { describe, expect, it } from 'bun:test'
import { clientHop } from '../../src/http/client-address'
import type { TrustProxy } from '../../src/http/proxy-trust'

const forwardedFor = (value: string) => new Headers({ 'x-forwarded-for': value })
const socket = () => '10.0.0.2'
const hops = (n: number): TrustProxy => ({ kind: 'hops', hops: n })
const addresses = (...entries: string[]): TrustProxy => ({ kind: 'addresses', entries })
const clientAddress = (headers: Headers, socketIp: () => string | null, trust: TrustProxy) => clientHop(headers, socketIp, trust).address

describe('clientHop with a hop count (TRUST_PROXY=N)', () => {
  it('is the socket peer with TRUST_PROXY=0, whatever X-Forwarded-For says', () => {
    expect(clientAddress(forwardedFor('198.51.100.9'), socket, hops(0))).toBe('10.0.0.2')
  })

  it('gives the leftmost entry of a chain shorter than N, and the socket when there is none', () => {
    expect(clientAddress(forwardedFor('203.0.113.7'), socket, hops(2))).toBe('203.0.113.7')
    expect(clientAddress(new Headers(), socket, hops(1))).toBe('10.0.0.2')
    expect(clientAddress(forwardedFor(' , '), socket, hops(1))).toBe('10.0.0.2')
  })

  // X-Forwarded-For → the client with 1, 2, 3 and 9 trusted hops: the N-th non-empty entry from the right, trimmed.
  const table: Array<[string, string[]]> = [
    ['6.6.6.6, 203.0.113.7, 10.0.0.5', ['10.0.0.5', '203.0.113.7', '6.6.6.6', '6.6.6.6']],
    [' 6.6.6.6 ,, 203.0.113.7 ,10.0.0.5, ', ['10.0.0.5', '203.0.113.7', '6.6.6.6', '6.6.6.6']],
    ['2001:db8::1,203.0.113.7', ['203.0.113.7', '2001:db8::1', '2001:db8::1', '2001:db8::1']],
  ]
  it.each(table)('reads %p as the N-th entry from the right, empty entries and spaces skipped', (header, clients) => {
    expect([1, 2, 3, 9].map((trusted) => clientAddress(forwardedFor(header), socket, hops(trusted)))).toEqual(clients)
  })

  it('says how many entries it read to reach the client (where X-Forwarded-Host is read)', () => {
    expect(clientHop(forwardedFor('6.6.6.6, 203.0.113.7'), socket, hops(1))).toEqual({ address: '203.0.113.7', viaProxy: true, hops: 1 })
    expect(clientHop(forwardedFor('203.0.113.7'), socket, hops(3))).toEqual({ address: '203.0.113.7', viaProxy: true, hops: 1 })
    expect(clientHop(forwardedFor('203.0.113.7'), socket, hops(0))).toEqual({ address: '10.0.0.2', viaProxy: false, hops: 0 })
  })

  it('reads the socket only when it is the answer (a getpeername call per request)', () => {
    let reads = 0
    const counted = () => {
      reads++
      return '10.0.0.2'
    }
    expect(clientAddress(forwardedFor('203.0.113.7, 10.0.0.5'), counted, hops(1))).toBe('10.0.0.5')
    expect(reads).toBe(0)
    expect(clientAddress(new Headers(), counted, hops(1))).toBe('10.0.0.2')
    expect(clientAddress(forwardedFor('203.0.113.7'), counted, hops(0))).toBe('10.0.0.2')
    expect(reads).toBe(2)
  })

  it('says unknown when there is no socket address and nothing trusted', () => {
    expect(clientAddress(forwardedFor('203.0.113.7'), () => null, hops(0))).toBe('unknown')
  })
})

describe('clientHop with the proxies’ addresses (TRUST_PROXY=loopback, 10.0.0.0/8, …)', () => {
  it('believes X-Forwarded-For only when the socket’s peer is a listed proxy', () => {
    const header = forwardedFor('203.0.113.7')
    expect(clientAddress(header, () => '127.0.0.1', addresses('loopback'))).toBe('203.0.113.7')
    expect(clientAddress(header, () => '127.0.0.1', addresses('10.0.0.0/8'))).toBe('127.0.0.1')
    expect(clientAddress(header, () => '198.51.100.1', addresses('loopback', 'uniquelocal'))).toBe('198.51.100.1')
    expect(clientAddress(header, () => null, addresses('loopback'))).toBe('unknown')
  })

  it('walks hop by hop from the right while the hop is a listed proxy, and stops at the first that is not', () => {
    // A CDN (198.51.100.0/24) in front of a load balancer (10.0.0.5): the client wrote 6.6.6.6 itself.
    const trust = addresses('10.0.0.0/8', '198.51.100.0/24')
    const header = forwardedFor('6.6.6.6, 203.0.113.7, 198.51.100.20')
    expect(clientHop(header, () => '10.0.0.5', trust)).toEqual({ address: '203.0.113.7', viaProxy: true, hops: 2 })
    // A forged entry that names a listed proxy only moves the walk one step left: the client is still the first
    // unlisted address, never a value the client chose past it.
    expect(clientAddress(forwardedFor('6.6.6.6, 10.9.9.9, 203.0.113.7'), () => '10.0.0.5', trust)).toBe('203.0.113.7')
  })

  it('gives the furthest entry when every hop is a listed proxy, and the peer when nothing is forwarded', () => {
    const trust = addresses('10.0.0.0/8')
    expect(clientAddress(forwardedFor('10.1.1.1, 10.2.2.2'), () => '10.0.0.5', trust)).toBe('10.1.1.1')
    expect(clientHop(new Headers(), () => '10.0.0.5', trust)).toEqual({ address: '10.0.0.5', viaProxy: true, hops: 0 })
  })

  it('matches IPv6 ranges, IPv4-mapped peers and the named ranges', () => {
    const header = forwardedFor('2001:db8::7')
    expect(clientAddress(header, () => 'fd00::1', addresses('fd00::/8'))).toBe('2001:db8::7')
    expect(clientAddress(header, () => 'fe00::1', addresses('fd00::/8'))).toBe('fe00::1')
    expect(clientAddress(header, () => '::ffff:127.0.0.1', addresses('loopback'))).toBe('2001:db8::7')
    expect(clientAddress(header, () => '::1', addresses('loopback'))).toBe('2001:db8::7')
    expect(clientAddress(header, () => '169.254.3.4', addresses('linklocal'))).toBe('2001:db8::7')
    expect(clientAddress(header, () => '172.20.0.1', addresses('uniquelocal'))).toBe('2001:db8::7')
    expect(clientAddress(header, () => '172.32.0.1', addresses('uniquelocal'))).toBe('172.32.0.1')
    expect(clientAddress(header, () => '203.0.113.9', addresses('203.0.113.9'))).toBe('2001:db8::7')
  })
})
