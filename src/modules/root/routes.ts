import { Elysia } from 'elysia'
import type { ShellSettings } from '../../explorer/html'
import { explorerPage } from '../../explorer/routes'
import { API_PREFIX } from '../../paths'
import { faviconIco } from './favicon'

const HIDDEN = { detail: { hide: true } }

/**
 * The site root, outside the versioned API: `GET /` serves a browser (which accepts HTML) the explorer's
 * screener page and sends anyone else to the API index; `/favicon.ico` is the service's icon, so browsers asking
 * for it get an image rather than a JSON 404. Only `/` itself is answered: other root paths stay free.
 */
export function rootRoutes(pages: ShellSettings) {
  const icon = faviconIco()
  return new Elysia({ name: 'root' })
    .get('/', ({ request }) => {
      const wantsHtml = (request.headers.get('accept') ?? '').includes('text/html')
      if (wantsHtml) return explorerPage('screener', request, pages, { vary: 'Accept' })
      return new Response(null, { status: 302, headers: { location: `${API_PREFIX}/`, vary: 'Accept', 'cache-control': 'public, max-age=300' } })
    }, HIDDEN)
    .get('/favicon.ico', () => new Response(icon, {
      headers: { 'content-type': 'image/x-icon', 'cache-control': 'public, max-age=86400' },
    }), HIDDEN)
}
