/**
 * GET /api/v1/stream with a real client library (the `eventsource` package) against the real app listening on
 * loopback: snapshots, a delta after the service's own refresh on the manual clock, Last-Event-ID resume and
 * reset, bad topics, caps (per address behind TRUST_PROXY, per process), a client that never reads.
 */
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { connect, type Socket } from 'node:net'
import type { Topic } from '../../src/modules/stream/topics'
import { Collector } from './collector'
import { readRaw, SNEK, startStreamService, waitFor, type StreamService } from './support'

const USDM = 'c48cbb3d5e57ed56e276bc45f99ab39abe94e6cd7ac39fb402da47ad0014df105553444d'
const NOT_CURATED = 'a0028f350aaabe0545fdcb56b039bfb08e4bb4d8c4d7c3c7d481c235484f534b59ff'

describe('snapshot, delta, resume', () => {
  let s: StreamService
  const open: Collector[] = []
  const collector = (query: string, options?: ConstructorParameters<typeof Collector>[1]) => {
    const c = new Collector(`${s.base}/api/v1/stream?${query}`, options)
    open.push(c)
    return c
  }
  beforeAll(async () => {
    s = await startStreamService()
    await s.refresh()
  })
  afterAll(async () => {
    for (const c of open) c.close()
    await s.stop()
  })

  it('answers text/event-stream with the issue\'s headers, CORS, a retry line, and no cache entry', async () => {
    const res = await fetch(`${s.base}/api/v1/stream?topics=screener`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8')
    expect(res.headers.get('cache-control')).toBe('no-cache, no-transform')
    expect(res.headers.get('x-accel-buffering')).toBe('no')
    expect(res.headers.get('access-control-allow-origin')).toBe('*')
    expect(res.headers.get('content-length')).toBeNull()
    expect(res.headers.get('content-encoding')).toBeNull()
    expect(res.headers.get('etag')).toBeNull()
    const text = await readRaw(res, (t) => t.includes('event: snapshot'))
    expect(text).toMatch(/^retry: \d+\n\nid: [0-9a-z-]+\nevent: snapshot\ndata: \{[^\n]*\}\n\n/)
    await res.body!.cancel()
    // A second request is a fresh stream again (the front cache did not keep the first).
    const again = await fetch(`${s.base}/api/v1/stream?topics=screener`)
    expect(again.headers.get('x-cache')).toBeNull()
    await again.body!.cancel()
  })

  it('sends one snapshot per topic, with the REST answer\'s fields and its freshness', async () => {
    const rest = (await (await fetch(`${s.base}/api/v1/tokens`)).json()) as any
    const c = collector(`topics=screener,token:${SNEK},trades:${SNEK}`)
    await waitFor(() => c.of('snapshot').length === 3, 'three snapshots')
    const [screener, token, trades] = c.of('snapshot')
    expect(screener.data.topic).toBe('screener')
    expect(screener.data.tokens.map((t: any) => t.address)).toEqual(rest.tokens.map((t: any) => t.address))
    // Every field as REST gives it, the logo URL too: absolute, on the origin the client asked (no PUBLIC_BASE_URL here).
    expect(screener.data.tokens).toEqual(rest.tokens)
    expect(screener.data.tokens[0].imageUrl).toStartWith(`${s.base}/api/v1/tokens/`)
    expect(screener.data.coverage).toBe(rest.coverage)
    expect(Object.keys(screener.data.sourcesAsOf)).toEqual(['sourceA', 'sourceB'])
    expect(Date.parse(screener.data.updatedAt)).toBeGreaterThan(0)
    expect(token.data.topic).toBe(`token:${SNEK}`)
    expect(token.data.token).toEqual(rest.tokens.find((t: any) => t.address === SNEK))
    expect(token.data.updatedAt).toBe(screener.data.updatedAt)
    expect(trades.data).toMatchObject({ topic: `trades:${SNEK}`, recorded: false, trades: [] })
    expect(trades.data.note).toContain('not recorded yet')
    for (const e of c.of('snapshot')) expect(e.id).not.toBe('')
  })

  it('pushes the rows that changed at the next refresh, and only them', async () => {
    const c = collector(`topics=screener,token:${SNEK},token:${USDM}`)
    await waitFor(() => c.of('snapshot').length === 3, 'snapshots')
    const before = c.of('snapshot')[1].data.token.priceUsd
    s.setSnekPrice(0.004321)
    await s.refresh()
    const delta = await c.next('token')
    expect(delta.data.topic).toBe(`token:${SNEK}`)
    expect(delta.data.token.priceUsd).not.toBe(before)
    expect(delta.data.token.address).toBe(SNEK)
    const screener = await c.next('screener')
    expect(screener.data.changed.map((r: any) => r.address)).toEqual([SNEK])
    expect(screener.data.updatedAt).toBe(delta.data.updatedAt)
    expect(Date.parse(screener.data.sourcesAsOf.sourceA)).toBeLessThanOrEqual(Date.parse(screener.data.updatedAt))
    expect(Number(delta.id.split('-').pop())).toBeGreaterThan(0)
    // USDM did not change: no event for it.
    expect(c.of('token').filter((e) => e.data.topic === `token:${USDM}`)).toEqual([])
    // A refresh that changes nothing sends nothing.
    const count = c.events.length
    await s.refresh()
    await Bun.sleep(200)
    expect(c.events.length).toBe(count)
  })

  it('resumes from Last-Event-ID with exactly what was missed, and resets when the id is not held', async () => {
    const first = collector(`topics=token:${SNEK}`)
    await waitFor(() => first.of('snapshot').length === 1, 'snapshot')
    const lastSeen = first.of('snapshot')[0].id
    first.close()
    s.setSnekPrice(0.005555)
    await s.refresh()
    s.setSnekPrice(0.006666)
    await s.refresh()
    const resumed = collector(`topics=token:${SNEK}`, { lastEventId: lastSeen })
    await waitFor(() => resumed.of('token').length === 2, 'two missed token events')
    expect(resumed.of('snapshot')).toEqual([])
    expect(resumed.of('token').map((e) => e.data.token.priceUsd)).toEqual([expect.any(Number), expect.any(Number)])
    expect(resumed.of('token')[1].data.token.priceUsd).not.toBe(resumed.of('token')[0].data.token.priceUsd)

    const lost = collector(`topics=token:${SNEK}`, { lastEventId: 'no-such-id' })
    const reset = await lost.next('reset')
    expect(reset.data.reason).toContain('no longer held')
    const snapshot = await lost.next('snapshot')
    expect(snapshot.data.token.priceUsd).toBe(resumed.of('token')[1].data.token.priceUsd)
    expect(lost.of('token')).toEqual([])
  })

  it('carries trades published by the follower through publishTrades, and the snapshot says so afterwards', async () => {
    const c = collector(`topics=trades:${SNEK}`)
    await c.next('snapshot')
    s.svc.deps.stream.publishTrades(SNEK, [{ txHash: 'ab'.repeat(32), side: 'buy', priceAda: 0.002 }])
    const trade = await c.next('trade')
    expect(trade.data).toMatchObject({ topic: `trades:${SNEK}`, trades: [{ side: 'buy', priceAda: 0.002 }] })
    expect(Date.parse(trade.data.recordedAt)).toBeGreaterThan(0)
    const later = collector(`topics=trades:${SNEK}`)
    const snapshot = await later.next('snapshot')
    expect(snapshot.data).toMatchObject({ recorded: true, trades: [{ side: 'buy' }] })
  })
})

describe('the documents list it', () => {
  let s: StreamService
  beforeAll(async () => {
    s = await startStreamService()
  })
  afterAll(() => s.stop())

  it('in the index, the OpenAPI document (as text/event-stream, with its 400 and 429) and llms.txt', async () => {
    const index = (await (await fetch(`${s.base}/api/v1/`)).json()) as any
    const entry = index.endpoints.find((e: any) => e.path === '/api/v1/stream')
    expect(entry).toMatchObject({ method: 'GET', operationId: 'getStream' })
    const openapi = (await (await fetch(`${s.base}/api/v1/openapi.json`)).json()) as any
    const responses = openapi.paths['/stream'].get.responses
    expect(Object.keys(responses['200'].content)).toEqual(['text/event-stream'])
    expect(Object.keys(responses['400'].content['application/json'].examples)).toContain('invalid_stream_topics')
    expect(Object.keys(responses['429'].content['application/json'].examples)).toEqual(['too_many_streams_for_client', 'too_many_streams'])
    const llms = await (await fetch(`${s.base}/llms.txt`)).text()
    expect(llms).toContain(`- GET /api/v1/stream: `)
  })
})

describe('bad topics and caps', () => {
  let s: StreamService
  beforeAll(async () => {
    s = await startStreamService({ env: { STREAM_MAX_PER_CLIENT: '2', TRUST_PROXY: '1' } })
  })
  afterAll(() => s.stop())

  it('answers 400 with a hint before opening anything', async () => {
    const many = Array.from({ length: 21 }, (_, i) => `trades:${SNEK.slice(0, 56)}${i.toString(16).padStart(2, '0')}`).join(',')
    for (const [topics, says] of [
      ['prices', '"prices" is not a topic'],
      [`token:${NOT_CURATED}`, 'curated tokens only'],
      ['token:xyz', 'does not end in an asset unit'],
      ['', 'missing or empty'],
      [many, '21 topics'],
    ]) {
      const res = await fetch(`${s.base}/api/v1/stream?topics=${topics}`)
      expect(res.status).toBe(400)
      expect(res.headers.get('content-type')).toContain('application/json')
      const body = (await res.json()) as any
      expect(body.code).toBe('invalid_stream_topics')
      expect(body.hint).toContain(says)
    }
    const missing = await fetch(`${s.base}/api/v1/stream`)
    expect(missing.status).toBe(400)
    expect(((await missing.json()) as any).code).toBe('invalid_stream_topics')
    expect(s.svc.deps.stream.stats().open).toBe(0)
  })

  it('the eventsource client sees the 400 and does not retry', async () => {
    const c = new Collector(`${s.base}/api/v1/stream?topics=prices`)
    await waitFor(() => c.errors.length > 0, 'an error')
    expect(c.errors[0].status).toBe(400)
    expect(c.source.readyState).toBe(c.source.CLOSED)
  })

  it('caps open streams per forwarded address (TRUST_PROXY=1): 429 JSON with Retry-After, other addresses unaffected', async () => {
    const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } })
    const a = [new Collector(`${s.base}/api/v1/stream?topics=screener`, from('198.51.100.7')), new Collector(`${s.base}/api/v1/stream?topics=screener`, from('198.51.100.7'))]
    await waitFor(() => a.every((c) => c.of('snapshot').length === 1), 'two streams')
    const third = await fetch(`${s.base}/api/v1/stream?topics=screener`, from('198.51.100.7'))
    expect(third.status).toBe(429)
    expect(third.headers.get('retry-after')).toBe('30')
    const body = (await third.json()) as any
    expect(body).toMatchObject({ code: 'too_many_streams_for_client', error: 'Too many open streams from this address' })
    expect(body.hint).toContain('At most 2 streams')
    const viaClient = new Collector(`${s.base}/api/v1/stream?topics=screener`, from('198.51.100.7'))
    await waitFor(() => viaClient.errors.length > 0, 'the client library seeing the 429')
    expect(viaClient.errors[0].status).toBe(429)
    viaClient.close()
    const other = new Collector(`${s.base}/api/v1/stream?topics=screener`, from('203.0.113.9'))
    await other.next('snapshot')
    // One closes: that address may open one again.
    a[0].close()
    await waitFor(() => s.svc.deps.stream.stats().open === 2, 'the closed stream to be let go')
    const again = new Collector(`${s.base}/api/v1/stream?topics=screener`, from('198.51.100.7'))
    await again.next('snapshot')
    for (const c of [a[1], other, again]) c.close()
    await waitFor(() => s.svc.deps.stream.stats().open === 0, 'every stream to be let go')
  })

  it("takes a stream's place when it is opened, before its body starts: two opens in one tick, the second refused", async () => {
    const hub = s.svc.deps.stream
    const topics: Topic[] = [{ kind: 'screener' }]
    const abort = new AbortController()
    const first = hub.open(topics, '198.51.100.42', null, abort.signal)
    const second = hub.open(topics, '198.51.100.42', null, abort.signal)
    const third = (() => {
      try {
        return hub.open(topics, '198.51.100.42', null, abort.signal)
      } catch (error) {
        return error
      }
    })()
    expect([first.status, second.status]).toEqual([200, 200])
    expect(third).toMatchObject({ code: 'too_many_streams_for_client' })
    abort.abort()
    await Promise.all([first.body?.cancel(), second.body?.cancel()])
    await waitFor(() => hub.stats().open === 0, 'every place given back')
  })
})

describe('per-process cap and a reader that never reads', () => {
  let s: StreamService
  beforeAll(async () => {
    s = await startStreamService({ env: { STREAM_MAX_STREAMS: '2', STREAM_MAX_PER_CLIENT: '100', STREAM_MAX_BACKLOG_KB: '512' } })
  })
  afterAll(() => s.stop())

  it('caps open streams per process with 429 too_many_streams', async () => {
    const a = new Collector(`${s.base}/api/v1/stream?topics=screener`)
    const b = new Collector(`${s.base}/api/v1/stream?topics=screener`)
    await waitFor(() => a.of('snapshot').length + b.of('snapshot').length === 2, 'two streams')
    const res = await fetch(`${s.base}/api/v1/stream?topics=screener`)
    expect(res.status).toBe(429)
    expect(res.headers.get('retry-after')).toBe('30')
    expect(((await res.json()) as any).code).toBe('too_many_streams')
    a.close()
    b.close()
    await waitFor(() => s.svc.deps.stream.stats().open === 0, 'streams let go')
  })

  it('drops a client that stops reading once its backlog passes the bound, and keeps serving a reading one', async () => {
    const reader = new Collector(`${s.base}/api/v1/stream?topics=trades:${SNEK}`)
    await reader.next('snapshot')
    const { port } = new URL(s.base)
    const socket: Socket = connect(Number(port), '127.0.0.1')
    await new Promise<void>((resolve) => socket.once('connect', resolve))
    let ended = false
    socket.once('close', () => void (ended = true))
    socket.write(`GET /api/v1/stream?topics=trades:${SNEK} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n`)
    await waitFor(() => s.svc.deps.stream.stats().open === 2, 'the silent client to be connected')
    socket.pause() // never reads again: the kernel buffers fill, then the server's queue grows
    const big = 'x'.repeat(64 * 1024)
    // Paced so the reading client (in this same process) keeps up: only the silent one falls behind.
    for (let i = 0; i < 400; i++) {
      s.svc.deps.stream.publishTrades(SNEK, [{ n: i, filler: big }])
      await s.svc.deps.stream.settled()
      await Bun.sleep(2)
    }
    await s.svc.deps.stream.settled()
    await waitFor(() => (s.svc.deps.stream.stats().closed['slow reader'] ?? 0) === 1, 'the slow reader to be dropped', 10_000)
    expect(s.svc.deps.stream.stats().open).toBe(1)
    // The reading client got every trade, on its first connection.
    await waitFor(() => reader.of('trade').length === 400, 'all 400 trades at the reading client', 10_000)
    expect(reader.opens).toBe(1)
    expect(reader.of('trade').map((e) => e.data.trades[0].n)).toEqual(Array.from({ length: 400 }, (_, i) => i))
    socket.resume()
    await waitFor(() => ended, 'the dropped connection to end', 10_000)
    reader.close()
    socket.destroy()
  }, 30_000)
})
