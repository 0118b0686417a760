import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { catalogue } from '../../src/catalogue'
import { API_PREFIX } from '../../src/paths'
import { DOCS_DIST } from '../../src/modules/docs-site/routes'

const ROOT = join(import.meta.dir, '..', '..')
const BUILD_TIMEOUT_MS = 180_000

/**
 * Build the docs site unless a current build exists (CI builds it before the tests; a local run builds once,
 * about 10 s, and reuses it while the docs sources and the catalogue are unchanged).
 */
export async function ensureDocsBuilt(): Promise<void> {
  if (matchesCatalogue()) return
  const build = Bun.spawn([process.execPath, 'run', 'docs:build'], { cwd: ROOT, stdout: 'pipe', stderr: 'pipe' })
  const timer = setTimeout(() => build.kill(), BUILD_TIMEOUT_MS)
  const [code, out, err] = await Promise.all([build.exited, new Response(build.stdout).text(), new Response(build.stderr).text()])
  clearTimeout(timer)
  if (code !== 0) throw new Error(`bun run docs:build failed (exit ${code}):\n${out}\n${err}`)
}

/**
 * The build is newer than every docs source (pages, theme, the data script), and every catalogue endpoint has
 * its page showing each of its example URLs.
 */
function matchesCatalogue(): boolean {
  const built = join(DOCS_DIST, 'index.html')
  if (!existsSync(built)) return false
  const sources = [
    ...walk(join(ROOT, 'docs')),
    join(ROOT, 'scripts', 'docs-data.ts'),
    join(ROOT, 'README.md'),
    // Generated into the docs too: the quick start's conventions and the demo's seeded sample answers.
    join(ROOT, 'src', 'catalogue', 'conventions.ts'),
    join(ROOT, 'scripts', 'demo-seed.ts'),
  ]
  if (sources.some((file) => statSync(file).mtimeMs > statSync(built).mtimeMs)) return false
  return catalogue.every((doc) => {
    const page = join(DOCS_DIST, 'endpoints', `${doc.operationId}.html`)
    if (!existsSync(page)) return false
    const html = readFileSync(page, 'utf8')
    return doc.examples.every((example) => html.includes(`href="${(API_PREFIX + example).replace(/&/g, '&amp;')}"`))
  })
}

/** Files under `dir`, leaving out the build output, VitePress's cache and the generated data. */
function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (!entry.isDirectory()) return [path]
    return ['dist', 'cache', '.generated'].includes(entry.name) ? [] : walk(path)
  })
}
