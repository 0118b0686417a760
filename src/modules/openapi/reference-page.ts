import { dirname, join } from 'node:path'
import { bundledPagePolicy, inlineScriptSource } from '../../http/page-headers'
import { API_PREFIX } from '../../paths'

/**
 * The API reference page: Scalar's browser bundle served from the installed, pinned @scalar/api-reference
 * package (no CDN, works offline), reading this deployment's /api/v1/openapi.json. The ESM build loads its
 * chunks lazily from `chunks/` beside it, so both are served under /api/v1/reference/assets/.
 */

export const REFERENCE_ASSETS = `${API_PREFIX}/reference/assets`

const BROWSER_DIR = join(dirname(Bun.resolveSync('@scalar/api-reference/package.json', import.meta.dir)), 'dist', 'browser')
const ENTRY = 'standalone.esm.js'
/** Chunk names are content-hashed (`markdown-BZaBS8Vq.js`): a strict pattern keeps requests inside the folder. */
const CHUNK_NAME = /^[A-Za-z0-9._-]+\.js$/

/** The file behind an asset path (`standalone.esm.js` or `chunks/<name>.js`), or null for anything else. */
export function referenceAssetFile(path: string): string | null {
  if (path === ENTRY) return join(BROWSER_DIR, ENTRY)
  const chunk = path.startsWith('chunks/') ? path.slice('chunks/'.length) : null
  if (chunk !== null && CHUNK_NAME.test(chunk) && !chunk.startsWith('.')) return join(BROWSER_DIR, 'chunks', chunk)
  return null
}

/** Offline-friendly configuration: no web fonts, no telemetry, none of Scalar's hosted features (client, AI agent, MCP generator). */
const CONFIGURATION = {
  url: `${API_PREFIX}/openapi.json`,
  withDefaultFonts: false,
  telemetry: false,
  hideClientButton: true,
  showDeveloperTools: 'never',
  agent: { disabled: true },
  mcp: { disabled: true },
  showOperationId: true,
  defaultOpenAllTags: true,
}

/** The inline script that starts the reference: the page's policy allows exactly it, by hash. */
const START = `
      import { createApiReference } from '${REFERENCE_ASSETS}/${ENTRY}'
      createApiReference('#reference', ${JSON.stringify(CONFIGURATION)})
    `

/** What the page loads: Scalar's bundle and its chunks, and the one inline script above; it reads the OpenAPI document from this origin. */
export const REFERENCE_POLICY = bundledPagePolicy([inlineScriptSource(START)])

export function referencePage(): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>cardano-market-api reference</title>
    <style>body { margin: 0; font-family: system-ui, sans-serif; }</style>
  </head>
  <body>
    <noscript>The reference needs JavaScript; the raw document is at <a href="${CONFIGURATION.url}">${CONFIGURATION.url}</a>.</noscript>
    <!-- Empty: Scalar hydrates whatever the mount point holds (a child here gave Vue's hydration-mismatch error). -->
    <div id="reference"></div>
    <script type="module">${START}</script>
  </body>
</html>
`
}
