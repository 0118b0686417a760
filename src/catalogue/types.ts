import type { Static, TObject, TOptional, TSchema } from '@sinclair/typebox'

/**
 * One entry per public endpoint. The same entry feeds the route's schemas and OpenAPI detail
 * (catalogue/route-options.ts), the self-describing index at GET /api/v1/, the MCP tool descriptions and the
 * docs site, so none of them can drift from the others.
 */
export interface ParamDoc<S extends TSchema = TSchema> {
  name: string
  in: 'path' | 'query'
  required: boolean
  description: string
  /** TypeBox schema with bounds, default and examples; its `error` option words the 400 answer. */
  schema: S
}

/** One error answer of an endpoint, built by name from the registry (http/error-catalogue.ts: errorDoc). */
export interface ErrorDoc {
  status: number
  code: string
  /** The `error` text of the answer. */
  error: string
  when: string
}

export interface EndpointDoc<
  Ps extends readonly ParamDoc[] = readonly ParamDoc[],
  B extends TSchema = TSchema,
  R extends TSchema = TSchema,
> {
  /** OpenAPI operationId, also the docs page slug. */
  operationId: string
  method: 'GET' | 'POST'
  /** Relative to /api/v1, OpenAPI style: `/tokens/{asset}`. */
  path: string
  tag: string
  /** One line: what it is for. */
  summary: string
  description: string
  params: Ps
  body?: { description: string; schema: B; example: unknown }
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
  response: R
  /** Success status (201 for writes). */
  successStatus?: number
  /** Media types of the success answer when it is not JSON (the logo's images). */
  successMediaTypes?: string[]
  /** Further non-error answers (the logo's redirect tier, a replayed comment). */
  otherAnswers?: Array<{ status: number; description: string; headers?: Record<string, string> }>
  responseExample?: unknown
}

/**
 * A catalogue entry with its parameter names, places and schemas kept as types, so `Static<>` of the route's
 * params, query and body (routeOptions) and of the MCP tool's arguments (inputFromParams) reaches the handlers.
 */
export const endpoint = <const Ps extends readonly ParamDoc[], R extends TSchema, B extends TSchema = never>(
  doc: EndpointDoc<Ps, B, R>,
): EndpointDoc<Ps, B, R> => doc

/** One parameter, its name and place kept as literal types (for lists shared by several entries). */
export const param = <const P extends ParamDoc>(p: P): P => p

/** The TypeBox properties of the parameters `In` of a list: required ones as they are, the others optional. */
export type ParamProperties<Ps extends readonly ParamDoc[], In extends ParamDoc['in']> = {
  [P in Extract<Ps[number], { in: In }> as P['name']]: P['required'] extends true ? P['schema'] : TOptional<P['schema']>
}

/** The object schema of those parameters, or undefined when there are none (as routeOptions builds it). */
export type ParamsObject<Ps extends readonly ParamDoc[], In extends ParamDoc['in']> =
  keyof ParamProperties<Ps, In> extends never ? undefined : TObject<ParamProperties<Ps, In>>

/** The values of a parameter list once validated: what a route handler or an MCP tool call receives. */
export type ParamValues<Ps extends readonly ParamDoc[]> = Static<TObject<ParamProperties<Ps, ParamDoc['in']>>>
