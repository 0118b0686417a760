import {
  createMcpHandler,
  isLegacyRequest,
  WebStandardStreamableHTTPServerTransport,
  type McpRequestContext,
} from '@modelcontextprotocol/server'
import { Elysia } from 'elysia'
import { MCP_PATH } from '../paths'
import type { OriginPolicy } from '../http/base-url'
import type { Logger } from '../observability/logger'
import type { Services } from '../services'
import type { Upstreams } from '../upstream'
import { jsonRpcError, readMcpBody, type McpBody } from './request-body'
import { createMcpServer } from './server'

const INVALID_HOST = { kind: 'rejected', status: 400, code: -32000, message: 'Bad Request: invalid Host header' } as const

export interface McpDeps {
  services: Services
  upstreams: Upstreams
  logger: Logger
  publicBaseUrl: string | null
  origin: OriginPolicy
}

/**
 * The MCP endpoint: Streamable HTTP, stateless (a fresh server per request, see server.ts), POST only; GET
 * and DELETE get the API's 405 since there are no sessions or server-initiated streams.
 *
 * Responses follow what the client asks for. Both protocol eras are served by the SDK's handler, which answers
 * 2026 clients with JSON unless a call needs streaming, and 2025 clients that accept `text/event-stream` with
 * SSE. A 2025 client that accepts only JSON (or sends no Accept, as curl does) gets a plain JSON answer here
 * instead of the SDK's 406: a keyless public endpoint should be easy to try.
 */
export function mcpRoutes(deps: McpDeps) {
  const factory = (ctx: McpRequestContext) =>
    createMcpServer(
      {
        services: deps.services,
        upstreams: deps.upstreams,
        origin: ctx.requestInfo ? deps.origin.of(ctx.requestInfo) : (deps.publicBaseUrl ?? ''),
      },
      deps.logger,
    )
  const handler = createMcpHandler(factory, {
    onerror: (error) => deps.logger.warn({ err: error.message }, 'MCP request rejected'),
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
      const accept = (request.headers.get('accept') ?? '').toLowerCase()
      const wantsSse = accept.includes('text/event-stream')
      const forwarded = wantsSse && accept.includes('application/json') ? request : acceptingBoth(request)
      if (!wantsSse && (await isLegacyRequest(forwarded, parsed.value))) return legacyJson(forwarded, parsed.value)
      return handler.fetch(forwarded, { parsedBody: parsed.value })
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
