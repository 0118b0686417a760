/**
 * The chain follower and Koios' daily quota: its calls go through the shared HTTP client and budget ledger, so
 * a Koios answering `429 Exceeded Tier Limit` stops the follower until the UTC day's reset, apart from the
 * ledger's probes (at most one per PROBE_INTERVAL_MS), and it follows again after the reset.
 */
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PROBE_INTERVAL_MS } from '../../src/upstream/budget-ledger'
import { FakeUpstreams } from '../fake-upstreams/server'
import { startService, type TestService } from '../helpers'
import { scenario, SNEK, worldOf, type Scenario } from './support/scenario'

const dir = mkdtempSync(join(tmpdir(), 'chain-quota-'))
const DAY_MS = 86_400_000
let fake: FakeUpstreams
let s: Scenario
let svc: TestService
let clock = Date.now()

beforeAll(async () => {
  s = scenario()
  const world = worldOf(s)
  fake = await FakeUpstreams.start({ world })
  svc = await startService({ fake, env: { DATABASE_URL: `file:${join(dir, 'c.db')}`, CHAIN_FOLLOW: 'on', CHAIN_BACKFILL_HOURS: '1' }, ledgerOnClock: true })
  for (let i = 0; i < 10 && (await svc.deps.chain!.follower.poll()).cursor?.height !== s.chain.tip!.height; i++);
})

afterAll(async () => {
  await svc.stop()
  await fake.stop()
  rmSync(dir, { recursive: true, force: true })
})

/** Move the service's clock (caches and ledger) to `to`. */
function moveTo(to: number): void {
  svc.advance(to - clock)
  clock = to
}

describe('the chain follower on a spent Koios day', () => {
  it('stops calling Koios until the UTC reset (only the probes), then follows again', async () => {
    // Two hours before a UTC midnight (on the moved clock), the day's quota is spent.
    const reset = Math.ceil((clock + 2 * 3600_000) / DAY_MS) * DAY_MS
    moveTo(reset - 2 * 3600_000)
    const followed = (await svc.deps.chain!.follower.poll()).cursor!.height
    expect(followed).toBe(s.chain.tip!.height)
    fake.fail('koios', 'tier_exhausted')
    fake.calls.length = 0
    s.chain.addBlock([[{ pool: s.p1, reserveA: 1_013_000_000_000n, reserveB: 251_751_000n }]])
    expect((await svc.deps.chain!.follower.poll()).cursor).toBeNull()
    // The 429 was believed: not retried.
    expect(fake.count('koios')).toBe(1)
    fake.calls.length = 0

    // A poll every 20 s until just before the reset.
    const from = clock
    let polls = 0
    for (let t = from + 20_000; t < reset - 1000; t += 20_000) {
      moveTo(t)
      expect((await svc.deps.chain!.follower.poll()).cursor).toBeNull()
      polls += 1
    }
    const probes = fake.count('koios')
    expect(polls).toBe(359)
    // Only the ledger's probes left: at most one per probe interval (and far fewer than one per poll).
    expect(probes).toBeLessThanOrEqual(Math.ceil((reset - from) / PROBE_INTERVAL_MS) + 1)
    expect(probes).toBeGreaterThan(0)
    expect(probes).toBeLessThan(polls / 10)
    expect((await svc.json(`/api/v1/tokens/${SNEK}/trades`)).body.asOf.blockHeight).toBe(followed)

    // After the reset Koios answers again and the follower reads the block it missed.
    fake.heal('koios')
    moveTo(reset + 1000)
    const after = await svc.deps.chain!.follower.poll()
    expect(after.cursor!.height).toBe(s.chain.tip!.height)
    const trades = (await svc.json(`/api/v1/tokens/${SNEK}/trades?pool=${s.p1.poolId}&limit=1`)).body.trades
    expect(trades[0]).toMatchObject({ blockHeight: s.chain.tip!.height, side: 'buy' })
  }, 60_000)
})
