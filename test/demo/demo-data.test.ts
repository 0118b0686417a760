/**
 * The demo's fake data holds together, checked through the whole app on the demo's own upstreams
 * (test/fake-upstreams/demo-upstreams.ts, what `bun run demo` starts) with the chain follower read to the tip:
 * - every token's fingerprint is the CIP-14 fingerprint of its unit, computed here independently (blake2b-160 by
 *   @noble/hashes, bech32 by the bech32 package; checked on CIP-14's own vectors first);
 * - each token has its own mint date, before its first pool;
 * - the pools that existed before the follower's first block are not listed as created then (only pools created
 *   in the blocks it read are new);
 * - every logo is served by the service itself (offline), never a redirect to an image CDN;
 * - the ADA headline and its price series agree;
 * - the seeded comment is signed by the demo writer the demo prints.
 */
import { afterAll, describe, expect, it } from 'bun:test'
import { blake2b } from '@noble/hashes/blake2b'
import { bech32 } from 'bech32'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadRegistry } from '../../src/registry/registry'
import { seedDemoCommunity } from '../../scripts/demo-seed'
import { DEMO_CHAIN_HOURS, startDemoUpstreams } from '../fake-upstreams/demo-upstreams'
import { DEMO_STAKE_ADDRESS } from '../fake-upstreams/demo-wallet'
import { SAMPLE } from '../fake-upstreams/world'
import { startService } from '../helpers'

/** CIP-14: bech32 (`asset`) of blake2b-160 over the policy id's bytes and the asset name's bytes. */
function cip14(unit: string): string {
  const digest = blake2b(Buffer.from(unit, 'hex'), { dkLen: 20 })
  return bech32.encode('asset', bech32.toWords(digest))
}

const tokens = loadRegistry(null).tokens
const dir = mkdtempSync(join(tmpdir(), 'demo-data-'))
const demo = await startDemoUpstreams(tokens)
const svc = await startService({
  fake: demo.fake,
  // As the demo runs it (scripts/demo.ts): the follower reads back the demo chain's hours.
  env: {
    DATABASE_URL: `file:${join(dir, 'demo.db')}`,
    CHAIN_FOLLOW: 'on',
    CHAIN_BACKFILL_HOURS: String(DEMO_CHAIN_HOURS),
    KOIOS_RPM: '100000',
    KOIOS_PER_DAY: '0',
    COINGECKO_PER_MONTH: '0',
  },
})
for (let i = 0; i < 400 && (await svc.deps.chain!.follower.poll()).cursor?.backfill !== null; i++);
await svc.deps.chain!.identities.step()
afterAll(async () => {
  await svc.stop()
  await demo.fake.stop()
  rmSync(dir, { recursive: true, force: true })
})

const curated = tokens.map((t) => t.unit)
const everyToken = [...curated, ...demo.newTokens]

describe('CIP-14 as computed here', () => {
  it("matches the CIP's test vectors and SNEK's published fingerprint", () => {
    expect(cip14('7eae28af2208be856f7a119668ae52a49b73725e326dc16579dcc373')).toBe('asset1rjklcrnsdzqp65wjgrg55sy9723kw09mlgvlc3')
    expect(cip14('7eae28af2208be856f7a119668ae52a49b73725e326dc16579dcc37e')).toBe('asset1nl0puwxmhas8fawxp8nx4e2q3wekg969n2auw3')
    expect(cip14(SAMPLE.snek)).toBe('asset108xu02ckwrfc8qs9d97mgyh4kn8gdu9w8f5sxk')
  })
})

describe("the demo's tokens", () => {
  it('have the fingerprint of their unit, in the chain API rows and in every token detail', async () => {
    for (const row of demo.fake.world.koios.assets) expect(`${row.policy_id}${row.asset_name} ${row.fingerprint}`).toBe(`${row.policy_id}${row.asset_name} ${cip14(row.policy_id + row.asset_name)}`)
    for (const unit of everyToken) {
      const { status, body } = await svc.json(`/api/v1/tokens/${unit}`)
      expect(status).toBe(200)
      expect(`${body.symbol} ${body.fingerprint}`).toBe(`${body.symbol} ${cip14(unit)}`)
    }
  }, 60_000)

  it('were each minted on a date of their own, before their first pool', async () => {
    const { body: screener } = await svc.json('/api/v1/tokens')
    const minted = new Map<string, number>()
    for (const unit of everyToken) {
      const { body } = await svc.json(`/api/v1/tokens/${unit}`)
      expect(body.creationTime).not.toBeNull()
      minted.set(unit, body.creationTime)
      // The first pool: the oldest either source lists, or the followed pools' creation on the chain.
      const row = screener.tokens.find((t: { address: string }) => t.address === unit)
      const poolTimes: number[] = row?.pairCreatedAt == null ? [] : [row.pairCreatedAt / 1000]
      for (const pool of body.chainPools) {
        const state = await svc.json(`/api/v1/pools/${pool.address}`)
        if (state.body.created?.time != null) poolTimes.push(state.body.created.time)
      }
      expect(poolTimes.length).toBeGreaterThan(0)
      expect(`${body.symbol} minted ${body.creationTime}`).toBe(`${body.symbol} minted ${Math.min(body.creationTime, ...poolTimes)}`)
    }
    const [newt, cipx] = demo.newTokens
    expect(minted.get(newt)).not.toBe(minted.get(cipx))
    expect(new Set(minted.values()).size).toBe(minted.size)
  }, 120_000)

  it('have their logos served by the service itself, offline (no redirect to an image CDN)', async () => {
    for (const unit of everyToken) {
      const res = await svc.get(`/api/v1/tokens/${unit}/logo`)
      expect(`${unit} ${res.status} ${res.headers.get('content-type')}`).toMatch(new RegExp(`^${unit} 200 image/(png|svg\\+xml)`))
    }
  }, 60_000)
})

describe("the demo's chain", () => {
  it('lists as new only the pools created in the blocks the follower read, not the pools that existed before', async () => {
    const { body } = await svc.json('/api/v1/pools/new?limit=200')
    expect(body.count).toBeGreaterThan(0)
    const listed = new Set(body.pools.map((p: { token: { unit: string } }) => p.token.unit))
    for (const unit of curated) expect(listed.has(unit)).toBe(false)
    expect(listed.has(demo.newTokens[0])).toBe(true)
    // SNEK's pools existed before the follower's first block: followed, with their state, but no creation.
    const snek = await svc.json(`/api/v1/tokens/${SAMPLE.snek}`)
    expect(snek.body.chainPools.length).toBeGreaterThan(0)
    for (const pool of snek.body.chainPools) {
      const { status, body: state } = await svc.json(`/api/v1/pools/${pool.address}`)
      expect(status).toBe(200)
      expect(state.created).toBeNull()
    }
  })
})

describe("the demo's chain figures", () => {
  it('have a 24 h change for the curated tokens: the follower read back more than a day of their trades', async () => {
    const { body } = await svc.json('/api/v1/chain/tokens?limit=200')
    const curatedRows = body.tokens.filter((t: { curated: boolean }) => t.curated)
    expect(curatedRows.length).toBe(tokens.length)
    const withChange = curatedRows.filter((t: { change24h: number | null }) => t.change24h !== null)
    expect(withChange.length).toBeGreaterThan(tokens.length * 0.9)
  })
})

describe("the demo's ADA market", () => {
  it('gives a headline that agrees with its series: the price now and the change over 24 h', async () => {
    const { status, body } = await svc.json('/api/v1/market?days=1')
    expect(status).toBe(200)
    const series: [number, number][] = body.series
    const [, last] = series[series.length - 1]
    const [, dayAgo] = series[0]
    expect(Math.abs(body.ada.priceUsd / last - 1)).toBeLessThan(0.001)
    expect(Math.abs(body.ada.change24h - (last / dayAgo - 1) * 100)).toBeLessThan(0.05)
  })
})

describe("the demo's community seed", () => {
  it('has the comment signed by the demo writer the demo prints', async () => {
    expect(await seedDemoCommunity(svc.request, demo.fake.world)).toBe(true)
    const { body } = await svc.json(`/api/v1/community/comments/${SAMPLE.snek}`)
    expect(body.comments.map((c: { stakeAddress: string }) => c.stakeAddress)).toEqual([DEMO_STAKE_ADDRESS])
    const boosts = await svc.json(`/api/v1/community/boosts?units=${SAMPLE.snek}`)
    expect(boosts.body.summaries[0].boostsToday).toBe(1)
  }, 30_000)
})
