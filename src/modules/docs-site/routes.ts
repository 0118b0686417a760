import { existsSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { Elysia } from 'elysia'
import { apiError } from '../../http/error-catalogue'
import { pageHeaders } from '../../http/page-headers'
import { requestPath } from '../../http/request-path'
import { docsPage } from './page-policy'
import { decodePath, IMMUTABLE_PREFIX, siteFileCandidates } from './site-files'

/** Where `bun run docs:build` writes the site. */
export const DOCS_DIST = join(import.meta.dir, '..', '..', '..', 'docs', '.vitepress', 'dist')

const HIDDEN = { detail: { hide: true } }

/**
 * The docs site at /docs/, served from the VitePress build when it has been built (checked per request, so
 * a build made while the service runs is picked up). Not part of the API: hidden from the OpenAPI document.
 */
export function docsSiteRoutes(options: { root?: string } = {}) {
  const root = options.root ?? DOCS_DIST

  async function serve(relative: string | null): Promise<Response> {
    if (!existsSync(join(root, 'index.html'))) {
      throw apiError('docs_not_built')
    }
    const file = relative === null ? undefined : siteFileCandidates(root, relative).find(isFile)
    if (file === undefined) return page(join(root, '404.html'), 404, 'no-store')
    if (file.endsWith('.html')) return page(file, 200, 'public, max-age=300')
    const immutable = relative!.replace(/^\/+/, '').startsWith(IMMUTABLE_PREFIX)
    return new Response(Bun.file(file), {
      headers: { 'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300', 'x-content-type-options': 'nosniff' },
    })
  }

  /** A page with the security headers every HTML page carries, its policy fitted to its inline scripts. */
  async function page(file: string, status: number, cacheControl: string): Promise<Response> {
    const { html, policy } = await docsPage(file)
    return new Response(html, { status, headers: { ...pageHeaders(policy), 'cache-control': cacheControl } })
  }

  return (
    new Elysia({ name: 'docs-site' })
      // Elysia routes /docs and /docs/ alike; relative links in the pages need the slash.
      .get('/docs', ({ request, redirect }) => (requestPath(request.url) === '/docs' ? redirect('/docs/', 301) : serve('')), HIDDEN)
      .get('/docs/*', ({ params }) => serve(decodePath(params['*'])), HIDDEN)
  )
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile()
  } catch {
    return false
  }
}
