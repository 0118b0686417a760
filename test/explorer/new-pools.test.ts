/**
 * The explorer's new pools page in a real browser (playwright-core driving Debian's chromium): reached from the
 * screener's navigation, it lists the pools the chain follower saw created (tokens outside the registry, linked
 * to their token pages, the price per base unit said where the decimals are unknown), and a pool created while
 * the page is open appears at the top through the stream's pools:new topic. Screenshots at 1280 and 390 px go
 * to test-artifacts/explorer/.
 */
import { describe, expect, it } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { LOVELACE } from '../../src/chain/types'
import { assetRows, FRESH, NOPE, outsideRegistry, REGIS } from '../chain/support/outside-registry'
import { defaultWorld } from '../fake-upstreams/world'
import { startService } from '../helpers'
import { servedToChromium } from '../support/chromium'
import { openPage, screenshot } from './browser'
import { waitFor } from '../stream/support'

const dir = mkdtempSync(join(tmpdir(), 'explorer-pools-'))
const world = defaultWorld()
const o = outsideRegistry()
world.koios.chain = o.chain
world.koios.assets.push(...assetRows())
const svc = await startService({ world, env: { DATABASE_URL: `file:${join(dir, 'c.db')}`, CHAIN_FOLLOW: 'on', CHAIN_BACKFILL_HOURS: '3' } })
for (let i = 0; i < 10 && (await svc.deps.chain!.follower.poll()).cursor?.backfill !== null; i++);
// REGIS and CIPS are described by the chain API; NOPE is not.
await svc.deps.chain!.identities.step()
const { base, browser } = await servedToChromium(svc, () => rmSync(dir, { recursive: true, force: true }))

describe('the new pools page', () => {
  for (const width of [1280, 390]) {
    it(`is linked from the screener and lists the pools created, newest first (${width} px)`, async () => {
      const { page, errors, external, close } = await openPage(browser, base, width)
      try {
        await page.goto(`${base}/`)
        await page.getByRole('link', { name: 'New pools' }).first().click()
        await page.waitForURL(`${base}/pools/new`)
        const rows = page.locator('#new-pools tbody tr')
        await rows.nth(2).waitFor({ timeout: 20_000 })
        expect(await rows.count()).toBe(3)
        const regis = page.locator(`#new-pools tbody tr[data-pool="${o.regis.poolId}"]`)
        expect(await regis.getByRole('link', { name: 'REGIS' }).getAttribute('href')).toBe(`/token/${REGIS}`)
        expect(await regis.locator('td').nth(1).textContent()).toBe('minswap-v2')
        expect(await regis.locator('td').nth(2).textContent()).toBe('0.005000 ADA') // 5,000 ADA for 1,000,000 REGIS
        const nope = page.locator(`#new-pools tbody tr[data-pool="${o.nope.poolId}"]`)
        expect(await nope.locator('td').nth(2).textContent()).toContain('per base unit')
        // No ticker known: the asset name as text.
        expect(await nope.getByRole('link', { name: 'NOPE' }).getAttribute('href')).toBe(`/token/${NOPE}`)
        await screenshot(page, `new-pools-${width}`)
        expect(errors).toEqual([])
        expect(external).toEqual([])
      } finally {
        await close()
      }
    }, 60_000)
  }

  it('adds a pool created while it is open, through the live stream', async () => {
    const { page, errors, close } = await openPage(browser, base)
    try {
      const streams = svc.deps.stream.stats().open
      await page.goto(`${base}/pools/new`)
      await page.locator('#new-pools tbody tr').nth(2).waitFor({ timeout: 20_000 })
      // The page's stream is open before the pool is created (one created earlier would come in its snapshot).
      await waitFor(() => svc.deps.stream.stats().open > streams, 'the page’s stream', 20_000)
      const pool = o.chain.pool({ dex: 'splash', assetA: LOVELACE, assetB: FRESH, reserveA: 800_000_000n, reserveB: 4_000_000n, lpSupply: 56_000_000n })
      o.chain.addBlock([[{ pool, reserveA: 800_000_000n, reserveB: 4_000_000n }]])
      await svc.deps.chain!.follower.poll()
      const first = page.locator('#new-pools tbody tr').first()
      await page.locator(`#new-pools tbody tr[data-pool="${pool.poolId}"]`).waitFor({ timeout: 20_000 })
      expect(await first.getAttribute('data-pool')).toBe(pool.poolId)
      expect(await first.locator('td').nth(1).textContent()).toBe('splash')
      await page.getByText('1 new pool just created.').waitFor()
      expect(errors).toEqual([])
    } finally {
      await close()
    }
  }, 60_000)
})
