/**
 * Following every token's pools costs no chain API call more than following the curated ones: two services on
 * one fake chain (CHAIN_POOLS=all, the default, and CHAIN_POOLS=curated), polled in step through discovery,
 * backfill and live blocks, make the same Koios calls at every poll, while only the first records the pools of
 * tokens outside the registry.
 */
import { afterAll, beforeAll, expect, it } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ChainStore } from '../../src/chain/store'
import type { CommunityDatabase } from '../../src/db/client'
import { FakeUpstreams } from '../fake-upstreams/server'
import { emptyWorld } from '../fake-upstreams/world'
import { startService, type TestService } from '../helpers'
import { scenario, SNEK, type Scenario } from './support/scenario'
import { assetRows, outsideRegistry, REGIS, type OutsideRegistry } from './support/outside-registry'

const dir = mkdtempSync(join(tmpdir(), 'calls-per-poll-'))
let fake: FakeUpstreams
let all: TestService
let curated: TestService
let s: Scenario
let o: OutsideRegistry

/** One chain: the curated tokens' scenario, and the other tokens' pools in its first blocks. */
beforeAll(async () => {
  s = scenario()
  o = outsideRegistry(s.chain)
  const world = emptyWorld()
  world.koios.chain = s.chain
  world.koios.assets.push(...assetRows())
  fake = await FakeUpstreams.start({ world })
  const env = (name: string, pools: string) => ({ DATABASE_URL: `file:${join(dir, `${name}.db`)}`, CHAIN_FOLLOW: 'on', CHAIN_BACKFILL_HOURS: '3', CHAIN_POOLS: pools })
  all = await startService({ fake, env: env('all', 'all') })
  curated = await startService({ fake, env: env('curated', 'curated') })
})

afterAll(async () => {
  await all.stop()
  await curated.stop()
  await fake.stop()
  rmSync(dir, { recursive: true, force: true })
})

/** One poll of a service; the Koios calls it made (method, path and body, in order). */
async function pollOf(svc: TestService): Promise<string[]> {
  fake.calls.length = 0
  const report = await svc.deps.chain!.follower.poll()
  const calls = fake.calls.filter((c) => c.upstream === 'koios').map((c) => `${c.method} ${c.path} ${JSON.stringify(c.query)} ${JSON.stringify(c.body ?? null)}`)
  expect(report.calls).toBe(calls.length)
  return calls
}

const stored = (svc: TestService, unit: string) => new ChainStore(svc.deps.database as CommunityDatabase).pools(unit)

it('makes the same calls at every poll, every pool followed or the curated ones only', async () => {
  const perPoll: number[] = []
  const step = async () => {
    const a = await pollOf(all)
    const c = await pollOf(curated)
    expect(a).toEqual(c)
    perPoll.push(a.length)
  }
  // Discovery, backfill, then the live tip.
  for (let i = 0; i < 6; i++) await step()
  // Live blocks with swaps of both kinds of token.
  for (let i = 1; i <= 5; i++) {
    s.chain.addBlock([[{ pool: s.p1, reserveA: 1_012_000_000_000n + BigInt(i) * 1_000_000_000n, reserveB: 252_000_250n - BigInt(i) * 240_000n }]])
    s.chain.addBlock([[{ pool: o.regis, reserveA: 5_050_000_000n + BigInt(i) * 10_000_000n, reserveB: 9_900_990_099n - BigInt(i) * 19_000_000n }]])
    await step()
  }
  expect(perPoll.reduce((a, b) => a + b, 0)).toBeGreaterThan(perPoll.length * 2) // tx_info and datum_info calls were made too

  // Both follow the curated tokens alike; only the first records the other tokens' pools and trades.
  expect((await stored(all, SNEK)).map((p) => p.poolId)).toEqual((await stored(curated, SNEK)).map((p) => p.poolId))
  expect((await stored(all, REGIS)).map((p) => p.poolId)).toEqual([o.regis.poolId])
  expect(await stored(curated, REGIS)).toEqual([])
  const trades = (await all.json(`/api/v1/tokens/${REGIS}/trades`)).body
  expect(trades.count).toBe(6)
  expect((await curated.json(`/api/v1/tokens/${REGIS}/trades`)).status).toBe(404)
}, 60_000)
