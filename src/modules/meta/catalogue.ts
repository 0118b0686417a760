import { t } from 'elysia'
import { endpoint } from '../../catalogue/types'

const ParamSummary = t.Object({
  name: t.String(),
  in: t.Union([t.Literal('path'), t.Literal('query')]),
  required: t.Boolean(),
  type: t.String({ description: 'Type with its bounds, allowed values and default' }),
  description: t.String(),
})

const EndpointSummary = t.Object({
  method: t.String({ examples: ['GET'] }),
  path: t.String({ examples: ['/api/v1/tokens/{asset}'] }),
  operationId: t.String(),
  purpose: t.String(),
  parameters: t.Array(ParamSummary),
  cacheSeconds: t.Union([t.Integer(), t.Null()]),
  cacheNote: t.Optional(t.String()),
  examples: t.Array(t.String({ description: 'Absolute example URL' })),
  errors: t.Array(
    t.Object({
      status: t.Integer(),
      code: t.String({ description: 'The `code` of the error body' }),
      error: t.String({ description: 'The `error` text of the error body' }),
      when: t.String(),
    }),
  ),
  coverage: t.Optional(t.String()),
})

export const IndexResponse = t.Object({
  name: t.String(),
  description: t.String(),
  version: t.String({ description: 'Release of this service, as OpenAPI info.version and the MCP server say it; /api/v1 is its major version', examples: ['1.0.0'] }),
  baseUrl: t.String(),
  openapi: t.String({ description: 'OpenAPI 3.1 document' }),
  reference: t.String({ description: 'Interactive API reference' }),
  docs: t.String({ description: 'Documentation site' }),
  llms: t.String({ description: 'Short plain-text guide for AI agents (llms.txt)' }),
  health: t.Object(
    {
      liveness: t.String({ description: 'GET /healthz: the process answers (no upstream or database call)' }),
      readiness: t.String({ description: 'GET /readyz: the database reachable, each upstream\'s last status, budgets and quotas' }),
      metrics: t.String({ description: 'GET /metrics: Prometheus text (private when METRICS_TOKEN is set)' }),
    },
    { description: 'Operations endpoints, outside /api/v1 and the OpenAPI document' },
  ),
  mcp: t.Object({
    url: t.String(),
    transport: t.String(),
    tools: t.Array(t.Object({ name: t.String(), description: t.String() })),
  }),
  coverageRules: t.Array(t.String()),
  errorFormat: t.String(),
  endpoints: t.Array(EndpointSummary),
})

export const indexDoc = endpoint({
  operationId: 'getIndex',
  method: 'GET',
  path: '/',
  tag: 'Meta',
  summary: 'Self-describing index of every endpoint with example URLs',
  description:
    'Lists every endpoint of this version with its parameters and their bounds, cache lifetime, example URLs and ' +
    'error answers, plus where the OpenAPI document, the docs site, the llms.txt guide and the MCP server are. ' +
    'Built from the same catalogue as the OpenAPI document and the docs.',
  params: [],
  cacheSeconds: 300,
  examples: ['/'],
  errors: [],
  response: IndexResponse,
})
