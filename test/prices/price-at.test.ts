/**
 * GET /api/v1/tokens/{asset}/price?at=: a token's price at a past moment, on the fake chain of test/prices/support.ts
 * (three days of SNEK swaps in two pools, swaps kept one day). Every expected price is worked out here from the
 * fake chain's own moves and the fake market provider's ADA price: the last swap at or before the moment in the
 * default chart pool, the close of the hour past the retention, source B's candle before the follower's first
 * record (one call for a 40-day block, then none), and the refusals (the future, before any record).
 */
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import registry from '../../src/registry/tokens.json'
import { insertSnapshots } from '../../src/modules/history/store'
import type { Snapshot } from '../../src/modules/history/snapshot'
import { defaultWorld, SAMPLE, type World } from '../fake-upstreams/world'
import { startService, type TestService } from '../helpers'
import { adaPerToken, DAY, HOUR, lastMove, PLAIN, priceChain, type PriceChain } from './support'

const dir = mkdtempSync(join(tmpdir(), 'price-at-'))
const now = Math.floor(Date.now() / 1000)
/** ADA's USD price is 0.4 until six hours ago, 0.8 since: a past moment must be converted at its own time's price. */
const SWITCH = now - 6 * HOUR
const ADA_THEN = 0.4
const ADA_NOW = 0.8
/** Source B's 960-hour blocks: the one before the current one is over, so its page is kept for good. */
const BLOCK = 960 * HOUR
const closedBlock = (Math.floor(now / BLOCK) - 1) * BLOCK
/** Source B's hourly candles of SNEK's Minswap pool for the last 100 days (every fifth hour quiet), newest first. */
const sourceBCloses = new Map<number, number>()
let svc: TestService
let p: PriceChain
let world: World
/** A curated token with no source B pool that the chain does not follow: only the service's own history prices it. */
let recordedOnly = ''
/** Its recorded 5-minute snapshots (from 2 days to 1 day ago), each read 17 s into its interval. */
const snapshots: Array<{ recordedAt: number; price: number }> = []

const priceAt = (query: string) => svc.json(`/api/v1/tokens/${SAMPLE.snek}/price?${query}`)
const ohlcvCalls = () => svc.fake.callsTo('geckoterminal', `/networks/cardano/pools/${SAMPLE.minswapSnekPool}/ohlcv/hour`)

beforeAll(async () => {
  world = defaultWorld()
  const baseOf = (pool: any) => String(pool.relationships?.base_token?.data?.id ?? '').replace('cardano_', '')
  recordedOnly = registry.find((t) => t.unit !== SAMPLE.snek && t.unit !== SAMPLE.usdm && !world.geckoterminal.pools.some((pool) => baseOf(pool) === t.unit))!.unit
  p = priceChain(now)
  world.koios.chain = p.chain
  world.coingecko.adaPriceAt = (ms) => (ms < SWITCH * 1000 ? ADA_THEN : ADA_NOW)
  const rows: number[][] = []
  for (let t = Math.floor(now / HOUR) * HOUR; t > now - 100 * DAY; t -= HOUR) {
    if ((t / HOUR) % 5 === 0) continue
    const close = 0.001 + ((t / HOUR) % 97) / 100_000
    sourceBCloses.set(t, close)
    rows.push([t, close, close, close, close, 10])
  }
  world.geckoterminal.ohlcv.set(`${SAMPLE.minswapSnekPool}|hour|1`, rows)
  svc = await startService({
    world,
    env: { DATABASE_URL: `file:${join(dir, 'prices.db')}`, CHAIN_FOLLOW: 'on', CHAIN_BACKFILL_HOURS: '3', CHAIN_RETENTION_DAYS: '1' },
  })
  const follower = svc.deps.chain!.follower
  for (let i = 0; i < 40; i++) {
    const { cursor } = await follower.poll()
    if (cursor?.height === p.chain.tip!.height && cursor.backfill === null && cursor.discovery === null) break
  }
  // Swaps older than a day are deleted; their hours stay as stored candles.
  while ((await svc.deps.chain!.retention.step()).rolled > 0);
  const recorded: Snapshot[] = []
  for (let start = Math.floor((now - 2 * DAY) / 300) * 300; start < now - DAY; start += 300) {
    const price = 1 + ((start / 300) % 50) / 1000
    snapshots.push({ recordedAt: start + 17, price })
    recorded.push({ unit: recordedOnly, intervalSeconds: 300, intervalStart: start, priceUsd: price, openUsd: null, highUsd: null, lowUsd: null, liquidityUsd: 1000, volume24hUsd: 10, buys24h: null, sells24h: null, sources: 1, samples: 1, recordedAtMs: (start + 17) * 1000 })
  }
  await svc.deps.services.history.requireDatabase().write((db) => insertSnapshots(db, recorded))
})

afterAll(async () => {
  await svc.stop()
  rmSync(dir, { recursive: true, force: true })
})

describe('the price at a moment inside the retention of swaps', () => {
  const at = now - 12 * HOUR + 300

  it('is the last swap at or before it in the default chart pool, in ADA and in USD at that time’s ADA price', async () => {
    const swap = lastMove(p.moves, p.minswap.poolId, at, (m) => m.kind === 'swap')!
    const { status, body, res } = await priceAt(`at=${at}`)
    expect(status).toBe(200)
    expect(body).toMatchObject({
      unit: SAMPLE.snek,
      at,
      quote: 'USD',
      source: 'chain-trade',
      pricedAt: swap.time,
      interval: null,
      distanceSeconds: at - swap.time,
      pool: { address: SAMPLE.minswapSnekPool, dexId: 'minswap-v2', name: 'SNEK / ADA' },
      txHash: swap.txHash,
      decimalsSource: 'registry',
      adaUsd: ADA_THEN,
      missing: [],
    })
    expect(body.priceAda).toBeCloseTo(adaPerToken(swap), 12)
    expect(body.priceUsd).toBeCloseTo(adaPerToken(swap) * ADA_THEN, 12)
    expect(body.price).toBe(body.priceUsd)
    // Its hour is over and the follower has read past it: the answer cannot change.
    expect(res.headers.get('cache-control')).toBe('public, s-maxage=31536000')
  })

  it('is priced in the pool the chart uses by default, not the other pool of the token', async () => {
    const chart = await svc.json(`/api/v1/tokens/${SAMPLE.snek}/ohlcv`)
    const { body } = await priceAt(`at=${at}`)
    expect(body.pool.address).toBe(chart.body.pool.address)
    const other = lastMove(p.moves, p.sundae.poolId, at)!
    expect(Math.abs(body.priceAda / adaPerToken(other) - 1)).toBeGreaterThan(0.1)
  })

  it('takes the moment as ISO 8601 with an offset, and quote=ada', async () => {
    const local = new Date((at + 2 * HOUR) * 1000).toISOString().replace('.000Z', '+02:00')
    const { status, body } = await priceAt(`at=${encodeURIComponent(local)}&quote=ADA`)
    expect(status).toBe(200)
    expect(body.at).toBe(at)
    expect(body.quote).toBe('ADA')
    expect(body.price).toBe(body.priceAda)
  })
})

describe('the price at a moment past the retention of swaps', () => {
  it('is the close of the stored hourly candle holding it', async () => {
    const at = now - 2 * DAY + 1200
    const hourEnd = Math.floor(at / HOUR) * HOUR + HOUR
    // The hour's close: the pool's last move before the hour ended (the hour before it when it had none).
    const close = lastMove(p.moves, p.minswap.poolId, hourEnd - 1)!
    const { status, body } = await priceAt(`at=${at}`)
    expect(status).toBe(200)
    expect(body).toMatchObject({
      source: 'chain-hourly',
      pricedAt: Math.floor(close.time / HOUR) * HOUR,
      interval: HOUR,
      txHash: null,
      pool: { address: SAMPLE.minswapSnekPool },
      adaUsd: ADA_THEN,
    })
    expect(body.priceAda).toBeCloseTo(adaPerToken(close), 12)
    expect(body.priceUsd).toBeCloseTo(adaPerToken(close) * ADA_THEN, 12)
    // No swap of that day is kept any more: a trade could not have priced it.
    const trades = await svc.json(`/api/v1/tokens/${SAMPLE.snek}/trades?pool=${SAMPLE.minswapSnekPool}&before=${at + 1}`)
    expect(trades.body.trades).toEqual([])
  })
})

describe('the price at a moment before the follower’s first record', () => {
  const at = closedBlock + 10 * DAY + 123
  const expectedClose = (t: number) => {
    let hour = Math.floor(t / HOUR) * HOUR
    while (!sourceBCloses.has(hour)) hour -= HOUR
    return { hour, close: sourceBCloses.get(hour)! }
  }

  it('is the close of source B’s hourly candle of the default pool holding it: one call for its block, then none', async () => {
    expect(at).toBeLessThan(p.chain.firstTime)
    svc.fake.resetCalls()
    const { status, body, res } = await priceAt(`at=${at}`)
    expect(status).toBe(200)
    const { hour, close } = expectedClose(at)
    expect(body).toMatchObject({ source: 'sourceB-candle', pricedAt: hour, interval: HOUR, distanceSeconds: at - hour, adaUsd: ADA_THEN })
    // The pool as the chart names it (followed on chain, and listed by source B under the same address).
    expect(body.pool).toEqual({ address: SAMPLE.minswapSnekPool, dexId: 'minswap-v2', name: 'SNEK / ADA' })
    expect(body.priceUsd).toBeCloseTo(close, 12)
    expect(body.priceAda).toBeCloseTo(close / ADA_THEN, 12)
    expect(res.headers.get('cache-control')).toBe('public, s-maxage=31536000')
    expect(ohlcvCalls()).toHaveLength(1)

    // Another moment of the same block, and a quiet hour (the last candle before it): no further call.
    let quiet = closedBlock + 20 * DAY
    while (sourceBCloses.has(Math.floor(quiet / HOUR) * HOUR)) quiet += HOUR
    const second = await priceAt(`at=${quiet + 7}`)
    expect(second.status).toBe(200)
    expect(second.body.pricedAt).toBe(expectedClose(quiet).hour)
    expect(second.body.pricedAt).toBeLessThan(Math.floor(quiet / HOUR) * HOUR)
    expect(second.body.priceUsd).toBeCloseTo(expectedClose(quiet).close, 12)
    const again = await priceAt(`at=${at}`)
    expect(again.res.headers.get('x-cache')).toBe('HIT')
    expect(ohlcvCalls()).toHaveLength(1)
  })
})

describe('the price of a curated token from the service’s own history', () => {
  const priceAtOf = (query: string) => svc.json(`/api/v1/tokens/${recordedOnly}/price?${query}`)
  const lastSnapshot = (at: number) => snapshots.filter((s) => s.recordedAt <= at).at(-1)!

  it('is the last 5-minute snapshot recorded at or before the moment', async () => {
    const at = now - 36 * HOUR + 100
    const snapshot = lastSnapshot(at)
    const { status, body } = await priceAtOf(`at=${at}`)
    expect(status).toBe(200)
    expect(body).toMatchObject({ source: 'history', pricedAt: snapshot.recordedAt, distanceSeconds: at - snapshot.recordedAt, interval: null, pool: null, txHash: null, decimalsSource: null, adaUsd: ADA_THEN })
    expect(body.priceUsd).toBeCloseTo(snapshot.price, 12)
    expect(body.priceAda).toBeCloseTo(snapshot.price / ADA_THEN, 12)
  })

  it('takes a snapshot far before the moment when nothing else prices it, and says how far', async () => {
    const at = now - 10 * HOUR
    const snapshot = lastSnapshot(at)
    const { body } = await priceAtOf(`at=${at}`)
    expect(body).toMatchObject({ source: 'history', pricedAt: snapshot.recordedAt })
    expect(body.distanceSeconds).toBeGreaterThan(13 * HOUR)
  })

  it('names the first snapshot’s time before it, and that time answers', async () => {
    const { status, body } = await priceAtOf(`at=${now - 3 * DAY}`)
    expect(status).toBe(404)
    expect(body.code).toBe('price_not_recorded')
    const first = snapshots[0].recordedAt
    expect(body.hint).toContain(`price?at=${first}`)
    const at = await priceAtOf(`at=${first}`)
    expect(at.status).toBe(200)
    expect(at.body).toMatchObject({ source: 'history', pricedAt: first, distanceSeconds: 0 })
  })
})

describe('refusals', () => {
  it('answers a time in the future with 400', async () => {
    const { status, body } = await priceAt(`at=${now + 3600}`)
    expect(status).toBe(400)
    expect(body.code).toBe('at_in_future')
    expect(body.hint).toContain('Leave at out for the current price')
  })

  it('answers a time that is no time with 400', async () => {
    for (const at of ['2026-02-30', 'yesterday', '1767225600000', '2026-01-01T12:00:00']) {
      const { status, body } = await priceAt(`at=${encodeURIComponent(at)}`)
      expect({ at, status, code: body.code }).toEqual({ at, status: 400, code: 'invalid_at' })
    }
  })

  it('answers a time before any record with 404 naming the earliest time it can price (source B’s pool creation), calling nobody for it', async () => {
    svc.fake.resetCalls()
    const { status, body } = await priceAt(`at=2024-01-01T00:00:00Z`)
    expect(status).toBe(404)
    expect(body.code).toBe('price_not_recorded')
    // SNEK's Minswap pool on source B was created 2024-03-11T07:01:51Z (test/fixtures/geckoterminal/token-pools.json).
    expect(body.hint).toContain('2024-03-11T07:01:51Z')
    expect(body.hint).toContain(`price?at=${Date.parse('2024-03-11T07:01:51Z') / 1000}`)
    expect(ohlcvCalls()).toHaveLength(0)
  })

  it('names the follower’s first record for a token only the chain knows', async () => {
    const { status, body } = await svc.json(`/api/v1/tokens/${PLAIN}/price?at=${p.plainCreated - 60}`)
    expect(status).toBe(404)
    expect(body.code).toBe('price_not_recorded')
    expect(body.hint).toContain(`price?at=${p.plainCreated}`)
    const after = await svc.json(`/api/v1/tokens/${PLAIN}/price?at=${p.plainCreated}`)
    expect(after.status).toBe(200)
    expect(after.body.pool.dexId).toBe('wingriders-v2')
  })
})

describe('the current price', () => {
  it('is the last swap of the default pool, at now, with the same fields and a short lifetime', async () => {
    const swap = lastMove(p.moves, p.minswap.poolId, now, (m) => m.kind === 'swap')!
    const { status, body, res } = await priceAt('')
    expect(status).toBe(200)
    expect(body.source).toBe('chain-trade')
    expect(body.txHash).toBe(swap.txHash)
    expect(Math.abs(body.at - now)).toBeLessThan(120)
    expect(body.priceAda).toBeCloseTo(adaPerToken(swap), 12)
    expect(body.adaUsd).toBe(ADA_NOW)
    expect(res.headers.get('cache-control')).toBe('public, s-maxage=15')
  })
})

describe('the MCP tool get_price_at', () => {
  it('answers with the REST answer as structured content', async () => {
    const at = now - 12 * HOUR + 300
    const rest = await priceAt(`at=${at}`)
    const res = await svc.request('/api/mcp', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_price_at', arguments: { asset: SAMPLE.snek, at: String(at) } } }),
    })
    const { result } = await res.json()
    expect(result.isError).toBeUndefined()
    expect(result.structuredContent).toEqual(rest.body)
    const future = await svc.request('/api/mcp', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'get_price_at', arguments: { asset: SAMPLE.snek, at: String(now + 3600) } } }),
    })
    const refused = (await future.json()).result
    expect(refused.isError).toBe(true)
    expect(JSON.parse(refused.content[0].text).code).toBe('at_in_future')
  })
})
