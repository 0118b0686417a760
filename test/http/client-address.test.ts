import { describe, expect, it } from 'bun:test'
import { clientAddress } from '../../src/http/client-address'

const forwardedFor = (value: string) => new Headers({ 'x-forwarded-for': value })
const socket = () => '10.0.0.2'

describe('clientAddress', () => {
  it('is the socket peer with TRUST_PROXY=0, whatever X-Forwarded-For says', () => {
    expect(clientAddress(forwardedFor('198.51.100.9'), socket, 0)).toBe('10.0.0.2')
  })

  it('gives the leftmost entry of a chain shorter than N, and the socket when there is none', () => {
    expect(clientAddress(forwardedFor('203.0.113.7'), socket, 2)).toBe('203.0.113.7')
    expect(clientAddress(new Headers(), socket, 1)).toBe('10.0.0.2')
    expect(clientAddress(forwardedFor(' , '), socket, 1)).toBe('10.0.0.2')
  })

  // X-Forwarded-For → the client with 1, 2, 3 and 9 trusted hops: the N-th non-empty entry from the right, trimmed.
  const hops: Array<[string, string[]]> = [
    ['6.6.6.6, 203.0.113.7, 10.0.0.5', ['10.0.0.5', '203.0.113.7', '6.6.6.6', '6.6.6.6']],
    [' 6.6.6.6 ,, 203.0.113.7 ,10.0.0.5, ', ['10.0.0.5', '203.0.113.7', '6.6.6.6', '6.6.6.6']],
    ['2001:db8::1,203.0.113.7', ['203.0.113.7', '2001:db8::1', '2001:db8::1', '2001:db8::1']],
  ]
  it.each(hops)('reads %p as the N-th entry from the right, empty entries and spaces skipped', (header, clients) => {
    expect([1, 2, 3, 9].map((trusted) => clientAddress(forwardedFor(header), socket, trusted))).toEqual(clients)
  })

  it('reads the socket only when it is the answer (a getpeername call per request)', () => {
    let reads = 0
    const counted = () => {
      reads++
      return '10.0.0.2'
    }
    expect(clientAddress(forwardedFor('203.0.113.7, 10.0.0.5'), counted, 1)).toBe('10.0.0.5')
    expect(reads).toBe(0)
    expect(clientAddress(new Headers(), counted, 1)).toBe('10.0.0.2')
    expect(clientAddress(forwardedFor('203.0.113.7'), counted, 0)).toBe('10.0.0.2')
    expect(reads).toBe(2)
  })

  it('says unknown when there is no socket address and nothing trusted', () => {
    expect(clientAddress(forwardedFor('203.0.113.7'), () => null, 0)).toBe('unknown')
  })
})
