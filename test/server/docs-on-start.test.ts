/** A fresh clone has no docs build: the start command builds it in the background so /docs/ serves it. */
import { afterAll, describe, expect, it } from 'bun:test'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildDocsWhenMissing } from '../../src/modules/docs-site/build-on-start'
import { docsSiteRoutes } from '../../src/modules/docs-site/routes'
import { Logger, memorySink } from '../../src/observability/logger'

const dirs: string[] = []
const freshRoot = () => {
  const dir = mkdtempSync(join(tmpdir(), 'docs-dist-'))
  dirs.push(dir)
  return join(dir, 'dist')
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

/** A stand-in for `bun run docs:build` that writes a one-page site. */
const writeSite = (root: string) => [
  process.execPath,
  '-e',
  `require('fs').mkdirSync(${JSON.stringify(root)}, { recursive: true }); require('fs').writeFileSync(${JSON.stringify(join(root, 'index.html'))}, '<h1>docs</h1>')`,
]

describe('buildDocsWhenMissing', () => {
  it('builds a missing site, says so, and /docs/ serves it afterwards', async () => {
    const root = freshRoot()
    const docs = docsSiteRoutes({ root })
    expect((await docs.handle(new Request('http://localhost/docs/'))).status).toBe(404)
    const sink = memorySink()
    expect(await buildDocsWhenMissing(new Logger('info', sink), { root, command: writeSite(root) })).toBe('built')
    expect(sink.lines.map((l) => JSON.parse(l).msg)).toEqual([expect.stringContaining('building it in the background'), 'docs site built: served at /docs/'])
    const res = await docs.handle(new Request('http://localhost/docs/'))
    expect(res.status).toBe(200)
    expect(await res.text()).toBe('<h1>docs</h1>')
  })

  it('leaves an existing build alone', async () => {
    const root = freshRoot()
    require('node:fs').mkdirSync(root, { recursive: true })
    writeFileSync(join(root, 'index.html'), 'old')
    const sink = memorySink()
    expect(await buildDocsWhenMissing(new Logger('info', sink), { root, command: [process.execPath, '-e', 'process.exit(3)'] })).toBe('present')
    expect(sink.lines).toEqual([])
  })

  it('warns, naming the command to run, when the build fails', async () => {
    const root = freshRoot()
    const sink = memorySink()
    expect(await buildDocsWhenMissing(new Logger('info', sink), { root, command: [process.execPath, '-e', 'process.exit(3)'] })).toBe('failed')
    const last = JSON.parse(sink.lines.at(-1)!)
    expect(last).toMatchObject({ level: 'warn', exitCode: 3, msg: expect.stringContaining('bun run docs:build') })
    expect(existsSync(join(root, 'index.html'))).toBe(false)
  })
})
