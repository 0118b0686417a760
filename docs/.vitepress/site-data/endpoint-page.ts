import type { EndpointEntry, ParamEntry, SampleResponse } from './types'

/**
 * The Markdown of one endpoint page, from its catalogue entry: method and path, purpose, parameters,
 * example request and response, errors, cache lifetime and coverage. Pure, so the docs test can check it.
 *
 * Catalogue text is Markdown already (inline code in backticks). VitePress compiles pages as Vue templates,
 * so outside code a `<` would open a tag and `{{` an interpolation: both are escaped there.
 */
export function renderEndpointPage(entry: EndpointEntry): string {
  return [
    `# ${text(entry.summary)}`,
    `<p class="endpoint-line"><span class="method">${entry.method}</span> <code>${entry.path}</code> · ${text(entry.tag)} · operation <code>${entry.operationId}</code></p>`,
    text(entry.description),
    section('Parameters', parameters(entry.params)),
    entry.body ? section('Request body', requestBody(entry)) : '',
    section('Example request', exampleRequests(entry)),
    section('Example response', exampleResponse(entry.successStatus, entry.response)),
    section('Errors', errors(entry)),
    section('Caching', caching(entry)),
    entry.coverage ? section('Coverage', text(entry.coverage)) : '',
  ]
    .filter(Boolean)
    .join('\n\n')
}

const section = (title: string, body: string) => `## ${title}\n\n${body}`

/** Escape `<`, `{{` and table pipes outside inline code spans; code spans are left as written. */
export function text(markdown: string, inTable = false): string {
  return markdown
    .split(/(`[^`]*`)/)
    .map((part, i) => {
      const isCode = i % 2 === 1
      if (isCode) return inTable ? part.replace(/\|/g, '\\|') : part
      let out = part.replace(/</g, '&lt;').replace(/\{\{/g, '&#123;&#123;')
      if (inTable) out = out.replace(/\|/g, '\\|').replace(/\n+/g, ' ')
      return out
    })
    .join('')
}

const code = (value: string) => `\`${value.replace(/`/g, "'")}\``

/** One item per parameter: name, where, required, description, then its type and bounds on a line of their own. */
function parameters(params: ParamEntry[]): string {
  if (params.length === 0) return 'None.'
  return params
    .map((p) => {
      const example = p.example !== undefined ? ` Example: ${code(String(p.example))}` : ''
      return `- ${code(p.name)} (${p.in}, ${p.required ? 'required' : 'optional'}): ${text(p.description)}${example}\n  <br>Type: ${code(p.type)}`
    })
    .join('\n')
}

function requestBody(entry: EndpointEntry): string {
  return `${text(entry.body!.description)}\n\n${fence('json', JSON.stringify(entry.body!.example, null, 2))}`
}

function exampleRequests(entry: EndpointEntry): string {
  const links = entry.examples.map((path) => `- <ExampleUrl path="${attr(path)}" />`).join('\n')
  const first = entry.examples[0]
  const curl =
    entry.method === 'GET'
      ? `curl -s "$BASE${first}"`
      : `curl -s -X POST "$BASE${first}" \\\n  -H 'content-type: application/json' \\\n  --data '${JSON.stringify(entry.body?.example ?? {}).replace(/'/g, "'\\''")}'`
  const fetchCall =
    entry.method === 'GET'
      ? `const res = await fetch(\`\${BASE}${first}\`)\nconsole.log(res.status, await res.json())`
      : `const res = await fetch(\`\${BASE}${first}\`, {\n  method: 'POST',\n  headers: { 'content-type': 'application/json' },\n  body: JSON.stringify(${JSON.stringify(entry.body?.example ?? {})}),\n})\nconsole.log(res.status, await res.json())`
  return [
    entry.method === 'GET' ? 'Open it here (this site’s own server):' : 'The path (POST it; see the request body above):',
    links,
    `With \`BASE\` set to the service’s origin (for example \`http://localhost:3000\`):`,
    fence('sh', curl),
    fence('js', fetchCall),
  ].join('\n\n')
}

function exampleResponse(successStatus: number, response: SampleResponse | null): string {
  if (response === null) return `Status ${successStatus}; see the OpenAPI document for the schema.`
  const from =
    response.origin === 'catalogue'
      ? ''
      : ' Produced by this service from its built-in sample upstream data (the values are illustrative).'
  const shortened = response.shortened ? ' Lists are shortened to their first items.' : ''
  const head = `Status **${response.status}**, \`${response.contentType}\`.${from}${shortened}`
  if (response.json !== undefined) return `${head}\n\n${fence('json', JSON.stringify(response.json, null, 2))}`
  if (response.location) return `${head} \`Location: ${response.location}\``
  return head
}

function errors(entry: EndpointEntry): string {
  const rows = entry.errors.map((e) => `| ${e.status} | ${code(e.code)} | ${text(code(e.error), true)} | ${text(e.when, true)} |`)
  return [
    'Every error is JSON `{code, error, hint}`; `code` is stable ([the list](/guide/errors)), the hint says what to do.',
    rows.length > 0 ? ['| status | code | error | when |', '|---|---|---|---|', ...rows].join('\n') : '',
  ]
    .filter(Boolean)
    .join('\n\n')
}

function caching(entry: EndpointEntry): string {
  if (entry.cacheSeconds === null) return 'Not cached: a write.'
  const note = entry.cacheNote ? ` (${text(entry.cacheNote)})` : ''
  return (
    `Answers are cached for ${entry.cacheSeconds} s${note}, in the service and at a CDN (\`Cache-Control: public, s-maxage=${entry.cacheSeconds}\`). ` +
    'Polling faster returns the same bytes; send `If-None-Match` with the `ETag` to get a bodiless 304.'
  )
}

/** A fenced block long enough not to be closed by backticks inside it. */
function fence(lang: string, body: string): string {
  const longest = Math.max(2, ...Array.from(body.matchAll(/`+/g), (m) => m[0].length))
  const ticks = '`'.repeat(longest + 1)
  return `${ticks}${lang}\n${body}\n${ticks}`
}

const attr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;')
