/**
 * `bun scripts/docs-data.ts` (run by `bun run docs:build` and `docs:dev` before VitePress): writes
 * docs/.generated/site.json (and its slice pages.json) from the same endpoint catalogue that serves GET /api/v1/ and the OpenAPI
 * document, and from the MCP tool list, so the docs site cannot drift from the service.
 *
 * Endpoints whose catalogue entry has no response example get one answered by the service itself, run in
 * process against the built-in fake upstreams (the sample data `bun run demo` serves). No network is used.
 */
import { CHAIN_SEARCH_COVERAGE, CHAIN_TOKENS_COVERAGE } from '../src/chain/serving'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { TObject } from '@sinclair/typebox'
import type { EndpointEntry, PagesData, SampleResponse, SiteData, ToolEntry } from '../docs/.vitepress/site-data/types'
import { createApp } from '../src/app'
import { catalogue } from '../src/catalogue'
import { conventionsMarkdown } from '../src/catalogue/conventions'
import { describeSchema } from '../src/catalogue/render'
import { API_PREFIX, MCP_PATH } from '../src/paths'
import type { EndpointDoc } from '../src/catalogue/types'
import { loadConfig } from '../src/config'
import { buildDeps } from '../src/deps'
import { chartCoverage, COVERAGE_RULES, mergedCoverage, NO_DEX_COVERAGE, sourceAOnlyCoverage, sourceBOnlyCoverage, stitchedChartCoverage } from '../src/market/coverage'
import { mcpToolDefinitions } from '../src/mcp/tools'
import { Logger } from '../src/observability/logger'
import { Metrics } from '../src/observability/metrics'
import { FakeUpstreams } from '../test/fake-upstreams/server'
import { seedDemoCommunity, seedDemoHistory } from './demo-seed'

export const GENERATED_DIR = join(import.meta.dir, '..', 'docs', '.generated')
/** Example lists keep this many items: enough to show the shape. */
const LIST_ITEMS = 3

export async function buildSiteData(): Promise<SiteData> {
  const fake = await FakeUpstreams.start()
  const config = loadConfig({ ...fake.env(), DATABASE_URL: ':memory:', LOG_LEVEL: 'silent', GECKOTERMINAL_RPM: '6000' })
  const deps = await buildDeps(config, { logger: new Logger('silent'), metrics: new Metrics({ defaultMetrics: false }) })
  const app = createApp(deps)
  try {
    // The sample answers come from the demo's world: its seeded history and its signed comment and boost.
    await seedDemoHistory(deps)
    await seedDemoCommunity((path, init) => app.handle(new Request(`http://localhost${path}`, init)), fake.world)
    const endpoints: EndpointEntry[] = []
    for (const doc of catalogue) endpoints.push(await entryOf(doc, (path) => app.handle(new Request(`http://localhost${path}`))))
    return {
      apiPrefix: API_PREFIX,
      mcpPath: MCP_PATH,
      coverageRules: COVERAGE_RULES,
      coverageStrings: coverageStrings(),
      errorFormat: 'Every non-2xx answer is JSON {code, error, hint}; code is a stable identifier, hint says what to do about it.',
      tools: mcpToolDefinitions.map((tool) => ({ name: tool.name, description: tool.description, arguments: argumentsOf(tool.input) })),
      endpoints,
    }
  } finally {
    await deps.database?.close()
    await fake.stop()
  }
}

function argumentsOf(input: TObject): ToolEntry['arguments'] {
  const required = new Set(input.required ?? [])
  return Object.entries(input.properties).map(([name, schema]) => ({
    name,
    required: required.has(name),
    type: describeSchema(schema),
    description: String((schema as { description?: string }).description ?? ''),
  }))
}

/** The `coverage` forms, worded by the service's own functions with the default configuration. */
function coverageStrings(): SiteData['coverageStrings'] {
  const defaults = loadConfig({})
  return {
    merged: mergedCoverage(defaults),
    sourceAOnly: sourceAOnlyCoverage(defaults),
    sourceBOnly: sourceBOnlyCoverage(defaults),
    noDex: NO_DEX_COVERAGE,
    chart: chartCoverage({ name: 'SNEK / ADA', dexId: 'minswap-cardano' }, false),
    stitchedChart: stitchedChartCoverage({ name: 'SNEK / ADA', dexId: 'minswap-v2' }, '2026-11-26T18:00:00Z'),
    chainTokens: CHAIN_TOKENS_COVERAGE,
    chainSearch: `${sourceAOnlyCoverage(defaults)} ${CHAIN_SEARCH_COVERAGE}`,
  }
}

async function entryOf(doc: EndpointDoc, get: (path: string) => Promise<Response>): Promise<EndpointEntry> {
  const examples = doc.examples.map((e) => API_PREFIX + e)
  return {
    operationId: doc.operationId,
    method: doc.method,
    path: API_PREFIX + doc.path,
    tag: doc.tag,
    summary: doc.summary,
    description: doc.description,
    params: doc.params.map((p) => {
      const example = (p.schema as { examples?: unknown[] }).examples?.[0]
      return {
        name: p.name,
        in: p.in,
        required: p.required,
        type: describeSchema(p.schema),
        description: p.description,
        ...(example !== undefined ? { example } : {}),
      }
    }),
    body: doc.body ? { description: doc.body.description, example: doc.body.example } : null,
    examples,
    errors: doc.errors,
    cacheSeconds: doc.cacheSeconds,
    cacheNote: doc.cacheNote ?? null,
    coverage: doc.coverage ?? null,
    successStatus: doc.successStatus ?? 200,
    response: await responseOf(doc, examples[0], get),
  }
}

async function responseOf(doc: EndpointDoc, example: string | undefined, get: (path: string) => Promise<Response>): Promise<SampleResponse | null> {
  if (doc.responseExample !== undefined) {
    const { value, shortened } = shorten(doc.responseExample)
    return { status: doc.successStatus ?? 200, contentType: 'application/json', json: value, shortened, origin: 'catalogue' }
  }
  // Writes have no sample: posting needs a wallet signature.
  if (doc.method !== 'GET' || example === undefined) return null
  const res = await get(example)
  const contentType = (res.headers.get('content-type') ?? '').split(';')[0]
  const location = res.headers.get('location') ?? undefined
  if (contentType !== 'application/json') {
    // Not read: the body may never end (the live stream's).
    await res.body?.cancel()
    return { status: res.status, contentType: contentType || 'none', ...(location ? { location } : {}), shortened: false, origin: 'sample-data' }
  }
  const { value, shortened } = shorten(await res.json())
  return { status: res.status, contentType, json: value, shortened, origin: 'sample-data' }
}

/** The slice of the site data the pages import (the endpoint pages' bodies are rendered from site.json). */
export function pagesData(site: SiteData): PagesData {
  return {
    coverageRules: site.coverageRules,
    coverageStrings: site.coverageStrings,
    tools: site.tools,
    endpoints: site.endpoints.map(({ operationId, method, path, tag, summary, cacheSeconds, cacheNote }) => ({
      operationId, method, path, tag, summary, cacheSeconds, cacheNote,
    })),
  }
}

/**
 * The environment-variable table of the README's "Configuration" section, for the self-hosting guide (one
 * table, so the two cannot disagree).
 */
export function configurationTable(readme: string): string {
  const lines = readme.split('\n')
  const heading = lines.findIndex((line) => line.trim() === '## Configuration')
  const first = lines.findIndex((line, i) => i > heading && line.startsWith('|'))
  if (heading === -1 || first === -1) throw new Error('README.md has no table under "## Configuration" for the self-hosting guide')
  const end = lines.findIndex((line, i) => i > first && !line.startsWith('|'))
  return lines.slice(first, end === -1 ? undefined : end).join('\n')
}

/** Lists cut to their first items, at every depth. */
export function shorten(value: unknown): { value: unknown; shortened: boolean } {
  let shortened = false
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) {
      if (v.length > LIST_ITEMS) shortened = true
      return v.slice(0, LIST_ITEMS).map(walk)
    }
    if (typeof v === 'object' && v !== null) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]))
    return v
  }
  return { value: walk(value), shortened }
}

if (import.meta.main) {
  const site = await buildSiteData()
  mkdirSync(GENERATED_DIR, { recursive: true })
  writeFileSync(join(GENERATED_DIR, 'site.json'), `${JSON.stringify(site, null, 2)}\n`)
  writeFileSync(join(GENERATED_DIR, 'pages.json'), `${JSON.stringify(pagesData(site), null, 2)}\n`)
  const readme = readFileSync(join(import.meta.dir, '..', 'README.md'), 'utf8')
  writeFileSync(join(GENERATED_DIR, 'configuration.md'), `${configurationTable(readme)}\n`)
  // The quick start's conventions: the same text llms.txt gives agents (src/catalogue/conventions.ts).
  writeFileSync(join(GENERATED_DIR, 'conventions.md'), conventionsMarkdown(3))
  console.log(`docs data: ${site.endpoints.length} endpoints, ${site.tools.length} MCP tools → docs/.generated/{site,pages}.json, configuration.md, conventions.md`)
}
