import { join } from 'node:path'

/** Where the fingerprinted assets are served; the HTML shell links them by name. */
export const ASSET_PREFIX = '/explorer/assets/'
/** A fingerprinted file never changes under its name. */
export const IMMUTABLE = 'public, max-age=31536000, immutable'

export interface Asset {
  body: Uint8Array<ArrayBuffer>
  contentType: string
}

export interface ExplorerAssets {
  /** Fingerprinted URL of the page script. */
  script: string
  /** Fingerprinted URL of the stylesheet. */
  style: string
  files: Map<string, Asset>
}

const CLIENT_ENTRY = join(import.meta.dir, 'client', 'main.ts')
const STYLE_FILE = join(import.meta.dir, 'client', 'explorer.css')

/**
 * The browser code bundled by Bun.build with the `production` condition (lightweight-charts ships a development
 * build that is twice the size otherwise), minified, named by content hash. Built once per process, in memory:
 * there is no build step to forget, and a fresh clone serves the explorer on its first start.
 */
async function buildAssets(): Promise<ExplorerAssets> {
  const result = await Bun.build({
    entrypoints: [CLIENT_ENTRY],
    target: 'browser',
    format: 'esm',
    minify: true,
    conditions: ['production'],
    naming: '[name].[hash].[ext]',
    define: { 'process.env.NODE_ENV': '"production"' },
  })
  if (!result.success) throw new AggregateError(result.logs, 'the explorer bundle did not build')
  const files = new Map<string, Asset>()
  let script = ''
  for (const output of result.outputs) {
    const name = output.path.replace(/^\.\//, '')
    files.set(name, { body: new Uint8Array(await output.arrayBuffer()), contentType: 'text/javascript; charset=utf-8' })
    if (output.kind === 'entry-point') script = ASSET_PREFIX + name
  }
  const css = new Uint8Array(await Bun.file(STYLE_FILE).arrayBuffer())
  const cssName = `explorer.${Bun.hash(css).toString(36)}.css`
  files.set(cssName, { body: css, contentType: 'text/css; charset=utf-8' })
  return { script, style: ASSET_PREFIX + cssName, files }
}

let built: Promise<ExplorerAssets> | null = null

/** The assets, built on first use and shared by every app in the process. A failed build is retried next time. */
export function explorerAssets(): Promise<ExplorerAssets> {
  built ??= buildAssets().catch((error) => {
    built = null
    throw error
  })
  return built
}
