import { join, normalize, sep } from 'node:path'

/**
 * Which file of the built docs site answers a path under /docs/. VitePress builds with clean URLs
 * (`/docs/guide/mcp` is `guide/mcp.html`), so a path maps to, in order: itself, `<path>.html`,
 * `<path>/index.html`. Anything that would leave the site folder maps to nothing.
 */

/** Hashed build assets never change under one name. */
export const IMMUTABLE_PREFIX = 'assets/'

/** Candidate files for a path relative to the site root (already percent-decoded), or [] when unsafe. */
export function siteFileCandidates(root: string, relative: string): string[] {
  if (relative.includes('\0') || relative.split('/').some((segment) => segment === '..')) return []
  const clean = relative.replace(/^\/+/, '')
  const base = normalize(join(root, clean))
  if (base !== root && !base.startsWith(root.endsWith(sep) ? root : root + sep)) return []
  if (clean === '' || clean.endsWith('/')) return [join(base, 'index.html')]
  return [base, `${base}.html`, join(base, 'index.html')]
}

export function decodePath(raw: string): string | null {
  try {
    return decodeURIComponent(raw)
  } catch {
    return null
  }
}
