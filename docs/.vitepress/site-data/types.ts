/**
 * The shape of docs/.generated/*.json: what scripts/docs-data.ts writes from the endpoint catalogue (the same
 * one that serves GET /api/v1/ and the OpenAPI document) and the VitePress pages read at build time.
 */

export interface ParamEntry {
  name: string
  in: 'path' | 'query'
  required: boolean
  /** One line: type, allowed values, bounds, default. */
  type: string
  description: string
  example?: unknown
}

export interface SampleResponse {
  status: number
  contentType: string
  /** The JSON body, lists shortened; absent for non-JSON answers. */
  json?: unknown
  /** Where a redirect points. */
  location?: string
  /** Lists were cut to their first items. */
  shortened: boolean
  /** `catalogue`: the example written with the endpoint; `sample-data`: answered by the service from its built-in sample upstream data. */
  origin: 'catalogue' | 'sample-data'
}

export interface EndpointEntry {
  operationId: string
  method: 'GET' | 'POST'
  /** Full path with the version segment: `/api/v1/tokens/{asset}`. */
  path: string
  tag: string
  summary: string
  description: string
  params: ParamEntry[]
  body: { description: string; example: unknown } | null
  /** Example requests: full paths with query, relative to the service origin. */
  examples: string[]
  errors: Array<{ status: number; code: string; error: string; when: string }>
  cacheSeconds: number | null
  cacheNote: string | null
  coverage: string | null
  successStatus: number
  response: SampleResponse | null
}

export interface ToolEntry {
  name: string
  description: string
  /** The arguments, described like REST parameters (the tool's input schema is built from them). */
  arguments: Array<{ name: string; required: boolean; type: string; description: string }>
}

export interface SiteData {
  apiPrefix: string
  mcpPath: string
  coverageRules: string[]
  /** The `coverage` strings as the service words them, with the default DEX lists. */
  coverageStrings: { merged: string; sourceAOnly: string; sourceBOnly: string; noDex: string; chart: string; stitchedChart: string; chainTokens: string; chainSearch: string }
  errorFormat: string
  tools: ToolEntry[]
  endpoints: EndpointEntry[]
}

/** What the pages themselves import (docs/.generated/pages.json): the site data without the page bodies. */
export interface PagesData {
  coverageRules: string[]
  coverageStrings: SiteData['coverageStrings']
  tools: ToolEntry[]
  endpoints: Array<Pick<EndpointEntry, 'operationId' | 'method' | 'path' | 'tag' | 'summary' | 'cacheSeconds' | 'cacheNote'>>
}
