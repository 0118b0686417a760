import { t } from 'elysia'
import { endpoint } from '../../catalogue/types'
import { assetParam, SNEK_UNIT } from '../../http/asset-input'
import { errorDoc } from '../../http/error-catalogue'
import { MAX_LOGO_BYTES } from './png'
import { UNCURATED_LOOKUPS_PER_MINUTE } from './service'

/** Lifetimes per tier, in seconds. A tier reached because a lookup failed is kept 10 s (the stale lifetime). */
export const LOGO_TTL = { registryPng: 86_400, hostedImage: 86_400, monogram: 300 } as const
/**
 * How long a browser keeps each tier (`max-age`, beside the shared caches' `s-maxage`): shorter, since a
 * browser cannot be purged; the monogram shortest, so newly registered art shows up.
 */
export const LOGO_BROWSER_TTL = { registryPng: 3600, hostedImage: 3600, monogram: 60 } as const

/** The Cache-Control of a logo answer kept `ttlSeconds` (10 s after a failed lookup) by shared caches. */
export const logoCacheControl = (browserSeconds: number) => (ttlSeconds: number) =>
  `public, max-age=${Math.min(browserSeconds, ttlSeconds)}, s-maxage=${ttlSeconds}`

export const LogoResponse = t.File({
  description: 'image/png (registry logo) or image/svg+xml (monogram); the redirect tier answers 302 with Location',
})

export const logoDoc = endpoint({
  operationId: 'getTokenLogo',
  method: 'GET',
  path: '/tokens/{asset}/logo',
  tag: 'Tokens',
  summary: 'Token logo: always an image, never a 404',
  description:
    'Resolves a logo in tiers and tells the tier by its answer:\n\n' +
    '1. **Registry PNG** (`200`, `Content-Type: image/png`, `max-age=3600, s-maxage=86400`): the token-registry logo the chain ' +
    'API returns with `asset_info`, served at its submitted size, only when its bytes start with the PNG signature ' +
    `(89 50 4E 47 0D 0A 1A 0A) and are at most ${MAX_LOGO_BYTES / 1024} KiB.\n` +
    "2. **Hosted image** (`302`, `Location`, `max-age=3600, s-maxage=86400`): source B's precomputed image for the token " +
    '(https URLs only; its missing.png placeholder is ignored).\n' +
    '3. **Monogram** (`200`, `Content-Type: image/svg+xml`, `max-age=60, s-maxage=300`, compressed when the client accepts br or gzip): a deterministic SVG, a circle coloured ' +
    "from a hash of the unit with up to five letters of the token's ticker (the curated registry's, else the " +
    'token registry\'s or CIP-68 one, else the asset name as text); the same unit and registry data always give ' +
    'the same bytes. Its short lifetime lets newly registered art show up.\n\n' +
    'When an upstream fails, the lookup is skipped and the next tier answers with `X-Cache: STALE` and a 10 s ' +
    'lifetime, so a logo request never answers 404 or 502. Curated tokens are looked up on source B in batches ' +
    `of 30; other units cost one source B call each, at most ${UNCURATED_LOOKUPS_PER_MINUTE} a minute (beyond ` +
    'that they get the monogram, labelled stale, until a later request). Answers are cached in memory as bytes, ' +
    'within the cache byte bound (`CACHE_MAX_MB`). Pre-sized variants do not exist yet.',
  params: [assetParam('Asset unit: 56-hex policy id followed by the asset name in hex', 'asset')],
  cacheSeconds: LOGO_TTL.registryPng,
  cacheNote: `per tier: registry PNG and redirect ${LOGO_TTL.registryPng} s, monogram ${LOGO_TTL.monogram} s, 10 s after an upstream failure`,
  examples: [`/tokens/${SNEK_UNIT}/logo`],
  errors: [errorDoc('invalid_asset_unit', 'The asset is not a 56-hex policy id followed by an even-length hex asset name')],
  response: LogoResponse,
  successMediaTypes: ['image/png', 'image/svg+xml'],
  otherAnswers: [
    {
      status: 302,
      description: "Hosted image tier: a redirect to source B's precomputed image for the token",
      headers: { Location: "The https URL of source B's hosted image" },
    },
  ],
})
