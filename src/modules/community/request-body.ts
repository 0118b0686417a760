import { apiError } from '../../http/error-catalogue'
import { declaresJson, readBodyWithin } from '../../http/request-body'

/** Community POST bodies are at most this many bytes (8 KB). */
export const MAX_BODY_BYTES = 8192

export const bodyTooLarge = () => apiError('body_too_large', { maxBytes: MAX_BODY_BYTES })

/**
 * 415 unless the request says its body is JSON: a write is read as JSON only when it was sent as JSON, never
 * guessed from another type.
 */
export function requireJsonBody(request: Request): void {
  if (!declaresJson(request)) throw apiError('unsupported_media_type', { received: request.headers.get('content-type') })
}

/** The write's body as bytes; 413 past MAX_BODY_BYTES. */
export async function readWriteBody(request: Request): Promise<Uint8Array> {
  const body = await readBodyWithin(request, MAX_BODY_BYTES)
  if (body === null) throw bodyTooLarge()
  return body
}
