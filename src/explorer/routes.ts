import { Elysia } from 'elysia'
import { apiError } from '../http/error-catalogue'
import { pageHeaders } from '../http/page-headers'
import { ASSET_PREFIX, explorerAssets, IMMUTABLE } from './assets'
import { CONTENT_SECURITY_POLICY, pageShell, type PageKind, type ShellSettings } from './html'

const HIDDEN = { detail: { hide: true } }

const PAGE_HEADERS = {
  ...pageHeaders(CONTENT_SECURITY_POLICY),
  // The shell names the current asset hashes: revalidate it every time (a 304 is cheap).
  'cache-control': 'no-cache',
}

/** One explorer page (the HTML shell), with an ETag so a reload is a 304. */
export async function explorerPage(kind: PageKind, request: Request, settings: ShellSettings, extraHeaders: Record<string, string> = {}): Promise<Response> {
  const assets = await explorerAssets()
  const html = pageShell(kind, assets, settings)
  const etag = `"${Bun.hash(html).toString(36)}"`
  const headers = { ...PAGE_HEADERS, ...extraHeaders, etag }
  if (request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers })
  return new Response(html, { headers })
}

/**
 * The explorer outside /api/v1: `/tokens` (all tokens, from the chain), `/token/{unit}`, `/wallet/{input}`, `/pools/new`, `/pool/{poolId}`, `/search?q=` and
 * the fingerprinted assets (the screener is `GET /` for browsers, in modules/root). The pages read the public API
 * from the browser, as any client does.
 */
export function explorerRoutes(settings: ShellSettings) {
  return new Elysia({ name: 'explorer' })
    .get('/tokens', ({ request }) => explorerPage('tokens', request, settings), HIDDEN)
    .get('/token/:unit', ({ request }) => explorerPage('token', request, settings), HIDDEN)
    .get('/wallet/:input', ({ request }) => explorerPage('wallet', request, settings), HIDDEN)
    .get('/pools/new', ({ request }) => explorerPage('pools', request, settings), HIDDEN)
    .get('/pool/:poolId', ({ request }) => explorerPage('pool', request, settings), HIDDEN)
    .get('/search', ({ request }) => explorerPage('search', request, settings), HIDDEN)
    .get(`${ASSET_PREFIX}:name`, async ({ params }) => {
      const asset = (await explorerAssets()).files.get(params.name)
      if (asset === undefined) throw apiError('not_found', { path: ASSET_PREFIX + params.name })
      return new Response(asset.body, { headers: { 'content-type': asset.contentType, 'cache-control': IMMUTABLE, 'x-content-type-options': 'nosniff' } })
    }, HIDDEN)
}
