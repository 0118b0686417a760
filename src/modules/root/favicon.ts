import { discPng } from '../logos/png-encoder'

/** Cardano blue. */
const COLOUR = [0x00, 0x33, 0xad] as const

/**
 * The service's /favicon.ico: an ICO file holding one 32×32 PNG (the PNG-in-ICO form every current browser
 * reads), built once from code rather than kept as a binary file.
 */
export function faviconIco(): Uint8Array<ArrayBuffer> {
  const png = discPng(32, COLOUR)
  const header = new DataView(new ArrayBuffer(22))
  header.setUint16(2, 1, true) // type: icon
  header.setUint16(4, 1, true) // one image
  header.setUint8(6, 32) // width
  header.setUint8(7, 32) // height
  header.setUint16(10, 1, true) // colour planes
  header.setUint16(12, 32, true) // bits per pixel
  header.setUint32(14, png.byteLength, true)
  header.setUint32(18, 22, true) // the PNG follows the directory
  const out = new Uint8Array(22 + png.byteLength)
  out.set(new Uint8Array(header.buffer), 0)
  out.set(png, 22)
  return out
}
