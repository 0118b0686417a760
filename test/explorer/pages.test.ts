/**
 * The explorer's ways to a token and a pool, in Debian's Chromium (playwright-core, offline), at 1280 and 390 px,
 * on a fake chain with SNEK and MIN (test/chain/support/scenario.ts) and tokens outside the registry (REGIS, CIPS,
 * NOPE):
 * - the search box on every page: matches as you type (from GET /api/v1/search), a full unit straight to its
 *   token page, the search page for the rest;
 * - the pool page (/pool/{poolId}) of a followed pool: its state as GET /api/v1/pools/{poolId} gives it, its own
 *   chart and its trades; reached from the new pools page and from a trade's pool.
 * Screenshots go to test-artifacts/explorer/.
 */
import { describe, expect, it } from 'bun:test'
import { SAMPLE } from '../fake-upstreams/world'
import { REGIS } from '../chain/support/outside-registry'
import { openPage, screenshot } from './browser'
import { servedChainWorld } from './chain-world'

const WIDTHS = [1280, 390] as const

const { svc, chain, outside, base, browser } = await servedChainWorld()

describe('the search box on every page', () => {
  for (const width of WIDTHS) {
    it(`lists matching tokens as you type and goes to the one picked (${width} px)`, async () => {
      const { page, errors, external, close } = await openPage(browser, base, width)
      try {
        for (const path of ['/', `/token/${SAMPLE.snek}`, `/wallet/$${SAMPLE.handle}`, '/pools/new']) {
          await page.goto(base + path)
          expect(await page.getByRole('search').getByRole('searchbox', { name: 'Search tokens' }).count()).toBe(1)
        }
        await page.goto(`${base}/`)
        const box = page.getByRole('searchbox', { name: 'Search tokens' })
        await box.fill('snek')
        const suggestion = page.locator('#search-suggestions a', { hasText: 'SNEK' }).first()
        await suggestion.waitFor({ timeout: 20_000 })
        expect(await suggestion.getAttribute('href')).toBe(`/token/${SAMPLE.snek}`)
        expect(await suggestion.textContent()).toContain('Curated')
        await screenshot(page, `search-suggestions-${width}`)
        // A token outside the registry, found on the chain.
        await box.fill('regis')
        const outsider = page.locator(`#search-suggestions a[href="/token/${REGIS}"]`)
        await outsider.waitFor({ timeout: 20_000 })
        expect(await outsider.textContent()).toBe('REGIS Registered On chain')
        await box.fill('snek')
        await suggestion.waitFor({ timeout: 20_000 })
        // Down then Enter: the keyboard reaches the match.
        await box.press('ArrowDown')
        await page.keyboard.press('Enter')
        await page.waitForURL(`${base}/token/${SAMPLE.snek}`)
        expect(errors).toEqual([])
        expect(external).toEqual([])
      } finally {
        await close()
      }
    }, 60_000)
  }

  it('opens a token page at once for a full unit, and the search page for a name', async () => {
    const { page, errors, close } = await openPage(browser, base)
    try {
      await page.goto(`${base}/pools/new`)
      const box = page.getByRole('searchbox', { name: 'Search tokens' })
      await box.fill(REGIS.toUpperCase())
      await box.press('Enter')
      await page.waitForURL(`${base}/token/${REGIS}`)
      await page.getByRole('heading', { level: 1, name: /Registered/ }).waitFor({ timeout: 20_000 })

      await page.getByRole('searchbox', { name: 'Search tokens' }).fill('snek')
      await page.getByRole('button', { name: 'Search', exact: true }).click()
      await page.waitForURL(`${base}/search?q=snek`)
      const rows = page.locator('#search-table tbody tr')
      await rows.first().waitFor({ timeout: 20_000 })
      const { body } = await svc.json('/api/v1/search?q=snek')
      expect(await rows.count()).toBe(body.count)
      expect(await rows.first().getByRole('link').getAttribute('href')).toBe(`/token/${body.tokens[0].address}`)
      expect(await page.getByRole('searchbox', { name: 'Search tokens' }).inputValue()).toBe('snek')
      await screenshot(page, 'search-page-1280')
      expect(errors).toEqual([])
    } finally {
      await close()
    }
  }, 60_000)
})

describe('the pool page', () => {
  for (const width of WIDTHS) {
    it(`shows a followed pool's state, its chart and its trades, reached from the new pools page (${width} px)`, async () => {
      const { page, errors, external, close } = await openPage(browser, base, width)
      try {
        await page.goto(`${base}/pools/new`)
        const link = page.locator(`#new-pools tbody tr[data-pool="${outside.regis.poolId}"]`).getByRole('link', { name: 'Pool page' })
        await link.click()
        await page.waitForURL(`${base}/pool/${outside.regis.poolId}`)
        const { body: state } = await svc.json(`/api/v1/pools/${outside.regis.poolId}`)
        await page.getByRole('heading', { level: 1, name: /REGIS \/ ADA/ }).waitFor({ timeout: 20_000 })
        // 5,050 ADA against 990,099.0099 REGIS after the buy: 0.00510050… ADA per REGIS, four digits shown.
        expect(state.priceAda).toBeCloseTo(5_050 / 990_099.0099, 9)
        expect(await page.locator('#price').textContent()).toStartWith('0.005101 ADA')
        const facts = (await page.locator('#pool-facts dl').textContent())!
        expect(facts).toContain('10,100 ADA') // liquidity: twice the ADA reserve
        expect(facts).toContain('5,050 ADA')
        expect(facts).toContain('990,099.0099')
        expect(facts).toContain(`block ${state.created.blockHeight.toLocaleString('en-US')}`)
        expect(await page.locator('#pool-facts').getByRole('link', { name: 'REGIS' }).getAttribute('href')).toBe(`/token/${REGIS}`)
        // Its own chart, without a choice of pool, and its own trade (the buy, in whole REGIS).
        await page.waitForFunction(() => Number(document.querySelector('#price-chart')?.getAttribute('data-bars')) > 0, undefined, { timeout: 20_000 })
        expect(await page.getByRole('combobox', { name: 'Pool' }).count()).toBe(0)
        expect(await page.locator('#chart-summary').textContent()).toContain('REGIS / ADA on minswap-v2')
        const trades = page.locator('#trades tbody tr')
        await trades.first().waitFor({ timeout: 20_000 })
        expect(await trades.count()).toBe(1)
        await page.locator('#trades td.amount', { hasText: '9,900.9901' }).waitFor()
        await screenshot(page, `pool-${width}`)
        expect(errors).toEqual([])
        expect(external).toEqual([])
      } finally {
        await close()
      }
    }, 60_000)
  }

  it("is reached from a trade's pool on a token page, and says one error for a pool not followed", async () => {
    const { page, errors, close } = await openPage(browser, base)
    try {
      await page.goto(`${base}/token/${SAMPLE.snek}`)
      const poolLink = page.locator('#trades tbody tr').first().getByRole('link')
      await poolLink.waitFor({ timeout: 20_000 })
      const href = (await poolLink.getAttribute('href'))!
      expect([chain.p1.poolId, chain.p2.poolId].map((id) => `/pool/${id}`)).toContain(href)
      await poolLink.click()
      await page.waitForURL(base + href)
      await page.getByRole('heading', { level: 1, name: /SNEK \/ ADA/ }).waitFor({ timeout: 20_000 })

      await page.goto(`${base}/pool/${'cd'.repeat(32)}`)
      await page.locator('#pool-error').waitFor({ timeout: 20_000 })
      expect(await page.locator('#pool-error').textContent()).toStartWith('Pool not found.')
      expect(await page.locator('main [role="alert"]').count()).toBe(1)
      expect(errors).toEqual([])
    } finally {
      await close()
    }
  }, 60_000)
})

describe('trades arriving block by block', () => {
  /** A swap on SNEK's Minswap V2 pool in a new block, recorded by the follower's next poll: its transaction. */
  async function swapRecorded(): Promise<string> {
    const { reserveA, reserveB } = chain.p1.spec
    const ada = 2_000_000_000n
    chain.chain.addBlock([[{ pool: chain.p1, reserveA: reserveA + ada, reserveB: (reserveA * reserveB) / (reserveA + ada) }]], { time: Math.floor(Date.now() / 1000) })
    const tx = chain.chain.txs[chain.chain.txs.length - 1].txHash
    await svc.deps.chain!.follower.poll()
    return tx
  }

  for (const where of ['token', 'pool'] as const) {
    it(`puts a trade the follower records on top of the ${where} page's list, without a reload`, async () => {
      const { page, errors, close } = await openPage(browser, base)
      try {
        // The page's one stream, with the token's trades among its topics, is open before the block is made.
        const stream = page.waitForResponse((res) => res.url().includes('/api/v1/stream?topics=') && res.url().includes(`trades:${SAMPLE.snek}`), { timeout: 20_000 })
        await page.goto(where === 'token' ? `${base}/token/${SAMPLE.snek}` : `${base}/pool/${chain.p1.poolId}`)
        await page.locator('#trades tbody tr').first().waitFor({ timeout: 20_000 })
        expect((await stream).status()).toBe(200)
        const tx = await swapRecorded()
        await page.locator(`#trades tbody tr[data-tx="${tx}"]`).waitFor({ timeout: 10_000 })
        expect(await page.locator('#trades tbody tr').first().getAttribute('data-tx')).toBe(tx)
        expect(errors).toEqual([])
      } finally {
        await close()
      }
    }, 60_000)
  }
})
