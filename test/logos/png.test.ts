import { describe, expect, it } from 'bun:test'
import { isPng, MAX_LOGO_BYTES, registryPng } from '../../src/modules/logos/png'
import { PNG_1X1_BASE64 } from '../fake-upstreams/builders'

const base64 = (bytes: number[] | Uint8Array | string) => Buffer.from(bytes as never).toString('base64')

describe('registry logos', () => {
  it('decodes a base64 PNG to its exact bytes', () => {
    const png = registryPng(PNG_1X1_BASE64)!
    expect(png).toBeInstanceOf(Uint8Array)
    expect([...png.slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
    expect(Buffer.from(png).toString('base64')).toBe(PNG_1X1_BASE64)
  })

  it('accepts the base64 wrapped over lines or as a data URI', () => {
    const wrapped = PNG_1X1_BASE64.replace(/(.{20})/g, '$1\n')
    expect(registryPng(wrapped)).toEqual(registryPng(PNG_1X1_BASE64))
    expect(registryPng(`data:image/png;base64,${PNG_1X1_BASE64}`)).toEqual(registryPng(PNG_1X1_BASE64))
  })

  it('refuses bytes that are not a PNG, whatever the registry calls them', () => {
    expect(registryPng(base64([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]))).toBeNull() // JPEG
    expect(registryPng(base64('GIF89a\u0001\u0000\u0001\u0000'))).toBeNull()
    expect(registryPng(base64('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'))).toBeNull()
    // "PNG" spelled without the signature's binary bytes.
    expect(registryPng(base64('PNG\r\n\u001a\n and more'))).toBeNull()
    expect(registryPng('not base64 at all!')).toBeNull()
    expect(registryPng('')).toBeNull()
    // The signature alone is not an image.
    expect(registryPng(base64([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBeNull()
  })

  it(`refuses a PNG larger than ${MAX_LOGO_BYTES} bytes`, () => {
    const big = new Uint8Array(MAX_LOGO_BYTES + 1)
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
    expect(isPng(big)).toBe(true)
    expect(registryPng(base64(big))).toBeNull()
    expect(registryPng(base64(big.slice(0, MAX_LOGO_BYTES)))).not.toBeNull()
  })
})
