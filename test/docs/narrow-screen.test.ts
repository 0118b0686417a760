/**
 * The docs on a phone (390 px wide, an iPhone 12–15), in Debian's Chromium through playwright-core: no page of
 * the built site is wider than the screen outside code blocks, and nothing on it needs a sideways scroll except
 * code (a `pre` block scrolls within itself by design). Also: the docs pages and the API reference hydrate
 * without Vue's hydration-mismatch warning. Every built page is walked, so pages added later are checked too.
 */
import { describe, expect, it } from 'bun:test'
import { readdirSync } from 'node:fs'
import { join, relative } from 'node:path'
import type { Page } from 'playwright-core'
import { DOCS_DIST } from '../../src/modules/docs-site/routes'
import { API_PREFIX } from '../../src/paths'
import { startService } from '../helpers'
import { servedToChromium } from '../support/chromium'
import { ensureDocsBuilt } from './docs-build'

const PHONE = { width: 390, height: 844 }

await ensureDocsBuilt()

const svc = await startService({ env: { DATABASE_URL: ':memory:' } })
const { base, browser } = await servedToChromium(svc)

/** Every page of the build, as the clean URL the service serves it at. */
function builtPages(dir = DOCS_DIST): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'assets' ? [] : builtPages(path)
    if (!entry.name.endsWith('.html') || entry.name === '404.html') return []
    const page = relative(DOCS_DIST, path).replace(/\.html$/, '').replace(/(^|\/)index$/, '$1')
    return [`/docs/${page}`]
  })
}

/** Elements outside code blocks that reach past the screen's right edge, or scroll sideways themselves. */
function overflowsOf(page: Page) {
  return page.evaluate((width) => {
    const inCode = (el: Element) => el.closest('pre, div[class*="language-"], .vp-code-group') !== null
    const out: string[] = []
    if (document.documentElement.scrollWidth > width) out.push(`the page is ${document.documentElement.scrollWidth} px wide`)
    for (const el of Array.from(document.querySelectorAll('.VPContent *'))) {
      if (inCode(el)) continue
      const style = getComputedStyle(el)
      if (style.display === 'none' || style.visibility === 'hidden') continue
      const rect = el.getBoundingClientRect()
      const label = `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.split(' ')[0]}` : ''}`
      if (rect.width > 0 && rect.right > width + 1) out.push(`${label} ends at ${Math.round(rect.right)} px: ${(el.textContent ?? '').trim().slice(0, 60)}`)
      else if (el.scrollWidth > el.clientWidth + 1 && ['auto', 'scroll'].includes(style.overflowX)) {
        out.push(`${label} scrolls sideways (${el.scrollWidth} px in ${el.clientWidth}): ${(el.textContent ?? '').trim().slice(0, 60)}`)
      }
    }
    return out.slice(0, 5)
  }, PHONE.width)
}

describe('the docs on a 390 px screen', () => {
  const pages = builtPages()

  it('builds the pages to walk: the home, every guide and every endpoint page', () => {
    expect(pages).toContain('/docs/')
    expect(pages.filter((p) => p.startsWith('/docs/guide/')).length).toBeGreaterThanOrEqual(8)
    expect(pages.filter((p) => p.startsWith('/docs/endpoints/')).length).toBeGreaterThan(10)
  })

  it(
    'has no page wider than the screen outside code blocks, and no hydration mismatch',
    async () => {
      const context = await browser.newContext({ viewport: PHONE, deviceScaleFactor: 1 })
      const problems: Record<string, string[]> = {}
      try {
        for (const path of pages) {
          const page = await context.newPage()
          const logged: string[] = []
          page.on('console', (message) => {
            if (/hydration/i.test(message.text())) logged.push(`console: ${message.text().slice(0, 120)}`)
          })
          await page.goto(base + path, { waitUntil: 'networkidle' })
          const found = [...(await overflowsOf(page)), ...logged]
          if (found.length > 0) problems[path] = found
          await page.close()
        }
      } finally {
        await context.close()
      }
      expect(problems).toEqual({})
    },
    240_000,
  )

  it(
    'opens the API reference with no hydration mismatch',
    async () => {
      const page = await browser.newPage()
      const logged: string[] = []
      page.on('console', (message) => {
        if (/hydration/i.test(message.text())) logged.push(message.text().slice(0, 200))
      })
      try {
        await page.goto(`${base}${API_PREFIX}/reference`, { waitUntil: 'networkidle' })
        await page.getByText('Screener of the curated').first().waitFor({ timeout: 20_000 })
        await page.waitForTimeout(500)
      } finally {
        await page.close()
      }
      expect(logged).toEqual([])
    },
    60_000,
  )
})
