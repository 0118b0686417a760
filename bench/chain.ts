/**
 * 12. The chain follower at a mainnet-like rate: 15,000 DEX transactions a day (3.5 a block, one block every 20 s)
 * over 2,000 pools (the curated tokens' 91, and 1,909 of other tokens). Two services follow the same fake chain in
 * step, one recording every pool (CHAIN_POOLS=all, the default) and one the curated tokens' only, for one
 * simulated hour (180 blocks) at one poll per block: Koios calls per hour of each (before and after following every
 * token), bytes stored per day (database growth over the hour × 24), the poll's own time. Then, on the first:
 * Koios calls per hour at the keyless interval (one poll per 26 blocks); the keyless capacity (a full poll's
 * transactions, measured on a backlog, × the keyless polls a day); the lag from a block to its trades being
 * served; the uncached latency of /trades and of a chain-built /ohlcv. The hour runs in a few real seconds, so
 * the Koios budget is raised and its daily quota lifted here (the per-poll cap of 13 still holds).
 */
import { statSync } from 'node:fs'
import { sql } from 'drizzle-orm'
import { join } from 'node:path'
import { ChainStore } from '../src/chain/store'
import { loadConfig } from '../src/config'
import type { CommunityDatabase } from '../src/db/client'
import { loadRegistry } from '../src/registry/registry'
import { demoChain } from '../test/fake-upstreams/demo-chain'
import { FakeUpstreams } from '../test/fake-upstreams/server'
import { emptyWorld } from '../test/fake-upstreams/world'
import { startService, type TestService } from '../test/helpers'
import type { Figure } from './figures'
import { fmt } from './figures'
import { median } from './lib/load'
import { DEX_TXS_PER_DAY, keylessIntervalMs, PER_BLOCK, POOLS } from './lib/mainnet-rate'

const BLOCKS = 180
const LAG_POLL_MS = 1000
const LAG_SAMPLES = 10
/** A block not served by then means the follower stopped: the figure fails rather than waiting for ever. */
const LAG_GIVE_UP_MS = 30_000
const RETENTION_DAYS = loadConfig({}).chain.retentionDays
/** Bytes of one stored hourly candle with its key (measured on 20,000 rows of 120-character pool ids). */
const CANDLE_BYTES = 350

export const chainFollower: Figure = {
  name: 'chain',
  title: `12. Chain follower: ${fmt(DEX_TXS_PER_DAY)} DEX transactions a day over ${fmt(POOLS)} pools, ${BLOCKS} blocks (one hour), every pool followed vs curated only`,
  async run(context) {
    const tokens = loadRegistry(null).tokens
    const snek = tokens.find((t) => t.ticker === 'SNEK')!.unit
    // A short history before the hour (the pools' creation), then the measured hour block by block.
    const demo = demoChain(tokens, { swapsPerBlock: PER_BLOCK, blocks: 30, unfollowedPools: POOLS - 91, createdBlocksEarlier: 1 })
    const world = emptyWorld()
    world.koios.chain = demo.chain
    const fake = await FakeUpstreams.start({ world })
    const files = { all: join(context.dir, `chain-all-${crypto.randomUUID()}.db`), curated: join(context.dir, `chain-curated-${crypto.randomUUID()}.db`) }
    const env = (file: string, pools: string) => ({
      DATABASE_URL: `file:${file}`,
      CHAIN_FOLLOW: 'on',
      CHAIN_POOLS: pools,
      CHAIN_BACKFILL_HOURS: '1',
      LOG_LEVEL: 'silent',
      KOIOS_RPM: '100000',
      KOIOS_PER_DAY: '0',
      CHAIN_POLL_MS: String(LAG_POLL_MS),
    })
    const all = await startService({ fake, env: env(files.all, 'all') })
    const curated = await startService({ fake, env: env(files.curated, 'curated') })
    try {
      const size = (file: string) => statSync(file).size + (statSync(`${file}-wal`, { throwIfNoEntry: false })?.size ?? 0)
      for (const svc of [all, curated]) for (let i = 0; i < 60; i++) if ((await svc.deps.chain!.follower.poll()).cursor?.backfill === null) break
      const before = { all: size(files.all), rowsAll: await rows(all), rowsCurated: await rows(curated), height: demo.chain.tip!.height }
      const calls = { all: 0, curated: 0 }
      let txs = 0
      const pollMs: number[] = []
      for (let b = 0; b < BLOCKS; b++) {
        demo.tick()
        for (const [name, svc] of [['all', all], ['curated', curated]] as const) {
          fake.calls.length = 0
          const started = performance.now()
          await svc.deps.chain!.follower.poll()
          if (name === 'all') pollMs.push(performance.now() - started)
          calls[name] += fake.count('koios')
          if (name === 'all') txs += fake.callsTo('koios', '/tx_info').reduce((n, c) => n + ((c.body as { _tx_hashes: string[] })._tx_hashes?.length ?? 0), 0)
        }
      }
      const grown = { all: size(files.all) - before.all }
      const added = { all: (await rows(all)) - before.rowsAll, curated: (await rows(curated)) - before.rowsCurated, poolHours: await poolHoursAfter(all, before.height) }

      // The keyless interval: one poll per that many blocks, for an hour.
      const intervalMs = keylessIntervalMs()
      const blocksPerPoll = Math.round(intervalMs / 20_000)
      fake.calls.length = 0
      for (let b = 1; b <= BLOCKS; b++) {
        demo.tick()
        if (b % blocksPerPoll === 0) await all.deps.chain!.follower.poll()
      }
      const keylessCalls = fake.count('koios')
      // A full poll: a backlog of three keyless intervals' blocks, read by one poll (capped at 13 calls).
      for (let b = 0; b < blocksPerPoll * 3; b++) demo.tick()
      fake.calls.length = 0
      await all.deps.chain!.follower.poll()
      const fullPollTxs = fake.callsTo('koios', '/tx_info').reduce((n, c) => n + ((c.body as { _tx_hashes: string[] })._tx_hashes?.length ?? 0), 0)
      await all.deps.chain!.follower.poll() // catch up
      await all.deps.chain!.follower.poll()
      const capacityPerDay = fullPollTxs * (86_400_000 / intervalMs)

      const latency = async (path: (i: number) => string) => {
        const ms: number[] = []
        for (let i = 0; i < 60; i++) {
          const started = performance.now()
          const res = await all.get(path(i))
          await res.arrayBuffer()
          ms.push(performance.now() - started)
        }
        return median(ms)
      }
      // Distinct keys, so every request is built (no cached answer).
      const tradesMs = await latency((i) => `/api/v1/tokens/${snek}/trades?limit=${100 + i}`)
      const ohlcvMs = await latency((i) => `/api/v1/tokens/${snek}/ohlcv?tf=1m&quote=ada&limit=${200 + i}`)
      // Lag, end to end: the schedule polls every LAG_POLL_MS; a block with a SNEK swap appears on the fake Koios;
      // /trades (uncached keys) is asked every 25 ms until the swap is served.
      const runner = all.deps.chain!.runner
      runner.start()
      const lags: number[] = []
      const snekPool = demo.pools.find((p) => p.spec.assetB === snek)!
      for (let i = 0; i < LAG_SAMPLES; i++) {
        await Bun.sleep(Math.random() * LAG_POLL_MS)
        demo.chain.addBlock([[{ pool: snekPool, reserveA: snekPool.spec.reserveA + 1_000_000_000n, reserveB: snekPool.spec.reserveB - 1000n }]])
        const txHash = demo.chain.txs[demo.chain.txs.length - 1].txHash
        const started = performance.now()
        for (let k = 0; ; k++) {
          if (performance.now() - started > LAG_GIVE_UP_MS) throw new Error(`chain bench: block ${txHash} not served within ${LAG_GIVE_UP_MS} ms`)
          const body = (await (await all.get(`/api/v1/tokens/${snek}/trades?limit=${300 + ((i * 1000 + k) % 200)}&before=${9_000_000_000 + i * 1000 + k}`)).json()) as { trades: Array<{ txHash: string }> }
          if (body.trades.some((t) => t.txHash === txHash)) break
          await Bun.sleep(25)
        }
        lags.push(performance.now() - started)
      }
      await runner.stop()
      const perDay = (bytes: number) => `${fmt((bytes * 24) / 2 ** 20, 1)} MiB`
      return [
        { label: 'Koios calls per hour, curated pools only (before)', value: fmt(calls.curated), note: `one poll per block; ${fmt(calls.curated / BLOCKS, 1)} a poll` },
        { label: 'Koios calls per hour, every pool (after)', value: fmt(calls.all), note: `× ${fmt(calls.all / Math.max(1, calls.curated), 2)} the curated-only run on the same chain; ${fmt(txs)} transactions read by tx_info` },
        { label: `Koios calls per hour at the keyless interval (${fmt(intervalMs / 1000)} s)`, value: fmt(keylessCalls), note: `one poll per ${blocksPerPoll} blocks; the plan's cap is 14 a poll with the token step` },
        { label: 'keyless capacity (DEX transactions a day)', value: fmt(capacityPerDay), note: `${fmt(fullPollTxs)} transactions in a full poll (13 calls, datum_info included) × ${fmt(86_400_000 / intervalMs)} polls a day; mainnet-like: ${fmt(DEX_TXS_PER_DAY)}` },
        { label: 'bytes stored per day, every pool', value: perDay(grown.all), note: `${fmt(added.all)} updates in the hour, ${fmt(added.all > 0 ? grown.all / added.all : 0)} bytes each (table and indexes, libSQL file; most of their hours had a candle already); kept ${fmt(RETENTION_DAYS)} days: ${fmt((grown.all * 24 * RETENTION_DAYS) / 2 ** 30, 1)} GiB` },
        { label: 'hourly candles, every pool (kept for ever)', value: `${fmt((added.poolHours * 24 * CANDLE_BYTES) / 2 ** 20, 1)} MiB a day`, note: `at most ${fmt(added.poolHours * 24)} pool-hours a day (the hour's ${fmt(added.poolHours)} × 24) × ${CANDLE_BYTES} bytes: ${fmt((added.poolHours * 24 * 365 * CANDLE_BYTES) / 2 ** 30, 1)} GiB a year` },
        // A file grows page by page: a few rows an hour do not move it, so this one is the rows × the bytes a row took above.
        { label: 'bytes stored per day, curated pools only', value: perDay(added.curated * (added.all > 0 ? grown.all / added.all : 0)), note: `${fmt(added.curated)} updates in the hour × the bytes of one above` },
        { label: 'poll time (median / max)', value: `${fmt(median(pollMs), 1)} / ${fmt(Math.max(...pollMs), 1)} ms`, note: 'every pool; fake Koios on loopback: real Koios adds its own latency per call' },
        { label: `lag block → served, polling every ${LAG_POLL_MS / 1000} s (median / max)`, value: `${fmt(median(lags))} / ${fmt(Math.max(...lags))} ms`, note: `${LAG_SAMPLES} blocks; at the plan's 20 s (or a keyless stretched interval) add up to that interval` },
        { label: 'GET /trades, uncached (median)', value: `${fmt(tradesMs, 2)} ms`, note: '100–159 trades of SNEK, priced in USD' },
        { label: 'GET /ohlcv chain-built, uncached (median)', value: `${fmt(ohlcvMs, 2)} ms`, note: '1m candles of the deepest followed SNEK pool' },
      ]
    } finally {
      await all.stop()
      await curated.stop()
      await fake.stop()
    }
  },
}

/** The (pool, hour) pairs of the updates above a height: the hourly candles they need. */
async function poolHoursAfter(svc: TestService, height: number): Promise<number> {
  const rows = await (svc.deps.database as CommunityDatabase).read((db) =>
    db.all<{ n: number }>(sql`SELECT count(DISTINCT pool_id || ':' || (block_time / 3600)) AS n FROM pool_updates WHERE block_height > ${height}`),
  )
  return Number(rows[0]?.n ?? 0)
}

/** Updates a service stored, read through its own database (the libSQL client deps.ts opened). */
function rows(svc: TestService): Promise<number> {
  return new ChainStore(svc.deps.database as CommunityDatabase).countUpdates()
}
