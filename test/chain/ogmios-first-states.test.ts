/**
 * What Ogmios cannot give, from the chain API, and nothing else: a pool whose last output before the follower's
 * start was spent inside the replayed window has no kept input (Ogmios gives references only), so its previous
 * state comes from one `tx_info` for the transactions that need it (and `datum_info` for a datum-hash pool's);
 * the trades are then those the Koios follower records. Once following, blocks cost no chain API call.
 */
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { MIN, scenario, SNEK, type Scenario } from './support/scenario'
import { twoSources, type TwoSources } from './support/two-sources'

let s: Scenario
let two: TwoSources

beforeAll(async () => {
  s = scenario()
  // 200 blocks on, P1 and P3 (Minswap V1: datum by hash) trade: CHAIN_BACKFILL_HOURS=1 starts 180 blocks back,
  // after their last outputs before it and before those outputs were spent.
  s.chain.growTo(s.first + 200)
  s.chain.addBlock([[{ pool: s.p1, reserveA: 1_022_000_000_000n, reserveB: 249_540_000n }], [{ pool: s.p3, reserveA: 505_000_000_000n, reserveB: 24_752_000_000_000n }]])
  s.chain.growTo(s.first + 205)
  two = await twoSources(s.chain, { CHAIN_BACKFILL_HOURS: '1' }, { deferOgmios: true })
  await two.koiosCaughtUp()
  two.fake.calls.length = 0
  await two.restartOgmios()
  await two.ogmiosCaughtUp()
}, 60_000)

afterAll(async () => {
  await two.stop()
})

describe('Ogmios follower: the chain API for what Ogmios cannot give', () => {
  it('reads the two previous states with one tx_info (and the datum-hash one with datum_info), then records the trades the Koios follower does', async () => {
    const paths = [`/api/v1/tokens/${SNEK}/trades?limit=50`, `/api/v1/tokens/${MIN}/trades?limit=50`]
    for (const path of paths) {
      const koios = await two.koiosSvc.json(path)
      const ogmios = await two.ogmiosSvc.json(path)
      expect(ogmios.body.trades.length).toBe(1)
      expect(ogmios.body).toEqual(koios.body)
    }
    expect((await two.ogmiosSvc.json(paths[0])).body.trades[0]).toMatchObject({ side: 'buy', amountQuote: '10000000000', blockHeight: s.first + 201 })
    expect(two.fake.count('koios', '/tx_info')).toBe(1)
    expect(two.fake.count('koios', '/datum_info')).toBeGreaterThanOrEqual(1)
    // The start point (one /blocks call) and the discovery pass (one credential_utxos page), nothing per block.
    expect(two.fake.count('koios', '/blocks')).toBe(1)
    expect(two.fake.count('koios', '/credential_utxos')).toBe(1)
  })

  it('then follows block by block with no chain API call', async () => {
    two.fake.calls.length = 0
    for (let i = 1; i <= 10; i++) s.chain.addBlock([[{ pool: s.p2, reserveA: 201_000_000_000n + BigInt(i) * 100_000_000n, reserveB: 49_751_000n - BigInt(i) * 24_000n }]])
    two.ogmios.deliver()
    await two.ogmiosCaughtUp()
    expect((await two.ogmiosSvc.json(`/api/v1/tokens/${SNEK}/trades?limit=50&pool=${s.p2.poolId}`)).body.trades.length).toBe(10)
    expect(two.fake.count('koios')).toBe(0)
  })
})
