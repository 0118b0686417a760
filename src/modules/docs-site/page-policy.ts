import { statSync } from 'node:fs'
import { bundledPagePolicy, inlineScriptSource, inlineScripts } from '../../http/page-headers'

/**
 * The policy of one built docs page: VitePress's bundle and chunks, and its few inline scripts (the dark-mode and
 * platform checks, the page hash map) allowed by hash, so no other inline script can run.
 */
const docsPagePolicy = (html: string): string => bundledPagePolicy([...new Set(inlineScripts(html).map(inlineScriptSource))])

/** Pages read and hashed once per build: keyed by file, checked against its modification time and size. */
const known = new Map<string, { stamp: string; html: string; policy: string }>()

/** A docs page's text and policy (a build made while the service runs is picked up, as the files are). */
export async function docsPage(file: string): Promise<{ html: string; policy: string }> {
  const stat = statSync(file)
  const stamp = `${stat.mtimeMs}|${stat.size}`
  const cached = known.get(file)
  if (cached?.stamp === stamp) return cached
  const html = await Bun.file(file).text()
  const page = { stamp, html, policy: docsPagePolicy(html) }
  if (known.size >= 1000) known.clear()
  known.set(file, page)
  return page
}
