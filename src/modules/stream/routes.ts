import { Elysia } from 'elysia'
import { routeOptions } from '../../catalogue/route-options'
import type { OriginPolicy } from '../../http/base-url'
import { streamDoc } from './catalogue'
import type { StreamHub } from './hub'
import { parseTopics } from './topics'

/**
 * GET /stream: topics are checked before anything opens (400), then the hub answers with the stream (or a
 * 429). Not a cached route: the front cache never stores it, and no answer of it is kept.
 */
export function streamRoutes(deps: { hub: StreamHub; client: (request: Request) => string; origin: OriginPolicy }) {
  const { hub } = deps
  return new Elysia({ name: 'stream' }).get(
    '/stream',
    ({ request, query, server }) => {
      const topics = parseTopics(query.topics, (unit) => hub.isCurated(unit))
      // Snapshots carry absolute logo URLs on this request's origin, as REST answers do.
      const response = hub.open(topics, deps.client(request), request.headers.get('last-event-id'), request.signal, deps.origin.of(request))
      // Bun closes a connection idle for Elysia's idleTimeout (30 s): a stream waits longer between events.
      server?.timeout(request, 0)
      return response
    },
    routeOptions(streamDoc),
  )
}
