import { apiError } from '../../http/error-catalogue'

/** Community POST bodies are at most this many bytes (8 KB). */
export const MAX_BODY_BYTES = 8192

export const bodyTooLarge = () => apiError('body_too_large', { maxBytes: MAX_BODY_BYTES })

/**
 * 415 unless the request says its body is JSON (`application/json`, parameters such as charset allowed): a write
 * is read as JSON only when it was sent as JSON, never guessed from another type.
 */
export function requireJsonBody(request: Request): void {
  const declared = request.headers.get('content-type')
  const mediaType = declared?.split(';', 1)[0].trim().toLowerCase()
  if (mediaType !== 'application/json') throw apiError('unsupported_media_type', { received: declared })
}

/**
 * The request body as bytes, refusing more than `maxBytes`. Measured on the bytes actually received, so a
 * chunked body with no Content-Length is held to the same limit; reading stops at the first chunk past the
 * limit (the rest is never pulled), and a declared Content-Length over it is refused before reading at all.
 */
export async function readBodyWithin(request: Request, maxBytes = MAX_BODY_BYTES): Promise<Uint8Array> {
  const declared = request.headers.get('content-length')
  if (declared !== null && /^\d+$/.test(declared) && Number(declared) > maxBytes) throw bodyTooLarge()
  if (request.body === null) return new Uint8Array(0)
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let received = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    received += value.byteLength
    if (received > maxBytes) {
      await reader.cancel().catch(() => undefined)
      throw bodyTooLarge()
    }
    chunks.push(value)
  }
  return chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, received)
}
