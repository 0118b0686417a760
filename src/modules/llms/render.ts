import { API_DESCRIPTION, ERROR_FORMAT, MCP_TRANSPORT } from '../../catalogue/render'
import { CONVENTIONS } from '../../catalogue/conventions'
import { SIGN_FROM_CODE } from '../../http/error-catalogue'
import { WHO_CAN_WRITE } from '../community/catalogue'
import { SignedWriteBody } from '../community/schemas'
import { COVERAGE_RULES } from '../../market/coverage'
import { API_PREFIX, MCP_PATH } from '../../paths'
import type { EndpointDoc } from '../../catalogue/types'

/**
 * GET /llms.txt: a short plain-text guide for AI agents (the llms.txt convention: a title, a one-paragraph
 * summary, then sections of links), generated from the same catalogue as the index, the OpenAPI document and
 * the docs. Pure: origin, catalogue and tool list in, text out.
 */

export interface LlmsContext {
  origin: string
  catalogue: EndpointDoc[]
  tools: Array<{ name: string; description: string }>
}

/**
 * One example URL of an endpoint: its first catalogue example, else its path with each path parameter's first
 * schema example (the signed writes have no example request of their own).
 */
export function exampleUrl(doc: EndpointDoc, origin: string): string {
  const example =
    doc.examples[0] ??
    doc.path.replace(/\{(\w+)\}/g, (whole, name: string) => {
      const examples = (doc.params.find((p) => p.name === name)?.schema as { examples?: unknown[] } | undefined)?.examples
      return examples?.length ? String(examples[0]) : whole
    })
  return origin + API_PREFIX + example
}

function endpointLine(doc: EndpointDoc, origin: string): string {
  const body =
    doc.body === undefined
      ? ''
      : doc.body.schema === SignedWriteBody
        ? ' Body: a CIP-30 signed JSON object (see Community writes below).'
        : ` Body: ${doc.body.description}.`
  return `- ${doc.method} ${API_PREFIX}${doc.path}: ${doc.summary}.${body} Example: ${exampleUrl(doc, origin)}`
}

export function renderLlmsTxt({ origin, catalogue, tools }: LlmsContext): string {
  const base = origin + API_PREFIX
  return [
    '# cardano-market-api',
    '',
    `> ${API_DESCRIPTION} Base URL: ${base}`,
    '',
    `Reads need no key: plain GETs answering JSON (token logos are images; the live stream is text/event-stream, Server-Sent Events). Answers are cached per endpoint (Cache-Control s-maxage); X-Cache is explained under Conventions.`,
    ERROR_FORMAT,
    '',
    '## Docs',
    '',
    `- Index of every endpoint with parameters, bounds and error answers (JSON): ${base}/`,
    `- OpenAPI 3.1 document: ${base}/openapi.json`,
    `- Guides and endpoint pages: ${origin}/docs/`,
    '',
    '## Endpoints',
    '',
    ...catalogue.map((doc) => endpointLine(doc, origin)),
    '',
    '## Community writes',
    '',
    `- ${WHO_CAN_WRITE}`,
    `- ${SIGN_FROM_CODE}`,
    '',
    '## Conventions',
    '',
    ...CONVENTIONS.flatMap((c) => [`### ${c.title}`, '', ...c.items.map((item) => `- ${item}`), '']),
    '## Coverage rules',
    '',
    ...COVERAGE_RULES.map((rule) => `- ${rule}`),
    '',
    '## MCP',
    '',
    `- The same data as read-only MCP tools: ${origin}${MCP_PATH} (${MCP_TRANSPORT}). A failed call is isError with the {code, error, hint} JSON as text.`,
    ...tools.map((tool) => `- ${tool.name}: ${tool.description}`),
    '',
  ].join('\n')
}
