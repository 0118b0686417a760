/**
 * The token page's "Safety" section in a real browser (playwright-core driving Debian's chromium): the flags come
 * first, in words, then the figures they stand on (policy, supply in whole tokens, holders and the largest ten,
 * the followed pools), at 1280 and 390 px; a token the chain API does not list at all says so. Screenshots go to
 * test-artifacts/explorer/.
 *
 * MIN (6 decimals) is given here: a native policy with no time bound, 10,000,000 MIN held by its Minswap V2 pool
 * (3,000,000: 30 %), a whale (2,500,000: 25 %) and 18 holders of 250,000 (2.5 %); one followed pool of 3,000 ADA
 * created 2 days ago (6,000 ADA of liquidity).
 */
import { describe, expect, it } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { defaultWorld } from '../fake-upstreams/world'
import { koiosHistory, koiosNativeScript, setHolders } from '../fake-upstreams/koios-safety'
import { startService } from '../helpers'
import { servedToChromium } from '../support/chromium'
import { seedFollowedPools } from '../safety/support/followed-pools'
import { CREDENTIALS, scriptAddress } from '../chain/support/pool-outputs'
import { openPage, screenshot } from './browser'

const MIN = '29d222ce763455e3d7a09a665ce554f00ac89d2e99a1a83d267170c64d494e'
const NOW = Math.floor(Date.now() / 1000)
const KEY = '5e'.repeat(28)
const dir = mkdtempSync(join(tmpdir(), 'explorer-safety-'))

const world = defaultWorld()
const asset = world.koios.assets.find((a) => a.policy_id + a.asset_name === MIN)!
asset.total_supply = '10000000000000'
asset.mint_cnt = 1
asset.burn_cnt = 0
world.koios.scripts.set(MIN.slice(0, 56), koiosNativeScript(MIN.slice(0, 56), { type: 'sig', keyHash: KEY }))
world.koios.histories.set(MIN, koiosHistory(MIN, [{ txHash: '9a'.repeat(32), time: NOW - 700 * 86_400, quantity: 10_000_000_000_000n }]))
setHolders(world, MIN, [
  { paymentAddress: scriptAddress(CREDENTIALS['minswap-v2'], { key: '52563c5410bff6a0d43ccebb7c37e1f69f5eb260552521adff33b9c2' }), stakeAddress: null, quantity: 3_000_000_000_000n },
  { paymentAddress: 'addr1qwhale', stakeAddress: 'stake1uwhale', quantity: 2_500_000_000_000n },
  ...Array.from({ length: 18 }, (_, i) => ({ paymentAddress: `addr1qholder${i}`, stakeAddress: `stake1uholder${String(i).padStart(2, '0')}`, quantity: 250_000_000_000n })),
])
const url = `file:${join(dir, 'c.db')}`
await seedFollowedPools(url, [{ poolId: 'c1'.repeat(28), dex: 'minswap-v2', tokenUnit: MIN, reserveAda: '3000000000', createdTime: NOW - 2 * 86_400 - 600 }], NOW - 60)
const svc = await startService({ world, env: { DATABASE_URL: url, KOIOS_PER_DAY: '0' } })
const { base, browser } = await servedToChromium(svc, () => rmSync(dir, { recursive: true, force: true }))

describe('the token page’s Safety section', () => {
  for (const width of [1280, 390]) {
    it(`says the flags in words first, then the figures (${width} px)`, async () => {
      const { page, errors, external, close } = await openPage(browser, base, width)
      try {
        await page.goto(`${base}/token/${MIN}`)
        const safety = page.locator('#safety')
        await safety.getByRole('heading', { name: 'Safety' }).waitFor()
        const flags = safety.locator('#safety-flags li')
        await flags.first().waitFor({ timeout: 20_000 })
        expect(await flags.allTextContents()).toEqual([
          'Danger: The minting policy is a native script with no time bound: whoever holds its key can mint more at any time.',
          'Danger: One holder (stake1uwhale) holds 25.0 % of the supply (over 20.0 %).',
          expect.stringMatching(/^Warning: Its oldest followed pool was created on \d{4}-\d{2}-\d{2}, 2 days ago \(under 7 days\)\.$/),
          'Warning: Its followed pools hold 6,000 ADA of liquidity (under 10,000 ADA).',
        ])
        // Words first: the flags come before the figures.
        const order = await page.evaluate(() => {
          const flagsEl = document.getElementById('safety-flags')!
          const factsEl = document.getElementById('safety-facts')!
          return Boolean(flagsEl.compareDocumentPosition(factsEl) & Node.DOCUMENT_POSITION_FOLLOWING)
        })
        expect(order).toBe(true)
        const fact = (term: string) => safety.locator('#safety-facts dt', { hasText: term }).locator('xpath=following-sibling::dd[1]')
        expect(await fact('Minting policy').textContent()).toBe('Open: a native script with no time lock, its keys can mint at any time (1 signing key).')
        // Whole tokens once the detail said 6 decimals: 10,000,000,000,000 base units = 10,000,000 MIN.
        await safety.locator('#safety-facts').getByText('10,000,000', { exact: true }).waitFor({ timeout: 20_000 })
        expect(await fact('Mints / burns').textContent()).toBe('1 / 0 transactions')
        expect(await fact('Holders').textContent()).toBe('20 addresses, 19 stake addresses')
        expect(await fact('Concentration').textContent()).toBe('Largest holder 25 %, largest 10 47.5 %, in DEX pools 30 % (19 holders, grouped by stake address).')
        expect(await fact('Followed pools').textContent()).toBe('1 pool, 6,000 ADA of liquidity')
        const rows = safety.locator('table.holders tbody tr')
        expect(await rows.count()).toBe(10)
        expect(await rows.first().locator('th, td').allTextContents()).toEqual(['stake1uwhale', '25 %', '2,500,000'])
        expect(await rows.nth(1).locator('th, td').allTextContents()).toEqual(['stake1uholder00', '2.5 %', '250,000'])
        await safety.scrollIntoViewIfNeeded()
        await screenshot(page, `token-safety-${width}`)
        if (width === 390) {
          // Nothing pushes the page sideways on a phone: long holder ids wrap, the table scrolls in its own region.
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
        }
        expect(errors).toEqual([])
        expect(external).toEqual([])
      } finally {
        await close()
      }
    }, 60_000)
  }

  it('adds no second error for a token nobody knows: the page says once that it is not found', async () => {
    const { page, errors, close } = await openPage(browser, base)
    try {
      const unknown = `${'ab'.repeat(28)}00`
      // The report's own 404 comes too; its section has left the page with the others.
      const report = page.waitForResponse((res) => res.url().endsWith(`/api/v1/tokens/${unknown}/safety`), { timeout: 20_000 })
      await page.goto(`${base}/token/${unknown}`)
      await page.locator('#token-error').waitFor({ timeout: 20_000 })
      expect((await report).status()).toBe(404)
      expect(await page.locator('#token-error').textContent()).toStartWith('Token not found.')
      expect(await page.locator('#safety').count()).toBe(0)
      expect(await page.locator('[role="alert"], .error').count()).toBe(1)
      expect(errors).toEqual([])
    } finally {
      await close()
    }
  }, 60_000)
})
