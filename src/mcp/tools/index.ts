import type { McpTool } from '../tool'
import { getChainTip } from './chain-tip'
import { listChainTokens } from './chain-tokens'
import { getTokenOhlcv } from './charts'
import { getBoosts, getComments } from './community'
import { getTokenHistory } from './history'
import { getTokenTrades } from './trades'
import { getNewPools, getPool } from './pools'
import { getTokenSafety } from './safety'
import { getPriceAt, getPrices } from './prices'
import { getMarket } from './market'
import { getToken, listTokens, searchTokens } from './tokens'
import { getWallet } from './wallet'

/**
 * Every MCP tool, in the order tools/list gives them. The index at /api/v1/, the OpenAPI document, llms.txt and
 * the docs list the same entries (`mcpTools` below). Read-only: there are no write tools.
 */
export const mcpToolDefinitions: McpTool[] = [
  listTokens,
  getToken,
  getTokenOhlcv,
  getTokenHistory,
  getTokenTrades,
  getTokenSafety,
  getNewPools,
  getPool,
  getPrices,
  getPriceAt,
  searchTokens,
  getWallet,
  getMarket,
  getBoosts,
  getComments,
  getChainTip,
  listChainTokens,
]

/** The tools' names and descriptions, as the index, the OpenAPI document, llms.txt and the docs list them. */
export const mcpTools: Array<{ name: string; description: string }> = mcpToolDefinitions.map(({ name, description }) => ({
  name,
  description,
}))
