// Temporary: walk 12 top token pages of a running demo in Chromium, 4 s apart (not committed).
import { launchChromium } from './test/support/chromium'
const base = process.argv[2] ?? 'http://127.0.0.1:3200'
const screener = (await (await fetch(`${base}/api/v1/tokens`)).json()) as any
const top = screener.tokens.slice(0, 12)
const browser = await launchChromium()
const pages: any[] = []
for (const t of top) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  await context.route('**/*', (route) => (route.request().url().startsWith(base) ? route.continue() : route.abort()))
  const page = await context.newPage()
  await page.goto(`${base}/token/${t.address}`)
  pages.push({ t, page })
  await Bun.sleep(4000)
}
await Bun.sleep(8000)
let complete = 0
for (const { t, page } of pages) {
  const text = await page.locator('main').innerText()
  const missing = /Missing source/.test(text)
  const price = (await page.locator('#price').innerText().catch(() => '')).replace(/\s+/g, ' ')
  const chart = await page.locator('#chart-summary, .chart-summary').first().innerText().catch(() => '')
  const detail = (await (await fetch(`${base}/api/v1/tokens/${t.address}`)).json()) as any
  const ohlcv = (await (await fetch(`${base}/api/v1/tokens/${t.address}/ohlcv`)).json()) as any
  const ok = !missing && price.length > 0
  if (ok) complete++
  console.log(`${t.symbol.padEnd(8)} ${ok ? 'COMPLETE' : 'PARTIAL '} price="${price.slice(0, 60)}" detailMissing=${JSON.stringify(detail.missing ?? null)} chart=${ohlcv.candles?.length ?? ohlcv.code} ohlcvMissing=${JSON.stringify(ohlcv.missing ?? null)} pool=${ohlcv.pool?.dexId ?? ''} | ${chart.slice(0, 80).replace(/\s+/g, ' ')}`)
  await page.screenshot({ path: `/tmp/walk/${t.symbol}.png`, fullPage: false })
}
console.log(`${complete} of ${pages.length} complete`)
await browser.close()
