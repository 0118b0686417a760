import { Elysia } from 'elysia'
import { routeOptions } from '../../catalogue/route-options'
import { cachedRoute } from '../../http/cached-route'
import type { Built, ResponseCache } from '../../http/response-cache'
import { parseAssetUnit } from '../../http/asset-input'
import { LOGO_BROWSER_TTL, LOGO_TTL, logoCacheControl, logoDoc } from './catalogue'
import type { Logo, LogoService } from './service'

/** Images are never sniffed as something else; an SVG opened on its own runs nothing. */
const IMAGE_HEADERS = { 'x-content-type-options': 'nosniff' }
const SVG_HEADERS = { ...IMAGE_HEADERS, 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'" }
const CACHE_CONTROL = {
  registryPng: logoCacheControl(LOGO_BROWSER_TTL.registryPng),
  hostedImage: logoCacheControl(LOGO_BROWSER_TTL.hostedImage),
  monogram: logoCacheControl(LOGO_BROWSER_TTL.monogram),
}

export function logoAnswer(logo: Logo): Built {
  switch (logo.tier) {
    case 'registry-png':
      return { body: logo.png, contentType: 'image/png', headers: IMAGE_HEADERS, ttlSeconds: LOGO_TTL.registryPng, cacheControl: CACHE_CONTROL.registryPng }
    case 'hosted-image':
      return { body: null, status: 302, headers: { location: logo.location }, ttlSeconds: LOGO_TTL.hostedImage, cacheControl: CACHE_CONTROL.hostedImage }
    case 'monogram':
      return { body: logo.svg, contentType: 'image/svg+xml', headers: SVG_HEADERS, ttlSeconds: LOGO_TTL.monogram, cacheControl: CACHE_CONTROL.monogram }
  }
}

export function logoRoutes(deps: { responses: ResponseCache; logos: LogoService }) {
  const answer = cachedRoute(deps.responses, logoDoc, { answer: logoAnswer })
  return new Elysia({ name: 'logos' }).get(
    '/tokens/:asset/logo',
    ({ request, params }) => {
      const unit = parseAssetUnit(params.asset)
      return answer(request, `logo|${unit}`, () => deps.logos.logo(unit))
    },
    routeOptions(logoDoc),
  )
}
