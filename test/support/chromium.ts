/** Debian's chromium through playwright-core (it downloads no browser): the one launch every browser test uses. */
import { existsSync } from 'node:fs'
import { chromium, type Browser } from 'playwright-core'

const CHROMIUM = '/usr/bin/chromium'
// As the machine notes prescribe: headless, no sandbox (root), and no background calls to Google's hosts.
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync']

export function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`${CHROMIUM} is missing: install Debian's chromium (apt-get install -y chromium); .ci/run does it in CI`)
  }
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS })
}
