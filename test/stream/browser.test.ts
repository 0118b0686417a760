/**
 * GET /api/v1/stream in a real browser's EventSource (playwright-core driving Debian's chromium, no network
 * beyond this test's servers): snapshot, a delta after a refresh on the manual clock, the browser's own
 * reconnection sending Last-Event-ID and getting what it missed, 40 quiet seconds, the per-address cap, bad
 * topics, and two instances on one real Redis, the second reached cross-origin (CORS).
 */
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import type { Browser, Page } from 'playwright-core'
import { FakeUpstreams } from '../fake-upstreams/server'
import { launchChromium } from '../support/chromium'
import { startRedis, type TestRedis } from '../support/redis'
import { SNEK, startStreamService, waitFor, type StreamService } from './support'

let redis: TestRedis
let fake: FakeUpstreams
let one: StreamService
let two: StreamService
let browser: Browser
let page: Page

/** In the page: open an EventSource and record its events as `window.streams[name]`. */
const OPEN = `(args) => {
  window.streams ??= {}
  const record = { events: [], errors: 0, opens: 0, source: new EventSource(args.url) }
  for (const type of ['snapshot', 'screener', 'token', 'trade', 'reset']) {
    record.source.addEventListener(type, (e) => record.events.push({ type, id: e.lastEventId, data: JSON.parse(e.data) }))
  }
  record.source.onopen = () => record.opens++
  record.source.onerror = () => record.errors++
  window.streams[args.name] = record
}`

const open = (name: string, url: string) => page.evaluate(`(${OPEN})(${JSON.stringify({ name, url })})`)
const stream = (name: string): Promise<{ events: Array<{ type: string; id: string; data: any }>; errors: number; opens: number; state: number }> =>
  page.evaluate(`(() => { const s = window.streams[${JSON.stringify(name)}]; return { events: s.events, errors: s.errors, opens: s.opens, state: s.source.readyState } })()`)
const close = (name: string) => page.evaluate(`window.streams[${JSON.stringify(name)}].source.close()`)
const until = async (name: string, check: (s: Awaited<ReturnType<typeof stream>>) => boolean, what: string, timeoutMs = 10_000) => {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const s = await stream(name)
    if (check(s)) return s
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify({ ...s, events: s.events.map((e) => e.type) })}`)
    await Bun.sleep(50)
  }
}

beforeAll(async () => {
  redis = await startRedis()
  fake = await FakeUpstreams.start()
  const env = { REDIS_URL: redis.url, INSTANCES: '2', STREAM_MAX_PER_CLIENT: '3' }
  one = await startStreamService({ fake, env })
  two = await startStreamService({ fake, env })
  await waitFor(() => one.svc.deps.cluster?.status().redis === 'ok' && two.svc.deps.cluster?.status().redis === 'ok', 'both on Redis')
  await one.refresh()
  await waitFor(() => two.svc.deps.stream.lastEventId() === one.svc.deps.stream.lastEventId(), 'the relay to instance two')
  browser = await launchChromium()
  const context = await browser.newContext()
  await context.route('**/*', (route) => {
    const url = route.request().url()
    return url.startsWith(one.base) || url.startsWith(two.base) ? route.continue() : route.abort()
  })
  page = await context.newPage()
  await page.goto(`${one.base}/api/v1/`)
}, 30_000)

afterAll(async () => {
  await browser?.close()
  await one.stop()
  await two.stop()
  await redis.stop()
  await fake.stop()
})

describe('a browser EventSource', () => {
  it('gets the snapshots, then a delta after a refresh', async () => {
    await open('a', `${one.base}/api/v1/stream?topics=screener,token:${SNEK}`)
    const first = await until('a', (s) => s.events.filter((e) => e.type === 'snapshot').length === 2, 'two snapshots')
    expect(first.events[0].data.topic).toBe('screener')
    expect(first.events[0].data.tokens.length).toBeGreaterThan(0)
    expect(first.events[1].data.token.address).toBe(SNEK)
    one.setSnekPrice(0.0031)
    await one.refresh()
    const after = await until('a', (s) => s.events.some((e) => e.type === 'token'), 'a token event')
    const delta = after.events.find((e) => e.type === 'token')!
    expect(delta.data.token.priceUsd).not.toBe(first.events[1].data.token.priceUsd)
    expect(delta.data.updatedAt).not.toBe(first.events[1].data.updatedAt)
    expect(delta.id).not.toBe('')
  })

  it('reconnects by itself after the server ends the stream, sending Last-Event-ID: gets only what it missed', async () => {
    const before = await stream('a')
    // The instance ends every stream (as a restart would); the browser reconnects after `retry` (3–4 s).
    one.svc.deps.stream.close()
    one.setSnekPrice(0.0042)
    await one.refresh()
    const after = await until('a', (s) => s.opens === 2 && s.events.filter((e) => e.type === 'token').length === 2, 'the reconnection and the missed event')
    expect(after.events.filter((e) => e.type === 'snapshot')).toHaveLength(2)
    expect(after.events.filter((e) => e.type === 'reset')).toHaveLength(0)
    const missed = after.events.filter((e) => e.type === 'token')[1]
    expect(missed.data.token.priceUsd).not.toBe(before.events.find((e) => e.type === 'token')!.data.token.priceUsd)
    await close('a')
  }, 20_000)

  it('stays open through 40 quiet seconds (heartbeats), then still delivers', async () => {
    await open('quiet', `${one.base}/api/v1/stream?topics=token:${SNEK}`)
    await until('quiet', (s) => s.events.length === 1, 'the snapshot')
    await Bun.sleep(40_000)
    const quiet = await stream('quiet')
    expect(quiet).toMatchObject({ opens: 1, errors: 0, state: 1 })
    expect(quiet.events).toHaveLength(1)
    one.setSnekPrice(0.0053)
    await one.refresh()
    const after = await until('quiet', (s) => s.events.some((e) => e.type === 'token'), 'a token event after the quiet')
    expect(after.opens).toBe(1)
    await close('quiet')
  }, 60_000)

  it('is refused past the per-address cap, and on bad topics, without retrying', async () => {
    await waitFor(() => one.svc.deps.stream.stats().open === 0, 'earlier streams let go')
    for (const name of ['c1', 'c2', 'c3']) await open(name, `${one.base}/api/v1/stream?topics=screener`)
    for (const name of ['c1', 'c2', 'c3']) await until(name, (s) => s.events.length === 1, `${name}'s snapshot`)
    await open('c4', `${one.base}/api/v1/stream?topics=screener`)
    const refused = await until('c4', (s) => s.state === 2, 'the fourth to be refused')
    expect(refused).toMatchObject({ errors: 1, opens: 0, events: [] })
    const answer = await page.evaluate(`fetch(${JSON.stringify(`${one.base}/api/v1/stream?topics=screener`)}).then(async (r) => ({ status: r.status, retryAfter: r.headers.get('retry-after'), body: await r.json() }))`)
    expect(answer).toMatchObject({ status: 429, retryAfter: '30', body: { code: 'too_many_streams_for_client' } })
    for (const name of ['c1', 'c2', 'c3']) await close(name)

    await open('bad', `${one.base}/api/v1/stream?topics=prices`)
    const bad = await until('bad', (s) => s.state === 2, 'the bad topic to be refused')
    expect(bad).toMatchObject({ errors: 1, opens: 0 })
    const body = await page.evaluate(`fetch(${JSON.stringify(`${one.base}/api/v1/stream?topics=prices`)}).then((r) => r.json())`)
    expect(body).toMatchObject({ code: 'invalid_stream_topics' })
  })

  it('gets the same change from two instances on one Redis, the second cross-origin', async () => {
    await waitFor(() => one.svc.deps.stream.stats().open === 0, 'earlier streams let go')
    await open('one', `${one.base}/api/v1/stream?topics=token:${SNEK}`)
    await open('two', `${two.base}/api/v1/stream?topics=token:${SNEK}`)
    await until('one', (s) => s.events.length === 1, 'snapshot on one')
    await until('two', (s) => s.events.length === 1, 'snapshot on two')
    one.setSnekPrice(0.0064)
    await one.refresh()
    const a = (await until('one', (s) => s.events.length === 2, 'the change on one')).events[1]
    const b = (await until('two', (s) => s.events.length === 2, 'the change on two')).events[1]
    expect(b).toEqual(a)
    expect(a.type).toBe('token')
    await close('one')
    await close('two')
  })
})
