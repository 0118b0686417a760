import { Type, type Static, type TObject, type TSchema } from '@sinclair/typebox'
import type { EndpointDoc, ParamDoc, ParamProperties } from '../catalogue/types'
import type { Services } from '../services'
import type { Fetched } from '../upstream/fetched'
import type { Upstreams } from '../upstream'
import type { RestAnswer } from './rest-answer'

/** What a tool call may use: the same services (and caches) the REST routes use, and the caller's public origin. */
export interface ToolContext {
  services: Services
  upstreams: Upstreams
  /** For answers that embed absolute URLs, as REST builds them from the origin policy (http/base-url.ts). */
  origin: string
  /**
   * The REST answer to a path under /api/v1 (query included), asked from inside the service for this call's
   * client and origin: a tool with a REST twin is answered from that endpoint's cached answer.
   */
  rest(path: string): Promise<RestAnswer>
}

/**
 * One MCP tool: a name, a one-line description, its input as a TypeBox object (built from the REST route's
 * own parameter schemas, so both validate alike), the REST response schema as its output, and either
 * - `rest`: the path of its REST twin for these arguments (restTool builds it from the endpoint's catalogue entry).
 *   The call is answered from that endpoint's cached answer: same cache key and lifetime, same upstream cost, the
 *   same bytes, and its errors worded as REST words them; or
 * - `call`: for a tool with no REST twin, a call to the shared service that returns exactly the body.
 */
export interface McpTool<I extends TObject = TObject, O extends TSchema = TSchema> {
  name: string
  description: string
  input: I
  output: O
  rest?(args: Static<I>): string
  call?(context: ToolContext, args: Static<I>): Promise<Fetched<Static<O>>>
}

export const defineTool = <I extends TObject, O extends TSchema>(tool: McpTool<I, O>): McpTool<I, O> => {
  if (tool.rest === undefined && tool.call === undefined) throw new Error(`MCP tool ${tool.name} needs rest or call`)
  return tool
}

/**
 * A tool that is its endpoint's REST twin: arguments are the endpoint's parameters, the output its response, and a
 * call is answered by that endpoint (`toRest` adjusts arguments before they go into the path, when text a tool
 * argument carries is written otherwise in a URL).
 */
export function restTool<Ps extends readonly ParamDoc[], R extends TSchema>(tool: {
  name: string
  description: string
  endpoint: EndpointDoc<Ps, TSchema, R>
  toRest?: (args: Static<TObject<ParamProperties<Ps, ParamDoc['in']>>>) => Record<string, unknown>
}): McpTool<TObject<ParamProperties<Ps, ParamDoc['in']>>, R> {
  const { endpoint, toRest = (args) => args } = tool
  return defineTool({
    name: tool.name,
    description: tool.description,
    input: inputFromParams(endpoint.params),
    output: endpoint.response,
    rest: (args) => restPath(endpoint, toRest(args)),
  })
}

/**
 * The endpoint's path for these arguments: path parameters filled in (URL-encoded), the other arguments as the
 * query, leaving out those equal to their default (REST then answers from the same entry as a request without them).
 */
export function restPath(endpoint: Pick<EndpointDoc, 'path' | 'params'>, args: Record<string, unknown>): string {
  let path = endpoint.path
  const query = new URLSearchParams()
  for (const p of endpoint.params) {
    const value = args[p.name]
    if (value === undefined || value === null) continue
    // A blank path segment would route elsewhere (`/tokens/` is the screener): the route refuses `%20` as REST does.
    if (p.in === 'path') path = path.replace(`{${p.name}}`, encodeURIComponent(String(value)) || '%20')
    else if (value !== (p.schema as { default?: unknown }).default) query.set(p.name, String(value))
  }
  const search = query.toString()
  return search === '' ? path : `${path}?${search}`
}

/**
 * A tool input from an endpoint's parameters (path and query alike: a tool has one flat argument object).
 * Each argument carries the parameter's description unless its schema has one.
 */
export function inputFromParams<Ps extends readonly ParamDoc[]>(params: Ps): TObject<ParamProperties<Ps, ParamDoc['in']>> {
  return Type.Object(
    Object.fromEntries(
      params.map((p) => {
        const schema = { ...p.schema, description: (p.schema as { description?: string }).description ?? p.description }
        return [p.name, p.required ? schema : Type.Optional(schema)]
      }),
    ),
  ) as TObject<ParamProperties<Ps, ParamDoc['in']>>
}
