import { declaresJson, readBodyWithin } from '../http/request-body'
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
  if (!declaresJson(request)) {
    return { kind: 'rejected', status: 415, code: -32000, message: 'Unsupported Media Type: Content-Type must be application/json' }
  }
  const bytes = await readBodyWithin(request, MCP_MAX_BODY_BYTES)
  if (bytes === null) {
    return { kind: 'rejected', status: 413, code: -32000, message: `Payload Too Large: at most ${MCP_MAX_BODY_BYTES} bytes` }
  }
  let value: unknown
  try {
    value = JSON.parse(new TextDecoder().decode(bytes))
  } catch {
    return { kind: 'rejected', status: 400, code: -32700, message: 'Parse error: Invalid JSON' }
  }
  if (Array.isArray(value)) return { kind: 'rejected', status: 400, code: -32600, message: BATCH_REFUSED }
  return { kind: 'json', value }
}

export function jsonRpcError(rejected: Extract<McpBody, { kind: 'rejected' }>): Response {
  return jsonRpcResponse({ jsonrpc: '2.0', error: { code: rejected.code, message: rejected.message }, id: null }, rejected.status)
}
