/**
 * What a trader checks first, in Debian's Chromium (playwright-core, offline), on a fake chain with SNEK and MIN
 * (test/chain/support/scenario.ts) and tokens outside the registry (REGIS, CIPS, NOPE):
 * - a chart to scale: hours without trades are empty slots on a proportional time axis, read from where the page
 *   draws each candle on its canvas (the x distance between two candles is proportional to the time between them);
 * - "Asking again in N s" counts down;
 * - a bad unit (malformed, or unknown to every source) shows one error and nothing else;
 * - headline figures that do not swing: a followed token's chain figures while a market source is missing;
 * - a token outside the registry opens no stream topic the service refuses;
 * - no text calls boosts free: the footer and the boost line say who may boost (COMMUNITY_MIN_ADA);
 * - the curated screener's 24 h change column in view on phones from 360 to 454 px.
 * Screenshots go to test-artifacts/explorer/.
 */
import { describe, expect, it } from 'bun:test'
import type { Page } from 'playwright-core'
import tokens from '../../src/registry/tokens.json'
import { formatChange, formatPrice, formatUsd } from '../../src/explorer/client/format'
import { gtPool } from '../fake-upstreams/builders'
import { SAMPLE } from '../fake-upstreams/world'
import { REGIS } from '../chain/support/outside-registry'
import { openPage, screenshot } from './browser'
import { servedChainWorld } from './chain-world'

const HOUR = 3600
// A curated token charted from one source B pool (the most liquid, so the default) whose hourly candles have a
// gap: 12 hours of candles, 10 hours without a trade, 12 hours of candles.
const GAP_TOKEN = tokens.find((t) => t.ticker === 'INDY')!
const GAP_POOL = 'cd'.repeat(32)
const GAP_HOURS = 10
const newest = Math.floor(Date.now() / 1000 / HOUR) * HOUR
const gapTimes = [
  ...Array.from({ length: 12 }, (_, i) => newest - i * HOUR),
  ...Array.from({ length: 12 }, (_, i) => newest - (12 + GAP_HOURS + i) * HOUR),
]

const { svc, base, browser } = await servedChainWorld((world) => {
  world.geckoterminal.pools.push(gtPool({ address: GAP_POOL, baseUnit: GAP_TOKEN.unit, dexId: 'minswap-cardano', name: 'INDY / ADA', priceUsd: 0.6, reserveUsd: 90_000_000 }))
  world.geckoterminal.ohlcv.set(
    `${GAP_POOL}|hour|1`,
    gapTimes.map((time, i) => {
      const open = 0.6 + 0.02 * Math.sin(i / 3)
      const close = 0.6 + 0.02 * Math.sin((i + 1) / 3)
      return [time, open, Math.max(open, close) * 1.01, Math.min(open, close) * 0.99, close, 1000 + i]
    }),
  )
})

/** Every fillRect the page makes on a canvas wider than 300 px (the chart's pane: candle bodies and wicks). */
const WATCH_RECTS = () => {
  const rects: [string, number, number][] = []
  ;(window as unknown as { __rects: typeof rects }).__rects = rects
  const original = CanvasRenderingContext2D.prototype.fillRect
  CanvasRenderingContext2D.prototype.fillRect = function (x: number, y: number, w: number, h: number) {
    if (this.canvas.width > 300) rects.push([String(this.fillStyle), x + w / 2, w])
    return original.call(this, x, y, w, h)
  }
}

/** The x centres of the candles drawn (up and down colours of chart.ts), left to right, one per candle. */
async function candleCentres(page: Page): Promise<number[]> {
  const rects = await page.evaluate(() => (window as unknown as { __rects: [string, number, number][] }).__rects.slice())
  const xs = [...new Set(rects.filter(([style]) => style === '#15803d' || style === '#b91c1c').map(([, x]) => Math.round(x)))].sort((a, b) => a - b)
  // A body and its wick share a centre to within a pixel: one candle.
  return xs.filter((x, i) => i === 0 || x - xs[i - 1] > 2)
}

const chartDrawn = (page: Page) =>
  page.waitForFunction(() => Number(document.querySelector('#price-chart')?.getAttribute('data-bars')) > 0, undefined, { timeout: 20_000 })

describe('a chart with hours without trades', () => {
  it('draws them as empty slots: the distance between two candles is proportional to the time between them', async () => {
    const { page, errors, close } = await openPage(browser, base)
    try {
      await page.addInitScript(WATCH_RECTS)
      await page.goto(`${base}/token/${GAP_TOKEN.unit}`)
      await chartDrawn(page)
      const { body } = await svc.json(`/api/v1/tokens/${GAP_TOKEN.unit}/ohlcv`)
      expect(body.pool.address).toBe(GAP_POOL)
      const times: number[] = body.candles.map((c: { time: number }) => c.time)
      expect(times.length).toBe(24)
      await Bun.sleep(800) // the candles are drawn on the next animation frames
      const xs = await candleCentres(page)
      expect(xs.length).toBe(times.length)
      // The scale over the whole axis; each step then within a pixel and a half of it (centres are rounded).
      const pxPerHour = (xs[xs.length - 1] - xs[0]) / ((times[times.length - 1] - times[0]) / HOUR)
      expect(pxPerHour).toBeGreaterThan(5)
      for (let i = 1; i < xs.length; i++) {
        const hours = (times[i] - times[i - 1]) / HOUR
        // Within a pixel of proportional, across the gap (11 hours) as between neighbours (1 hour).
        expect(Math.abs(xs[i] - xs[i - 1] - hours * pxPerHour)).toBeLessThan(1.5)
      }
      expect(await page.locator('#chart-summary').textContent()).toContain(`${GAP_HOURS} 1h intervals without trades are left empty`)
      await page.locator('#price-chart').scrollIntoViewIfNeeded()
      await screenshot(page, 'chart-gap-to-scale-1280')
      expect(errors).toEqual([])
    } finally {
      await close()
    }
  }, 60_000)
})

/** An upstream failing from now on, with nothing of it kept from earlier pages: the next answers are built without it. */
function failAfresh(upstream: 'geckoterminal' | 'dexscreener'): void {
  svc.fake.fail(upstream, 'server_error')
  svc.deps.upstreamCache.clear()
  svc.deps.responses.invalidate('')
}

/** The first "in N s" figure of a text. */
const secondsIn = (text: string | null) => Number(/Asking again in (\d+) s/.exec(text ?? '')?.[1])

describe('"Asking again in N s"', () => {
  it('counts down while the detail is refused, then asks again', async () => {
    const { page, errors, close } = await openPage(browser, base)
    try {
      let refused = 0
      await page.route(`${base}/api/v1/tokens/${SAMPLE.snek}`, async (route) => {
        if (refused++ > 0) return route.continue()
        await route.fulfill({
          status: 503,
          headers: { 'content-type': 'application/json', 'retry-after': '6' },
          body: JSON.stringify({ code: 'busy_for_this_client', error: 'Busy for this client', hint: 'Retry in 6 s.' }),
        })
      })
      await page.goto(`${base}/token/${SAMPLE.snek}`)
      const status = page.locator('#token-status')
      await status.filter({ hasText: 'Asking again in 6 s' }).waitFor({ timeout: 20_000 })
      await Bun.sleep(2500)
      const later = secondsIn(await status.textContent())
      expect(later).toBeGreaterThanOrEqual(3)
      expect(later).toBeLessThanOrEqual(4)
      await screenshot(page, 'countdown-1280')
      // At the end of the count the page asks again, and the detail's figures replace the wait.
      await page.getByText('Total supply').waitFor({ timeout: 20_000 })
      expect(refused).toBe(2)
      expect(await status.textContent()).toBe('')
      expect(errors).toEqual([])
    } finally {
      await close()
    }
  }, 60_000)

  it("counts down the chart's wait for a missing source too", async () => {
    failAfresh('geckoterminal')
    const { page, errors, close } = await openPage(browser, base)
    try {
      // SNEK's chart: its followed pool's candles from the chain, source B's older history missing (asked again in 10 s).
      await page.goto(`${base}/token/${SAMPLE.snek}`)
      const summary = page.locator('#chart-summary')
      await summary.filter({ hasText: /Asking again in \d+ s/ }).waitFor({ timeout: 20_000 })
      const first = secondsIn(await summary.textContent())
      await Bun.sleep(2500)
      expect(secondsIn(await summary.textContent())).toBeLessThanOrEqual(first - 2)
      expect(errors).toEqual([])
    } finally {
      svc.fake.heal()
      await close()
    }
  }, 60_000)
})

describe('headline figures that do not swing', () => {
  it("show a followed token's chain figures with their coverage line while a market source is missing, never the half-aggregate", async () => {
    failAfresh('dexscreener')
    const { page, errors, close } = await openPage(browser, base)
    try {
      await page.goto(`${base}/token/${SAMPLE.snek}`)
      await page.locator('#price-scope', { hasText: 'From the chain' }).waitFor({ timeout: 20_000 })
      const { body } = await svc.json(`/api/v1/tokens/${SAMPLE.snek}`)
      expect(body.missing.map((m: { source: string }) => m.source)).toContain('sourceA')
      const chain = body.chain
      expect(chain.priceUsd).not.toBe(body.priceUsd)
      expect(await page.locator('#price').textContent()).toBe(`${formatPrice(chain.priceUsd)} ${formatChange(chain.change24h)} 24h`)
      expect(await page.locator('#figures-coverage').textContent()).toBe(chain.coverage)
      const facts = (await page.locator('#facts dl').textContent())!
      expect(facts).toContain(`Liquidity (followed pools on chain)${formatUsd(chain.liquidityUsd)}`)
      expect(facts).toContain(`24h volume (followed pools on chain)${formatUsd(chain.volume24h)}`)
      expect(await page.locator('#token-status').textContent()).toContain('Missing source A')
      await screenshot(page, 'headline-from-chain-1280')
      // Source A back: at the page's next read the headline is the whole aggregate again, said as such.
      svc.fake.heal('dexscreener')
      await page.waitForFunction(() => document.querySelector('#price-scope')?.textContent === '', undefined, { timeout: 30_000 })
      const whole = await svc.json(`/api/v1/tokens/${SAMPLE.snek}`)
      expect(whole.body.missing).toEqual([])
      expect(await page.locator('#price').textContent()).toStartWith(formatPrice(whole.body.priceUsd))
      expect(errors).toEqual([])
    } finally {
      svc.fake.heal()
      await close()
    }
  }, 60_000)

  it('show a token only the chain knows from its chain figures, its pools linked to their pages', async () => {
    const { page, errors, close } = await openPage(browser, base)
    try {
      await page.goto(`${base}/token/${REGIS}`)
      await page.locator('#chain-figures').waitFor({ timeout: 20_000 })
      const { body } = await svc.json(`/api/v1/tokens/${REGIS}`)
      expect(body.figuresFrom).toBe('chain')
      expect(await page.locator('#price-scope').textContent()).toContain('no market source lists this token')
      expect(await page.locator('#price').textContent()).toStartWith(formatPrice(body.chain.priceUsd))
      expect(await page.locator('#chain-figures dl').textContent()).toContain(`${formatPrice(body.chain.priceAda, 'ADA')}`)
      const pool = page.locator('#chain-figures table.chain-pools tbody tr').first()
      expect(await pool.getByRole('link').getAttribute('href')).toBe(`/pool/${body.chainPools[0].address}`)
      expect(errors).toEqual([])
    } finally {
      await close()
    }
  }, 60_000)
})

/** API requests a page made, as paths. */
function apiRequests(page: Page): string[] {
  const seen: string[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.pathname.startsWith('/api/v1/')) seen.push(url.pathname + url.search)
  })
  return seen
}

describe('a bad unit', () => {
  for (const [what, input, width] of [
    ['malformed', 'not-a-unit', 390],
    ['unknown to every source', 'ab'.repeat(28) + '0102', 1280],
  ] as const) {
    it(`shows one error and nothing else (${what}, ${width} px)`, async () => {
      const { page, errors, close } = await openPage(browser, base, width)
      const asked = apiRequests(page)
      try {
        await page.goto(`${base}/token/${input}`)
        await page.locator('[role="alert"]').first().waitFor({ timeout: 20_000 })
        await Bun.sleep(1500) // time for any other section to say something
        expect(await page.locator('main [role="alert"], main .error').count()).toBe(1)
        for (const id of ['chart', 'trades', 'community', 'pairs']) expect(await page.locator(`#${id}`).count()).toBe(0)
        expect(await page.locator('main').textContent()).not.toMatch(/unavailable|not recorded|Loading/)
        if (what === 'malformed') {
          // Nothing asked but the detail, for the API's own words; and a way on: the search page for the text.
          expect(asked.filter((path) => !path.startsWith('/api/v1/search'))).toEqual([`/api/v1/tokens/${input}`])
          expect(await page.getByRole('link', { name: `Search for “${input}”` }).getAttribute('href')).toBe(`/search?q=${input}`)
        }
        await screenshot(page, `bad-unit-${width}`)
        expect(errors).toEqual([])
      } finally {
        await close()
      }
    }, 60_000)
  }
})

describe('a token outside the registry', () => {
  it('opens no stream topic the service refuses', async () => {
    const { page, errors, close } = await openPage(browser, base)
    const streams: string[] = []
    page.on('response', (response) => {
      if (response.url().includes('/api/v1/stream')) streams.push(`${response.status()} ${response.url()}`)
    })
    try {
      await page.goto(`${base}/token/${REGIS}`)
      await page.getByRole('heading', { level: 1, name: /Registered/ }).waitFor({ timeout: 20_000 })
      await page.locator('#trades tbody tr').first().waitFor({ timeout: 20_000 })
      await Bun.sleep(1500)
      // Its trades' topic only (it has no screener row for token:<unit>), and the service takes it.
      expect(streams).toEqual([`200 ${base}/api/v1/stream?topics=trades:${REGIS}`])
      expect(errors).toEqual([])
    } finally {
      await close()
    }
  }, 60_000)

  it('while a curated token still follows its price on the stream, with its trades on the same stream', async () => {
    const { page, close } = await openPage(browser, base)
    const streams: string[] = []
    page.on('response', (response) => {
      if (response.url().includes('/api/v1/stream')) streams.push(`${response.status()} ${response.url()}`)
    })
    try {
      await page.goto(`${base}/token/${SAMPLE.snek}`)
      await page.getByText('Total supply').waitFor({ timeout: 20_000 })
      for (let i = 0; i < 40 && streams.length === 0; i++) await Bun.sleep(100)
      expect(streams).toEqual([`200 ${base}/api/v1/stream?topics=token:${SAMPLE.snek},trades:${SAMPLE.snek}`])
    } finally {
      await close()
    }
  }, 60_000)
})

describe('boosts', () => {
  it('are never called free: the footer and the boost line say who may boost', async () => {
    const { page, close } = await openPage(browser, base)
    try {
      await page.goto(`${base}/token/${SAMPLE.snek}`)
      await page.locator('#boost-rule').waitFor({ timeout: 20_000 })
      const minAda = svc.config.community.minAda
      for (const text of [await page.locator('#boost-rule').textContent(), await page.locator('footer').textContent()]) {
        expect(text).not.toMatch(/\bfree\b/i)
        expect(text).toContain(`registered on chain and holding at least ${minAda} ADA`)
      }
      expect(await page.locator('body').textContent()).not.toMatch(/\bfree\b/i)
    } finally {
      await close()
    }
  }, 60_000)
})

describe('the curated screener on a phone', () => {
  it('keeps the 24 h change column in view from 360 to 454 px', async () => {
    for (const width of [360, 375, 390, 414, 430, 454]) {
      const { page, errors, close } = await openPage(browser, base, width)
      try {
        await page.goto(`${base}/`)
        await page.locator('#screener tbody tr').nth(tokens.length - 1).waitFor({ timeout: 20_000 })
        const cells = await page.evaluate(() => {
          const headers = [...document.querySelectorAll('#screener thead th')]
          const index = headers.findIndex((th) => (th.textContent ?? '').trim().replace(/[ ▲▼]+$/, '') === '24h')
          const rows = [...document.querySelectorAll('#screener tr')]
          const column = rows.map((row) => row.children[index]).filter((cell) => cell !== undefined)
          return { index, count: column.length, cut: column.filter((c) => c.getBoundingClientRect().right > innerWidth + 0.5 || c.getBoundingClientRect().width === 0).map((c) => c.textContent) }
        })
        expect(`${width} px: ${cells.count} cells, cut ${JSON.stringify(cells.cut)}`).toBe(`${width} px: ${tokens.length + 1} cells, cut []`)
        if (width === 390) await screenshot(page, 'screener-24h-390')
        expect(errors).toEqual([])
      } finally {
        await close()
      }
    }
  }, 90_000)
})
