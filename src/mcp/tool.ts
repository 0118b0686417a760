import { Type, type Static, type TObject, type TSchema } from '@sinclair/typebox'
import type { EndpointDoc, ParamDoc, ParamProperties } from '../catalogue/types'
import { classifyError } from '../http/classify-error'
import type { Logger } from '../observability/logger'
import { parseToolArguments } from './arguments'
import type { RestAnswer } from './rest-answer'

/** What a tool call may use: its REST twin, asked for this call's client and origin. */
export interface ToolContext {
  /**
   * The REST answer to a path under /api/v1 (query included), asked from inside the service for this call's
   * client and origin: a tool is answered from its REST twin's cached answer.
   */
  rest(path: string): Promise<RestAnswer>
}

/**
 * One MCP tool: a name, a one-line description, its input as a TypeBox object (built from the REST route's
 * own parameter schemas, so both validate alike), the REST response schema as its output, and `rest`: the path of
 * its REST twin for these arguments (restTool builds it from the endpoint's catalogue entry). The call is answered
 * from that endpoint's cached answer: same cache key and lifetime, same upstream cost, the same bytes, and its
 * errors worded as REST words them.
 */
export interface McpTool<I extends TObject = TObject, O extends TSchema = TSchema> {
  name: string
  description: string
  input: I
  output: O
  rest(args: Static<I>): string
}

const encoder = new TextEncoder()

/**
 * The call's answer, for the SDK path (server.ts) and the direct one (direct-call.ts) alike: arguments checked with
 * the REST wording, then the twin's answer; a failure is the REST error body, as a refusal's answer.
 */
export async function answerTool(tool: McpTool, context: ToolContext, rawArgs: unknown, logger: Logger): Promise<RestAnswer> {
  try {
    return await context.rest(tool.rest(parseToolArguments(tool.input, rawArgs)))
  } catch (error) {
    const refusal = classifyError(error)
    if (refusal.status === 500) logger.error({ tool: tool.name, err: error instanceof Error ? error.stack : String(error) }, 'MCP tool failed')
    return { status: refusal.status, body: encoder.encode(JSON.stringify(refusal.toBody())), stale: false, etag: null }
  }
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
  return {
    name: tool.name,
    description: tool.description,
    input: inputFromParams(endpoint.params),
    output: endpoint.response,
    rest: (args) => restPath(endpoint, toRest(args)),
  }
}

/**
 * The endpoint's path for these arguments: path parameters filled in (URL-encoded), the other arguments as the
 * query, leaving out those equal to their default (REST then answers from the same entry as a request without them).
 */
function restPath(endpoint: Pick<EndpointDoc, 'path' | 'params'>, args: Record<string, unknown>): string {
  let path = endpoint.path
  const query = new URLSearchParams()
  for (const p of endpoint.params) {
    const value = args[p.name]
    if (value === undefined || value === null) continue
    // A blank path segment would route elsewhere (`/tokens/` is the screener): the route refuses `%20` as REST does.
    if (p.in === 'path') path = path.replace(`{${p.name}}`, encodeURIComponent(String(value)) || '%20')
    else if (value !== p.schema.default) query.set(p.name, String(value))
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
        const schema = { ...p.schema, description: p.schema.description ?? p.description }
        return [p.name, p.required ? schema : Type.Optional(schema)]
      }),
    ),
  ) as TObject<ParamProperties<Ps, ParamDoc['in']>>
}
