import { isJsonContentType, readRequestBody } from '@modelcontextprotocol/server'
import { jsonRpcResponse } from './json-rpc'

/**
 * The body of an MCP POST, read once by the route's own parser and handed to the transport already parsed:
 * nothing else may read the stream after Elysia, or the transport would see an empty body. A body that is
 * not JSON is answered here as a JSON-RPC error with the status the SDK's transports use, because an MCP
 * client reads those envelopes (an `{error, hint}` body would look like a broken connection to it).
 *
 * A JSON-RPC batch (an array) is refused here too: one 10 KB batch of 100 calls asked for 9.4 MB of answers and a
 * second of CPU, outside any per-call limit, and the MCP revision of 2025-06-18 removed batching.
 */

/** MCP requests are small JSON-RPC messages; tool arguments are a few short strings. */
export const MCP_MAX_BODY_BYTES = 64 * 1024

const BATCH_REFUSED =
  'Invalid Request: JSON-RPC batches are not accepted (the MCP revision of 2025-06-18 removed batching); send one message per POST'

export type McpBody =
  | { kind: 'json'; value: unknown }
  | { kind: 'rejected'; status: number; code: number; message: string }

export async function readMcpBody(request: Request): Promise<McpBody> {
  if (!isJsonContentType(request.headers.get('content-type'))) {
    return { kind: 'rejected', status: 415, code: -32000, message: 'Unsupported Media Type: Content-Type must be application/json' }
  }
  const text = await bodyText(request)
  if (text === null) {
    return { kind: 'rejected', status: 413, code: -32000, message: `Payload Too Large: at most ${MCP_MAX_BODY_BYTES} bytes` }
  }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return { kind: 'rejected', status: 400, code: -32700, message: 'Parse error: Invalid JSON' }
  }
  if (Array.isArray(value)) return { kind: 'rejected', status: 400, code: -32600, message: BATCH_REFUSED }
  return { kind: 'json', value }
}

/**
 * The body as text, at most MCP_MAX_BODY_BYTES (null past it). With a Content-Length within the bound the body is
 * read at once (the server holds it to that length); without one, chunk by chunk, stopping past the bound.
 */
async function bodyText(request: Request): Promise<string | null> {
  const declared = request.headers.get('content-length')
  if (declared === null) {
    const read = await readRequestBody(request, MCP_MAX_BODY_BYTES)
    return read.tooLarge ? null : read.text
  }
  return Number(declared) > MCP_MAX_BODY_BYTES ? null : request.text()
}

export function jsonRpcError(rejected: Extract<McpBody, { kind: 'rejected' }>): Response {
  return jsonRpcResponse({ jsonrpc: '2.0', error: { code: rejected.code, message: rejected.message }, id: null }, rejected.status)
}
