/**
 * The explorer in a real browser (playwright-core driving Debian's chromium, no network beyond the test's own
 * server): the screener, a token page with its chart, the wallet-signed boost and comment flow with a mock
 * CIP-30 wallet that signs with the project's independent signer, and the wallet page of a $handle.
 * Screenshots at 1280 and 390 px wide go to test-artifacts/explorer/ (gitignored) for a person to look at.
 */
import { describe, expect, it } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import tokens from '../../src/registry/tokens.json'
import { defaultWorld, SAMPLE } from '../fake-upstreams/world'
import { scenario } from '../chain/support/scenario'
import { startService } from '../helpers'
import { eligibleWallet } from '../community/helpers'
import { servedToChromium } from '../support/chromium'
import { connectMockWallet, openPage as open, screenshot } from './browser'
import { installMockWallet } from './mock-wallet'

const WIDTHS = [1280, 390] as const

// The community layer on (a fresh database file); the real clock, since the page signs with the browser's.
// The chain follower on a fake chain where SNEK trades (test/chain/support/scenario.ts), followed to its tip.
const dir = mkdtempSync(join(tmpdir(), 'explorer-test-'))
const world = defaultWorld()
const chain = scenario()
world.koios.chain = chain.chain
const svc = await startService({ world, env: { DATABASE_URL: `file:${join(dir, 'community.db')}`, CHAIN_FOLLOW: 'on', CHAIN_BACKFILL_HOURS: '3' } })
for (let i = 0; i < 10 && (await svc.deps.chain!.follower.poll()).cursor?.height !== chain.chain.tip!.height; i++);
const { base, browser } = await servedToChromium(svc, () => rmSync(dir, { recursive: true, force: true }))
const wallet = await eligibleWallet(world)

const openPage = (width: number = WIDTHS[0]) => open(browser, base, width)

const snek = tokens.find((t) => t.unit === SAMPLE.snek)!

describe('the screener at /', () => {
  for (const width of WIDTHS) {
    it(`lists every curated token with a link to its page (${width} px)`, async () => {
      const { page, external, errors, close } = await openPage(width)
      try {
        await page.goto(`${base}/`)
        const table = page.getByRole('table')
        await table.locator('tbody tr').nth(tokens.length - 1).waitFor({ timeout: 20_000 })
        expect(await table.locator('tbody tr').count()).toBe(tokens.length)
        for (const token of tokens) {
          const link = table.getByRole('link', { name: token.ticker, exact: true })
          expect(await link.first().getAttribute('href')).toBe(`/token/${token.unit}`)
        }
        await expect(page.getByText('across covered DEXes').first().isVisible()).resolves.toBe(true)
        for (const name of ['API index', 'Docs', 'API reference']) expect(await page.getByRole('link', { name }).count()).toBeGreaterThan(0)
        // Boost counts arrive from the community endpoint: 0 today, not "—".
        await page.waitForFunction(() => document.querySelector('#screener tbody tr td:last-child')?.textContent === '0')
        await screenshot(page, `screener-${width}`)
        expect(errors).toEqual([])
        expect(external).toEqual([])
      } finally {
        await close()
      }
    }, 60_000)
  }

  it('sorts by a column: the header says so (aria-sort) and the rows follow', async () => {
    const { page, close } = await openPage()
    try {
      await page.goto(`${base}/`)
      await page.locator('#screener tbody tr').nth(tokens.length - 1).waitFor({ timeout: 20_000 })
      await page.getByRole('button', { name: /^Token/ }).click()
      expect(await page.getByRole('columnheader', { name: /^Token/ }).getAttribute('aria-sort')).toBe('ascending')
      const tickers = await page.locator('#screener tbody th a').allTextContents()
      expect(tickers).toEqual([...tickers].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : 0)))
      await page.getByRole('button', { name: /^Token/ }).click()
      expect(await page.getByRole('columnheader', { name: /^Token/ }).getAttribute('aria-sort')).toBe('descending')
    } finally {
      await close()
    }
  }, 60_000)
})

describe('a token page', () => {
  for (const width of WIDTHS) {
    it(`draws the candle chart, the facts and the pairs (${width} px)`, async () => {
      const { page, external, errors, close } = await openPage(width)
      try {
        await page.goto(`${base}/token/${snek.unit}`)
        const chart = page.getByRole('figure', { name: 'Price chart' })
        await page.waitForFunction(() => Number(document.querySelector('#price-chart')?.getAttribute('data-bars')) > 0, undefined, { timeout: 20_000 })
        expect(await chart.locator('canvas').count()).toBeGreaterThan(0)
        // Precision from the price: SNEK trades near $0.001, so more than the default 2 decimals.
        expect(Number(await chart.getAttribute('data-precision'))).toBeGreaterThan(4)
        await page.getByRole('heading', { name: /Snek/ }).waitFor()
        await page.getByText('Fingerprint').waitFor()
        // Source B pairs show "—" for buys and sells, never 0.
        const sourceBRow = page.locator('table.pairs tbody tr', { hasText: 'B (GeckoTerminal)' }).first()
        expect(await sourceBRow.locator('td').nth(5).textContent()).toBe('—')
        // SNEK's followed pools traded on the fake chain: the recorded trades as a table, newest first.
        const trades = page.locator('#trades table')
        await trades.locator('tbody tr').first().waitFor()
        expect(await trades.locator('tbody tr').count()).toBe(3)
        expect(await trades.locator('caption').textContent()).toContain('Latest 3 trades')
        expect(await trades.locator('tbody tr').last().locator('td').nth(1).textContent()).toBe('Buy ▲')
        expect(await trades.locator('tbody tr').first().locator('td').nth(5).textContent()).toMatch(/^SNEK \/ ADA \((minswap-v2|sundaeswap-v3)\)$/)
        expect(await page.getByRole('button', { name: 'Boost' }).count()).toBe(1)
        expect(await page.getByRole('textbox', { name: 'Comment' }).count()).toBe(1)
        await screenshot(page, `token-${width}`)
        expect(errors).toEqual([])
        expect(external).toEqual([])
      } finally {
        await close()
      }
    }, 60_000)
  }

  it('switches the chart to ADA and to another pool, and keeps drawing', async () => {
    const { page, errors, close } = await openPage()
    try {
      await page.goto(`${base}/token/${snek.unit}`)
      await page.waitForFunction(() => Number(document.querySelector('#price-chart')?.getAttribute('data-bars')) > 0, undefined, { timeout: 20_000 })
      await page.getByRole('combobox', { name: 'Quote currency' }).selectOption('ada')
      await page.getByText(/candles in ADA/).waitFor({ timeout: 20_000 })
      const pool = page.getByRole('combobox', { name: 'Pool' })
      const other = await pool.locator('option').nth(2).getAttribute('value')
      const otherLabel = (await pool.locator('option').nth(2).textContent())!
      expect(other).toMatch(/^[0-9a-f]+$/)
      await pool.selectOption(other!)
      await page.locator('#chart-summary', { hasText: `on ${otherLabel.split(' on ').pop()}` }).waitFor({ timeout: 20_000 })
      expect(Number(await page.locator('#price-chart').getAttribute('data-bars'))).toBeGreaterThan(0)
      expect(errors).toEqual([])
    } finally {
      await close()
    }
  }, 60_000)
})

describe('the wallet-signed community flow on a token page', () => {
  it('connects a late-injected wallet, boosts (count 1), is told the second boost is refused, comments, reports a declined signature, and shows HTML as text', async () => {
    const { context, page, requested, errors, close } = await openPage()
    const mock = await installMockWallet(context, wallet)
    try {
      await page.goto(`${base}/token/${snek.unit}`)
      await page.locator('#boost-count', { hasText: '0' }).waitFor({ timeout: 20_000 })

      await connectMockWallet(page)

      await page.getByRole('button', { name: 'Boost', exact: true }).click()
      await page.locator('#boost-status', { hasText: 'Boosted.' }).waitFor({ timeout: 20_000 })
      await page.locator('#boost-count', { hasText: '1' }).waitFor()
      expect(JSON.parse(mock.signed[0])).toEqual({ action: 'boost', unit: snek.unit, day: new Date().toISOString().slice(0, 10) })

      await page.getByRole('button', { name: 'Boost', exact: true }).click()
      await page.locator('#boost-status', { hasText: 'Already boosted today' }).waitFor({ timeout: 20_000 })
      expect(await page.locator('#boost-status').textContent()).toContain(wallet.stakeAddress)
      expect(await page.locator('#boost-count').textContent()).toBe('1')

      await page.getByRole('textbox', { name: 'Comment' }).fill('gm from the explorer test')
      await page.getByRole('button', { name: 'Post comment' }).click()
      await page.locator('#comment-status', { hasText: 'Comment posted.' }).waitFor({ timeout: 20_000 })
      await page.locator('#comment-list .comment-body', { hasText: 'gm from the explorer test' }).waitFor()

      mock.mode = 'decline'
      await page.getByRole('textbox', { name: 'Comment' }).fill('this one is declined')
      await page.getByRole('button', { name: 'Post comment' }).click()
      await page.locator('#comment-status', { hasText: 'You declined to sign' }).waitFor({ timeout: 20_000 })
      expect(await page.locator('#comment-list').textContent()).not.toContain('this one is declined')

      mock.mode = 'sign'
      const evil = '<img src=x onerror="window.__pwned = 1"><script>window.__pwned = 2</script>'
      await page.getByRole('textbox', { name: 'Comment' }).fill(evil)
      await page.getByRole('button', { name: 'Post comment' }).click()
      await page.locator('#comment-status', { hasText: 'Comment posted.' }).waitFor({ timeout: 20_000 })
      const shown = page.locator('#comment-list .comment-body', { hasText: '<img src=x' })
      await shown.waitFor()
      expect(await shown.textContent()).toBe(evil)
      expect(await page.locator('#comment-list img, #comment-list script').count()).toBe(0)
      expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined()
      expect(requested.some((url) => url === `${base}/token/x` || url === `${base}/x`)).toBe(false)

      await screenshot(page, 'token-after-flow-1280')
      expect(errors).toEqual([])
    } finally {
      await close()
    }
  }, 90_000)

  it('sends nothing for a wallet on a test network, and says why', async () => {
    const { context, page, close } = await openPage()
    const mock = await installMockWallet(context, wallet, { networkId: 0 })
    try {
      await page.goto(`${base}/token/${snek.unit}`)
      await page.getByRole('button', { name: 'Connect wallet' }).click()
      await page.getByRole('button', { name: 'Mock Wallet' }).click()
      await page.getByText('Switch it to mainnet', { exact: false }).waitFor({ timeout: 20_000 })
      await page.getByRole('button', { name: 'Boost', exact: true }).click()
      await page.locator('#boost-status', { hasText: 'Connect a wallet first' }).waitFor()
      expect(mock.signed).toEqual([])
    } finally {
      await close()
    }
  }, 60_000)
})

describe('the wallet page', () => {
  for (const width of WIDTHS) {
    it(`shows the wallet of $${SAMPLE.handle} with its holdings (${width} px)`, async () => {
      const { page, external, errors, close } = await openPage(width)
      try {
        await page.goto(`${base}/wallet/$${SAMPLE.handle}`)
        await page.getByText(SAMPLE.stakeAddress).waitFor({ timeout: 20_000 })
        const holdings = page.locator('#holdings tbody tr')
        await holdings.first().waitFor()
        expect(await holdings.count()).toBeGreaterThan(0)
        expect(await page.locator('#holdings').getByRole('link', { name: 'SNEK' }).first().getAttribute('href')).toBe(`/token/${SAMPLE.snek}`)
        await screenshot(page, `wallet-${width}`)
        expect(errors).toEqual([])
        expect(external).toEqual([])
      } finally {
        await close()
      }
    }, 60_000)
  }
})
