/**
 * The docs site in a real browser (playwright-core driving Debian's chromium, no network): open /docs/,
 * follow the link to one endpoint page, check the page shows that endpoint's example URL and that the URL
 * answers 200; and the API reference page renders from the locally served Scalar bundle.
 */
import { describe, expect, it } from 'bun:test'
import { catalogue } from '../../src/catalogue'
import { mcpTools } from '../../src/mcp/tools'
import { API_PREFIX } from '../../src/paths'
import { startService } from '../helpers'
import { servedToChromium } from '../support/chromium'
import { ensureDocsBuilt } from './docs-build'

await ensureDocsBuilt()

const svc = await startService()
const { base, browser } = await servedToChromium(svc)

/** A page whose requests may only reach this test's server; anything else is refused and recorded. */
async function offlinePage() {
  const context = await browser.newContext()
  const external: string[] = []
  await context.route('**/*', (route) => {
    const url = route.request().url()
    if (url.startsWith(base)) return route.continue()
    external.push(url)
    return route.abort()
  })
  return { page: await context.newPage(), external, close: () => context.close() }
}

// An endpoint page with a path beyond the index, when the catalogue has one.
const endpoint = catalogue.find((doc) => doc.method === 'GET' && doc.path !== '/' && doc.examples.length > 0) ?? catalogue[0]

describe('the built site, served by the service', () => {
  it('has every guide the issue lists', async () => {
    for (const guide of ['quick-start', 'coverage', 'community-signing', 'limits-and-caching', 'mcp', 'self-hosting', 'live-stream']) {
      const res = await fetch(`${base}/docs/guide/${guide}`)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toContain('text/html')
    }
  })

  it('lists every MCP tool on the MCP guide, and the README’s configuration table on the self-hosting guide', async () => {
    const mcp = await (await fetch(`${base}/docs/guide/mcp`)).text()
    for (const tool of mcpTools) expect(mcp).toContain(tool.name)
    expect(mcp).toContain('/api/mcp')
    const selfHosting = await (await fetch(`${base}/docs/guide/self-hosting`)).text()
    for (const variable of ['PUBLIC_BASE_URL', 'DATABASE_URL', 'DATABASE_AUTH_TOKEN', 'GECKOTERMINAL_RPM']) expect(selfHosting).toContain(variable)
  })
})

describe('the docs site in a browser', () => {
  it(
    `opens /docs/, follows the link to ${endpoint.operationId}, shows its example URL, and the URL answers 200`,
    async () => {
      const { page, external, close } = await offlinePage()
      try {
        await page.goto(`${base}/docs/`)
        expect(await page.title()).toContain('cardano-market-api')

        await page.click(`a.endpoint-link[href$="/endpoints/${endpoint.operationId}"]`)
        await page.waitForURL(`${base}/docs/endpoints/${endpoint.operationId}`)
        // VitePress swaps the page in on the client: wait for the endpoint's own heading.
        await page.locator('h1', { hasText: endpoint.summary }).waitFor({ timeout: 10_000 })

        // The example link becomes absolute once the page runs: the site's own origin.
        const expected = `${base}${API_PREFIX}${endpoint.examples[0]}`
        await page.waitForFunction((url) => document.querySelector('a.example-url')?.getAttribute('href') === url, expected, { timeout: 10_000 })
        expect(await page.textContent('a.example-url')).toBe(expected)

        const status = await page.evaluate(async (url) => (await fetch(url)).status, expected)
        expect(status).toBe(200)
        expect(external).toEqual([])
      } finally {
        await close()
      }
    },
    60_000,
  )

  it(
    'renders the API reference from the locally served bundle with no other host',
    async () => {
      const { page, external, close } = await offlinePage()
      try {
        await page.goto(`${base}/api/v1/reference`)
        await page.getByText(endpoint.summary).first().waitFor({ timeout: 20_000 })
        expect(external).toEqual([])
      } finally {
        await close()
      }
    },
    60_000,
  )
})
