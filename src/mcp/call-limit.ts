import { apiError } from '../http/error-catalogue'
import type { WindowCounter, WindowRule } from '../limits/window-counter'
import { jsonRpcResponse } from './json-rpc'

/**
 * Tool calls per client per minute (MCP_CALLS_PER_CLIENT_PER_MINUTE; 0 = no limit), counted in the clock's UTC
 * minute (limits/window-counter.ts: in Redis when instances share one). A client is its address, an IPv6 one by
 * its /64 (http/client-key.ts), as for every per-client limit. Only tools/call counts: initialize and tools/list
 * cost nothing worth limiting.
 */
export const mcpCallRule = (limit: number): WindowRule => ({ name: 'mcp-calls', limit, windowMs: 60_000 })

/**
 * Counts one call of `client`; null when it may go on, else the refusal: HTTP 429 with Retry-After and a JSON-RPC
 * error (code -32000) whose data is the API's `{code, error, hint}` with `retryAfter` in seconds.
 */
export async function refuseOverLimit(windows: WindowCounter, rule: WindowRule, client: string, id: unknown): Promise<Response | null> {
  const verdict = await windows.take(rule, client)
  if (verdict.allowed) return null
  const retryAfter = Math.max(1, Math.ceil(verdict.retryAfterMs / 1000))
  const refusal = apiError('too_many_mcp_calls', { max: verdict.limit, retryAfterSeconds: retryAfter })
  return jsonRpcResponse(
    { jsonrpc: '2.0', id: id ?? null, error: { code: -32000, message: refusal.error, data: { ...refusal.toBody(), retryAfter } } },
    429,
    refusal.headers,
  )
}
