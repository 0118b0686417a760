/** Debian's chromium through playwright-core (it downloads no browser): the one launch every browser test uses. */
import { existsSync } from 'node:fs'
import { afterAll } from 'bun:test'
import { chromium, type Browser } from 'playwright-core'
import type { TestService } from '../helpers'

const CHROMIUM = '/usr/bin/chromium'
// As the machine notes prescribe: headless, no sandbox (root), and no background calls to Google's hosts.
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync']

export function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`${CHROMIUM} is missing: install Debian's chromium (apt-get install -y chromium); .ci/run does it in CI`)
  }
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS })
}

/**
 * The test service listening on a free loopback port, and one Chromium to drive it; both are closed after the
 * file's tests (then `cleanup`, e.g. removing a database directory). For the browser tests' module top level.
 */
export async function servedToChromium(svc: TestService, cleanup: () => void = () => {}): Promise<{ base: string; browser: Browser }> {
  svc.app.listen({ port: 0, hostname: '127.0.0.1' })
  const base = `http://127.0.0.1:${svc.app.server!.port}`
  const browser = await launchChromium()
  afterAll(async () => {
    await browser.close()
    await svc.app.stop()
    await svc.stop()
    cleanup()
  })
  return { base, browser }
}
