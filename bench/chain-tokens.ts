/**
 * 14. The chain figures (GET /chain/tokens) at a mainnet-like rate: 2,000 pools (the curated tokens' 91 and 1,909
 * other tokens' pools) and 15,000 DEX transactions a day (3.5 a block, one block every 20 s). A day of blocks is
 * recorded through the store as the follower records them (one record() per transaction, one setCursor() per block
 * batch), so the 24 h window is full; then one more hour is timed block by block: the store's time per block batch,
 * and the part of it the figures' upkeep takes (window moves, counting, token rows), trades leaving the window as
 * new ones arrive. Then the uncached latency of /chain/tokens (distinct keys: every answer built), by liquidity, by
 * 24 h volume and with `q`, beside the same-run baseline of a one-row read (/pools/{poolId}, uncached).
 */
import { FiguresUpkeep } from '../src/chain/figures-upkeep'
import { ChainStore, type Cursor } from '../src/chain/store'
import type { CommunityDatabase } from '../src/db/client'
import type { PoolUpdateRow } from '../src/db/schema'
import { poolRowOf } from '../test/chain/support/pool-row'
import { loadRegistry } from '../src/registry/registry'
import cgAda from '../test/fixtures/coingecko/coins-markets-cardano.json'
import { FakeUpstreams } from '../test/fake-upstreams/server'
import { emptyWorld } from '../test/fake-upstreams/world'
import { startService } from '../test/helpers'
import { seededRandom } from '../test/support/seeded-random'
import type { Figure } from './figures'
import { fmt } from './figures'
import { median } from './lib/load'
import { DAY_BLOCKS, DEX_TXS_PER_DAY, PER_BLOCK, POOLS } from './lib/mainnet-rate'

const MEASURED_BLOCKS = 180
const SAMPLES = 60
const DEXES = ['minswap-v2', 'sundaeswap-v3', 'wingriders-v2', 'splash', 'minswap-v1', 'sundaeswap-v1', 'wingriders-v1'] as const

interface BenchPool {
  poolId: string
  dex: string
  token: string
  ada: bigint
  tok: bigint
}

/** 2,000 pools: every curated token on one (a third on two), the rest one each of other tokens. */
function pools(): BenchPool[] {
  const random = seededRandom(14)
  const out: BenchPool[] = []
  const tokens = loadRegistry(null).tokens
  const add = (token: string, i: number) =>
    out.push({
      poolId: Bun.hash.wyhash(`pool:${i}`).toString(16).padStart(16, '0').repeat(4).slice(0, 56) + (i % 65_536).toString(16).padStart(8, '0'),
      dex: DEXES[i % DEXES.length],
      token,
      ada: BigInt(Math.round(200 + random() * 2_000_000)) * 1_000_000n,
      tok: BigInt(Math.round(1e6 + random() * 1e12)),
    })
  tokens.forEach((t, i) => {
    add(t.unit, out.length)
    if (i % 3 === 0) add(t.unit, out.length)
  })
  while (out.length < POOLS) add(Bun.hash.wyhash(`token:${out.length}`).toString(16).padStart(16, '0').repeat(4).slice(0, 56) + '544f4b', out.length)
  return out
}

function update(pool: BenchPool, height: number, time: number, index: number, kind: 'created' | 'swap', random: () => number): PoolUpdateRow {
  let side: 'buy' | 'sell' | null = null
  let amountAda: bigint | null = null
  if (kind === 'swap') {
    const share = 0.0005 + random() * 0.01
    const before = pool.ada
    if (random() < 0.5) {
      side = 'buy'
      const inAda = BigInt(Math.max(1_000_000, Math.round(Number(pool.ada) * share)))
      pool.tok = (pool.ada * pool.tok) / (pool.ada + inAda)
      pool.ada += inAda
    } else {
      side = 'sell'
      const inTok = BigInt(Math.max(1, Math.round(Number(pool.tok) * share)))
      pool.ada = (pool.ada * pool.tok) / (pool.tok + inTok)
      pool.tok += inTok
    }
    amountAda = pool.ada > before ? pool.ada - before : before - pool.ada
  }
  return {
    txHash: Bun.hash.wyhash(`tx:${height}:${index}:${pool.poolId}`).toString(16).padStart(16, '0').repeat(4),
    poolId: pool.poolId,
    tokenUnit: pool.token,
    blockHeight: height,
    blockHash: `h${height}`,
    blockTime: time,
    blockIndex: index,
    kind,
    reserveAda: String(pool.ada),
    reserveToken: String(pool.tok),
    adaPerUnit: Number(pool.ada) / 1e6 / Number(pool.tok),
    side,
    amountToken: null,
    amountAda: amountAda === null ? null : String(amountAda),
  }
}


/** Time spent in the figures' upkeep, by wrapping its entry points (the store calls nothing else of it). */
function watchUpkeep(): { ms: number } {
  const spent = { ms: 0 }
  const wrap = <T extends object>(target: T, name: string) => {
    const original = (target as Record<string, (...args: unknown[]) => Promise<unknown>>)[name]
    ;(target as Record<string, unknown>)[name] = async function (this: unknown, ...args: unknown[]) {
      const started = performance.now()
      try {
        return await original.apply(this, args)
      } finally {
        spent.ms += performance.now() - started
      }
    }
  }
  wrap(FiguresUpkeep, 'begin')
  for (const name of ['advanceTo', 'retreatTo', 'recorded', 'removed', 'finish']) wrap(FiguresUpkeep.prototype, name)
  return spent
}

export const chainTokensFigure: Figure = {
  name: 'chain-tokens',
  title: `16. Chain figures: /chain/tokens and their upkeep at ${fmt(POOLS)} pools and ${fmt(DEX_TXS_PER_DAY)} DEX transactions a day`,
  async run(context) {
    const world = emptyWorld()
    world.coingecko.coins.push(structuredClone(cgAda[0]))
    const fake = await FakeUpstreams.start({ world })
    const svc = await startService({ fake, env: { DATABASE_URL: `file:${context.dir}/chain-tokens-${crypto.randomUUID()}.db`, LOG_LEVEL: 'silent' } })
    try {
      const store = new ChainStore(svc.deps.database as CommunityDatabase)
      const random = seededRandom(41)
      const all = pools()
      const now = Math.floor(Date.now() / 1000)
      const first = 100_000_000
      const timeOf = (height: number) => now - (DAY_BLOCKS + MEASURED_BLOCKS - (height - first)) * 20
      const cursor = (height: number): Cursor => ({ height, hash: `h${height}`, time: timeOf(height), backfill: null, discovery: null })
      // The pools, created a day and an hour ago.
      for (let i = 0; i < all.length; i += 200) {
        const batch = all.slice(i, i + 200).map((p, k) => ({ pool: p, u: update(p, first, timeOf(first), i + k, 'created', random) }))
        await store.record(batch.map((b) => b.u), batch.map((b) => poolRowOf(b.u, b.pool.dex, 30)))
      }
      await store.setCursor(cursor(first), Date.now())
      const block = async (height: number) => {
        let n = Math.floor(PER_BLOCK) + (random() < PER_BLOCK % 1 ? 1 : 0)
        for (let index = 0; n-- > 0; index++) {
          const pool = all[Math.floor(random() * all.length)]
          const u = update(pool, height, timeOf(height), index, 'swap', random)
          await store.record([u], [poolRowOf(u, pool.dex, 30)])
        }
        await store.setCursor(cursor(height), Date.now())
      }
      let started = performance.now()
      for (let h = first + 1; h <= first + DAY_BLOCKS; h++) await block(h)
      const seedMs = performance.now() - started
      // The measured hour: trades arrive and as many leave the window.
      const upkeep = watchUpkeep()
      const batchMs: number[] = []
      const upkeepMs: number[] = []
      for (let h = first + DAY_BLOCKS + 1; h <= first + DAY_BLOCKS + MEASURED_BLOCKS; h++) {
        const before = upkeep.ms
        started = performance.now()
        await block(h)
        batchMs.push(performance.now() - started)
        upkeepMs.push(upkeep.ms - before)
      }

      const latency = async (path: (i: number) => string) => {
        const ms: number[] = []
        for (let i = 0; i < SAMPLES; i++) {
          const t = performance.now()
          const res = await svc.get(path(i))
          if (res.status !== 200) throw new Error(`chain-tokens bench: ${path(i)} answered ${res.status}`)
          await res.arrayBuffer()
          ms.push(performance.now() - t)
        }
        return median(ms)
      }
      // Distinct keys (limit): every answer is built, none served from the response cache.
      const byLiquidity = await latency((i) => `/api/v1/chain/tokens?limit=${50 + i}`)
      const byVolume = await latency((i) => `/api/v1/chain/tokens?sort=volume24h&limit=${50 + i}`)
      const byText = await latency((i) => `/api/v1/chain/tokens?q=tok&limit=${50 + i}`)
      const baseline = await latency((i) => `/api/v1/pools/${all[i].poolId}`)
      const listed = ((await (await svc.get('/api/v1/chain/tokens?limit=1')).json()) as { count: number }).count
      const upkeepShare = upkeepMs.reduce((a, b) => a + b, 0) / batchMs.reduce((a, b) => a + b, 0)
      return [
        { label: 'chain figures upkeep per block batch (median / max)', value: `${fmt(median(upkeepMs), 2)} / ${fmt(Math.max(...upkeepMs), 1)} ms`, note: `${fmt(PER_BLOCK, 1)} transactions a block, one record() each and one setCursor(); ${fmt(upkeepShare * 100)} % of the store's time per batch (${fmt(median(batchMs), 2)} ms median), the window full (a day recorded in ${fmt(seedMs / 1000, 1)} s)` },
        { label: '/chain/tokens uncached, by liquidity (median)', value: `${fmt(byLiquidity, 2)} ms`, note: `50–109 rows of ${fmt(listed)} listed tokens (${fmt(POOLS)} pools); × ${fmt(byLiquidity / baseline, 2)} an uncached one-row read (/pools/{poolId}, ${fmt(baseline, 2)} ms)` },
        { label: '/chain/tokens uncached, by 24 h volume (median)', value: `${fmt(byVolume, 2)} ms`, note: `× ${fmt(byVolume / baseline, 2)} the one-row read` },
        { label: '/chain/tokens uncached, q=tok (median)', value: `${fmt(byText, 2)} ms`, note: `a text filter over every token's ticker, name and asset name; × ${fmt(byText / baseline, 2)} the one-row read` },
      ]
    } finally {
      await svc.stop()
      await fake.stop()
    }
  },
}
