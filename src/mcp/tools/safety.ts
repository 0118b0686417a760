import { safetyDoc } from '../../modules/safety/catalogue'
import { restTool } from '../tool'

export const getTokenSafety = restTool({
  name: 'get_token_safety',
  description:
    'A token\'s safety report from the chain: can its policy still mint, supply and mints, holder concentration, pool depth and age, plain flags (facts, not advice).',
  endpoint: safetyDoc,
})
