/**
 * The token-registry logo (CIP-26), which the chain API sends as base64. It is served as `image/png` only when
 * the bytes really are a PNG: the registry accepts any string, and a browser must never be handed something
 * else under an image type.
 */

/** Every PNG file starts with these 8 bytes. */
export const PNG_SIGNATURE = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)

/** Larger registry logos are not served (nor cached): real ones are a few tens of KB. */
export const MAX_LOGO_BYTES = 512 * 1024

/** The decoded PNG, or null when the text is not base64 of a PNG (or is larger than MAX_LOGO_BYTES). */
export function registryPng(base64: string): Uint8Array | null {
  const clean = base64.replace(/^data:image\/png;base64,/i, '').replace(/\s+/g, '')
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(clean) || clean.length % 4 === 1) return null
  if ((clean.length * 3) / 4 > MAX_LOGO_BYTES + 2) return null
  const bytes = new Uint8Array(Buffer.from(clean, 'base64'))
  if (bytes.byteLength > MAX_LOGO_BYTES || !isPng(bytes)) return null
  return bytes
}

export function isPng(bytes: Uint8Array): boolean {
  return bytes.byteLength > PNG_SIGNATURE.byteLength && PNG_SIGNATURE.every((b, i) => bytes[i] === b)
}
