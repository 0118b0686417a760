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
  // A refusal has no structured content, for the reason answerBeforeId gives.
  if (answer.status !== 200) return { isError: true, content: [{ type: 'text', text }] }
  return {
    content: [{ type: 'text', text }],
    structuredContent: JSON.parse(text) as Record<string, unknown>,
    ...(answer.stale ? { _meta: { stale: true } } : {}),
  }
}

const encoder = new TextEncoder()

/**
 * The direct path's answer (direct-call.ts) up to its id, as bytes: `{"jsonrpc":"2.0","result":{"content":[{"type":
 * "text","text":"…"}],"structuredContent":{…}},"id":` (preceded by `event: message\ndata: ` for SSE). JSON-RPC puts
 * no order on members, so the id comes last and everything before it is made once per distinct answer (by ETag) and
 * kept: a repeated call sends these bytes as they are, followed by its id. No structured content on a refusal: it
 * would have to match the tool's output schema, and clients that validate it would throw instead of showing the hint.
 */
export function answerBeforeId(answer: RestAnswer, sse: boolean): Uint8Array {
  const key = answer.etag === null ? null : `${answer.etag}|${answer.stale ? 's' : ''}|${sse ? 'sse' : 'json'}`
  const known = key === null ? undefined : made.get(key)
  if (known !== undefined) return known
  const text = JSON.stringify(new TextDecoder().decode(answer.body))
  const open = `${sse ? 'event: message\ndata: ' : ''}{"jsonrpc":"2.0","result":{"content":[{"type":"text","text":${text}}]`
  const parts: Uint8Array[] =
    answer.status !== 200
      ? [encoder.encode(`${open},"isError":true},"id":`)]
      : [encoder.encode(`${open},"structuredContent":`), answer.body, encoder.encode(`${answer.stale ? ',"_meta":{"stale":true}' : ''}},"id":`)]
  const bytes = Buffer.concat(parts)
  if (key !== null) keep(key, bytes)
  return bytes
}

/** Answers kept: the ones asked for again and again are few (the screener, a few details), within a byte bound. */
const MAX_MADE = 64
const MAX_MADE_BYTES = 32 * 1024 * 1024
const made = new Map<string, Uint8Array>()
let madeBytes = 0

function keep(key: string, bytes: Uint8Array): void {
  if (made.size >= MAX_MADE || madeBytes + bytes.byteLength > MAX_MADE_BYTES) {
    made.clear()
    madeBytes = 0
  }
  made.set(key, bytes)
  madeBytes += bytes.byteLength
}
