/**
 * The upstream budgets shared through Redis, against a real redis-server: several connections stand for several
 * instances drawing from one ledger at once. The rules are the memory ledger's (test/upstream/budget-ledger.test.ts):
 * a sliding minute per upstream and lane, fair shares of the long tail per client, core overflow.
 */
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { SharedRedis } from '../../src/cluster/redis'
import { SharedBudgetLedger } from '../../src/cluster/shared-ledger'
import { Logger, memorySink } from '../../src/observability/logger'
import { localShare, MemoryBudgetLedger, type LaneLimits, type Verdict } from '../../src/upstream/budget-ledger'
import { startRedis, type TestRedis } from '../support/redis'

let redis: TestRedis
const connections: SharedRedis[] = []

async function connect(): Promise<SharedRedis> {
  const connection = new SharedRedis(redis.url, 200, new Logger('silent', memorySink()))
  await connection.start()
  connections.push(connection)
  return connection
}

function limits(core: number, longTail: number): LaneLimits {
  const lanes = { core: { perMinute: core }, long_tail: { perMinute: longTail } }
  return { dexscreener: lanes, geckoterminal: lanes, koios: lanes, coingecko: lanes, handle: lanes }
}

/** One ledger per "instance", all on one Redis; each one's local share is budget / instances. */
async function instances(count: number, shared: LaneLimits): Promise<SharedBudgetLedger[]> {
  // Each test starts from an empty Redis so the lanes of earlier tests do not count.
  await (await connect()).send('FLUSHALL', [])
  return Promise.all(
    Array.from({ length: count }, async () =>
      new SharedBudgetLedger(await connect(), shared, new MemoryBudgetLedger(localShare(shared, count)))),
  )
}

const granted = (verdicts: Verdict[]) => verdicts.filter((v) => v.granted).length

beforeAll(async () => {
  redis = await startRedis()
})

afterAll(async () => {
  for (const c of connections) c.close()
  await redis.stop()
})

describe('one ledger for all instances', () => {
  it('grants a lane exactly its budget for 60 simultaneous claims spread over three instances', async () => {
    const ledgers = await instances(3, limits(6, 0))
    const verdicts = await Promise.all(
      Array.from({ length: 60 }, (_, i) => ledgers[i % 3].tryTake({ upstream: 'geckoterminal', lane: 'core', client: 'internal' })),
    )
    expect(granted(verdicts)).toBe(6)
    const refused = verdicts.find((v) => !v.granted)
    expect(refused).toMatchObject({ granted: false, reason: 'budget' })
    // The next grant is due when the oldest of the minute leaves it.
    if (!refused!.granted) expect(refused!.retryAfterMs).toBeGreaterThan(55_000)
  })

  it('holds one client to its fair share of the long tail whichever instance it reaches, and lets another in', async () => {
    const ledgers = await instances(3, limits(0, 8))
    const flood = await Promise.all(
      Array.from({ length: 30 }, (_, i) => ledgers[i % 3].tryTake({ upstream: 'geckoterminal', lane: 'long_tail', client: '127.0.0.2' })),
    )
    // Alone, a client takes at most half of the lane.
    expect(granted(flood)).toBe(4)
    expect(flood.find((v) => !v.granted)).toMatchObject({ reason: 'fair_share' })
    // Another client, at another instance, still finds calls to spend.
    expect(await ledgers[2].tryTake({ upstream: 'geckoterminal', lane: 'long_tail', client: '127.0.0.3' })).toEqual({ granted: true })
    // The lanes of other upstreams are their own.
    expect(await ledgers[0].tryTake({ upstream: 'koios', lane: 'long_tail', client: '127.0.0.2' })).toEqual({ granted: true })
  })

  it('lets core reads past their share borrow from the long tail as one more client, never the other way', async () => {
    const ledgers = await instances(2, limits(1, 4))
    const core = { upstream: 'coingecko', lane: 'core', client: 'internal' } as const
    expect(await ledgers[0].tryTake(core)).toEqual({ granted: true })
    // The core's own share is spent: the overflow client takes up to its fair share (half, alone) of the long tail.
    expect(await ledgers[1].tryTake(core)).toEqual({ granted: true })
    expect(await ledgers[0].tryTake(core)).toEqual({ granted: true })
    expect(await ledgers[1].tryTake(core)).toMatchObject({ granted: false })
    // A long-tail client gets its fair share beside the overflow client (4 / 2 = 2), which fills the lane; the
    // core's own share is never lent to it.
    const tail = await Promise.all([1, 2, 3].map(() => ledgers[0].tryTake({ upstream: 'coingecko', lane: 'long_tail', client: 'a' })))
    expect(granted(tail)).toBe(2)
    expect(await ledgers[1].tryTake({ upstream: 'coingecko', lane: 'long_tail', client: 'b' })).toMatchObject({ granted: false, reason: 'budget' })
  })

  it("falls back to each instance's own share (budget / instances) while Redis is down, and shares again after", async () => {
    const ledgers = await instances(3, limits(6, 0))
    const core = { upstream: 'geckoterminal', lane: 'core', client: 'internal' } as const
    await redis.kill()
    try {
      // Each instance alone: floor(6 / 3) = 2, so the three together stay within the budget of 6.
      for (const ledger of ledgers) {
        expect(granted(await Promise.all([1, 2, 3, 4].map(() => ledger.tryTake(core))))).toBe(2)
      }
    } finally {
      await redis.restart()
    }
    const deadline = Date.now() + 5000
    while (connections.some((x) => !x.available) && Date.now() < deadline) await Bun.sleep(50)
    // Redis restarted empty: one ledger again, the whole budget shared.
    const verdicts = await Promise.all(Array.from({ length: 12 }, (_, i) => ledgers[i % 3].tryTake(core)))
    expect(granted(verdicts)).toBe(6)
  })

  it("keeps one day's count, paced allowance and spent upstream across instances, and admits a chain at once", async () => {
    const shared = limits(100, 100)
    shared.koios = { ...shared.koios, windows: [{ kind: 'day', limit: 5, coreReserve: 2, longTail: 3, burst: 2 }] }
    const ledgers = await instances(3, shared)
    const core = { upstream: 'koios', lane: 'core', client: 'internal' } as const
    const tail = (client: string) => ({ upstream: 'koios', lane: 'long_tail', client }) as const
    // The long tail's burst is 2 calls, whichever instance and client asks.
    const tails = await Promise.all(Array.from({ length: 9 }, (_, i) => ledgers[i % 3].tryTake(tail(`10.0.0.${i}`))))
    expect(granted(tails)).toBe(2)
    expect(tails.find((v) => !v.granted)).toMatchObject({ granted: false, reason: 'quota' })
    // Core calls count in the same day: 5 in all, then the day is spent for every lane.
    const cores = await Promise.all(Array.from({ length: 9 }, (_, i) => ledgers[i % 3].tryTake(core)))
    expect(granted(cores)).toBe(3)
    const usage = await ledgers[2].usage()
    expect(usage.koios.windows.find((w) => w.window === 'day')).toMatchObject({ limit: 5, used: 5 })

    // A chain on two upstreams: refused on one, nothing taken on the other.
    const before = (await ledgers[0].usage()).geckoterminal.windows.find((w) => w.lane === 'long_tail')!.used
    const chain = await ledgers[0].tryTakeAll([
      { upstream: 'geckoterminal', lane: 'long_tail', client: 'c', calls: 2 },
      { upstream: 'koios', lane: 'long_tail', client: 'c', calls: 1 },
    ])
    expect(chain).toMatchObject({ granted: false, reason: 'quota', upstream: 'koios' })
    expect((await ledgers[1].usage()).geckoterminal.windows.find((w) => w.lane === 'long_tail')!.used).toBe(before)
    const ok = await ledgers[0].tryTakeAll([{ upstream: 'geckoterminal', lane: 'long_tail', client: 'c', calls: 2 }])
    expect(ok).toMatchObject({ granted: true, shares: [{ upstream: 'geckoterminal', limit: 50, remaining: 48 }] })
    await ledgers[0].release({ upstream: 'geckoterminal', lane: 'long_tail', client: 'c', calls: 1 })
    expect((await ledgers[2].usage()).geckoterminal.windows.find((w) => w.lane === 'long_tail')!.used).toBe(before + 1)

    // A spent answer to a call sent yesterday says nothing of today, on any instance.
    await ledgers[1].markSpent('handle', { kind: 'exhausted', window: 'day' }, ledgers[1].now() - 24 * 3600_000)
    expect((await ledgers[2].usage()).handle.spent).toBeNull()
    // One instance hears Koios say its tier is spent: every instance stops calling until the reset.
    await ledgers[1].markSpent('handle', { kind: 'exhausted', window: 'day' }, ledgers[1].now())
    expect(await ledgers[2].tryTakeAll([{ upstream: 'handle', lane: 'long_tail', client: 'd' }])).toMatchObject({ granted: false, reason: 'spent' })
    expect((await ledgers[0].usage()).handle.spent).toMatchObject({ kind: 'exhausted' })
    await ledgers[0].markRecovered('handle')
    expect((await ledgers[2].tryTakeAll([{ upstream: 'handle', lane: 'long_tail', client: 'd' }])).granted).toBe(true)
  })
})
