/**
 * 13. A year of a busy pool: 1,000 updates a day for 365 days (365,000 swaps) recorded for one SNEK pool, then
 * the retention (CHAIN_RETENTION_DAYS, default 90) rolls the older 275 days into hourly candles. Figures: the
 * time to seed and to roll up, the database's size before and after, and the uncached latency of /trades (the
 * first page, and a deep page at the retention horizon) and of ohlcv?tf=1d&limit=365 (from the pool's stored
 * hourly candles: 8,760 rows whatever the number of swaps), each beside the same request on a pool with one day of
 * updates (the same-run baseline).
 */
import { statSync } from 'node:fs'
import { join } from 'node:path'
import { ChainStore } from '../src/chain/store'
import type { CommunityDatabase } from '../src/db/client'
import type { ChainPoolRow, PoolUpdateRow } from '../src/db/schema'
import { ohlcvRequest } from '../src/modules/charts/request'
import { FakeUpstreams } from '../test/fake-upstreams/server'
import { emptyWorld } from '../test/fake-upstreams/world'
import { startService, type TestService } from '../test/helpers'
import type { Figure } from './figures'
import { fmt } from './figures'
import { median } from './lib/load'
import { seededRandom } from '../test/support/seeded-random'

const PER_DAY = 1_000
const DAYS = 365
const SNEK = '279c909f348e533da5808898f87f9a14bb2c3dfbbacccd631d927a3f534e454b'
const BUSY = `f5808c2c990d86da54bfc97d89cee6efa20cd8461616359478d96b4c${'ab'.repeat(32)}`
const QUIET = `f5808c2c990d86da54bfc97d89cee6efa20cd8461616359478d96b4c${'cd'.repeat(32)}`
const SAMPLES = 30
const CHUNK = 5_000

/** `days` of swaps of one pool of `token` ending now, evenly spaced, a random walk of the reserves (seeded). */
export function* updatesOf(poolId: string, days: number, nowSeconds: number, firstHeight: number, tokenUnit = SNEK): Generator<PoolUpdateRow[]> {
  const count = days * PER_DAY
  const step = (days * 86_400) / count
  let ada = 1_000_000_000_000n
  let token = 250_000_000n
  const random = seededRandom(11)
  let chunk: PoolUpdateRow[] = []
  for (let i = 0; i < count; i++) {
    const buy = random() < 0.5
    const share = 0.0005 + random() * 0.002
    const before = { ada, token }
    if (buy) {
      const inAda = BigInt(Math.round(Number(ada) * share))
      token = (ada * token) / (ada + inAda)
      ada += inAda
    } else {
      const inToken = BigInt(Math.max(1, Math.round(Number(token) * share)))
      ada = (ada * token) / (token + inToken)
      token += inToken
    }
    // Heights rise with the times (one update per block here), across both pools as on a chain.
    const height = firstHeight + Math.floor((nowSeconds - days * 86_400 + i * step) / 20)
    chunk.push({
      txHash: Bun.hash.wyhash(`${poolId}:${i}`).toString(16).padStart(16, '0').repeat(4),
      poolId,
      tokenUnit,
      blockHeight: height,
      blockHash: Bun.hash.wyhash(`block:${height}`).toString(16).padStart(16, '0').repeat(4),
      blockTime: Math.floor(nowSeconds - days * 86_400 + i * step),
      blockIndex: 0,
      kind: 'swap',
      reserveAda: String(ada),
      reserveToken: String(token),
      adaPerUnit: Number(ada) / Number(token) / 1e6,
      side: buy ? 'buy' : 'sell',
      amountToken: String(buy ? before.token - token : token - before.token),
      amountAda: String(buy ? ada - before.ada : before.ada - ada),
    })
    if (chunk.length === CHUNK) {
      yield chunk
      chunk = []
    }
  }
  if (chunk.length > 0) yield chunk
}

const poolRow = (poolId: string, last: PoolUpdateRow): ChainPoolRow => ({
  poolId,
  dex: 'minswap-v2',
  tokenUnit: last.tokenUnit,
  identityUnit: poolId,
  reserveAda: last.reserveAda,
  reserveToken: last.reserveToken,
  lastHeight: last.blockHeight,
  lastTime: last.blockTime,
  lastTxHash: last.txHash,
  lpSupply: '10000000000',
  feeBpsAdaIn: 30,
  feeBpsTokenIn: 30,
  createdHeight: null,
  createdHash: null,
  createdTime: null,
  createdTxHash: null,
  initialReserveAda: null,
  initialReserveToken: null,
})

/** `days` of a pool's swaps recorded as the follower records them (transactions of CHUNK). */
export async function seed(svc: TestService, poolId: string, days: number, nowSeconds: number, token = SNEK): Promise<void> {
  const store = new ChainStore(svc.deps.database as CommunityDatabase)
  for (const chunk of updatesOf(poolId, days, nowSeconds, 0, token)) await store.record(chunk, [poolRow(poolId, chunk[chunk.length - 1])])
}

export async function timed(samples: number, run: (i: number) => Promise<unknown>): Promise<number> {
  const ms: number[] = []
  for (let i = 0; i < samples; i++) {
    const started = performance.now()
    await run(i)
    ms.push(performance.now() - started)
  }
  return median(ms)
}

export const chainYear: Figure = {
  name: 'chain-year',
  title: `13. A year of a busy pool: ${fmt(PER_DAY * DAYS)} swaps (${fmt(PER_DAY)} a day), rolled up past the retention`,
  async run(context) {
    const fake = await FakeUpstreams.start({ world: emptyWorld() })
    const file = join(context.dir, `chain-year-${crypto.randomUUID()}.db`)
    const svc = await startService({ fake, env: { DATABASE_URL: `file:${file}`, CHAIN_FOLLOW: 'on', CHAIN_BACKFILL_HOURS: '0', LOG_LEVEL: 'silent' } })
    try {
      const size = () => statSync(file).size + (statSync(`${file}-wal`, { throwIfNoEntry: false })?.size ?? 0)
      let started = performance.now()
      const now = Math.floor(Date.now() / 1000)
      await seed(svc, BUSY, DAYS, now)
      await seed(svc, QUIET, 1, now)
      const seedMs = performance.now() - started
      const sizeBefore = size()
      started = performance.now()
      const rolled = { rolled: 0, steps: 0 }
      for (;;) {
        const step = await svc.deps.chain!.retention.step()
        rolled.rolled += step.rolled
        rolled.steps += 1
        if (step.rolled === 0) break // else a step stopped after a week of passes: the next goes on at once
      }
      const rollMs = performance.now() - started
      const horizon = svc.deps.chain!.retention.horizon()
      const trades = (pool: string, before: (i: number) => string) => (i: number) =>
        svc.get(`/api/v1/tokens/${SNEK}/trades?pool=${pool}&limit=${100 + i}${before(i)}`).then((r) => r.arrayBuffer())
      // Distinct keys (limit, before): every request is built, none served from the response cache.
      const first = await timed(SAMPLES, trades(BUSY, () => ''))
      const firstQuiet = await timed(SAMPLES, trades(QUIET, () => ''))
      const deep = await timed(SAMPLES, trades(BUSY, (i) => `&before=${horizon + 3600 + i}`))
      // The chart's answer built by the service (the REST route caches one answer per pool and timeframe).
      const chart = (pool: string) => () => svc.deps.services.charts.ohlcv(ohlcvRequest({ asset: SNEK, tf: '1d', limit: 365, quote: 'ada', pool }))
      const yearChart = await timed(SAMPLES, chart(BUSY))
      const dayChart = await timed(SAMPLES, chart(QUIET))
      const candles = (await chart(BUSY)()).data.candles.length
      return [
        { label: 'seed 365,000 + 1,000 swaps', value: `${fmt(seedMs / 1000, 1)} s`, note: `record() in transactions of ${fmt(CHUNK)}; database ${fmt(sizeBefore / 2 ** 20, 1)} MiB` },
        { label: 'roll-up past 90 days', value: `${fmt(rollMs / 1000, 1)} s`, note: `${fmt(rolled.rolled)} updates deleted (their hourly candles kept as recorded), a day per transaction; file ${fmt(size() / 2 ** 20, 1)} MiB after (SQLite reuses the freed pages)` },
        { label: '/trades first page, a year of updates (median)', value: `${fmt(first, 2)} ms`, note: `100–129 trades; × ${fmt(first / firstQuiet, 2)} the same on a pool with a day of updates (${fmt(firstQuiet, 2)} ms)` },
        { label: '/trades deep page at the horizon (median)', value: `${fmt(deep, 2)} ms`, note: `before = 90 days back; × ${fmt(deep / firstQuiet, 2)} the one-day pool's first page` },
        { label: 'ohlcv?tf=1d&limit=365, a year (median)', value: `${fmt(yearChart, 1)} ms`, note: `${candles} daily candles from 8,760 stored hourly ones (275 days past the retention); × ${fmt(yearChart / dayChart, 1)} a pool with a day (${fmt(dayChart, 2)} ms)` },
      ]
    } finally {
      await svc.stop()
      await fake.stop()
    }
  },
}
