/** Per-client limits key an IPv6 client by its /64 and an IPv4 client by its address. */
import { describe, expect, it } from 'bun:test'
import { clientKey } from '../../src/http/client-key'

describe('clientKey', () => {
  it('keeps an IPv4 address and names that are not addresses as they are', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7')
    expect(clientKey('unknown')).toBe('unknown')
  })

  it('keys every address of one /64 alike, however it is written', () => {
    const forms = [
      '2001:db8:1:2::1',
      '2001:0db8:0001:0002:ffff:ffff:ffff:ffff',
      '2001:DB8:1:2:aaaa::',
      '[2001:db8:1:2::42]',
      '2001:db8:1:2::1%eth0',
    ]
    expect(new Set(forms.map(clientKey))).toEqual(new Set(['2001:db8:1:2::/64']))
  })

  it('tells apart two /64s that differ only in the fourth group', () => {
    expect(clientKey('2001:db8:1:2::1')).not.toBe(clientKey('2001:db8:1:3::1'))
  })

  it('expands the :: shorthand at either end', () => {
    expect(clientKey('::1')).toBe('0:0:0:0::/64')
    expect(clientKey('2001:db8::')).toBe('2001:db8:0:0::/64')
  })

  it('reads an IPv4-mapped IPv6 address (a dual-stack socket) as the IPv4 client', () => {
    expect(clientKey('::ffff:192.0.2.1')).toBe('192.0.2.1')
    expect(clientKey('::FFFF:c000:0201')).toBe('192.0.2.1')
  })

  it('leaves malformed text as it is rather than merging it with a real /64', () => {
    for (const bad of ['2001:db8::1::2', '2001:db8:1:2:3:4:5:6:7', 'gggg::1', '::ffff:300.1.1.1']) {
      expect(clientKey(bad)).toBe(bad)
    }
  })
})
