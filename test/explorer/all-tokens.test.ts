/**
 * The "All tokens" page (/tokens) in Debian's Chromium (playwright-core, offline), on the demo's own upstreams
 * (test/fake-upstreams/demo-upstreams.ts: 68 curated tokens and NEWT and CIPX outside the registry on the fake
 * chain, the follower read back over all of it), at 1280 and 390 px:
 * - its rows are GET /api/v1/chain/tokens's, in the service's order, 50 a page (next and back);
 * - the column buttons sort by the service (aria-sort on the header), and a filter narrows the list;
 * - every token links to its page and its deepest pool to the pool page;
 * - the rows shown follow the stream's chain:tokens topic as the follower reads new blocks;
 * - the demo's chain-only tokens are listed with figures that match their pool pages.
 * Screenshots go to test-artifacts/explorer/.
 */
import { describe, expect, it } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { formatPrice } from '../../src/explorer/client/format'
import { loadRegistry } from '../../src/registry/registry'
import { DEMO_CHAIN_HOURS, startDemoUpstreams } from '../fake-upstreams/demo-upstreams'
import { startService } from '../helpers'
import { servedToChromium } from '../support/chromium'
import { openPage, screenshot } from './browser'

const tokens = loadRegistry(null).tokens
const dir = mkdtempSync(join(tmpdir(), 'explorer-all-tokens-'))
const demo = await startDemoUpstreams(tokens)
const svc = await startService({
  fake: demo.fake,
  env: { DATABASE_URL: `file:${join(dir, 'c.db')}`, CHAIN_FOLLOW: 'on', CHAIN_BACKFILL_HOURS: String(DEMO_CHAIN_HOURS), KOIOS_RPM: '100000', KOIOS_PER_DAY: '0' },
})
for (let i = 0; i < 400 && (await svc.deps.chain!.follower.poll()).cursor?.backfill !== null; i++);
await svc.deps.chain!.identities.step()
const { base, browser } = await servedToChromium(svc, () => {
  void demo.fake.stop()
  rmSync(dir, { recursive: true, force: true })
})

interface Row {
  address: string
  symbol: string | null
  priceAda: number | null
  liquidityUsd: number | null
  topPairAddress: string
}

const api = async (query: string) => (await svc.json(`/api/v1/chain/tokens?${query}`)).body as { count: number; nextCursor: string | null; tokens: Row[] }
const shownUnits = (page: Page) => page.locator('#all-tokens tbody tr').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-unit')))
const pageLoaded = async (page: Page, first: string) => page.locator(`#all-tokens tbody tr[data-unit="${first}"]`).first().waitFor({ timeout: 20_000 })

describe('the All tokens page', () => {
  for (const width of [1280, 390] as const) {
    it(`lists the service's rows 50 a page, forward and back, each linked (${width} px)`, async () => {
      const { page, errors, external, close } = await openPage(browser, base, width)
      try {
        const first = await api('limit=50')
        expect(first.count).toBeGreaterThan(50)
        await page.goto(`${base}/`)
        await page.getByRole('link', { name: 'All tokens' }).first().click()
        await page.waitForURL(/\/tokens/)
        await pageLoaded(page, first.tokens[0].address)
        expect(await shownUnits(page)).toEqual(first.tokens.map((t) => t.address))
        expect(await page.getByRole('columnheader', { name: /^Liquidity/ }).getAttribute('aria-sort')).toBe('descending')
        expect(await page.locator('#all-tokens-page').textContent()).toContain(`Tokens 1–50 of ${first.count}`)
        for (const t of first.tokens.slice(0, 5)) {
          const row = page.locator(`#all-tokens tbody tr[data-unit="${t.address}"]`)
          expect(await row.locator('th a').getAttribute('href')).toBe(`/token/${t.address}`)
          expect(await row.locator(`a[href="/pool/${t.topPairAddress}"]`).count()).toBe(1)
        }
        if (width === 390) {
          // Token, price and 24 h change in view on a phone; the rest scrolls in its region.
          const cut = await page.evaluate(() =>
            [...document.querySelectorAll('#all-tokens tbody tr')].flatMap((row) => [...row.children].slice(0, 3).filter((c) => c.getBoundingClientRect().right > innerWidth + 0.5).map((c) => c.textContent)),
          )
          expect(cut).toEqual([])
        }
        await screenshot(page, `all-tokens-${width}`)

        const second = await api(`limit=50&cursor=${first.nextCursor}`)
        await page.getByRole('button', { name: 'Next page →' }).click()
        await pageLoaded(page, second.tokens[0].address)
        expect(await shownUnits(page)).toEqual(second.tokens.map((t) => t.address))
        expect(await page.locator('#all-tokens-page').textContent()).toContain(`Tokens 51–${50 + second.tokens.length} of ${first.count}`)
        expect(await page.getByRole('button', { name: 'Next page →' }).isDisabled()).toBe(second.nextCursor === null)
        await page.getByRole('button', { name: '← Previous page' }).click()
        await pageLoaded(page, first.tokens[0].address)
        expect(await shownUnits(page)).toEqual(first.tokens.map((t) => t.address))
        expect(await page.getByRole('button', { name: '← Previous page' }).isDisabled()).toBe(true)
        expect(errors).toEqual([])
        expect(external).toEqual([])
      } finally {
        await close()
      }
    }, 90_000)
  }

  it('sorts by the column buttons (the service sorts; aria-sort says how) and filters', async () => {
    const { page, errors, close } = await openPage(browser, base)
    try {
      await page.goto(`${base}/tokens`)
      await pageLoaded(page, (await api('limit=50')).tokens[0].address)
      for (const [label, sort] of [['24h', 'change24h'], ['Volume 24h', 'volume24h'], ['Trades 24h', 'txns24h']] as const) {
        const expected = await api(`sort=${sort}&limit=50`)
        await page.getByRole('button', { name: new RegExp(`^${label}`) }).click()
        await pageLoaded(page, expected.tokens[0].address)
        expect(await shownUnits(page)).toEqual(expected.tokens.map((t) => t.address))
        expect(await page.getByRole('columnheader', { name: new RegExp(`^${label}`) }).getAttribute('aria-sort')).toBe('descending')
        expect(page.url()).toContain(`sort=${sort}&order=desc`)
      }
      // The same button again: ascending.
      const ascending = await api('sort=txns24h&order=asc&limit=50')
      await page.getByRole('button', { name: /^Trades 24h/ }).click()
      await pageLoaded(page, ascending.tokens[0].address)
      expect(await shownUnits(page)).toEqual(ascending.tokens.map((t) => t.address))
      expect(await page.getByRole('columnheader', { name: /^Trades 24h/ }).getAttribute('aria-sort')).toBe('ascending')

      await page.getByRole('searchbox', { name: 'Filter tokens' }).fill('newt')
      await page.getByRole('button', { name: 'Filter', exact: true }).click()
      await page.locator('#all-tokens tbody tr').first().waitFor()
      await page.waitForFunction(() => document.querySelectorAll('#all-tokens tbody tr').length === 1)
      expect(await shownUnits(page)).toEqual([demo.newTokens[0]])
      expect(errors).toEqual([])
    } finally {
      await close()
    }
  }, 90_000)

  it('updates the rows shown from the chain:tokens stream as the follower reads new blocks', async () => {
    const { page, errors, close } = await openPage(browser, base)
    try {
      await page.goto(`${base}/tokens`)
      await pageLoaded(page, (await api('limit=50')).tokens[0].address)
      const priceCells = () => page.locator('#all-tokens tbody tr').evaluateAll((rows) => rows.map((row) => [row.getAttribute('data-unit'), row.children[6].textContent] as [string | null, string | null]))
      const before = new Map(await priceCells())
      // New blocks with swaps, read by the follower: the stream carries the rows that changed.
      for (let i = 0; i < 60 && (await page.locator('#all-tokens-live').textContent()) === ''; i++) {
        for (let b = 0; b < 5; b++) demo.tick()
        await svc.deps.chain!.follower.poll()
        await Bun.sleep(300)
      }
      expect(await page.locator('#all-tokens-live').textContent()).toMatch(/^Live: \d+ rows? updated at block/)
      const { tokens: now } = await api('limit=199')
      const changed = (await priceCells()).filter(([unit, text]) => before.get(unit) !== text)
      expect(changed.length).toBeGreaterThan(0)
      for (const [unit, text] of changed) {
        const row = now.find((t) => t.address === unit)!
        expect(text).toBe(formatPrice(row.priceAda, 'ADA'))
      }
      expect(errors).toEqual([])
    } finally {
      await close()
    }
  }, 90_000)

  it("lists the demo's chain-only tokens with figures that match their pool pages", async () => {
    const { page, errors, close } = await openPage(browser, base)
    try {
      const { tokens: rows } = await api('limit=200')
      for (const unit of demo.newTokens) {
        const row = rows.find((t) => t.address === unit)!
        expect(row).toBeDefined()
        await page.goto(`${base}/tokens?q=${row.symbol}`)
        const cells = page.locator(`#all-tokens tbody tr[data-unit="${unit}"] td`)
        await cells.first().waitFor({ timeout: 20_000 })
        const listed = { priceAda: (await cells.nth(5).textContent())!, liquidity: (await cells.nth(2).textContent())! }
        // Its deepest pool's page, reached from the row: the same price in ADA, and (one pool) the same liquidity.
        await page.locator(`#all-tokens tbody tr[data-unit="${unit}"] a[href="/pool/${row.topPairAddress}"]`).click()
        await page.waitForURL(`${base}/pool/${row.topPairAddress}`)
        const price = page.locator('#price')
        await price.waitFor({ timeout: 20_000 })
        expect(await price.textContent()).toStartWith(listed.priceAda.trim())
        expect(await page.locator('#pool-facts dl').textContent()).toContain(`(${listed.liquidity.trim()}): twice the ADA reserve`)
      }
      expect(errors).toEqual([])
    } finally {
      await close()
    }
  }, 90_000)
})
