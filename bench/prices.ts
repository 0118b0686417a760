/**
 * 14. Prices for portfolios and tax tools (issue 39).
 *
 * A 100-unit batch: the 68 curated tokens and 32 tokens only the chain knows (a day of 1,000 swaps each, recorded
 * as the follower records them, so the store keeps their chain figures), against the fake upstreams. Figures: the
 * uncached batch (each sample another order of the same units: another answer to build), the cached one, the POST
 * of the same list, and the upstream calls all of them made; beside the status quo, the same 100 prices read as 100
 * token details (cold caches, 10 at a time), with their upstream calls.
 *
 * A year of a busy pool: 365,000 swaps of SNEK's pool (seeded as the chain-year figure seeds them), the 275 days past
 * the retention deleted (their hours kept as candles); the uncached price at a moment inside the retention (the last
 * swap) and past it (the hourly close), and the current price, beside a pool of HOSKY with one day of swaps.
 */
import { join } from 'node:path'
import registry from '../src/registry/tokens.json'
import type { PriceAtRequest } from '../src/modules/prices/request'
import { FakeUpstreams } from '../test/fake-upstreams/server'
import { emptyWorld } from '../test/fake-upstreams/world'
import { startService, type TestService } from '../test/helpers'
import { seed, timed } from './chain-year'
import type { Figure, FigureLine } from './figures'
import { fmt } from './figures'

const DAY = 86_400
const SAMPLES = 30
const SNEK = '279c909f348e533da5808898f87f9a14bb2c3dfbbacccd631d927a3f534e454b'
const HOSKY = 'a0028f350aaabe0545fdcb56b039bfb08e4bb4d8c4d7c3c7d481c235484f534b59'
const CHAIN_TOKENS = 32
const chainToken = (i: number) => `${'5c'.repeat(28)}${Buffer.from(`CHAIN${String(i).padStart(2, '0')}`).toString('hex')}`
const poolOf = (unit: string) => `${unit.slice(0, 56)}${'ab'.repeat(16)}${unit.slice(56, 72).padEnd(16, '0')}`

async function batchFigures(dir: string): Promise<FigureLine[]> {
  const fake = await FakeUpstreams.start()
  const svc = await startService({ fake, env: { DATABASE_URL: `file:${join(dir, `prices-batch-${crypto.randomUUID()}.db`)}`, CHAIN_FOLLOW: 'on', CHAIN_BACKFILL_HOURS: '0', LOG_LEVEL: 'silent' } })
  try {
    const now = Math.floor(Date.now() / 1000)
    const chainUnits = Array.from({ length: CHAIN_TOKENS }, (_, i) => chainToken(i))
    for (const unit of chainUnits) await seed(svc, poolOf(unit), 1, now, unit)
    const units = [...registry.map((t) => t.unit), ...chainUnits]
    const ordered = (i: number) => [...units.slice(i % units.length), ...units.slice(0, i % units.length)]
    const get = (list: string[]) => svc.get(`/api/v1/prices?units=${list.join(',')}`)
    // Warm: the screener built once (the core refresh's job in a running service), ADA's snapshot read.
    await svc.get('/api/v1/tokens')
    const first = await (await get(units)).json()
    const bySource = new Map<string, number>()
    for (const row of first.prices as Array<{ source: string | null }>) bySource.set(String(row.source), (bySource.get(String(row.source)) ?? 0) + 1)

    fake.resetCalls()
    const uncached = await timed(SAMPLES, (i) => get(ordered(i + 1)).then((r) => r.arrayBuffer()))
    const uncachedCalls = fake.calls.length
    const cached = await timed(SAMPLES * 3, () => get(units).then((r) => r.arrayBuffer()))
    const posted = await timed(SAMPLES * 3, () =>
      svc.request('/api/v1/prices', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ units }) }).then((r) => r.arrayBuffer()),
    )
    const calls = fake.calls.length

    // The status quo: one detail per token, from cold caches, 10 at a time.
    svc.deps.upstreamCache.clear()
    svc.deps.responses.invalidate('')
    fake.resetCalls()
    const started = performance.now()
    for (let i = 0; i < units.length; i += 10) await Promise.all(units.slice(i, i + 10).map((u) => svc.get(`/api/v1/tokens/${u}`).then((r) => r.arrayBuffer())))
    const detailsMs = performance.now() - started
    const detailCalls = fake.calls.length
    const sources = [...bySource].map(([source, n]) => `${n} ${source}`).join(', ')
    return [
      { label: 'prices batch of 100 units, uncached (median)', value: `${fmt(uncached, 2)} ms`, note: `${sources}; another order each sample; ${uncachedCalls} upstream calls in ${SAMPLES} builds` },
      { label: 'prices batch of 100 units, cached (median)', value: `${fmt(cached, 2)} ms`, note: `× ${fmt(uncached / cached, 1)} faster than a build; POST of the same list ${fmt(posted, 2)} ms (the GET's entry); ${calls} upstream calls in all` },
      { label: 'the same 100 prices as 100 token details, cold', value: `${fmt(detailsMs, 0)} ms`, note: `10 at a time; ${detailCalls} upstream calls (the batch: ${uncachedCalls}); × ${fmt(detailsMs / uncached, 0)} one uncached batch` },
    ]
  } finally {
    await svc.stop()
    await fake.stop()
  }
}

async function yearFigures(dir: string): Promise<FigureLine[]> {
  const fake = await FakeUpstreams.start({ world: emptyWorld() })
  const svc: TestService = await startService({ fake, env: { DATABASE_URL: `file:${join(dir, `prices-year-${crypto.randomUUID()}.db`)}`, CHAIN_FOLLOW: 'on', CHAIN_BACKFILL_HOURS: '0', LOG_LEVEL: 'silent' } })
  try {
    const now = Math.floor(Date.now() / 1000)
    const seedStarted = performance.now()
    await seed(svc, `${SNEK.slice(0, 56)}${'ab'.repeat(32)}`, 365, now, SNEK)
    await seed(svc, `${HOSKY.slice(0, 56)}${'cd'.repeat(32)}`, 1, now, HOSKY)
    while ((await svc.deps.chain!.retention.step()).rolled > 0);
    const prepared = performance.now() - seedStarted
    const prices = svc.deps.services.prices
    const at = (unit: string, seconds: number | null): PriceAtRequest => ({ unit, at: seconds, quote: 'usd' })
    // Each sample another moment: nothing is served from the answer cache.
    const http = (unit: string, from: number) => (i: number) => svc.get(`/api/v1/tokens/${unit}/price?at=${from + i * 7}`).then((r) => r.json())
    await http(SNEK, now - 30 * DAY)(0)
    fake.resetCalls()
    const trade = await timed(SAMPLES, http(SNEK, now - 30 * DAY))
    const hourly = await timed(SAMPLES, http(SNEK, now - 200 * DAY))
    const current = await timed(SAMPLES, () => prices.priceAt(at(SNEK, null)))
    const quiet = await timed(SAMPLES, http(HOSKY, now - 12 * 3600))
    const calls = fake.calls.map((c) => `${c.upstream} ${c.path}`)
    const [tradeBody, hourlyBody] = await Promise.all([http(SNEK, now - 30 * DAY)(SAMPLES + 1), http(SNEK, now - 200 * DAY)(SAMPLES + 1)])
    return [
      {
        label: 'price at a moment, a year of a busy pool, in the retention',
        value: `${fmt(trade, 2)} ms`,
        note: `${tradeBody.source} (uncached median, 30 days back); × ${fmt(trade / quiet, 2)} a pool with a day of swaps (${fmt(quiet, 2)} ms)`,
      },
      {
        label: 'price at a moment, a year of a busy pool, past the retention',
        value: `${fmt(hourly, 2)} ms`,
        note: `${hourlyBody.source} (200 days back, 275 days of updates deleted); × ${fmt(hourly / quiet, 2)} the one-day pool; seeding 366,000 swaps and the retention took ${fmt(prepared / 1000, 0)} s`,
      },
      {
        label: 'current price, a year of a busy pool (service read)',
        value: `${fmt(current, 2)} ms`,
        note: `${calls.length} upstream calls over the ${SAMPLES * 4} reads (${[...new Set(calls)].join('; ') || 'none'}): the pool listing the chart's default choice reads, cached 60 s`,
      },
    ]
  } finally {
    await svc.stop()
    await fake.stop()
  }
}

export const pricesFigure: Figure = {
  name: 'prices',
  title: '17. Prices: a 100-unit batch (curated and followed) and the price at a moment over a year of a busy pool',
  async run(context) {
    return [...(await batchFigures(context.dir)), ...(await yearFigures(context.dir))]
  },
}
