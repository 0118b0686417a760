import { boostSummariesDoc, latestCommentsDoc } from '../../modules/community/catalogue'
import { restTool } from '../tool'

export const getBoosts = restTool({
  name: 'get_boosts',
  description: 'Community boost counts (last 24 h, last 7 days, today UTC) for up to 60 comma-separated asset units.',
  endpoint: boostSummariesDoc,
})

export const getComments = restTool({
  name: 'get_comments',
  description: 'The latest 50 community comments on a token, newest first, each with the writer’s stake address.',
  endpoint: latestCommentsDoc,
})
