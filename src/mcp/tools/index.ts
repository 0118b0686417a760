import type { McpTool } from '../tool'
import { getChainTip } from './chain-tip'
import { getTokenOhlcv } from './charts'
import { getBoosts, getComments } from './community'
import { getTokenHistory } from './history'
import { getMarket } from './market'
import { getToken, listTokens, searchTokens } from './tokens'
import { getWallet } from './wallet'

/**
 * Every MCP tool, in the order tools/list gives them. The index at /api/v1/ and the docs list the same
 * entries (catalogue/index.ts `mcpTools`). Read-only: there are no write tools.
 */
export const mcpToolDefinitions: McpTool[] = [
  listTokens,
  getToken,
  getTokenOhlcv,
  getTokenHistory,
  searchTokens,
  getWallet,
  getMarket,
  getBoosts,
  getComments,
  getChainTip,
] as McpTool[]
