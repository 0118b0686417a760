import type { TSchema } from '@sinclair/typebox'

/**
 * One entry per public endpoint. The same entry feeds the route's schemas and OpenAPI detail
 * (catalogue/route-options.ts), the self-describing index at GET /api/v1/, the MCP tool descriptions and the
 * docs site, so none of them can drift from the others.
 */
export interface ParamDoc {
  name: string
  in: 'path' | 'query'
  required: boolean
  description: string
  /** TypeBox schema with bounds, default and examples; its `error` option words the 400 answer. */
  schema: TSchema
}

/** One error answer of an endpoint, built by name from the registry (http/error-catalogue.ts: errorDoc). */
export interface ErrorDoc {
  status: number
  code: string
  /** The `error` text of the answer. */
  error: string
  when: string
}

export interface EndpointDoc {
  /** OpenAPI operationId, also the docs page slug. */
  operationId: string
  method: 'GET' | 'POST'
  /** Relative to /api/v1, OpenAPI style: `/tokens/{asset}`. */
  path: string
  tag: string
  /** One line: what it is for. */
  summary: string
  description: string
  params: ParamDoc[]
  body?: { description: string; schema: TSchema; example: unknown }
  /** Server-side and CDN lifetime (s-maxage); null for writes. */
  cacheSeconds: number | null
  /** When the lifetime depends on the request (per timeframe, per tier). */
  cacheNote?: string
  /** Example requests relative to /api/v1, query included. */
  examples: string[]
  errors: ErrorDoc[]
  /** What the figures cover, for aggregate endpoints. */
  coverage?: string
  /** Success response schema (OpenAPI, and checked once when a cached answer is built). */
  response: TSchema
  /** Success status (201 for writes). */
  successStatus?: number
  /** Media types of the success answer when it is not JSON (the logo's images). */
  successMediaTypes?: string[]
  /** Further non-error answers (the logo's redirect tier, a replayed comment). */
  otherAnswers?: Array<{ status: number; description: string; headers?: Record<string, string> }>
  responseExample?: unknown
}
