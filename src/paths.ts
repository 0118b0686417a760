/** Where the API's parts are served. A leaf: anything may import it, it imports nothing. */

export const API_PREFIX = '/api/v1'
export const MCP_PATH = '/api/mcp'
/** The plain-text guide for AI agents, at the root as llms.txt conventions place it. */
export const LLMS_PATH = '/llms.txt'

/** This service's own logo URL for a token (the logo endpoint always answers with an image); `origin` '' gives a path. */
export const logoUrl = (origin: string, unit: string) => `${origin}${API_PREFIX}/tokens/${unit}/logo`
