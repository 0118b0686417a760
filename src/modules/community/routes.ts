import { Elysia } from 'elysia'
import type { WriteNotices } from '../../cluster/write-notices'
import { ownBodyRouteOptions, routeOptions } from '../../catalogue/route-options'
import { cachedRoute } from '../../http/cached-route'
import type { ResponseCache } from '../../http/response-cache'
import type { WindowCounter } from '../../limits/window-counter'
import { CommunityCacheKeys } from './cache-keys'
import { boostSummariesDoc, castBoostDoc, latestCommentsDoc, postCommentDoc } from './catalogue'
import { clientWritesRule, countClientWrite } from './client-writes'
import { CommentSchema, type SignedWrite } from './schemas'
import { readWriteBody, requireJsonBody } from './request-body'
import { parseUnitList, type CommunityService } from './service'
import { parseSignedWrite } from './signed-write'

const NO_STORE = { 'cache-control': 'no-store' }

export interface CommunityRouteDeps {
  responses: ResponseCache
  community: CommunityService
  /** Other instances' writes (REDIS_URL set). */
  writes?: WriteNotices
  /** The per-client write counts (shared through Redis when set). */
  windows: WindowCounter
  /** Whom a request's writes count against (http/client-key.ts: an IPv6 client by its /64). */
  client: (request: Request) => string
  writesPerClientPerHour: number
}

export function communityRoutes(deps: CommunityRouteDeps) {
  const { responses, community, writes, windows, client } = deps
  const keys = new CommunityCacheKeys(responses)
  const perClient = clientWritesRule(deps.writesPerClientPerHour)
  /** A write's body, after the cheap refusals: no database, not JSON, too many writes from this client, too large, malformed. */
  const receive = async (request: Request): Promise<SignedWrite> => {
    community.requireDatabase()
    requireJsonBody(request)
    await countClientWrite(windows, perClient, client(request))
    return parseSignedWrite(await readWriteBody(request))
  }
  // Other instances' writes renew the same keys here (REDIS_URL set).
  writes?.listen(
    (notice) => (notice.kind === 'boosts' ? keys.boostWritten() : keys.commentWritten(notice.unit)),
    () => keys.everythingWritten(),
  )
  const boosts = cachedRoute(responses, boostSummariesDoc)
  const comments = cachedRoute(responses, latestCommentsDoc)
  const postCommentOptions = ownBodyRouteOptions(postCommentDoc)
  // A replayed comment answers 200 with the comment saved the first time.
  const postCommentResponses = { ...postCommentOptions.response, 200: CommentSchema }

  return new Elysia({ name: 'community' })
    .get(
      '/community/boosts',
      ({ request, query }) => {
        community.requireDatabase()
        const units = parseUnitList(query.units)
        return boosts(request, keys.boosts(units), () => community.boostSummaries(units))
      },
      routeOptions(boostSummariesDoc),
    )
    .post(
      '/community/boosts',
      async ({ request, set }) => {
        const write = await receive(request)
        const receipt = await community.castBoost(write)
        keys.boostWritten()
        writes?.publish({ kind: 'boosts' })
        Object.assign(set.headers, NO_STORE)
        set.status = 201
        return receipt
      },
      ownBodyRouteOptions(castBoostDoc),
    )
    .get(
      '/community/comments/:unit',
      ({ request, params }) => {
        community.requireDatabase()
        const unit = params.unit.toLowerCase()
        return comments(request, keys.comments(unit), () => community.latestComments(unit))
      },
      routeOptions(latestCommentsDoc),
    )
    .post(
      '/community/comments/:unit',
      async ({ request, params, set }) => {
        const write = await receive(request)
        const posted = await community.postComment(params.unit, write)
        if (!posted.replayed) {
          const unit = params.unit.toLowerCase()
          keys.commentWritten(unit)
          writes?.publish({ kind: 'comments', unit })
        }
        Object.assign(set.headers, NO_STORE)
        set.status = posted.replayed ? 200 : 201
        return posted.comment
      },
      { ...postCommentOptions, response: postCommentResponses },
    )
}
