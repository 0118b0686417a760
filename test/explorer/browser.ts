/** Debian's chromium through playwright-core, offline: the explorer tests' browser and pages. */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
export { launchChromium } from '../support/chromium'

const ARTIFACTS = join(import.meta.dir, '..', '..', 'test-artifacts', 'explorer')

/** A page whose requests may reach only `base`; page errors and other requests are recorded. */
export async function openPage(browser: Browser, base: string, width = 1280) {
  const context = await browser.newContext({ viewport: { width, height: 900 } })
  const external: string[] = []
  const requested: string[] = []
  const errors: string[] = []
  await context.route('**/*', (route) => {
    const url = route.request().url()
    requested.push(url)
    if (url.startsWith(base)) return route.continue()
    // Logos some tokens have only on an upstream's image CDN (the logo endpoint redirects there): offline here.
    if (route.request().resourceType() === 'image' && url.startsWith('https://')) return route.abort()
    external.push(url)
    return route.abort()
  })
  const page = await context.newPage()
  page.on('pageerror', (error) => errors.push(String(error)))
  return { context, page, external, requested, errors, close: () => context.close() }
}

/** A full-page screenshot under test-artifacts/explorer/ (gitignored), for a person to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true })
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true })
}

/** Connect the mock wallet through the page's own buttons. */
export async function connectMockWallet(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Connect wallet' }).click()
  await page.getByRole('button', { name: 'Mock Wallet' }).click()
  await page.getByText('Connected: Mock Wallet').waitFor({ timeout: 20_000 })
}
