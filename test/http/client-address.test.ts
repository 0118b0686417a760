import { describe, expect, it } from 'bun:test'
import { clientAddress } from '../../src/http/client-address'

const forwardedFor = (value: string) => new Headers({ 'x-forwarded-for': value })
const socket = () => '10.0.0.2'

describe('clientAddress', () => {
  it('is the socket peer with TRUST_PROXY=0, whatever X-Forwarded-For says', () => {
    expect(clientAddress(forwardedFor('198.51.100.9'), socket, 0)).toBe('10.0.0.2')
  })

  it('is the N-th X-Forwarded-For entry from the right with N trusted hops', () => {
    const headers = forwardedFor('6.6.6.6, 203.0.113.7, 10.0.0.5')
    expect(clientAddress(headers, socket, 1)).toBe('10.0.0.5')
    expect(clientAddress(headers, socket, 2)).toBe('203.0.113.7')
    expect(clientAddress(headers, socket, 3)).toBe('6.6.6.6')
  })

  it('gives the leftmost entry of a chain shorter than N, and the socket when there is none', () => {
    expect(clientAddress(forwardedFor('203.0.113.7'), socket, 2)).toBe('203.0.113.7')
    expect(clientAddress(new Headers(), socket, 1)).toBe('10.0.0.2')
    expect(clientAddress(forwardedFor(' , '), socket, 1)).toBe('10.0.0.2')
  })

  it('skips empty entries and spaces wherever they stand when counting hops', () => {
    const headers = forwardedFor(' 6.6.6.6 ,, 203.0.113.7 ,10.0.0.5, ')
    expect(clientAddress(headers, socket, 1)).toBe('10.0.0.5')
    expect(clientAddress(headers, socket, 2)).toBe('203.0.113.7')
    expect(clientAddress(headers, socket, 3)).toBe('6.6.6.6')
    expect(clientAddress(headers, socket, 9)).toBe('6.6.6.6')
    expect(clientAddress(forwardedFor('2001:db8::1,203.0.113.7'), socket, 2)).toBe('2001:db8::1')
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
