import { PROTOCOL_VERSION_META_KEY, SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/server'
import type { Logger } from '../observability/logger'
import { isRequestId, JSON_RPC_HEADERS } from './json-rpc'
import { answerBeforeId } from './rest-answer'
import { answerTool, type McpTool, type ToolContext } from './tool'

/**
 * A tools/call answered without the SDK: a single 2025-era request (what MCP clients speak by default) for a known
 * tool. The SDK would build a server and a transport for the request and serialise the whole answer
 * again (the screener is ~45 KB twice over: structured content and its text); here the answer's cached bytes are
 * copied into the JSON-RPC envelope, so a repeated call costs about what the REST hit costs. Everything else
 * (initialize, tools/list, the 2026 era, an unknown tool, anything unusual) goes to the SDK, whose answers
 * for these calls are the same (server.ts reads the same twin).
 */
export interface DirectCall {
  id: string | number
  tool: McpTool
  arguments: unknown
}

/** The call, when this message can be answered directly; null to leave it to the SDK. */
export function directCall(request: Request, message: unknown, tools: ReadonlyMap<string, McpTool>): DirectCall | null {
  if (typeof message !== 'object' || message === null) return null
  const { jsonrpc, id, method, params } = message as Record<string, unknown>
  if (jsonrpc !== '2.0' || method !== 'tools/call' || !isRequestId(id)) return null
  if (typeof params !== 'object' || params === null || Array.isArray(params)) return null
  const { name, arguments: args, _meta: meta } = params as Record<string, unknown>
  const tool = typeof name === 'string' ? tools.get(name) : undefined
  if (tool === undefined) return null
  // The 2025 era, as the SDK classifies it: no 2026 envelope claim in `_meta`, and no MCP-Protocol-Version header
  // naming a revision other than a 2025-era one (a 2026 one, or one the transport refuses: the SDK answers those).
  if (typeof meta === 'object' && meta !== null && PROTOCOL_VERSION_META_KEY in meta) return null
  const version = request.headers.get('mcp-protocol-version')
  if (version !== null && !SUPPORTED_PROTOCOL_VERSIONS.includes(version.trim())) return null
  return { id, tool, arguments: args }
}

const encoder = new TextEncoder()
const SSE_HEADERS = { 'content-type': 'text/event-stream', 'cache-control': 'no-cache, no-transform', 'x-accel-buffering': 'no' }

/**
 * The JSON-RPC answer to the call: JSON, or one `event: message` of SSE when the client accepts it (as the SDK's
 * transport answers such a client). The answer is answerTool's, as on the SDK path.
 */
export async function answerDirectly(call: DirectCall, context: ToolContext, sse: boolean, logger: Logger): Promise<Response> {
  const answer = await answerTool(call.tool, context, call.arguments, logger)
  const before = answerBeforeId(answer, sse)
  const after = encoder.encode(`${JSON.stringify(call.id)}}${sse ? '\n\n' : ''}`)
  // Two chunks: the answer's kept bytes are written as they are, not copied into a new body per call.
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(before)
      controller.enqueue(after)
      controller.close()
    },
  })
  return new Response(body, { headers: { ...(sse ? SSE_HEADERS : JSON_RPC_HEADERS), 'content-length': String(before.byteLength + after.byteLength) } })
}
