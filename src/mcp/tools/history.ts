import { tokenHistoryDoc } from '../../modules/history/catalogue'
import { restTool } from '../tool'

export const getTokenHistory = restTool({
  name: 'get_token_history',
  description:
    'Candles (5m, 1h or 1d) of a curated token from the history this service records itself: merged source A and source B price, liquidity and 24 h volume; works for tokens with no source B pool.',
  endpoint: tokenHistoryDoc,
})
