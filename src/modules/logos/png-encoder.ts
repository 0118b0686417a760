import { deflateSync } from 'node:zlib'
import { PNG_SIGNATURE } from './png'

/**
 * A minimal PNG encoder (8-bit RGBA, no filtering): enough for the service's own icon and the demo's logos,
 * so neither needs an image library or a binary file in the repository.
 */
export function encodePng(width: number, height: number, rgba: Uint8Array): Uint8Array {
  const header = new Uint8Array(13)
  const view = new DataView(header.buffer)
  view.setUint32(0, width)
  view.setUint32(4, height)
  header.set([8, 6, 0, 0, 0], 8) // bit depth 8, colour type RGBA, deflate, no filter method, no interlace
  const rows = new Uint8Array(height * (width * 4 + 1))
  for (let y = 0; y < height; y++) rows.set(rgba.subarray(y * width * 4, (y + 1) * width * 4), y * (width * 4 + 1) + 1)
  return concat([PNG_SIGNATURE, chunk('IHDR', header), chunk('IDAT', new Uint8Array(deflateSync(rows))), chunk('IEND', new Uint8Array())])
}

/** A filled, anti-aliased disc of one colour on transparency, `size` pixels square, with a lighter inner ring. */
export function discPng(size: number, [r, g, b]: readonly [number, number, number]): Uint8Array {
  const rgba = new Uint8Array(size * size * 4)
  const centre = size / 2
  const radius = size / 2 - 0.5
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const distance = Math.hypot(x + 0.5 - centre, y + 0.5 - centre)
      const coverage = Math.max(0, Math.min(1, radius - distance + 0.5))
      const ring = Math.abs(distance - radius * 0.62) < size / 32 ? 0.45 : 0
      const i = (y * size + x) * 4
      rgba[i] = r + (255 - r) * ring
      rgba[i + 1] = g + (255 - g) * ring
      rgba[i + 2] = b + (255 - b) * ring
      rgba[i + 3] = Math.round(coverage * 255)
    }
  }
  return encodePng(size, size, rgba)
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.byteLength)
  const view = new DataView(out.buffer)
  view.setUint32(0, data.byteLength)
  out.set(new TextEncoder().encode(type), 4)
  out.set(data, 8)
  view.setUint32(8 + data.byteLength, Bun.hash.crc32(out.subarray(4, 8 + data.byteLength)))
  return out
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0))
  let offset = 0
  for (const part of parts) {
    out.set(part, offset)
    offset += part.byteLength
  }
  return out
}
