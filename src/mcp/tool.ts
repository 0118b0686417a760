import { Type, type Static, type TObject, type TSchema } from '@sinclair/typebox'
import type { ParamDoc, ParamProperties } from '../catalogue/types'
import type { Services } from '../services'
import type { Fetched } from '../upstream/fetched'
import type { Upstreams } from '../upstream'

/** What a tool call may use: the same services (and caches) the REST routes use, and the caller's public origin. */
export interface ToolContext {
  services: Services
  upstreams: Upstreams
  /** For answers that embed absolute URLs, as REST builds them from the origin policy (http/base-url.ts). */
  origin: string
}

/**
 * One MCP tool: a name, a one-line description, its input as a TypeBox object (built from the REST route's
 * own parameter schemas, so both validate alike), the REST response schema as its output, and a call to the
 * shared service that returns exactly the REST body.
 */
export interface McpTool<I extends TObject = TObject, O extends TSchema = TSchema> {
  name: string
  description: string
  input: I
  output: O
  call(context: ToolContext, args: Static<I>): Promise<Fetched<Static<O>>>
}

export const defineTool = <I extends TObject, O extends TSchema>(tool: McpTool<I, O>): McpTool<I, O> => tool

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
