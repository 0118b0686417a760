/**
 * Several instances with CHAIN_SOURCE=ogmios on one database: exactly one holds the lease and follows (one
 * WebSocket to Ogmios), both serve what it stored, and when it stops the other takes over within one lease period
 * and resumes from the stored cursor.
 */
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { FakeOgmios } from '../fake-upstreams/ogmios'
import { FakeUpstreams } from '../fake-upstreams/server'
import { emptyWorld } from '../fake-upstreams/world'
import { startService, type TestService } from '../helpers'
import { scenario, SNEK, type Scenario } from './support/scenario'
import { until } from './support/until'

const RENEW_MS = 300
const dir = mkdtempSync(join(tmpdir(), 'ogmios-one-'))
let s: Scenario
let fake: FakeUpstreams
let ogmios: FakeOgmios
let services: TestService[] = []


beforeAll(async () => {
  s = scenario()
  const world = emptyWorld()
  world.koios.chain = s.chain
  fake = await FakeUpstreams.start({ world })
  ogmios = await FakeOgmios.start(s.chain)
  const env = { DATABASE_URL: `file:${join(dir, 'one.db')}`, CHAIN_FOLLOW: 'on', CHAIN_SOURCE: 'ogmios', OGMIOS_URL: ogmios.url, CHAIN_POLL_MS: String(RENEW_MS), CHAIN_BACKFILL_HOURS: '3' }
  services = [await startService({ fake, env }), await startService({ fake, env })]
  for (const svc of services) svc.deps.chain!.runner.start()
})

afterAll(async () => {
  for (const svc of services) {
    await svc.deps.chain?.runner.stop()
    await svc.stop()
  }
  await ogmios.stop()
  await fake.stop()
  rmSync(dir, { recursive: true, force: true })
})

describe('one Ogmios follower across instances', () => {
  it('one instance follows (one connection), both serve what it stored', async () => {
    await until('one leader at the tip', async () => (await services[0].deps.chain!.position.read()).processed?.blockHash === s.chain.tip!.hash)
    await Bun.sleep(4 * RENEW_MS)
    expect(services.filter((svc) => svc.deps.chain!.runner.leading)).toHaveLength(1)
    expect(services.filter((svc) => svc.deps.chain!.ogmios!.following)).toHaveLength(1)
    expect(ogmios.connections).toBe(1)
    for (const svc of services) expect((await svc.json(`/api/v1/tokens/${SNEK}/trades`)).body.count).toBe(3)
  })

  it('the other takes over within a lease period when the follower stops, from the stored cursor', async () => {
    const leader = services.find((svc) => svc.deps.chain!.runner.leading)!
    const other = services.find((svc) => svc !== leader)!
    await leader.deps.chain!.runner.stop()
    const stoppedAt = Date.now()
    s.chain.addBlock([[{ pool: s.p1, reserveA: 1_013_000_000_000n, reserveB: 251_751_000n }]])
    await until('the other following', () => other.deps.chain!.ogmios!.following)
    expect(Date.now() - stoppedAt).toBeLessThan(3 * RENEW_MS + 2 * RENEW_MS)
    await until('the new block', async () => (await other.deps.chain!.position.read()).processed?.blockHash === s.chain.tip!.hash)
    const intersect = ogmios.requests.filter((r) => r.method === 'findIntersection').at(-1)!
    expect((intersect.params as { points: unknown[] }).points.length).toBeGreaterThan(1)
    expect((await other.json(`/api/v1/tokens/${SNEK}/trades?limit=9`)).body.count).toBe(4)
  })
})
