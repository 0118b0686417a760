import { boostSummariesDoc, latestCommentsDoc } from '../../modules/community/catalogue'
import { parseUnitList } from '../../modules/community/service'
import { parseAssetUnit } from '../../http/asset-input'
import { defineTool, inputFromParams } from '../tool'

export const getBoosts = defineTool({
  name: 'get_boosts',
  description: 'Community boost counts (last 24 h, last 7 days, today UTC) for up to 60 comma-separated asset units.',
  input: inputFromParams(boostSummariesDoc.params),
  output: boostSummariesDoc.response,
  call(context, args) {
    context.services.community.requireDatabase()
    return context.services.community.boostSummaries(parseUnitList(args.units))
  },
})

export const getComments = defineTool({
  name: 'get_comments',
  description: 'The latest 50 community comments on a token, newest first, each with the writer’s stake address.',
  input: inputFromParams(latestCommentsDoc.params),
  output: latestCommentsDoc.response,
  call(context, args) {
    context.services.community.requireDatabase()
    return context.services.community.latestComments(parseAssetUnit(args.unit))
  },
})
