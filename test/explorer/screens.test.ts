/**
 * Numbers a person can trust and screens that fit, in Debian's Chromium (playwright-core, offline):
 * - trade amounts in whole tokens, never formatted before the token's decimals are known: with /trades answering
 *   before the detail, and with the detail refused for a while;
 * - a micro-priced token's chart (~5e-8 USD): the price axis labels, the last-price tag and the crosshair label,
 *   read from what the page draws on its canvases, are distinct and readable;
 * - a token page whose detail lacks a source or is refused: the screener's name and price meanwhile, what is
 *   missing in words, and the page asks again;
 * - at 390 px: the key columns (screener price and 24 h change, wallet Value) inside the viewport without
 *   scrolling, a visible cue on every region that scrolls sideways, no caption or number cut, no page-wide
 *   sideways scroll. Screenshots at 390 px go to test-artifacts/explorer/ (gitignored).
 */
import { describe, expect, it } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import tokens from '../../src/registry/tokens.json'
import { formatChartPrice } from '../../src/explorer/client/format'
import { gtPool } from '../fake-upstreams/builders'
import { defaultWorld, SAMPLE } from '../fake-upstreams/world'
import { MIN, scenario } from '../chain/support/scenario'
import { startService } from '../helpers'
import { servedToChromium } from '../support/chromium'
import { openPage, screenshot } from './browser'

// The scenario's MIN trade: 250,000 MIN (6 decimals) sold, i.e. 250000000000 base units.
const MIN_TRADE_RAW = '250000000000'
const MIN_TRADE_WHOLE = '250,000'
const MIN_TRADE_AS_IF_NO_DECIMALS = '250,000,000,000'

// A micro-priced pool of HOSKY on source B, the most liquid of its pools, with hourly candles around 5e-8 USD.
const HOSKY_POOL = 'ab'.repeat(32)
const HOUR = 3600

const dir = mkdtempSync(join(tmpdir(), 'explorer-screens-'))
const world = defaultWorld()
const chain = scenario()
world.koios.chain = chain.chain
world.geckoterminal.pools.push(gtPool({ address: HOSKY_POOL, baseUnit: SAMPLE.hosky, dexId: 'minswap-cardano', name: 'HOSKY / ADA', priceUsd: 5.1e-8, reserveUsd: 9_000_000 }))
const newest = Math.floor(Date.now() / 1000 / HOUR) * HOUR
world.geckoterminal.ohlcv.set(
  `${HOSKY_POOL}|hour|1`,
  Array.from({ length: 48 }, (_, i) => {
    const open = 5.0e-8 + 0.2e-8 * Math.sin(i / 5)
    const close = 5.0e-8 + 0.2e-8 * Math.sin((i + 1) / 5)
    return [newest - i * HOUR, open, Math.max(open, close) * 1.004, Math.min(open, close) * 0.996, close, 1000 + i]
  }),
)
const svc = await startService({ world, env: { DATABASE_URL: `file:${join(dir, 'community.db')}`, CHAIN_FOLLOW: 'on', CHAIN_BACKFILL_HOURS: '3' } })
for (let i = 0; i < 10 && (await svc.deps.chain!.follower.poll()).cursor?.height !== chain.chain.tip!.height; i++);
const { base, browser } = await servedToChromium(svc, () => rmSync(dir, { recursive: true, force: true }))

/** Every text an amount cell of the trades table has shown since the page began (a MutationObserver in the page). */
const WATCH_AMOUNTS = () => {
  const seen: string[] = []
  ;(window as unknown as { __amounts: string[] }).__amounts = seen
  new MutationObserver(() => {
    for (const cell of document.querySelectorAll('#trades td.amount')) {
      const text = cell.textContent ?? ''
      if (seen[seen.length - 1] !== text) seen.push(text)
    }
  }).observe(document, { subtree: true, childList: true, characterData: true })
}

/** Every string the page draws with fillText (chart labels live on canvases, not in the DOM). */
const WATCH_CANVAS_TEXT = () => {
  const drawn: string[] = []
  ;(window as unknown as { __drawn: string[] }).__drawn = drawn
  const original = CanvasRenderingContext2D.prototype.fillText
  CanvasRenderingContext2D.prototype.fillText = function (text: string, x: number, y: number, maxWidth?: number) {
    drawn.push(String(text))
    return maxWidth === undefined ? original.call(this, text, x, y) : original.call(this, text, x, y, maxWidth)
  }
}

const amountsSeen = (page: Page) => page.evaluate(() => (window as unknown as { __amounts: string[] }).__amounts)
const drawnTexts = (page: Page) => page.evaluate(() => (window as unknown as { __drawn: string[] }).__drawn.slice())
const chartBars = (page: Page) =>
  page.waitForFunction(() => Number(document.querySelector('#price-chart')?.getAttribute('data-bars')) > 0, undefined, { timeout: 20_000 })

describe('trade amounts', () => {
  it('wait for the decimals when /trades answers before the detail, then show whole tokens', async () => {
    const { page, errors, close } = await openPage(browser, base)
    try {
      await page.addInitScript(WATCH_AMOUNTS)
      // The detail answers 1.5 s late: the trades table is drawn first.
      await page.route(`${base}/api/v1/tokens/${MIN}`, async (route) => {
        await Bun.sleep(1500)
        await route.continue()
      })
      await page.goto(`${base}/token/${MIN}`)
      await page.locator('#trades td.amount').first().waitFor({ timeout: 20_000 })
      expect(await page.locator('#trades td.amount').first().textContent()).toBe('…')
      await page.locator('#trades td.amount', { hasText: MIN_TRADE_WHOLE }).waitFor({ timeout: 20_000 })
      const seen = await amountsSeen(page)
      expect(seen).toContain(MIN_TRADE_WHOLE)
      expect(seen).not.toContain(MIN_TRADE_AS_IF_NO_DECIMALS)
      expect(seen.filter((text) => text !== '…' && text !== MIN_TRADE_WHOLE)).toEqual([])
      expect(errors).toEqual([])
    } finally {
      await close()
    }
  }, 60_000)

  it('are never formatted while the detail is refused; the screener row stands in and the page asks again', async () => {
    const { page, errors, close } = await openPage(browser, base)
    try {
      await page.addInitScript(WATCH_AMOUNTS)
      let refused = 0
      await page.route(`${base}/api/v1/tokens/${MIN}`, async (route) => {
        if (refused++ > 0) return route.continue()
        await route.fulfill({
          status: 503,
          headers: { 'content-type': 'application/json', 'retry-after': '3' },
          body: JSON.stringify({ code: 'busy_for_this_client', error: 'Busy for this client', hint: 'Retry in 3 s.' }),
        })
      })
      await page.goto(`${base}/token/${MIN}`)
      await page.locator('#token-status', { hasText: 'unavailable right now' }).waitFor({ timeout: 20_000 })
      expect(await page.locator('#token-status').textContent()).toContain('Asking again in 3 s')
      // The screener's row: name, ticker and price, while the detail is refused.
      await page.getByRole('heading', { level: 1, name: /Minswap/ }).waitFor({ timeout: 20_000 })
      expect(await page.locator('#price').textContent()).toMatch(/^\$0\.0\d+/)
      await page.locator('#trades td.amount').first().waitFor({ timeout: 20_000 })
      expect(await page.locator('#trades td.amount').first().textContent()).toBe('…')
      // The page asks again after the Retry-After and then shows whole tokens.
      await page.locator('#trades td.amount', { hasText: MIN_TRADE_WHOLE }).waitFor({ timeout: 20_000 })
      expect(refused).toBe(2)
      expect(await amountsSeen(page)).not.toContain(MIN_TRADE_AS_IF_NO_DECIMALS)
      expect(await page.getByText('Total supply').count()).toBe(1)
      expect(errors).toEqual([])
    } finally {
      await close()
    }
  }, 60_000)

  it('match the API: the raw amount of the scenario trade is 250000000000 base units', async () => {
    const { body } = await svc.json(`/api/v1/tokens/${MIN}/trades`)
    expect(body.trades.map((t: { amountToken: string }) => t.amountToken)).toContain(MIN_TRADE_RAW)
  })
})

describe('a micro-priced chart (HOSKY at ~5e-8 USD)', () => {
  const PRICE_LABEL = /^0\.0[₀-₉]+\d+$/

  it('draws distinct, readable price-axis labels, a readable last-price tag and crosshair label, in USD and in ADA', async () => {
    const { page, errors, close } = await openPage(browser, base)
    try {
      await page.addInitScript(WATCH_CANVAS_TEXT)
      await page.goto(`${base}/token/${SAMPLE.hosky}`)
      await chartBars(page)
      await Bun.sleep(500) // the axis is drawn on the next animation frames
      const { body } = await svc.json(`/api/v1/tokens/${SAMPLE.hosky}/ohlcv`)
      expect(body.pool.address).toBe(HOSKY_POOL)
      const prices = [...new Set((await drawnTexts(page)).filter((t) => /^[0-9.,₀-₉−-]+$/.test(t) && t.includes('.')))]
      expect(prices.length).toBeGreaterThanOrEqual(3)
      for (const label of prices) expect(label).toMatch(PRICE_LABEL)
      expect(prices.some((label) => /^0\.9{4,}/.test(label))).toBe(false)
      // The last-price tag: the last close, written by the page's formatter.
      expect(prices).toContain(formatChartPrice(body.candles[body.candles.length - 1].close))
      // The crosshair's price label, drawn when the pointer is over the chart.
      const chartBox = page.locator('#price-chart .chart-box')
      await chartBox.scrollIntoViewIfNeeded()
      const box = (await chartBox.boundingBox())!
      const before = (await drawnTexts(page)).length
      await chartBox.hover({ position: { x: box.width / 3, y: box.height / 2 } })
      await Bun.sleep(300)
      const afterMove = (await drawnTexts(page)).slice(before).filter((t) => PRICE_LABEL.test(t))
      expect(afterMove.length).toBeGreaterThan(0)
      await screenshot(page, 'micro-price-chart-1280')

      await page.getByRole('combobox', { name: 'Quote currency' }).selectOption('ada')
      await page.getByText(/candles in ADA/).waitFor({ timeout: 20_000 })
      await Bun.sleep(500)
      const drawnAda = await drawnTexts(page)
      const ada = await svc.json(`/api/v1/tokens/${SAMPLE.hosky}/ohlcv?quote=ada`)
      expect(drawnAda).toContain(formatChartPrice(ada.body.candles[ada.body.candles.length - 1].close))
      expect(drawnAda.filter((t) => /^0\.9{4,}/.test(t))).toEqual([])
      expect(errors).toEqual([])
    } finally {
      await close()
    }
  }, 60_000)
})

describe('a token page whose detail lacks a source', () => {
  it('says which source is missing in words, and asks again after its retryAfter', async () => {
    const token = tokens.find((t) => t.ticker === 'INDY')!
    svc.fake.fail('geckoterminal', 'server_error')
    const { page, errors, close } = await openPage(browser, base)
    try {
      await page.goto(`${base}/token/${token.unit}`)
      await page.locator('#token-status', { hasText: 'Missing source B (GeckoTerminal' }).waitFor({ timeout: 20_000 })
      expect(await page.locator('#token-status').textContent()).toContain('it did not answer. Asking again in 10 s.')
      // Source A's pairs and the chain facts are shown meanwhile.
      expect(await page.locator('table.pairs tbody tr').count()).toBeGreaterThan(0)
      await page.getByRole('heading', { level: 1, name: new RegExp(token.name) }).waitFor()
      svc.fake.heal('geckoterminal')
      await page.waitForFunction(() => document.querySelector('#token-status')?.textContent === '', undefined, { timeout: 30_000 })
      expect(await page.locator('table.pairs tbody tr', { hasText: 'B (GeckoTerminal)' }).count()).toBeGreaterThan(0)
      expect(errors).toEqual([])
    } finally {
      svc.fake.heal()
      await close()
    }
  }, 60_000)
})

/** What a 390 px screen gets wrong, read from element boxes: each entry is one problem. */
async function phoneProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = innerWidth
    const problems: string[] = []
    if (document.documentElement.scrollWidth > width) problems.push(`the page scrolls sideways (${document.documentElement.scrollWidth} px)`)
    for (const region of document.querySelectorAll('.table-region')) {
      const box = region.querySelector('.table-scroll')!
      const hint = region.querySelector('.scroll-hint')!
      if (box.scrollWidth > box.clientWidth + 1 && hint.getBoundingClientRect().height === 0) problems.push(`no visible cue on ${box.getAttribute('aria-label')}`)
    }
    for (const caption of document.querySelectorAll('caption')) {
      const r = caption.getBoundingClientRect()
      if (r.left < 0 || r.right > width + 0.5) problems.push(`caption cut: ${caption.textContent}`)
    }
    for (const cell of document.querySelectorAll('td.num, th[scope="row"]')) {
      if (cell.scrollWidth > cell.clientWidth + 1) problems.push(`text cut in its cell: ${cell.textContent}`)
    }
    return problems
  })
}

/** Boxes of `selector` that are not wholly inside the viewport's width. */
const outside = (page: Page, selector: string) =>
  page.evaluate((sel) => {
    const cells = [...document.querySelectorAll(sel)]
    return { count: cells.length, outside: cells.filter((c) => c.getBoundingClientRect().left < 0 || c.getBoundingClientRect().right > innerWidth + 0.5).map((c) => c.textContent) }
  }, selector)

/** The cells of a table's column (found by its header's text) that are not wholly inside the viewport's width. */
const outsideColumn = (page: Page, table: string, header: string) =>
  page.evaluate(
    ([sel, name]) => {
      const headers = [...document.querySelectorAll(`${sel} thead th`)]
      const index = headers.findIndex((th) => (th.textContent ?? '').trim().replace(/[ ▲▼]+$/, '') === name)
      const cells = [...document.querySelectorAll(`${sel} tbody tr`)].map((row) => row.children[index]).filter((cell) => cell !== undefined)
      const out = cells.filter((c) => c.getBoundingClientRect().left < 0 || c.getBoundingClientRect().right > innerWidth + 0.5)
      return { found: index >= 0, count: cells.length, outside: out.map((c) => c.textContent) }
    },
    [table, header] as const,
  )

describe('a phone at 390 px', () => {
  it('shows the screener with price and 24 h change in view, and says the rest scrolls', async () => {
    const { page, errors, close } = await openPage(browser, base, 390)
    try {
      await page.goto(`${base}/`)
      await page.locator('#screener tbody tr').nth(tokens.length - 1).waitFor({ timeout: 20_000 })
      for (const header of ['Price', '24h']) {
        expect(await outsideColumn(page, '#screener', header)).toEqual({ found: true, count: tokens.length, outside: [] })
      }
      expect(await outside(page, '#screener th[scope="row"]')).toMatchObject({ outside: [] })
      expect(await phoneProblems(page)).toEqual([])
      expect(await page.getByText('Scroll the table sideways for more columns').first().isVisible()).toBe(true)
      await screenshot(page, 'phone-screener-390')
      expect(errors).toEqual([])
    } finally {
      await close()
    }
  }, 60_000)

  it('shows a token page with nothing cut', async () => {
    const { page, errors, close } = await openPage(browser, base, 390)
    try {
      await page.goto(`${base}/token/${SAMPLE.snek}`)
      await chartBars(page)
      await page.locator('#trades tbody tr').first().waitFor({ timeout: 20_000 })
      await page.locator('table.pairs tbody tr').first().waitFor()
      expect(await outside(page, 'table.pairs tbody td:nth-of-type(1)')).toMatchObject({ outside: [] }) // the pair's price
      expect(await outside(page, '#trades td.amount')).toMatchObject({ outside: [] })
      expect(await outside(page, '#price')).toMatchObject({ outside: [] })
      expect(await phoneProblems(page)).toEqual([])
      await screenshot(page, 'phone-token-390')
      expect(errors).toEqual([])
    } finally {
      await close()
    }
  }, 60_000)

  it(`shows the wallet of $${SAMPLE.handle} with every Value cell inside the viewport`, async () => {
    const { page, errors, close } = await openPage(browser, base, 390)
    try {
      await page.goto(`${base}/wallet/$${SAMPLE.handle}`)
      await page.locator('#holdings tbody tr').first().waitFor({ timeout: 20_000 })
      const values = await outsideColumn(page, '#holdings', 'Value')
      expect(values.found).toBe(true)
      expect(values.count).toBeGreaterThan(0)
      expect(values.outside).toEqual([])
      expect(await phoneProblems(page)).toEqual([])
      await screenshot(page, 'phone-wallet-390')
      expect(errors).toEqual([])
    } finally {
      await close()
    }
  }, 60_000)
})
