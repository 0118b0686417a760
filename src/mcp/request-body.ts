import { isJsonContentType, readRequestBody } from '@modelcontextprotocol/server'

/**
 * The body of an MCP POST, read once by the route's own parser and handed to the transport already parsed:
 * nothing else may read the stream after Elysia, or the transport would see an empty body. A body that is
 * not JSON is answered here as a JSON-RPC error with the status the SDK's transports use, because an MCP
 * client reads those envelopes (an `{error, hint}` body would look like a broken connection to it).
 */

/** MCP requests are small JSON-RPC messages; tool arguments are a few short strings. */
export const MCP_MAX_BODY_BYTES = 64 * 1024

export type McpBody =
  | { kind: 'json'; value: unknown }
  | { kind: 'rejected'; status: number; code: number; message: string }

export async function readMcpBody(request: Request): Promise<McpBody> {
  if (!isJsonContentType(request.headers.get('content-type'))) {
    return { kind: 'rejected', status: 415, code: -32000, message: 'Unsupported Media Type: Content-Type must be application/json' }
  }
  const read = await readRequestBody(request, MCP_MAX_BODY_BYTES)
  if (read.tooLarge) {
    return { kind: 'rejected', status: 413, code: -32000, message: `Payload Too Large: at most ${MCP_MAX_BODY_BYTES} bytes` }
  }
  try {
    return { kind: 'json', value: JSON.parse(read.text) }
  } catch {
    return { kind: 'rejected', status: 400, code: -32700, message: 'Parse error: Invalid JSON' }
  }
}

export function jsonRpcError(rejected: Extract<McpBody, { kind: 'rejected' }>): Response {
  return new Response(JSON.stringify({ jsonrpc: '2.0', error: { code: rejected.code, message: rejected.message }, id: null }), {
    status: rejected.status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  })
}
