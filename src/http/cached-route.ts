import type { Static, TSchema } from '@sinclair/typebox'
import { newOriginMarker } from './origin-template'
import type { Built, ResponseCache } from './response-cache'

/**
 * The one shape of a cached GET route over a service read: the route names its cache key and its read; this
 * turns the read into a cached answer with the endpoint's lifetime and response schema.
 *
 * The front cache answers a repeated GET of these routes before Elysia routes it (ResponseCache.answerFromFront,
 * called from the observe wrapper): no Elysia hook, derive or validation runs for such a hit. A cached route
 * must do all its work in its handler and its read, and rely on no hook (src/app.ts says so where they mount).
 */

/** A service read: the data, whether it was built from stale inputs, and a lifetime when it must be shorter. */
export interface RouteRead<T> {
  data: T
  stale: boolean
  ttlSeconds?: number
}

export interface CachedEndpoint<R extends TSchema = TSchema> {
  /** The lifetime (s-maxage) when a request does not decide another. */
  cacheSeconds: number | null
  /** Checked once per build (JSON bodies only); its Static type is what the read must give (unless `answer`). */
  response?: R
}

export interface CachedRouteOptions<T> {
  /** Headers every answer carries. */
  headers?: Record<string, string>
  /** The answer for the data when it is not the JSON body itself (the logo's tiers). */
  answer?: (data: T) => Built
}

/** Serve `key` from the cache, or build it from `read`; `ttlSeconds` when the request decides the lifetime. */
export type AnswerCached<T> = (
  request: Request,
  key: string,
  read: () => Promise<RouteRead<T>>,
  ttlSeconds?: number,
) => Response | Promise<Response>

export function cachedRoute<R extends TSchema, T = Static<R>>(
  responses: ResponseCache,
  endpoint: CachedEndpoint<R>,
  options: CachedRouteOptions<T> = {},
): AnswerCached<T> {
  return cachedAnswer(responses, endpoint, options)
}

/** A read that may say where its answer's origin marker is (an answer kept origin-free). */
type MarkedRead<T> = () => Promise<RouteRead<T> & Pick<Built, 'originMarker'>>

function cachedAnswer<R extends TSchema, T>(
  responses: ResponseCache,
  endpoint: CachedEndpoint<R>,
  options: CachedRouteOptions<T>,
): (request: Request, key: string, read: MarkedRead<T>, ttlSeconds?: number) => Response | Promise<Response> {
  const lifetime = endpoint.cacheSeconds
  if (lifetime === null) throw new Error('A cached route needs the endpoint\'s cacheSeconds')
  const { headers, answer = (data: T): Built => ({ body: data }) } = options
  return (request, key, read, ttlSeconds = lifetime) =>
    responses.serve(
      request,
      key,
      ttlSeconds,
      async () => {
        const result = await read()
        const built: Built = { ...answer(result.data), stale: result.stale }
        if (headers !== undefined) built.headers = headers
        if (result.ttlSeconds !== undefined) built.ttlSeconds = result.ttlSeconds
        if (result.originMarker !== undefined) built.originMarker = result.originMarker
        return built
      },
      endpoint.response,
    )
}

/** Like AnswerCached, for answers that embed the caller's origin: `read` gets the origin to write URLs with. */
export type AnswerCachedPerOrigin<T> = (
  request: Request,
  key: string,
  read: (origin: string) => Promise<RouteRead<T>>,
) => Response | Promise<Response>

/**
 * A cached route whose answer embeds the caller's origin (URLs it hands out). With PUBLIC_BASE_URL the read gets
 * that origin. Otherwise it gets a marker (origin-template.ts): the answer is built and kept once, origin-free,
 * under `key` alone, and each caller's origin is written in when it is served, so a new Host costs no rebuild and
 * no cache entry. Either way the answers carry the origin's Vary (a CDN keeps them apart per Host).
 */
export function cachedPerOrigin<R extends TSchema, T = Static<R>>(
  responses: ResponseCache,
  endpoint: CachedEndpoint<R>,
  options: Omit<CachedRouteOptions<T>, 'headers'> = {},
): AnswerCachedPerOrigin<T> {
  const origin = responses.originPolicy
  const fixed = origin.fixed
  const settings = { ...options, headers: origin.vary }
  if (fixed !== null) {
    const answer = cachedRoute<R, T>(responses, endpoint, settings)
    return (request, key, read) => answer(request, key, () => read(fixed))
  }
  const answer = cachedAnswer<R, T>(responses, endpoint, settings)
  return (request, key, read) =>
    answer(request, key, async () => {
      const marker = newOriginMarker()
      return { ...(await read(marker)), originMarker: marker }
    })
}
