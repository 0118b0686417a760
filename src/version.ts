/**
 * The service's one version string, package.json's: the index's `version`, OpenAPI `info.version` and the MCP
 * server's `serverInfo.version` all say it (the `/api/v1` prefix is its major version). A leaf.
 */
import pkg from '../package.json'

export const VERSION: string = pkg.version
