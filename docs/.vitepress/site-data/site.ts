import { existsSync, readFileSync } from 'node:fs'
import type { SiteData } from './types'

/**
 * docs/.generated/site.json, read at build time by the config and the endpoint pages' paths loader. It is
 * written by scripts/docs-data.ts, which `bun run docs:build` runs first.
 */
export function loadSiteData(): SiteData {
  const file = new URL('../../.generated/site.json', import.meta.url)
  if (!existsSync(file)) {
    throw new Error('docs/.generated/site.json is missing: run `bun run docs:build` (it runs scripts/docs-data.ts first)')
  }
  return JSON.parse(readFileSync(file, 'utf8')) as SiteData
}
