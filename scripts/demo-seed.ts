/**
 * What `bun run demo` adds to its world so every example it prints answers with data: a few days of recorded
 * history before the demo started, and a signed comment and boost. Also used by the docs build (its sample
 * answers) and by the tests that walk every printed example.
 *
 * The history rows are synthetic and marked so: their `sources` are `demo_seed` only (the export shows it), and
 * the demo says so when it starts. Each token walks back from its current merged price (a seeded random walk,
 * the same every run), so the recorded past joins the live recording that the scheduler continues.
 */
import type { AppDeps } from '../src/deps'
import { intervalStart, SNAPSHOT_SECONDS } from '../src/modules/history/intervals'
import { ADA_UNIT, type Snapshot } from '../src/modules/history/snapshot'
import { sourceBits } from '../src/modules/history/sources'
import { insertSnapshots } from '../src/modules/history/store'
import { API_PREFIX } from '../src/paths'
import { TestWallet } from '../test/community/wallet'
import { koiosAccount } from '../test/fake-upstreams/builders'
import { DEMO_MNEMONIC } from '../test/fake-upstreams/demo-wallet'
import type { World } from '../test/fake-upstreams/world'

export const DEMO_DAYS = 3
const SNEK = '279c909f348e533da5808898f87f9a14bb2c3dfbbacccd631d927a3f534e454b'
export const DEMO_COMMENT = 'Demo comment, seeded by bun run demo (not a real user): try GET /api/v1/community/comments/{unit}.'

export interface SeededHistory {
  rows: number
  /** First seeded interval start and the interval the live recording takes over at, Unix seconds. */
  from: number
  until: number
}

/** Synthetic 5-minute rows for the `days` before the current interval; null without a database or prices. */
export async function seedDemoHistory(deps: AppDeps, days = DEMO_DAYS): Promise<SeededHistory | null> {
  if (deps.database === null) return null
  const { history, tokens, adaMarket } = deps.services
  const database = history.requireDatabase()
  const until = intervalStart(history.now(), SNAPSHOT_SECONDS)
  const steps = (days * 86_400) / SNAPSHOT_SECONDS
  const [screener, ada] = await Promise.all([tokens.screenerRefresh(''), adaMarket.snapshot()])
  const ends = (screener.figures ?? []).flatMap((f) =>
    f.priceUsd === null ? [] : [{ unit: f.unit, priceUsd: f.priceUsd, liquidityUsd: f.liquidityUsd, volume24hUsd: f.volume24hUsd, buys: f.buys24h, sells: f.sells24h }],
  )
  ends.push({ unit: ADA_UNIT, priceUsd: ada.data.priceUsd, liquidityUsd: null, volume24hUsd: ada.data.volume24h, buys: null, sells: null })
  const rows: Snapshot[] = []
  for (const end of ends) {
    const random = mulberry32(hash(end.unit))
    let drift = 0
    for (let step = 1; step <= steps; step++) {
      // Backwards from the live price: a small random walk, so candles have bodies and wicks.
      drift += (random() - 0.5) * 0.01
      const start = until - step * SNAPSHOT_SECONDS
      const wobble = 1 + (random() - 0.5) * 0.05
      rows.push({
        unit: end.unit,
        intervalSeconds: SNAPSHOT_SECONDS,
        intervalStart: start,
        priceUsd: end.priceUsd * Math.exp(drift),
        openUsd: null,
        highUsd: null,
        lowUsd: null,
        liquidityUsd: end.liquidityUsd === null ? null : end.liquidityUsd * wobble,
        volume24hUsd: end.volume24hUsd === null ? null : end.volume24hUsd * wobble,
        buys24h: end.buys === null ? null : Math.round(end.buys * wobble),
        sells24h: end.sells === null ? null : Math.round(end.sells * wobble),
        sources: sourceBits(['demo_seed']),
        samples: 1,
        recordedAtMs: start * 1000,
      })
    }
  }
  const added = await database.write((db) => insertSnapshots(db, rows))
  return { rows: added, from: until - steps * SNAPSHOT_SECONDS, until }
}

/**
 * A comment and a boost on SNEK, signed CIP-8 and sent through the API like any write, unless SNEK already has
 * comments (a demo database kept from an earlier run). `send` is fetch or the app's handler. The comment is the
 * published demo writer's (DEMO_MNEMONIC, listed on `world`'s chain as registered with 1,000 ADA), the writer the
 * demo prints; the boost is a fresh key's (listed as registered with 100 ADA first, as a writer's must be), so the
 * demo writer keeps its boost of the day for examples/sign-and-boost.ts.
 */
export async function seedDemoCommunity(send: (path: string, init?: RequestInit) => Promise<Response>, world: World): Promise<boolean> {
  const existing = await send(`${API_PREFIX}/community/comments/${SNEK}`)
  if (existing.status !== 200 || ((await existing.json()) as { count: number }).count > 0) return false
  const [writer, booster] = await Promise.all([TestWallet.create('mainnet', DEMO_MNEMONIC), TestWallet.create()])
  world.koios.accounts.push(koiosAccount({ stakeAddress: booster.stakeAddress, lovelace: 100_000_000n }))
  const now = new Date()
  const post = async (wallet: TestWallet, path: string, payload: object) => {
    const res = await send(`${API_PREFIX}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(await wallet.sign(JSON.stringify(payload))),
    })
    if (res.status !== 201) throw new Error(`demo seed: POST ${path} answered ${res.status} ${await res.text()}`)
  }
  await post(booster, '/community/boosts', { action: 'boost', unit: SNEK, day: now.toISOString().slice(0, 10) })
  await post(writer, `/community/comments/${SNEK}`, { action: 'comment', unit: SNEK, body: DEMO_COMMENT, ts: now.toISOString() })
  return true
}

function hash(text: string): number {
  let h = 2166136261
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619)
  return h >>> 0
}

/** A small seeded PRNG: the same walk every run. */
function mulberry32(seed: number): () => number {
  let a = seed
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
