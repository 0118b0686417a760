/** JSON-RPC envelopes the MCP endpoint writes itself (the SDK writes the rest). */

export const JSON_RPC_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' }

export function jsonRpcResponse(message: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(message), { status, headers: { ...JSON_RPC_HEADERS, ...headers } })
}

/** A request id as JSON-RPC allows it and the MCP SDK reads it: a string or an integer. */
export const isRequestId = (id: unknown): id is string | number => typeof id === 'string' || Number.isSafeInteger(id)

/** The id of a single request message, for an error answering it (null when there is none to echo). */
export function requestIdOf(message: unknown): string | number | null {
  const id = typeof message === 'object' && message !== null ? (message as { id?: unknown }).id : undefined
  return isRequestId(id) ? id : null
}
