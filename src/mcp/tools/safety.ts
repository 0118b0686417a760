import { safetyDoc } from '../../modules/safety/catalogue'
import { restTool } from '../tool'

export const getTokenSafety = restTool({
  name: 'get_token_safety',
  description:
    'Safety report of a token from the chain, by asset unit: can its policy still mint (mintableUntil, locked), supply and mint history, holder concentration (top holders grouped by stake address, DEX pools apart), followed pools\' depth and age, and plain flags (on-chain facts, not advice).',
  endpoint: safetyDoc,
})
