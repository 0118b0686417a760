import type { TSchema } from '@sinclair/typebox'
import { catalogue } from './index'
import { withoutCoercion } from './json-schema'
import type { EndpointDoc, ParamDoc } from './types'
import { COVERAGE_RULES } from '../market/coverage'
import { API_PREFIX, HEALTH_PATHS, LLMS_PATH, MCP_PATH } from '../paths'
import { VERSION } from '../version'

/** One line for a parameter's type: base type, allowed values, bounds, default. */
export function describeSchema(schema: TSchema): string {
  // Elysia's t.Integer is a union with a coercing string branch: describe the integer, not the string.
  const s = withoutCoercion(schema) as Record<string, unknown>
  const literals = (s.anyOf as TSchema[] | undefined)?.map((x) => (x as { const?: unknown }).const)
  const parts: string[] = []
  if (literals && literals.every((v) => v !== undefined)) parts.push(`one of ${literals.map(String).join(', ')}`)
  else parts.push(String(s.type ?? 'string'))
  if (s.minimum !== undefined || s.maximum !== undefined) parts.push(`${s.minimum ?? '…'} to ${s.maximum ?? '…'}`)
  if (s.minLength !== undefined || s.maxLength !== undefined) parts.push(`length ${s.minLength ?? 0} to ${s.maxLength ?? '…'}`)
  if (s.pattern !== undefined) parts.push(`pattern ${s.pattern}`)
  if (s.default !== undefined) parts.push(`default ${String(s.default)}`)
  return parts.join(', ')
}

function paramSummary(p: ParamDoc) {
  return { name: p.name, in: p.in, required: p.required, type: describeSchema(p.schema), description: p.description }
}

export function endpointSummary(doc: EndpointDoc, origin: string) {
  return {
    method: doc.method,
    path: API_PREFIX + doc.path,
    operationId: doc.operationId,
    purpose: doc.summary,
    parameters: doc.params.map(paramSummary),
    cacheSeconds: doc.cacheSeconds,
    ...(doc.cacheNote ? { cacheNote: doc.cacheNote } : {}),
    examples: doc.examples.map((e) => origin + API_PREFIX + e),
    errors: doc.errors,
    ...(doc.coverage ? { coverage: doc.coverage } : {}),
  }
}

export const API_DESCRIPTION =
  'Free, keyless, public REST API over Cardano native-token market data, wallet overviews and ADA market ' +
  'statistics, plus a wallet-signed community layer (boosts and comments).'

export const ERROR_FORMAT =
  'Every non-2xx answer of /api/v1 is JSON {code, error, hint}: code is a stable snake_case identifier to branch ' +
  'on, hint says what to do about it. (Request headers over ' +
  '16 KiB are refused by the HTTP server with 431 and no body; /api/mcp answers JSON-RPC error envelopes.)'

export const MCP_TRANSPORT = 'Streamable HTTP (stateless), JSON-RPC 2.0 over POST'

/** The body of GET /api/v1/ for a given public origin, listing the MCP tools given. */
export function renderIndex(origin: string, mcpTools: Array<{ name: string; description: string }>) {
  return {
    name: 'cardano-market-api',
    description: API_DESCRIPTION,
    version: VERSION,
    baseUrl: origin + API_PREFIX,
    openapi: `${origin}${API_PREFIX}/openapi.json`,
    reference: `${origin}${API_PREFIX}/reference`,
    docs: `${origin}/docs/`,
    llms: origin + LLMS_PATH,
    health: { liveness: origin + HEALTH_PATHS.liveness, readiness: origin + HEALTH_PATHS.readiness, metrics: origin + HEALTH_PATHS.metrics },
    mcp: { url: origin + MCP_PATH, transport: MCP_TRANSPORT, tools: mcpTools },
    coverageRules: COVERAGE_RULES,
    errorFormat: ERROR_FORMAT,
    endpoints: catalogue.map((doc) => endpointSummary(doc, origin)),
  }
}
