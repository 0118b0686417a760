/**
 * The explorer on the live stream, in Debian's chromium (playwright-core, offline): the screener opens an
 * EventSource on /api/v1/stream?topics=screener and a price changed upstream reaches its row at the service's
 * next screener refresh, without a reload; the token page's price follows `token:<unit>`; a stream refused by
 * the cap (429) leaves the screener polling GET /api/v1/tokens. The refresh is the service's own, run on the
 * manual clock by test/stream/support.ts.
 */
import { afterAll, describe, expect, it } from 'bun:test'
import type { Browser, Page } from 'playwright-core'
import tokens from '../../src/registry/tokens.json'
import { formatPrice } from '../../src/explorer/client/format'
import { SNEK, startStreamService, waitFor } from '../stream/support'
import { launchChromium, openPage } from './browser'

// One stream per client address, so the fallback test can fill the cap itself.
const live = await startStreamService({ env: { STREAM_MAX_PER_CLIENT: '1' } })
const browser: Browser = await launchChromium()

afterAll(async () => {
  await browser.close()
  await live.stop()
})

const openStreams = () => live.svc.deps.stream.stats().open

/** The stream requests the page made, as `<resource type> <url>`. */
function streamRequests(page: Page): string[] {
  const seen: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/api/v1/stream')) seen.push(`${request.resourceType()} ${request.url()}`)
  })
  return seen
}

/** SNEK's price as GET /api/v1/tokens gives it now, as the page formats it. */
async function snekPriceText(): Promise<string> {
  const body = (await (await fetch(`${live.base}/api/v1/tokens`)).json()) as { tokens: { address: string; priceUsd: number | null }[] }
  return formatPrice(body.tokens.find((t) => t.address === SNEK)!.priceUsd)
}

describe('the screener on the live stream', () => {
  it('shows a price changed upstream in its row at the next refresh, without a reload', async () => {
    await waitFor(() => openStreams() === 0, 'no stream open')
    const { page, errors, external, close } = await openPage(browser, live.base)
    const streams = streamRequests(page)
    let navigations = 0
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations++
    })
    try {
      await page.goto(`${live.base}/`)
      await page.locator('#screener tbody tr').nth(tokens.length - 1).waitFor({ timeout: 20_000 })
      await waitFor(() => openStreams() === 1, 'the page’s stream open on the service')
      await page.evaluate(() => Object.assign(window, { __sameDocument: true }))
      const price = page.locator(`#screener tbody tr[data-unit="${SNEK}"] td`).first()
      const before = await price.textContent()
      expect(before).toBe(await snekPriceText())

      live.setSnekPrice(0.0123)
      await live.refresh()
      const after = await snekPriceText()
      expect(after).not.toBe(before)
      // Well inside the 30 s the old poll took: only the stream can bring it this fast.
      await page.locator(`#screener tbody tr[data-unit="${SNEK}"] td`, { hasText: after }).first().waitFor({ timeout: 8000 })
      expect(await price.textContent()).toBe(after)
      expect(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(true)
      expect(navigations).toBe(1)
      expect(await page.locator('#screener tbody tr').count()).toBe(tokens.length)
      // One EventSource request, still the only one: no reconnection, no fallback.
      expect(streams).toEqual([`eventsource ${live.base}/api/v1/stream?topics=screener`])
      expect(errors).toEqual([])
      expect(external).toEqual([])
    } finally {
      await close()
    }
  }, 60_000)

  it('polls GET /api/v1/tokens when the stream is refused (429 at the per-address cap)', async () => {
    await waitFor(() => openStreams() === 0, 'no stream open')
    // The test's own stream takes this address's one place.
    const holder = await fetch(`${live.base}/api/v1/stream?topics=screener`)
    expect(holder.status).toBe(200)
    // Held by its reader until the end: an unreferenced answer may be collected, closing the stream early.
    const holding = holder.body!.getReader()
    await waitFor(() => openStreams() === 1, 'the holder stream counted')
    const { page, errors, close } = await openPage(browser, live.base)
    const refused: number[] = []
    const listReads: string[] = []
    page.on('response', (response) => {
      if (response.url().includes('/api/v1/stream')) refused.push(response.status())
    })
    page.on('request', (request) => {
      if (request.url() === `${live.base}/api/v1/tokens`) listReads.push(request.resourceType())
    })
    try {
      await page.goto(`${live.base}/`)
      await page.locator('#screener tbody tr').nth(tokens.length - 1).waitFor({ timeout: 20_000 })
      expect(refused).toEqual([429])
      expect(listReads).toEqual(['fetch'])
      expect(await page.locator('#screener-status').textContent()).toBe('')
      expect(errors).toEqual([])
    } finally {
      await close()
      await holding.cancel()
    }
  }, 60_000)
})

describe('the token page on the live stream', () => {
  it('updates the price from token:<unit> at the next refresh', async () => {
    await waitFor(() => openStreams() === 0, 'no stream open')
    const { page, errors, close } = await openPage(browser, live.base)
    const streams = streamRequests(page)
    try {
      await page.goto(`${live.base}/token/${SNEK}`)
      await page.locator('#price').waitFor({ timeout: 20_000 })
      await waitFor(() => openStreams() === 1, 'the page’s stream open on the service')
      expect(streams).toEqual([`eventsource ${live.base}/api/v1/stream?topics=token:${SNEK}`])
      const before = await page.locator('#price').textContent()
      live.setSnekPrice(0.0456)
      await live.refresh()
      const after = await snekPriceText()
      expect(before).not.toContain(after)
      await page.locator('#price', { hasText: after }).waitFor({ timeout: 8000 })
      expect(errors).toEqual([])
    } finally {
      await close()
    }
  }, 60_000)
})
