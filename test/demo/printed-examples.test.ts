/**
 * Every example URL a newcomer is shown must answer with data: what `bun run demo` prints, the index at
 * /api/v1/, /llms.txt and the docs pages. The URLs are extracted from those texts (nothing is listed here), so
 * an endpoint added later joins the walk by printing its examples.
 *
 * Run as the newcomer runs it: `bun run demo` (scripts/demo.ts) in its own process on a fresh database.
 *
 * "Data": a 2xx (or a redirect) whose body is not empty: JSON with `count` > 0 when it says a count, at least one
 * non-empty top-level list when it has lists (`missing`, what an answer lacks, aside), and some non-zero figure; CSV beyond its header line; any other
 * body non-empty. Two other kinds pass: a write endpoint's URL (printed on a line naming POST, or GET answers 405
 * with `Allow` naming POST; either way it must be a POST endpoint of the catalogue or the MCP path), and a
 * deliberate error example, when the text that prints the URL also prints the error `code` it answers, right
 * after it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { catalogue } from '../../src/catalogue'
import { API_PREFIX, LLMS_PATH, MCP_PATH } from '../../src/paths'
import { ensureDocsBuilt } from '../docs/docs-build'
import { startDemo, type DemoProcess } from './demo-process'

const ROOT = join(import.meta.dir, '..', '..')
let demo: DemoProcess
let origin = ''
let demoText = ''

beforeAll(async () => {
  await ensureDocsBuilt()
  demo = await startDemo()
  origin = demo.origin
  demoText = demo.banner
}, 120_000)

afterAll(() => demo?.stop())

// ---- extraction -------------------------------------------------------------------------------------------

interface Printed {
  /** Where it was printed (for the failure message). */
  source: string
  /** Path and query, to be asked of the demo's origin. */
  path: string
  /** The text printed right after it (a deliberate error example names its code there). */
  after: string
  /** The line printing it names POST before it: a write endpoint's URL, not one to GET. */
  write: boolean
}

/**
 * What a reader can click or paste: an absolute URL on this service (the demo's origin, localhost, or a
 * `*.example` placeholder host; never an upstream's), a `$BASE/…` or `${BASE}/…` URL of a command or code
 * sample, or a site-absolute link (`](/…)`, `href="/…"`). A path named in prose ("GET /api/v1/search") is an
 * endpoint's name, not an example.
 */
const PATH = String.raw`(\/(?:api\/|llms\.txt|docs\/)[^\s"'` + '`' + String.raw`<>)\]\\|]*)`
const URL_RE = new RegExp(
  String.raw`(?:https?:\/\/(?:localhost|127\.0\.0\.1|[a-z0-9.-]+\.example)(?::\d+)?|\$\{?BASE\}?|\]\(|href=")` + PATH,
  'gi',
)
/** Templates, not examples: `{asset}`, `<unit>`, `…`, `YYYY-MM-DD`, `a|b`, `:param`. */
const PLACEHOLDER = /[{}<>…|]|\.\.\.|YYYY|\/:[a-z]/i

function extract(source: string, text: string): Printed[] {
  const found: Printed[] = []
  for (const match of text.matchAll(URL_RE)) {
    const end = (match.index ?? 0) + match[0].length
    const path = match[1].replace(/&amp;/g, '&').replace(/[.,;:]+$/, '')
    if (PLACEHOLDER.test(path + text.charAt(end))) continue
    const lineStart = text.lastIndexOf('\n', match.index ?? 0) + 1
    const write = /\bPOST\b/.test(text.slice(lineStart, match.index ?? 0))
    found.push({ source, path, after: text.slice(end, end + 300), write })
  }
  return found
}

/** Every string inside a JSON value. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value]
  if (Array.isArray(value)) return value.flatMap(strings)
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(strings)
  return []
}

/** The docs pages as written (guides, home, generated includes); endpoint pages come from the index's catalogue. */
function docsPages(): Array<{ name: string; text: string }> {
  const walk = (folder: string): string[] =>
    readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
      const path = join(folder, entry.name)
      if (entry.isDirectory()) return ['.vitepress', 'node_modules'].includes(entry.name) ? [] : walk(path)
      return entry.name.endsWith('.md') ? [path] : []
    })
  return walk(join(ROOT, 'docs')).map((path) => ({ name: path.slice(ROOT.length + 1), text: readFileSync(path, 'utf8') }))
}

// ---- judging an answer ------------------------------------------------------------------------------------

/** Some of a body: whole for JSON and text up to 8 MB; the first chunk of an endless one (an event stream). */
async function bodyOf(res: Response): Promise<Uint8Array> {
  if (res.body === null) return new Uint8Array()
  const reader = res.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  const endless = (res.headers.get('content-type') ?? '').includes('text/event-stream')
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    chunks.push(value)
    size += value.length
    if (endless || size > 8_000_000) {
      await reader.cancel()
      break
    }
  }
  return Buffer.concat(chunks)
}

function jsonHasData(body: unknown): string | null {
  if (body === null || typeof body !== 'object') return body === null ? 'null body' : null
  const top = body as Record<string, unknown>
  if (typeof top.count === 'number' && top.count === 0) return 'count is 0'
  // `missing` lists what an answer lacks: empty is a complete answer, not an empty one.
  const lists = Object.entries(top).filter(([k, v]) => Array.isArray(v) && k !== 'missing') as Array<[string, unknown[]]>
  if (lists.length > 0 && lists.every(([, v]) => v.length === 0)) return `every list is empty (${lists.map(([k]) => k).join(', ')})`
  const numbers: number[] = []
  const collect = (v: unknown): void => {
    if (typeof v === 'number') numbers.push(v)
    else if (Array.isArray(v)) v.forEach(collect)
    else if (v !== null && typeof v === 'object') Object.values(v).forEach(collect)
  }
  collect(body)
  // Counts of nothing (boosts of tokens nobody boosted) are an answer, not data.
  return numbers.length > 0 && numbers.every((n) => n === 0) ? 'every figure is 0' : null
}

const writePaths = [
  ...catalogue.filter((doc) => doc.method === 'POST').map((doc) => new RegExp(`^${API_PREFIX}${doc.path.replace(/\{\w+\}/g, '[^/]+')}$`)),
  new RegExp(`^${MCP_PATH}$`),
]

/** Why the answer to a printed URL is not data, or null when it is. */
async function verdict(printed: Printed): Promise<string | null> {
  const pathname = new URL(origin + printed.path).pathname
  if (printed.write) return writePaths.some((re) => re.test(pathname)) ? null : `printed as POST, but no POST endpoint is at ${pathname}`
  const res = await fetch(origin + printed.path, { redirect: 'manual', signal: AbortSignal.timeout(30_000) })
  const type = res.headers.get('content-type') ?? ''
  const bytes = await bodyOf(res)
  if (res.status >= 300 && res.status < 400) return res.headers.get('location') ? null : `${res.status} without Location`
  if (res.status === 405 && (res.headers.get('allow') ?? '').includes('POST')) {
    return writePaths.some((re) => re.test(pathname)) ? null : `405 at ${pathname}, which no POST endpoint has`
  }
  const text = new TextDecoder().decode(bytes)
  if (res.status >= 400) {
    const code = type.includes('json') ? (JSON.parse(text) as { code?: string }).code : undefined
    // A deliberate error example prints the code it answers right after the URL.
    if (code !== undefined && printed.after.includes(code)) return null
    return `${res.status} ${text.slice(0, 200)}`
  }
  if (bytes.length === 0) return `${res.status} with an empty body`
  if (type.includes('json') && !type.includes('ndjson')) return jsonHasData(JSON.parse(text))
  if (type.includes('text/csv') && text.trim().split('\n').length < 2) return 'CSV with its header only'
  return text.trim().length === 0 && type.startsWith('text/') ? 'blank text' : null
}

// ---- the walk ---------------------------------------------------------------------------------------------

describe('every example URL printed for a newcomer answers with data', () => {
  let printed: Printed[] = []

  beforeAll(async () => {
    const index = await (await fetch(`${origin}${API_PREFIX}/`)).json()
    const llms = await (await fetch(`${origin}${LLMS_PATH}`)).text()
    printed = [
      ...extract('bun run demo', demoText),
      ...strings(index).flatMap((s) => extract('GET /api/v1/', s)),
      ...extract('GET /llms.txt', llms),
      ...docsPages().flatMap((page) => extract(page.name, page.text)),
    ]
  })

  it('finds the examples in all four places', () => {
    for (const source of ['bun run demo', 'GET /api/v1/', 'GET /llms.txt']) expect(printed.some((p) => p.source === source)).toBe(true)
    expect(printed.some((p) => p.source.startsWith('docs/'))).toBe(true)
    // Every GET example of the catalogue is among them (the demo and the index print them all).
    for (const doc of catalogue.filter((d) => d.method === 'GET')) {
      for (const example of doc.examples) expect(printed.map((p) => p.path)).toContain(API_PREFIX + example)
    }
  })

  it('gets data from each', async () => {
    const seen = new Map<string, Printed[]>()
    for (const p of printed) seen.set(p.path, [...(seen.get(p.path) ?? []), p])
    const failures: string[] = []
    expect(seen.size).toBeGreaterThan(30) // 38 distinct URLs, printed 110 times, when this test was written
    for (const [path, where] of seen) {
      // The same URL may be printed as an error example in one place and plainly in another: judge each place.
      const reasons = new Set<string>()
      for (const p of where) {
        const why = await verdict(p)
        if (why !== null) reasons.add(`${why} (printed in ${p.source})`)
      }
      for (const reason of reasons) failures.push(`${path}: ${reason}`)
    }
    expect(failures).toEqual([])
  }, 240_000)
})

describe('the signing example the demo prints', () => {
  it('writes as printed: the demo writer\'s boost and comment are both 201', async () => {
    const command = /API_URL=(\S+) MNEMONIC="([^"]+)" bun examples\/sign-and-boost\.ts/.exec(demoText)
    expect(command).not.toBeNull()
    const child = Bun.spawn(['bun', 'examples/sign-and-boost.ts'], {
      cwd: ROOT,
      env: { ...process.env, API_URL: command![1], MNEMONIC: command![2] },
      stdout: 'pipe',
      stderr: 'pipe',
    })
    const [stdout, code] = await Promise.all([new Response(child.stdout).text(), child.exited])
    expect(stdout).toContain('POST /api/v1/community/boosts → 201')
    expect(stdout).toMatch(/POST \/api\/v1\/community\/comments\/\w+ → 201/)
    expect(code).toBe(0)
  }, 60_000)
})
