import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { Logger } from '../../observability/logger'
import { DOCS_DIST } from './routes'

const REPO_ROOT = join(import.meta.dir, '..', '..', '..')

export interface DocsBuildOptions {
  /** Where the built site lives (its index.html tells whether it is built). */
  root?: string
  /** The build command, run in the repository. */
  command?: string[]
}

/**
 * On a fresh clone the docs site is not built yet: `bun run start` builds it in the background (about 10 s)
 * so /docs/ serves it without a separate step, while the API answers at once. The docs routes check for the
 * build per request, so it shows up as soon as it is written.
 */
export async function buildDocsWhenMissing(logger: Logger, options: DocsBuildOptions = {}): Promise<'present' | 'built' | 'failed'> {
  const root = options.root ?? DOCS_DIST
  if (existsSync(join(root, 'index.html'))) return 'present'
  logger.info({}, 'docs site not built yet: building it in the background (bun run docs:build, about 10 s); /docs/ serves it once done')
  const build = Bun.spawn(options.command ?? [process.execPath, 'run', 'docs:build'], {
    cwd: REPO_ROOT,
    stdin: 'ignore',
    stdout: 'ignore',
    stderr: 'pipe',
  })
  const [code, stderr] = await Promise.all([build.exited, new Response(build.stderr).text()])
  if (code === 0 && existsSync(join(root, 'index.html'))) {
    logger.info({}, 'docs site built: served at /docs/')
    return 'built'
  }
  logger.warn({ exitCode: code, stderr: stderr.slice(-500) }, 'docs site build failed: run `bun run docs:build` to see why; the API is unaffected')
  return 'failed'
}
