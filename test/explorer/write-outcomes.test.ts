/**
 * Every answer of a community write said in words on the token page, in chromium with the mock CIP-30 wallet:
 * a stale signature (the browser's clock on yesterday) offers "Sign again" and the fresh one is accepted; a
 * signature by the wrong key is refused by the server (401); the daily comment limit (429); a wallet that is
 * not registered on chain (403); a server without the community database (503). Each with the server's own reason shown.
 */
import { describe, expect, it } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { COMMENTS_PER_DAY } from '../../src/modules/community/service'
import { SAMPLE } from '../fake-upstreams/world'
import { startService } from '../helpers'
import { commentPayload, eligibleWallet } from '../community/helpers'
import { TestWallet } from '../community/wallet'
import { servedToChromium } from '../support/chromium'
import { connectMockWallet, openPage } from './browser'
import { installMockWallet } from './mock-wallet'

const dir = mkdtempSync(join(tmpdir(), 'explorer-outcomes-'))
const svc = await startService({ env: { DATABASE_URL: `file:${join(dir, 'community.db')}` } })
const { base, browser } = await servedToChromium(svc, () => rmSync(dir, { recursive: true, force: true }))
const tokenPage = `/token/${SAMPLE.snek}`

describe('community write outcomes on the token page', () => {
  it('a boost signed for yesterday is stale: the page says so, offers "Sign again", and the fresh signature boosts', async () => {
    const wallet = await eligibleWallet(svc.fake.world)
    const { context, page, errors, close } = await openPage(browser, base)
    const mock = await installMockWallet(context, wallet)
    try {
      const yesterday = new Date(Date.now() - 24 * 3600_000)
      await page.clock.setFixedTime(yesterday)
      await page.goto(base + tokenPage)
      await connectMockWallet(page)
      await page.getByRole('button', { name: 'Boost', exact: true }).click()
      await page.locator('#boost-status', { hasText: 'The signature is out of date' }).waitFor({ timeout: 20_000 })
      expect(JSON.parse(mock.signed[0]).day).toBe(yesterday.toISOString().slice(0, 10))

      await page.clock.setFixedTime(new Date())
      await page.getByRole('button', { name: 'Sign again' }).first().click()
      await page.locator('#boost-status', { hasText: 'Boosted.' }).waitFor({ timeout: 20_000 })
      expect(await page.getByRole('button', { name: 'Sign again' }).count()).toBe(0)
      expect(errors).toEqual([])
    } finally {
      await close()
    }
  }, 60_000)

  it('a signature made with the payment key is refused by the server (401), with its reason', async () => {
    const wallet = await TestWallet.create()
    const { context, page, close } = await openPage(browser, base)
    const mock = await installMockWallet(context, wallet)
    try {
      await page.goto(base + tokenPage)
      await connectMockWallet(page)
      mock.mode = 'payment-key'
      await page.getByRole('button', { name: 'Boost', exact: true }).click()
      await page.locator('#boost-status', { hasText: 'The server refused the signature' }).waitFor({ timeout: 20_000 })
      const text = await page.locator('#boost-status').textContent()
      expect(text!.length).toBeGreaterThan('The server refused the signature: '.length + 10) // the server's reason follows
    } finally {
      await close()
    }
  }, 60_000)

  it('the daily comment limit (429) is said in words with the wait', async () => {
    const wallet = await eligibleWallet(svc.fake.world)
    // The wallet's comments of today, posted through the API directly.
    for (let i = 0; i < COMMENTS_PER_DAY; i++) {
      const body = await wallet.sign(commentPayload(SAMPLE.snek, `comment ${i}`, Date.now()))
      const res = await fetch(`${base}/api/v1/community/comments/${SAMPLE.snek}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
      expect(res.status).toBe(201)
    }
    const { context, page, close } = await openPage(browser, base)
    await installMockWallet(context, wallet)
    try {
      await page.goto(base + tokenPage)
      await connectMockWallet(page)
      await page.getByRole('textbox', { name: 'Comment' }).fill('one too many')
      await page.getByRole('button', { name: 'Post comment' }).click()
      await page.locator('#comment-status', { hasText: 'Daily comment limit reached' }).waitFor({ timeout: 20_000 })
      expect(await page.locator('#comment-status').textContent()).toContain('00:00 UTC')
    } finally {
      await close()
    }
  }, 60_000)

  it('a wallet whose stake address is not registered (403) is told what makes one eligible and what it has', async () => {
    const wallet = await TestWallet.create()
    const { context, page, close } = await openPage(browser, base)
    await installMockWallet(context, wallet)
    try {
      await page.goto(base + tokenPage)
      await connectMockWallet(page)
      await page.getByRole('button', { name: 'Boost', exact: true }).click()
      await page.locator('#boost-status', { hasText: 'This wallet cannot boost or comment here yet' }).waitFor({ timeout: 20_000 })
      const text = await page.locator('#boost-status').textContent()
      expect(text).toContain('registered on chain and controls at least 25 ADA')
      expect(text).toContain('has never been seen on chain')
    } finally {
      await close()
    }
  }, 60_000)

  it('a server without the community database (503): counts read "—" and a boost is answered in words', async () => {
    const off = await startService({ env: { DATABASE_URL: 'off' } })
    off.app.listen({ port: 0, hostname: '127.0.0.1' })
    const offBase = `http://127.0.0.1:${off.app.server!.port}`
    const wallet = await TestWallet.create()
    const { context, page, close } = await openPage(browser, offBase)
    await installMockWallet(context, wallet)
    try {
      await page.goto(offBase + tokenPage)
      await page.locator('#boost-count', { hasText: '—' }).waitFor({ timeout: 20_000 })
      await connectMockWallet(page)
      await page.getByRole('button', { name: 'Boost', exact: true }).click()
      await page.locator('#boost-status', { hasText: 'Boosts and comments are off on this server' }).waitFor({ timeout: 20_000 })
    } finally {
      await close()
      await off.app.stop()
      await off.stop()
    }
  }, 60_000)
})
