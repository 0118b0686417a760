/**
 * Headers of every HTML page the service serves: the explorer, the docs site and the API reference share one
 * origin with the wallet flow (a page that signs community writes), so each says exactly what it may load (a
 * Content-Security-Policy fitted to it), that nothing may frame it (clickjacking a signature prompt), that a
 * response is only what its Content-Type says, and that URLs do not leak to other sites in the Referer.
 */
import { createHash } from 'node:crypto'

/** Directives every page shares; each page adds its own `script-src`, `style-src`… */
const BASE_DIRECTIVES: Record<string, string> = {
  'default-src': "'self'",
  'object-src': "'none'",
  'base-uri': "'none'",
  'form-action': "'self'",
  'frame-ancestors': "'none'",
}

/** A policy from the page's own directives over the shared ones. */
export function contentSecurityPolicy(directives: Record<string, string>): string {
  return Object.entries({ ...BASE_DIRECTIVES, ...directives })
    .map(([name, value]) => `${name} ${value}`)
    .join('; ')
}

/**
 * The policy of a page built by a front-end bundler (the docs site, the API reference): its bundle from this origin
 * and the inline scripts given (as source expressions, see inlineScriptSource); inline styles (Shiki's style
 * attributes, Scalar's styles set from script); images and fonts from this origin or data: URIs; fetches to this
 * origin (default-src).
 */
export function bundledPagePolicy(inlineScriptSources: readonly string[]): string {
  return contentSecurityPolicy({
    'script-src': ["'self'", ...inlineScriptSources].join(' '),
    'style-src': "'self' 'unsafe-inline'",
    'img-src': "'self' data:",
    'font-src': "'self' data:",
  })
}

/** The source expression allowing one inline script, by its SHA-256 (CSP Level 2): no 'unsafe-inline' needed. */
export const inlineScriptSource = (script: string): string => `'sha256-${createHash('sha256').update(script).digest('base64')}'`

/** Every inline `<script>` (no `src`) of a page, for the hashes its policy allows. */
export function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map((match) => match[1])
}

/** The headers of an HTML page under `policy`. */
export function pageHeaders(policy: string): Record<string, string> {
  return {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': policy,
    'x-content-type-options': 'nosniff',
    // Frame protection for browsers that predate frame-ancestors.
    'x-frame-options': 'DENY',
    'referrer-policy': 'same-origin',
  }
}
