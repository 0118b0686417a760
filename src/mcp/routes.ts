import {
  createMcpHandler,
  isLegacyRequest,
  WebStandardStreamableHTTPServerTransport,
  type McpRequestContext,
} from '@modelcontextprotocol/server'
import { Elysia } from 'elysia'
import { API_PREFIX, MCP_PATH } from '../paths'
import type { OriginPolicy } from '../http/base-url'
import { internalRequest } from '../http/observe'
import type { ResponseCache } from '../http/response-cache'
import type { WindowCounter } from '../limits/window-counter'
import type { Logger } from '../observability/logger'
import { mcpCallRule, refuseOverLimit } from './call-limit'
import { answerDirectly, directCall } from './direct-call'
import { requestIdOf } from './json-rpc'
import { restAnswerOf } from './rest-answer'
import { jsonRpcError, readMcpBody, type McpBody } from './request-body'
import { createMcpServer } from './server'
import type { ToolContext } from './tool'
import { mcpToolDefinitions } from './tools'

const INVALID_HOST = { kind: 'rejected', status: 400, code: -32000, message: 'Bad Request: invalid Host header' } as const

export interface McpDeps {
  logger: Logger
  origin: OriginPolicy
  /** Per-client counters (MCP_CALLS_PER_CLIENT_PER_MINUTE). */
  windows: WindowCounter
  callsPerClientPerMinute: number
  /** Whom a per-client limit counts a request against (an IPv6 client by its /64). */
  limitKey(request: Request): string
  /** The cached answers: a tool's repeated read of its REST twin is their front cache's bytes. */
  responses: ResponseCache
  /** The app answering a request made from inside it (a tool reading its REST twin the first time, or a refusal). */
  internal(request: Request): Promise<Response>
}

const TOOLS = new Map(mcpToolDefinitions.map((tool) => [tool.name, tool]))

/**
 * The MCP endpoint: Streamable HTTP, stateless (a fresh server per request, see server.ts), POST only; GET
 * and DELETE get the API's 405 since there are no sessions or server-initiated streams.
 *
 * Responses follow what the client asks for. Both protocol eras are served by the SDK's handler, which answers
 * 2026 clients with JSON unless a call needs streaming, and 2025 clients that accept `text/event-stream` with
 * SSE. A 2025 client that accepts only JSON (or sends no Accept, as curl does) gets a plain JSON answer here
 * instead of the SDK's 406: a keyless public endpoint should be easy to try.
 *
 * Cheap refusals first: an unreadable body or a batch (request-body.ts), then a tool call over the client's limit
 * (call-limit.ts). A 2025-era tool call is then answered from its REST twin's cached bytes (direct-call.ts);
 * everything else goes through the SDK.
 */
export function mcpRoutes(deps: McpDeps) {
  const rule = mcpCallRule(deps.callsPerClientPerMinute)
  const contextAt = (origin: string): ToolContext => ({
    async rest(path) {
      const known = deps.responses.bytesFromFront(`${API_PREFIX}${path}`, origin)
      if (known !== undefined) return known
      const internal = internalRequest(`${origin}${API_PREFIX}${path}`, { host: new URL(origin).host })
      return restAnswerOf(await deps.internal(internal))
    },
  })
  const contextFor = (request: Request): ToolContext => contextAt(deps.origin.of(request))
  // No request to take the origin from: PUBLIC_BASE_URL, else localhost (what a bare request to it was given).
  const factory = (ctx: McpRequestContext) =>
    createMcpServer(ctx.requestInfo ? contextFor(ctx.requestInfo) : contextAt(deps.origin.fixed ?? 'http://localhost'), deps.logger)
  const handler = createMcpHandler(factory, {
    onerror: (error) => deps.logger.sampled('mcp rejected', 'warn', { err: error.message }, 'MCP request rejected'),
  })

  async function legacyJson(request: Request, body: unknown): Promise<Response> {
    const server = factory({ era: 'legacy', requestInfo: request })
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true })
    await server.connect(transport)
    try {
      // In JSON mode the answer is complete when handleRequest resolves, so closing after it loses nothing.
      return await transport.handleRequest(request, { parsedBody: body })
    } finally {
      void transport.close().catch(() => {})
      void server.close().catch(() => {})
    }
  }

  return new Elysia({ name: 'mcp' }).post(
    MCP_PATH,
    async ({ request, body }) => {
      const parsed = body as McpBody
      if (parsed.kind === 'rejected') return jsonRpcError(parsed)
      // With an invalid Host header Bun leaves request.url relative; the transport needs an absolute URL.
      if (!URL.canParse(request.url)) return jsonRpcError(INVALID_HOST)
      const message = parsed.value
      if (rule.limit > 0 && (message as { method?: unknown } | null)?.method === 'tools/call') {
        const refused = await refuseOverLimit(deps.windows, rule, deps.limitKey(request), requestIdOf(message))
        if (refused !== null) return refused
      }
      const accept = (request.headers.get('accept') ?? '').toLowerCase()
      const wantsSse = accept.includes('text/event-stream')
      const direct = directCall(request, message, TOOLS)
      if (direct !== null) return answerDirectly(direct, contextFor(request), wantsSse, deps.logger)
      const forwarded = wantsSse && accept.includes('application/json') ? request : acceptingBoth(request)
      if (!wantsSse && (await isLegacyRequest(forwarded, message))) return legacyJson(forwarded, message)
      return handler.fetch(forwarded, { parsedBody: message })
    },
    { parse: ({ request }) => readMcpBody(request), detail: { hide: true } },
  )
}

/** The same request announcing both media types the SDK insists on (the body was already read and parsed). */
function acceptingBoth(request: Request): Request {
  const headers = new Headers(request.headers)
  headers.set('accept', 'application/json, text/event-stream')
  headers.delete('content-length')
  return new Request(request.url, { method: request.method, headers, signal: request.signal })
}
