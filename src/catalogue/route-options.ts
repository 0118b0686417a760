import { t, type TSchema } from 'elysia'
import { apiError, fromBody } from '../http/error-catalogue'
import { schemaErrorBody } from '../http/errors'
import { toJsonSchema } from './json-schema'
import type { EndpointDoc, ParamDoc, ParamsObject } from './types'

export const ErrorBody = t.Object(
  {
    code: t.String({
      description: 'Stable snake_case identifier of the error, to branch on (the texts may be reworded)',
      pattern: '^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$',
      examples: ['token_not_found'],
    }),
    error: t.String({ description: 'What went wrong', examples: ['Token not found'] }),
    hint: t.Optional(t.String({ description: 'What to do about it (every answer of this API carries one)', examples: ['Check the unit format'] })),
  },
  { $id: '#/components/schemas/Error', title: 'Error' },
)

const STANDARD_ERRORS: Record<number, string> = {
  400: 'Bad input',
  401: 'Signature verification failed',
  404: 'Not found',
  405: 'Method not allowed',
  409: 'Conflict',
  413: 'Body too large',
  429: 'Limit reached',
  500: 'Internal error',
  502: 'Upstream failed and no cached copy exists',
  503: 'Community database not configured',
}

function objectOf<Ps extends readonly ParamDoc[], In extends ParamDoc['in']>(all: Ps, place: In): ParamsObject<Ps, In> {
  const params = all.filter((p) => p.in === place)
  // The one place the parameter list's types are asserted: ParamsObject spells out what this builds.
  if (params.length === 0) return undefined as ParamsObject<Ps, In>
  return t.Object(
    Object.fromEntries(params.map((p) => [p.name, p.required ? p.schema : t.Optional(p.schema)])),
    { additionalProperties: true },
  ) as unknown as ParamsObject<Ps, In>
}

/**
 * Integer query parameters must be plain decimal digits. Elysia coerces with Number(), which would take
 * `0x10`, `1e2` or `+7`; the MCP tools (and the catalogue's promise) refuse them, so REST refuses them too,
 * with the parameter's own error and hint. Runs in `transform`, before validation, on the raw strings.
 */
function strictIntegers(params: readonly ParamDoc[]) {
  const integers = params.filter((p) => p.in === 'query' && toJsonSchema(p.schema).type === 'integer')
  if (integers.length === 0) return undefined
  return function rejectNonDigits({ query }: { query: Record<string, unknown> }) {
    for (const param of integers) {
      const raw = query[param.name]
      if (raw === undefined || (typeof raw === 'string' && /^\d+$/.test(raw))) continue
      const body = schemaErrorBody((param.schema as { error?: unknown }).error)
      if (body !== null) throw fromBody(body)
      throw apiError('validation_failed', { label: `Invalid query parameter '${param.name}'`, hint: 'Expected an integer written in digits.' })
    }
  }
}

/**
 * Elysia route options from a catalogue entry: path/query/body schemas (Elysia validates with them and the
 * OpenAPI document is generated from them) and the OpenAPI operation detail.
 */
export function routeOptions<Ps extends readonly ParamDoc[], B extends TSchema, R extends TSchema>(doc: EndpointDoc<Ps, B, R>) {
  const responses: Record<string, { description: string }> = {}
  for (const e of doc.errors) {
    const previous = responses[e.status]?.description
    responses[e.status] = { description: previous ? `${previous}; ${e.when}` : e.when }
  }
  const successStatus = doc.successStatus ?? 200
  const response: Record<number, TSchema> = { [successStatus]: doc.response }
  for (const status of Object.keys(responses).map(Number)) response[status] = ErrorBody
  return {
    params: objectOf(doc.params, 'path'),
    query: objectOf(doc.params, 'query'),
    body: doc.body?.schema as [B] extends [never] ? undefined : B,
    transform: strictIntegers(doc.params),
    response,
    detail: {
      summary: doc.summary,
      description: describe(doc),
      tags: [doc.tag],
      operationId: doc.operationId,
      responses: Object.fromEntries(
        Object.entries(responses).map(([status, r]) => [status, { description: r.description || STANDARD_ERRORS[+status] }]),
      ),
    },
  }
}

/**
 * Options for a route that reads its own body (as bytes, within its own bound: a signed write, the prices batch):
 * Elysia must not parse it, so the body schema is documented in OpenAPI rather than validated by the framework.
 */
export function ownBodyRouteOptions(doc: EndpointDoc) {
  const { body: schema, detail, ...options } = routeOptions(doc)
  return {
    ...options,
    parse: 'none' as const,
    detail: {
      ...detail,
      requestBody: {
        required: true,
        description: doc.body?.description,
        content: { 'application/json': { schema, example: doc.body?.example } },
      },
    },
  }
}

function describe(doc: Pick<EndpointDoc, 'description' | 'cacheSeconds' | 'cacheNote' | 'coverage'>): string {
  const parts = [doc.description]
  if (doc.cacheSeconds !== null) {
    parts.push(`Cache: \`s-maxage=${doc.cacheSeconds}\`${doc.cacheNote ? ` (${doc.cacheNote})` : ''}.`)
  }
  if (doc.coverage) parts.push(`Coverage: ${doc.coverage}`)
  return parts.join('\n\n')
}
