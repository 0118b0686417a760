/**
 * Two service processes on one database (and one Redis, or none): exactly one follows the chain, both serve what
 * it stored, and when the follower is killed the other takes over within one lease period (3 poll intervals).
 */
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { FakeUpstreams } from '../fake-upstreams/server'
import { emptyWorld } from '../fake-upstreams/world'
import { startServerProcess, type ServerProcess } from '../support/processes'
import { startRedis, type TestRedis } from '../support/redis'
import { scenario, SNEK } from './support/scenario'

const POLL_MS = 300
const LEASE_MS = 3 * POLL_MS

const polls = async (server: ServerProcess): Promise<number> => {
  const text = await (await fetch(`${server.url}/metrics`)).text()
  const match = /chain_follower_events_total\{event="poll"\} (\d+)/.exec(text)
  return match === null ? 0 : Number(match[1])
}

for (const withRedis of [true, false]) {
  describe(`one follower across two processes (lease in ${withRedis ? 'Redis' : 'the database'})`, () => {
    const dir = mkdtempSync(join(tmpdir(), 'one-follower-'))
    let redis: TestRedis | null = null
    let fake: FakeUpstreams
    let servers: ServerProcess[] = []

    beforeAll(async () => {
      if (withRedis) redis = await startRedis()
      const world = emptyWorld()
      world.koios.chain = scenario().chain
      fake = await FakeUpstreams.start({ world })
      const env: Record<string, string> = {
        ...fake.env(),
        DATABASE_URL: `file:${join(dir, 'chain.db')}`,
        CHAIN_FOLLOW: 'on',
        CHAIN_POLL_MS: String(POLL_MS),
        CHAIN_BACKFILL_HOURS: '1',
        UPSTREAM_TIMEOUT_MS: '1500',
      }
      if (redis) env.REDIS_URL = redis.url
      servers = await Promise.all([0, 1].map(() => startServerProcess(env)))
    }, 30_000)

    afterAll(async () => {
      await Promise.all(servers.map((s) => s.stop()))
      await redis?.stop()
      await fake.stop()
      rmSync(dir, { recursive: true, force: true })
    }, 20_000)

    it('lets one process follow, serves its records from both, and replaces a killed follower within a lease period', async () => {
      await Bun.sleep(8 * POLL_MS)
      const counts = await Promise.all(servers.map(polls))
      expect(counts.filter((n) => n > 0)).toHaveLength(1)
      for (const server of servers) {
        const body = (await (await fetch(`${server.url}/api/v1/tokens/${SNEK}/trades`)).json()) as any
        expect(body.count).toBe(3)
      }
      const leader = counts[0] > 0 ? 0 : 1
      const other = servers[1 - leader]
      servers[leader].child.kill('SIGKILL')
      await servers[leader].child.exited
      const before = await polls(other)
      expect(before).toBe(0)
      // Within one lease period (plus the poll interval it takes to try again) the other process follows.
      await Bun.sleep(LEASE_MS + 2 * POLL_MS + 300)
      expect(await polls(other)).toBeGreaterThan(0)
    }, 30_000)
  })
}
