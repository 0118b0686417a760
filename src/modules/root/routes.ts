import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { Elysia } from 'elysia'
import { API_PREFIX } from '../../paths'
import { DOCS_DIST } from '../docs-site/routes'
import { faviconIco } from './favicon'

const HIDDEN = { detail: { hide: true } }

/**
 * The site root, outside the versioned API: `GET /` sends a browser (which accepts HTML) to the docs when they
 * are built and anyone else to the API index; `/favicon.ico` is the service's icon, so browsers asking for it
 * get an image rather than a JSON 404. Only `/` itself is redirected: other root paths stay free.
 */
export function rootRoutes(options: { docsRoot?: string } = {}) {
  const docsIndex = join(options.docsRoot ?? DOCS_DIST, 'index.html')
  const icon = faviconIco()
  return new Elysia({ name: 'root' })
    .get('/', ({ request }) => {
      const wantsHtml = (request.headers.get('accept') ?? '').includes('text/html')
      const target = wantsHtml && existsSync(docsIndex) ? '/docs/' : `${API_PREFIX}/`
      return new Response(null, { status: 302, headers: { location: target, vary: 'Accept', 'cache-control': 'public, max-age=300' } })
    }, HIDDEN)
    .get('/favicon.ico', () => new Response(icon, {
      headers: { 'content-type': 'image/x-icon', 'cache-control': 'public, max-age=86400' },
    }), HIDDEN)
}
