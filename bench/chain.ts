/**
 * 12. The chain follower against a fake chain at a mainnet-like rate: 20 DEX transactions a minute (6.7 a block,
 * one block every 20 s) spread over the curated tokens' 91 pools and 60 pools of other tokens (read, then
 * discarded, as on mainnet). One simulated hour (180 blocks), one poll per block as the default plan gives it:
 * Koios calls per hour, the poll's own time (the lag from a block to its trades being served is at most the poll
 * interval plus that, plus the /trades lifetime of 15 s for a client that already holds an answer), bytes stored
 * per day (database growth over the hour × 24), and the uncached latency of /trades and of a chain-built /ohlcv.
 * The hour runs in a few real seconds, so the Koios budget is raised and its daily quota lifted here (the per-poll
 * cap of 13 still holds): this figure is the follower's own cost, the quota's pacing is figure 10's.
 */
import { statSync } from 'node:fs'
import { join } from 'node:path'
import { ChainStore } from '../src/chain/store'
import type { CommunityDatabase } from '../src/db/client'
import { loadRegistry } from '../src/registry/registry'
import { demoChain } from '../test/fake-upstreams/demo-chain'
import { FakeUpstreams } from '../test/fake-upstreams/server'
import { emptyWorld } from '../test/fake-upstreams/world'
import { startService } from '../test/helpers'
import type { Figure } from './figures'
import { fmt } from './figures'
import { median } from './lib/load'

const BLOCKS = 180
const PER_BLOCK = 20 / 3
const LAG_POLL_MS = 1000
const LAG_SAMPLES = 10
/** A block not served by then means the follower stopped: the figure fails rather than waiting for ever. */
const LAG_GIVE_UP_MS = 30_000

export const chainFollower: Figure = {
  name: 'chain',
  title: `12. Chain follower: ${BLOCKS} blocks (one hour) at ${fmt(PER_BLOCK * 3)} DEX transactions a minute, one poll per block`,
  async run(context) {
    const tokens = loadRegistry(null).tokens
    // A short history before the hour (the pools' creation), then the measured hour block by block.
    const demo = demoChain(tokens, { swapsPerBlock: PER_BLOCK, blocks: 30, unfollowedPools: 60 })
    const world = emptyWorld()
    world.koios.chain = demo.chain
    const fake = await FakeUpstreams.start({ world })
    const file = join(context.dir, `chain-${crypto.randomUUID()}.db`)
    const svc = await startService({ fake, env: { DATABASE_URL: `file:${file}`, CHAIN_FOLLOW: 'on', CHAIN_BACKFILL_HOURS: '1', LOG_LEVEL: 'silent', KOIOS_RPM: '100000', KOIOS_PER_DAY: '0', CHAIN_POLL_MS: String(LAG_POLL_MS) } })
    try {
      const follower = svc.deps.chain!.follower
      for (let i = 0; i < 10; i++) if ((await follower.poll()).cursor?.backfill === null) break
      const size = () => statSync(file).size + (statSync(`${file}-wal`, { throwIfNoEntry: false })?.size ?? 0)
      const sizeBefore = size()
      const rowsBefore = await svcRows(svc)
      fake.calls.length = 0
      const pollMs: number[] = []
      for (let b = 0; b < BLOCKS; b++) {
        demo.tick()
        const started = performance.now()
        await follower.poll()
        pollMs.push(performance.now() - started)
      }
      const calls = fake.count('koios')
      const txs = fake.callsTo('koios', '/tx_info').reduce((n, c) => n + ((c.body as { _tx_hashes: string[] })._tx_hashes?.length ?? 0), 0)
      const rows = (await svcRows(svc)) - rowsBefore
      const grown = size() - sizeBefore
      const snek = tokens.find((t) => t.ticker === 'SNEK')!.unit
      const latency = async (path: (i: number) => string) => {
        const ms: number[] = []
        for (let i = 0; i < 60; i++) {
          const started = performance.now()
          const res = await svc.get(path(i))
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
      const runner = svc.deps.chain!.runner
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
          const body = (await (await svc.get(`/api/v1/tokens/${snek}/trades?limit=${300 + ((i * 1000 + k) % 200)}&before=${9_000_000_000 + i * 1000 + k}`)).json()) as { trades: Array<{ txHash: string }> }
          if (body.trades.some((t) => t.txHash === txHash)) break
          await Bun.sleep(25)
        }
        lags.push(performance.now() - started)
      }
      await runner.stop()
      return [
        { label: 'Koios calls per hour (one poll per block)', value: fmt(calls), note: `${fmt(calls / BLOCKS, 1)} a poll; ${fmt(txs)} transactions read by tx_info; plan's cap 13 a poll` },
        { label: 'poll time (median / max)', value: `${fmt(median(pollMs), 1)} / ${fmt(Math.max(...pollMs), 1)} ms`, note: 'fake Koios on loopback: real Koios adds its own latency per call' },
        { label: `lag block → served, polling every ${LAG_POLL_MS / 1000} s (median / max)`, value: `${fmt(median(lags))} / ${fmt(Math.max(...lags))} ms`, note: `${LAG_SAMPLES} blocks; at the plan's 20 s (or a keyless stretched interval) add up to that interval` },
        { label: 'bytes stored per day', value: `${fmt((grown * 24) / 2 ** 20, 1)} MiB`, note: `${fmt(rows)} updates in the hour, ${fmt(rows > 0 ? grown / rows : 0)} bytes each (table and indexes, libSQL file)` },
        { label: 'GET /trades, uncached (median)', value: `${fmt(tradesMs, 2)} ms`, note: '100–159 trades of SNEK, priced in USD' },
        { label: 'GET /ohlcv chain-built, uncached (median)', value: `${fmt(ohlcvMs, 2)} ms`, note: '1m candles of the deepest followed SNEK pool' },
      ]
    } finally {
      await svc.stop()
      await fake.stop()
    }
  },
}

/** Updates the follower stored, read through the service's own database (the libSQL client deps.ts opened). */
function svcRows(svc: Awaited<ReturnType<typeof startService>>): Promise<number> {
  return new ChainStore(svc.deps.database as CommunityDatabase).countUpdates()
}
