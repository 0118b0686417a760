/**
 * Two instances on one real redis-server: a change computed by one instance's refresh reaches the clients of
 * both, with the same event id, so a client that reconnects to the other instance resumes there. Redis
 * returning after an outage resets the streams (what was published meanwhile is lost).
 */
import { afterAll, beforeAll, expect, it } from 'bun:test'
import { FakeUpstreams } from '../fake-upstreams/server'
import { startRedis, type TestRedis } from '../support/redis'
import { Collector } from './collector'
import { SNEK, startStreamService, waitFor, type StreamService } from './support'

let redis: TestRedis
let fake: FakeUpstreams
let one: StreamService
let two: StreamService

beforeAll(async () => {
  redis = await startRedis()
  fake = await FakeUpstreams.start()
  const env = { REDIS_URL: redis.url, INSTANCES: '2', PUBLIC_BASE_URL: 'https://api.example.org' }
  one = await startStreamService({ fake, env })
  two = await startStreamService({ fake, env })
  await waitFor(() => one.svc.deps.cluster?.status().redis === 'ok' && two.svc.deps.cluster?.status().redis === 'ok', 'both on Redis')
}, 20_000)

/** Until instance two has delivered what instance one last delivered (pub/sub is asynchronous). */
const relayed = () => waitFor(() => two.svc.deps.stream.lastEventId() === one.svc.deps.stream.lastEventId(), 'the relay to instance two')

afterAll(async () => {
  await one.stop()
  await two.stop()
  await redis.stop()
  await fake.stop()
})

it('delivers one instance\'s change on both, with the same id, and resumes across instances', async () => {
  await one.refresh()
  await relayed()
  const onOne = new Collector(`${one.base}/api/v1/stream?topics=screener,token:${SNEK}`)
  const onTwo = new Collector(`${two.base}/api/v1/stream?topics=screener,token:${SNEK}`)
  await waitFor(() => onOne.of('snapshot').length === 2 && onTwo.of('snapshot').length === 2, 'snapshots on both')
  // Instance two never refreshed: its snapshot comes from instance one's published refresh.
  expect(onTwo.of('snapshot')[0].data.tokens.length).toBeGreaterThan(0)
  expect(onTwo.of('snapshot')[0].data.tokens).toEqual(onOne.of('snapshot')[0].data.tokens)

  fake.resetCalls()
  fake.world.dexscreener.pairs.filter((p) => (p.baseToken as any)?.address === SNEK).forEach((p) => (p.priceUsd = '0.0099'))
  await one.refresh()
  const a = await onOne.next('token')
  const b = await onTwo.next('token')
  expect(b.data).toEqual(a.data)
  expect(b.id).toBe(a.id)
  expect(/^\d+$/.test(a.id)).toBe(true)
  const screenerA = await onOne.next('screener')
  const screenerB = await onTwo.next('screener')
  expect(screenerB.id).toBe(screenerA.id)
  expect(screenerB.data.changed.map((r: any) => r.address)).toEqual([SNEK])
  // Only instance one read the upstreams: the stream cost instance two nothing.
  expect(fake.calls.length).toBeGreaterThan(0)

  // The same change built again by instance two (it refreshes too) is not told twice.
  await two.refresh()
  await Bun.sleep(300)
  expect(onOne.of('token').length).toBe(1)
  expect(onTwo.of('token').length).toBe(1)

  // A client of instance one that left before the next change resumes on instance two.
  const lastSeen = onOne.events.at(-1)!.id
  onOne.close()
  fake.world.dexscreener.pairs.filter((p) => (p.baseToken as any)?.address === SNEK).forEach((p) => (p.priceUsd = '0.0111'))
  await one.refresh()
  await relayed()
  const resumed = new Collector(`${two.base}/api/v1/stream?topics=token:${SNEK}`, { lastEventId: lastSeen })
  const missed = await resumed.next('token')
  expect(missed.data.token.priceUsd).not.toBe(a.data.token.priceUsd)
  expect(resumed.of('snapshot')).toEqual([])
  expect(resumed.of('reset')).toEqual([])
  resumed.close()
  onTwo.close()
}, 30_000)

it('streams its own refreshes while Redis is down, and resets its streams when Redis returns', async () => {
  const c = new Collector(`${two.base}/api/v1/stream?topics=token:${SNEK}`)
  await c.next('snapshot')
  await redis.kill()
  await waitFor(() => two.svc.deps.cluster?.status().redis !== 'ok', 'instance two to see Redis gone', 5000)
  fake.world.dexscreener.pairs.filter((p) => (p.baseToken as any)?.address === SNEK).forEach((p) => (p.priceUsd = '0.0123'))
  await two.refresh()
  const local = await c.next('token', (e) => e.data.token.priceUsd !== null)
  expect(local.id).toMatch(/^[0-9a-z]+-\d+$/)
  await redis.restart()
  const reset = await c.next('reset', () => true, 10_000)
  expect(reset.data.reason).toContain('lost touch')
  c.close()
}, 30_000)
