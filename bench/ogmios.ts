/**
 * 14. Following block by block through Ogmios (CHAIN_SOURCE=ogmios) against the fake Ogmios on a real loopback
 * WebSocket, on a mainnet-like chain (15,000 DEX transactions a day over 2,000 pools, one block every 20 s):
 * - block delivered → trade served: a block with a SNEK swap is delivered, /trades (uncached keys) is asked every
 *   5 ms until it shows the swap (p50, p99); baseline: the same through the Koios follower polling every second.
 * - catch-up: a day of those blocks (4,320) replayed from the first start (blocks a second, seconds for the day);
 *   baseline: the same day read by the client alone (parse, no recording).
 * - through keyless Koios, the same day as it comes (one poll per keyless interval, 13 calls a poll, the tip
 *   first): how far behind the follower is after the day, and what it left unread.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { poolReaders } from '../src/chain/readers'
import { ChainStore } from '../src/chain/store'
import type { CommunityDatabase } from '../src/db/client'
import { loadRegistry } from '../src/registry/registry'
import { ChainSync } from '../src/upstream/ogmios'
import { demoChain, type DemoChain } from '../test/fake-upstreams/demo-chain'
import { FakeOgmios } from '../test/fake-upstreams/ogmios'
import { FakeUpstreams } from '../test/fake-upstreams/server'
import { emptyWorld } from '../test/fake-upstreams/world'
import { startService, type TestService } from '../test/helpers'
import type { Figure } from './figures'
import { fmt } from './figures'
import { median } from './lib/load'
import { DAY_BLOCKS, DEX_TXS_PER_DAY, keylessIntervalMs, PER_BLOCK, POOLS } from './lib/mainnet-rate'

const LAG_SAMPLES = 100
const KOIOS_LAG_SAMPLES = 20

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))]

async function until(what: string, ok: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs
  while (!(await ok())) {
    if (Date.now() > end) throw new Error(`ogmios bench: ${what} not reached within ${timeoutMs} ms`)
    await Bun.sleep(5)
  }
}

/** Deliver `samples` blocks with a SNEK swap one at a time; ms from delivery (or the block's appearance) to served. */
async function lagSamples(svc: TestService, demo: DemoChain, snek: string, samples: number, deliver: () => void, deliveredAt: (hash: string) => number | undefined): Promise<number[]> {
  const pool = demo.pools.find((p) => p.spec.assetB === snek)!
  const lags: number[] = []
  for (let i = 0; i < samples; i++) {
    const block = demo.chain.addBlock([[{ pool, reserveA: pool.spec.reserveA + 1_000_000_000n, reserveB: pool.spec.reserveB - 1000n }]])
    const tx = demo.chain.txs[demo.chain.txs.length - 1].txHash
    const appeared = performance.now()
    deliver()
    for (let k = 0; ; k++) {
      if (performance.now() - appeared > 30_000) throw new Error(`ogmios bench: ${tx} not served within 30 s`)
      const body = (await (await svc.get(`/api/v1/tokens/${snek}/trades?limit=5&before=${9_000_000_000 + i * 10_000 + k}`)).json()) as { trades: Array<{ txHash: string }> }
      if (body.trades.some((t) => t.txHash === tx)) break
      await Bun.sleep(5)
    }
    const served = Date.now()
    lags.push(deliveredAt(block.hash) === undefined ? performance.now() - appeared : served - deliveredAt(block.hash)!)
  }
  return lags
}

export const ogmiosFollower: Figure = {
  name: 'ogmios',
  title: `14. Following through Ogmios: ${fmt(DEX_TXS_PER_DAY)} DEX transactions a day over ${fmt(POOLS)} pools; keyless Koios beside it`,
  async run() {
    const dir = mkdtempSync(join(tmpdir(), 'ogmios-bench-'))
    const tokens = loadRegistry(null).tokens
    const snek = tokens.find((t) => t.ticker === 'SNEK')!.unit
    const generated = performance.now()
    const demo = demoChain(tokens, { swapsPerBlock: PER_BLOCK, blocks: DAY_BLOCKS, unfollowedPools: POOLS - 91 })
    const generatedMs = performance.now() - generated
    const dexTxs = demo.chain.txs.length
    const world = emptyWorld()
    world.koios.chain = demo.chain
    const fake = await FakeUpstreams.start({ world })
    const ogmios = await FakeOgmios.start(demo.chain)
    const base = { CHAIN_FOLLOW: 'on', LOG_LEVEL: 'silent', KOIOS_RPM: '100000', KOIOS_PER_DAY: '0', CHAIN_BACKFILL_HOURS: '24' }
    const services: TestService[] = []
    try {
      // Baseline of the catch-up: the client alone reads the day (parse, no recording).
      const parseStarted = performance.now()
      const sync = await ChainSync.connect(ogmios.url, { credentials: new Set(poolReaders().credentials), timeoutMs: 10_000 })
      await sync.findIntersection(['origin'])
      sync.pipeline(100)
      let seen = 0
      while (seen < DAY_BLOCKS) for (const a of await sync.take(100)) if (a.direction === 'forward') seen += 1
      sync.close()
      const parseMs = performance.now() - parseStarted

      // The day replayed by the Ogmios follower from its first start.
      const svc = await startService({ fake, env: { ...base, DATABASE_URL: `file:${join(dir, 'ogmios.db')}`, CHAIN_SOURCE: 'ogmios', OGMIOS_URL: ogmios.url } })
      services.push(svc)
      const tipHash = demo.chain.tip!.hash
      fake.calls.length = 0
      const started = performance.now()
      svc.deps.chain!.ogmios!.start()
      await until('the day replayed', async () => (await svc.deps.chain!.position.read()).processed?.blockHash === tipHash, 600_000)
      const catchUpMs = performance.now() - started
      const catchUpCalls = fake.count('koios')
      // What they were: the start point, the discovery pass, first states of pools older than the start, identities.
      const callsByPath = new Map<string, number>()
      for (const c of fake.callsTo('koios')) callsByPath.set(c.path, (callsByPath.get(c.path) ?? 0) + 1)
      const catchUpCallsSaid = [...callsByPath].map(([path, n]) => `${fmt(n)} ${path}`).join(', ')

      // Live: block delivered → trade served.
      const lags = await lagSamples(svc, demo, snek, LAG_SAMPLES, () => ogmios.deliver(), (hash) => ogmios.deliveredAt.get(hash))
      await svc.deps.chain!.ogmios!.stop()

      // Baseline of the live lag: the Koios follower polling every second on the same chain.
      const koios = await startService({ fake, env: { ...base, DATABASE_URL: `file:${join(dir, 'koios.db')}`, CHAIN_BACKFILL_HOURS: '0', CHAIN_POLL_MS: '1000' } })
      services.push(koios)
      koios.deps.chain!.runner.start()
      await Bun.sleep(1500)
      const koiosLags = await lagSamples(koios, demo, snek, KOIOS_LAG_SAMPLES, () => {}, () => undefined)
      await koios.deps.chain!.runner.stop()

      // Keyless Koios through a day at the mainnet-like rate, the tip first.
      const intervalMs = keylessIntervalMs()
      const blocksPerPoll = Math.round(intervalMs / 20_000)
      const keyless = await startService({ fake, env: { ...base, DATABASE_URL: `file:${join(dir, 'keyless.db')}`, CHAIN_BACKFILL_HOURS: '0' } })
      services.push(keyless)
      await keyless.deps.chain!.follower.poll()
      const firstHeight = demo.chain.tip!.height
      const txsBefore = demo.chain.txs.length
      let polls = 0
      for (let b = 1; b <= DAY_BLOCKS; b++) {
        demo.tick()
        if (b % blocksPerPoll === 0) {
          await keyless.deps.chain!.follower.poll()
          polls++
        }
      }
      const dayTxs = demo.chain.txs.length - txsBefore
      const position = await keyless.deps.chain!.position.read()
      const unreadBlocks = position.unread.reduce((n, s) => n + s.toHeight - s.fromHeight + 1, 0)
      const unreadTxs = demo.chain.txs.filter((t) => position.unread.some((s) => t.block.height >= s.fromHeight && t.block.height <= s.toHeight)).length
      const recordedDay = await new ChainStore(keyless.deps.database as CommunityDatabase).countUpdates()
      const blocksPerSecond = DAY_BLOCKS / (catchUpMs / 1000)
      return [
        {
          label: 'Ogmios: block delivered → trade served (p50 / p99)',
          value: `${fmt(percentile(lags, 50))} / ${fmt(percentile(lags, 99))} ms`,
          note: `${LAG_SAMPLES} blocks, /trades asked every 5 ms (uncached keys); baseline, the Koios follower polling every 1 s: ${fmt(median(koiosLags))} ms median (× ${fmt(median(koiosLags) / Math.max(1, percentile(lags, 50)), 1)}); at the keyless interval add up to ${fmt(intervalMs / 1000)} s`,
        },
        {
          label: 'Ogmios: catch-up, a day of mainnet-like blocks',
          value: `${fmt(blocksPerSecond)} blocks/s`,
          note: `${fmt(DAY_BLOCKS)} blocks, ${fmt(dexTxs)} DEX transactions, ${fmt(POOLS)} pools replayed in ${fmt(catchUpMs / 1000, 1)} s (× ${fmt(86_400_000 / catchUpMs)} real time); the client alone parses the day in ${fmt(parseMs / 1000, 1)} s (× ${fmt(catchUpMs / parseMs, 1)} of that); ${fmt(catchUpCalls)} chain API calls (${catchUpCallsSaid}: the start point, the discovery pass and the first states of the pools older than the start, with their datums; none per block); generating the chain took ${fmt(generatedMs / 1000, 1)} s`,
        },
        {
          label: 'Ogmios: seconds to replay the day',
          value: `${fmt(catchUpMs / 1000, 1)} s`,
          note: 'first start with CHAIN_BACKFILL_HOURS=24, against the fake Ogmios on loopback: a real node adds its own time to serve the blocks (not measured here)',
        },
        {
          label: `keyless Koios after a day at ${fmt(DEX_TXS_PER_DAY)} DEX txs: behind the tip`,
          value: `${fmt(position.behind?.blocks ?? 0)} blocks / ${fmt(position.behind?.seconds ?? 0)} s`,
          note: `status ${position.status}: ${polls} polls at ${fmt(intervalMs / 1000)} s (one per ${blocksPerPoll} blocks), the tip first; add up to one interval before the next poll sees a block`,
        },
        {
          label: `keyless Koios after that day: left unread`,
          value: `${fmt(unreadTxs)} txs`,
          note: `${fmt(unreadBlocks)} blocks in ${position.unread.length} spans of ${fmt(DAY_BLOCKS)} (from height ${firstHeight}); ${fmt(dayTxs)} DEX transactions arrived, ${fmt(recordedDay)} pool updates recorded; ${fmt((unreadTxs / Math.max(1, dayTxs)) * 100, 1)} % of the day unread: it falls that much further behind every such day`,
        },
      ]
    } finally {
      for (const svc of services) {
        await svc.deps.chain?.ogmios?.stop()
        await svc.stop()
      }
      await ogmios.stop()
      await fake.stop()
      rmSync(dir, { recursive: true, force: true })
    }
  },
}
