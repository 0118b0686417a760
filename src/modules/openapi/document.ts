import { toJsonSchema } from '../../catalogue/json-schema'
import { COVERAGE_RULES } from '../../market/coverage'
import { API_PREFIX, LLMS_PATH, MCP_PATH } from '../../paths'
import { ErrorBody } from '../../catalogue/route-options'
import type { EndpointDoc, ErrorDoc } from '../../catalogue/types'
import { VERSION } from '../../version'
import { X_CACHE_STALE } from '../../catalogue/conventions'

/**
 * The OpenAPI 3.1 document: @elysiajs/openapi generates it from the route schemas (routeOptions gives each
 * route its schemas, summary, description, tag and operationId); this completes it from the same catalogue
 * entries with what the route schemas cannot carry: parameter descriptions and examples, a description and
 * example for each error answer, the request body's example, and the document's own info and server.
 *
 * Pure: generated document + catalogue + origin in, document out.
 */

type Json = Record<string, any>

export interface DocumentContext {
  origin: string
  catalogue: EndpointDoc[]
  tools: Array<{ name: string; description: string }>
}

const ERROR_REF = { $ref: '#/components/schemas/Error' }

export function completeDocument(generated: Json, context: DocumentContext): Json {
  const paths = relativePaths(structuredClone(generated.paths ?? {}))
  for (const operations of Object.values(paths)) {
    for (const operation of Object.values(operations as Json)) cleanSchemas(operation as Json)
  }
  for (const doc of context.catalogue) {
    const operation = paths[doc.path]?.[doc.method.toLowerCase()]
    if (operation !== undefined) completeOperation(operation, doc)
  }
  return {
    openapi: '3.1.1',
    info: {
      title: 'cardano-market-api',
      version: VERSION,
      summary: 'Free, keyless, public REST API over Cardano native-token market data',
      description: describeApi(context),
    },
    // The server is the versioned base ({base_url} of the spec): paths are relative to it, as the catalogue writes them.
    servers: [{ url: context.origin + API_PREFIX, description: 'This deployment, version 1' }],
    // Keyless: no operation needs credentials.
    security: [],
    tags: tagsOf(context.catalogue),
    externalDocs: { description: 'Guides and endpoint pages', url: `${context.origin}/docs/` },
    paths,
    components: { schemas: { ...(generated.components?.schemas ?? {}), Error: { ...toJsonSchema(ErrorBody), title: 'Error' } } },
  }
}

/** The generator's paths carry the /api/v1 prefix of the routes; the document's server does instead. */
function relativePaths(paths: Json): Json {
  return Object.fromEntries(
    Object.entries(paths).map(([path, operations]) => [path.startsWith(API_PREFIX) ? path.slice(API_PREFIX.length) || '/' : path, operations]),
  )
}

/** Each tag once, in catalogue order, described by the endpoints it groups. */
function tagsOf(catalogue: EndpointDoc[]): Json[] {
  const tags = [...new Set(catalogue.map((doc) => doc.tag))]
  return tags.map((name) => ({
    name,
    description: catalogue.filter((doc) => doc.tag === name).map((doc) => doc.summary).join('; ') + '.',
  }))
}

function describeApi(context: DocumentContext): string {
  return [
    'Cardano native-token market data (screener, token detail, candles, logos, search), wallet overviews, ADA ' +
      'market statistics and a wallet-signed community layer. Reads need no key.',
    '## Coverage',
    COVERAGE_RULES.map((rule) => `- ${rule}`).join('\n'),
    '## Errors',
    'Every non-2xx answer is JSON `{code, error, hint}`: `code` is a stable snake_case identifier to branch on, ' +
      '`error` says what went wrong and the hint what to do about it. An upstream failure with no cached copy is a ' +
      '502; with a cached copy the copy is served, labelled `X-Cache: STALE`.',
    '## Caching',
    X_CACHE_STALE,
    '## MCP',
    `The same data as MCP tools for agents: Streamable HTTP at \`${context.origin}${MCP_PATH}\`. Tools: ` +
      context.tools.map((tool) => `\`${tool.name}\``).join(', ') + '.',
    `A short plain-text guide for agents: \`${context.origin}${LLMS_PATH}\`.`,
  ].join('\n\n')
}

/** Elysia's coercion unions and our `error` option out of every schema the generator copied from the routes. */
function cleanSchemas(operation: Json): void {
  for (const parameter of operation.parameters ?? []) parameter.schema = toJsonSchema(parameter.schema)
  for (const media of Object.values(operation.requestBody?.content ?? {}) as Json[]) media.schema = toJsonSchema(media.schema)
  for (const response of Object.values(operation.responses ?? {}) as Json[]) {
    for (const media of Object.values(response.content ?? {}) as Json[]) media.schema = toJsonSchema(media.schema)
  }
}

function completeOperation(operation: Json, doc: EndpointDoc): void {
  operation.parameters = doc.params.map((param) => {
    const schema = toJsonSchema(param.schema)
    const example = Array.isArray(schema.examples) ? schema.examples[0] : undefined
    return {
      name: param.name,
      in: param.in,
      required: param.in === 'path' ? true : param.required,
      description: param.description,
      schema,
      ...(example !== undefined ? { example } : {}),
    }
  })
  if (operation.parameters.length === 0) delete operation.parameters

  if (doc.body !== undefined) {
    // JSON is the only accepted body: community writes verify the exact JSON bytes that were signed; POST /prices reads JSON too.
    operation.requestBody = {
      required: true,
      description: doc.body.description,
      content: { 'application/json': { schema: toJsonSchema(doc.body.schema), example: doc.body.example } },
    }
  }

  const responses: Json = operation.responses ?? {}
  const success = String(doc.successStatus ?? 200)
  responses[success] ??= { description: doc.summary }
  responses[success].description = doc.summary
  if (doc.responseExample !== undefined) {
    const json = responses[success].content?.['application/json']
    if (json !== undefined) json.example = doc.responseExample
  }
  if (doc.successMediaTypes !== undefined) {
    responses[success].content = Object.fromEntries(
      doc.successMediaTypes.map((type) => [type, { schema: { type: 'string', contentMediaType: type } }]),
    )
  }
  for (const answer of doc.otherAnswers ?? []) {
    const headers = Object.entries(answer.headers ?? {}).map(([name, description]) => [name, { description, schema: { type: 'string' } }])
    responses[String(answer.status)] = {
      ...responses[String(answer.status)],
      description: answer.description,
      ...(headers.length > 0 ? { headers: Object.fromEntries(headers) } : {}),
    }
  }
  for (const [status, errors] of errorsByStatus(doc)) {
    const documented = errors.filter((e) => e.error !== '')
    responses[status] = {
      description: errors.map((e) => e.when).join('; '),
      content: {
        'application/json': {
          schema: ERROR_REF,
          ...(documented.length > 0 ? { examples: examplesOf(documented) } : {}),
        },
      },
    }
  }
  operation.responses = responses
}

/**
 * The catalogue's error answers by status, plus the 400 any route with inputs can give when a value fails its
 * schema (worded per parameter, so it has no single example).
 */
function errorsByStatus(doc: EndpointDoc): Map<string, ErrorDoc[]> {
  const byStatus = new Map<string, ErrorDoc[]>()
  for (const error of doc.errors) byStatus.set(String(error.status), [...(byStatus.get(String(error.status)) ?? []), error])
  if (!byStatus.has('400') && (doc.params.length > 0 || doc.body !== undefined)) {
    byStatus.set('400', [{ status: 400, code: '', error: '', when: 'A parameter fails its schema: the error names it, the hint gives its bounds' }])
  }
  return byStatus
}

/** One example per documented error, named by its code (`token_not_found`; `upstream_unavailable-2` for a second). */
function examplesOf(errors: ErrorDoc[]): Json {
  const examples: Json = {}
  for (const error of errors) {
    let name = error.code
    for (let n = 2; name in examples; n++) name = `${error.code}-${n}`
    examples[name] = { summary: error.when, value: { code: error.code, error: error.error } }
  }
  return examples
}
