import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { catalogue } from '../../src/catalogue'
import { API_PREFIX } from '../../src/catalogue/render'
import { DOCS_DIST } from '../../src/modules/docs-site/routes'

const ROOT = join(import.meta.dir, '..', '..')
const BUILD_TIMEOUT_MS = 180_000

/**
 * Build the docs site unless a build that matches the current catalogue exists (CI builds it before the
 * tests; a local run builds once, ~12 s, and reuses it while the catalogue is unchanged).
 */
export async function ensureDocsBuilt(): Promise<void> {
  if (matchesCatalogue()) return
  const build = Bun.spawn([process.execPath, 'run', 'docs:build'], { cwd: ROOT, stdout: 'pipe', stderr: 'pipe' })
  const timer = setTimeout(() => build.kill(), BUILD_TIMEOUT_MS)
  const [code, out, err] = await Promise.all([build.exited, new Response(build.stdout).text(), new Response(build.stderr).text()])
  clearTimeout(timer)
  if (code !== 0) throw new Error(`bun run docs:build failed (exit ${code}):\n${out}\n${err}`)
}

/** Every catalogue endpoint has its page, showing each of its example URLs. */
function matchesCatalogue(): boolean {
  return catalogue.every((doc) => {
    const page = join(DOCS_DIST, 'endpoints', `${doc.operationId}.html`)
    if (!existsSync(page)) return false
    const html = readFileSync(page, 'utf8')
    return doc.examples.every((example) => html.includes(`href="${(API_PREFIX + example).replace(/&/g, '&amp;')}"`))
  })
}
