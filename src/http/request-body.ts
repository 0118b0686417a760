/**
 * Reading a request body held to a bound, for the routes that read their own (community writes, MCP): the media
 * type is checked before a byte is read, and the bytes are counted as they arrive.
 */

/** Whether the request says its body is JSON (`application/json`, parameters such as charset allowed). */
export function declaresJson(request: Request): boolean {
  return request.headers.get('content-type')?.split(';', 1)[0].trim().toLowerCase() === 'application/json'
}

/**
 * The request body as bytes, or null past `maxBytes`. A declared Content-Length over it is refused before reading
 * at all; one within it is read at once (the server holds the body to its length). Without one, the bytes are
 * counted as they arrive and reading stops at the first chunk past the bound (the rest is never pulled).
 */
export async function readBodyWithin(request: Request, maxBytes: number): Promise<Uint8Array | null> {
  const declared = request.headers.get('content-length')
  if (declared !== null && /^\d+$/.test(declared)) return Number(declared) > maxBytes ? null : new Uint8Array(await request.arrayBuffer())
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
      return null
    }
    chunks.push(value)
  }
  return chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, received)
}
