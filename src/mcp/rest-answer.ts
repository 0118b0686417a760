import type { CallToolResult } from '@modelcontextprotocol/server'

/**
 * A tool call answered by its REST twin (tool.ts `rest`): the endpoint's own answer, read from inside the service,
 * so a repeated call is a cache hit of the REST answer (same entry, same lifetime, same upstream cost) and its
 * errors are the REST error bodies. The result is written from the answer's bytes: the JSON body is the structured
 * content as it is, and its text content is the body as one JSON string, escaped once per distinct answer.
 */
export interface RestAnswer {
  status: number
  /** The body as REST sends it uncompressed: the JSON answer, or the `{code, error, hint}` of a refusal. */
  body: Uint8Array
  /** Built from stale upstream copies, or served past its lifetime while it is rebuilt (X-Cache: STALE). */
  stale: boolean
  /** The answer's strong ETag (equal bytes, equal tag); null for a refusal. */
  etag: string | null
}

/** A REST answer the route gave (the front cache answers repeated reads as bytes, without a Response). */
export async function restAnswerOf(response: Response): Promise<RestAnswer> {
  return {
    status: response.status,
    body: new Uint8Array(await response.arrayBuffer()),
    stale: response.headers.get('x-cache') === 'STALE',
    etag: response.status === 200 ? response.headers.get('etag') : null,
  }
}

/** The tool result as the SDK takes it (the path the SDK serialises: the 2026 era, and calls the direct path leaves). */
export function toolResult(answer: RestAnswer): CallToolResult {
  const text = new TextDecoder().decode(answer.body)
  if (answer.status !== 200) return { isError: true, content: [{ type: 'text', text }] }
  return {
    content: [{ type: 'text', text }],
    structuredContent: JSON.parse(text) as Record<string, unknown>,
    ...(answer.stale ? { _meta: { stale: true } } : {}),
  }
}

const encoder = new TextEncoder()
const TEXT_OPEN = encoder.encode('{"content":[{"type":"text","text":')
const STRUCTURED = encoder.encode('}],"structuredContent":')
const STALE_CLOSE = encoder.encode(',"_meta":{"stale":true}}')
const CLOSE = encoder.encode('}')
const ERROR_CLOSE = encoder.encode('}],"isError":true}')

/**
 * The same result as JSON bytes, for the direct path (routes.ts): `{"content":[{"type":"text","text":"…"}],
 * "structuredContent":{…}}`, the body copied in as it is. No structured content on a refusal: it would have to
 * match the tool's output schema, and clients that validate it would throw instead of showing the hint.
 */
export function toolResultBytes(answer: RestAnswer): Uint8Array[] {
  const text = escapedText(answer)
  if (answer.status !== 200) return [TEXT_OPEN, text, ERROR_CLOSE]
  return [TEXT_OPEN, text, STRUCTURED, answer.body, answer.stale ? STALE_CLOSE : CLOSE]
}

/** Escaped bodies kept by ETag: the answers asked for again and again are few (the screener, a few details). */
const MAX_ESCAPED = 64
const MAX_ESCAPED_BYTES = 16 * 1024 * 1024
const escaped = new Map<string, Uint8Array>()
let escapedBytes = 0

/** The body as one JSON string literal (the text content), escaped once per distinct answer. */
function escapedText(answer: RestAnswer): Uint8Array {
  const known = answer.etag === null ? undefined : escaped.get(answer.etag)
  if (known !== undefined) return known
  const bytes = encoder.encode(JSON.stringify(new TextDecoder().decode(answer.body)))
  if (answer.etag !== null) {
    if (escaped.size >= MAX_ESCAPED || escapedBytes + bytes.byteLength > MAX_ESCAPED_BYTES) {
      escaped.clear()
      escapedBytes = 0
    }
    escaped.set(answer.etag, bytes)
    escapedBytes += bytes.byteLength
  }
  return bytes
}
