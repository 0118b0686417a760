import type { McpTool } from '../tool'
import { getChainTip } from './chain-tip'

/**
 * Every MCP tool, in the order tools/list gives them. The index at /api/v1/ and the docs list the same
 * entries (catalogue/index.ts `mcpTools`). Read-only: there are no write tools.
 */
export const mcpToolDefinitions: McpTool[] = [getChainTip as McpTool]
