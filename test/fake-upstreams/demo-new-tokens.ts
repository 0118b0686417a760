/**
 * The demo's tokens outside the curated registry (bun run demo): the chain follower records every token's ADA
 * pools, and these show it. NEWT (the catalogue's sample: 6 decimals in the off-chain token registry) has a
 * Minswap V2 pool created 20 minutes before the demo starts and trades since; CIPX (8 decimals in its CIP-68
 * datum) a SundaeSwap V3 pool 40 minutes old (recent, so the first backfill page reads them at once). After each new block (`afterBlock`, called in the same tick, so
 * no poll sees the block without them) NEWT trades now and then, and every sixth block a pool of a new token is
 * created (every other one described by the token registry, the rest without metadata: decimals unknown), so
 * the new pools page and the pools:new topic have something to show. Deterministic.
 */
import { LOVELACE } from '../../src/chain/types'
import { SAMPLE_NEW_TOKEN } from '../../src/modules/pools/request'
import { cip68Metadata, koiosAsset } from './builders'
import { demoLogoBase64 } from './demo-market'
import type { FakeChain, FakePool, PoolMove } from './chain'
import type { World } from './world'
import { seededRandom } from '../support/seeded-random'

const hex = (text: string) => Buffer.from(text, 'utf8').toString('hex')

export const DEMO_CIP68_TOKEN = `${'c6'.repeat(28)}0014df10${hex('CIPX')}`
const NEW_POOL_EVERY = 6
/** How many blocks before the tip NEWT's and CIPX's pools were created (20 and 40 minutes). */
const NEWT_AGE = 60
const CIPX_AGE = 120
const DEXES = ['minswap-v2', 'splash', 'wingriders-v2', 'sundaeswap-v3'] as const

export interface DemoNewTokens {
  /** The curated registry's outsiders the demo trades: NEWT then CIPX. */
  units: string[]
  /** Call right after each new block is added. */
  afterBlock(): void
}

/** A constant-product swap of `share` of the pool, ADA in when `buy`. */
function swap(pool: FakePool, share: number, buy: boolean): PoolMove {
  const { reserveA, reserveB } = pool.spec
  if (buy) {
    const ada = BigInt(Math.max(1_000_000, Math.round(Number(reserveA) * share)))
    return { pool, reserveA: reserveA + ada, reserveB: (reserveA * reserveB) / (reserveA + ada) }
  }
  const tokens = BigInt(Math.max(1, Math.round(Number(reserveB) * share)))
  return { pool, reserveA: (reserveA * reserveB) / (reserveB + tokens), reserveB: reserveB + tokens }
}

export function demoNewTokens(world: World, chain: FakeChain): DemoNewTokens {
  const tip = chain.tip!.height
  const timeAt = (height: number) => chain.blocks.find((b) => b.height === height)!.time
  // Each token is minted a while before its pool is created (NEWT 3 h, CIPX 5 h, a new token 10 minutes).
  world.koios.assets.push(
    koiosAsset({
      policyId: SAMPLE_NEW_TOKEN.slice(0, 56),
      assetNameHex: SAMPLE_NEW_TOKEN.slice(56),
      totalSupply: '1000000000000000',
      creationTime: timeAt(tip - NEWT_AGE) - 3 * 3600,
      registry: { name: 'Newt', ticker: 'NEWT', decimals: 6, logo: demoLogoBase64(SAMPLE_NEW_TOKEN) },
    }),
    koiosAsset({
      policyId: DEMO_CIP68_TOKEN.slice(0, 56),
      assetNameHex: DEMO_CIP68_TOKEN.slice(56),
      totalSupply: '2100000000000000',
      creationTime: timeAt(tip - CIPX_AGE) - 5 * 3600,
      registry: null,
      cip68: cip68Metadata({ name: 'Cip Example', ticker: 'CIPX', decimals: 8 }),
    }),
  )
  // 60,000 ADA against 1,200,000 NEWT (0.05 ADA); 9,000 ADA against 3,000,000 CIPX (0.003 ADA).
  const newt = chain.pool({ dex: 'minswap-v2', assetA: LOVELACE, assetB: SAMPLE_NEW_TOKEN, reserveA: 60_000_000_000n, reserveB: 1_200_000_000_000n, lpSupply: 8_000_000_000n })
  const cipx = chain.pool({ dex: 'sundaeswap-v3', assetA: LOVELACE, assetB: DEMO_CIP68_TOKEN, reserveA: 9_000_000_000n, reserveB: 300_000_000_000_000n, lpSupply: 5_000_000_000n })
  const random = seededRandom(33)
  const history = (pool: FakePool, from: number, every: number) => {
    chain.addTx(from, [{ pool, reserveA: pool.spec.reserveA, reserveB: pool.spec.reserveB }])
    for (let height = from + every; height <= tip; height += every) chain.addTx(height, [swap(pool, 0.001 + random() * 0.01, random() < 0.55)])
  }
  history(cipx, tip - CIPX_AGE, 6)
  history(newt, tip - NEWT_AGE, 3)

  let blocks = 0
  let created = 0
  return {
    units: [SAMPLE_NEW_TOKEN, DEMO_CIP68_TOKEN],
    afterBlock() {
      const height = chain.tip!.height
      blocks += 1
      if (random() < 0.4) chain.addTx(height, [swap(newt, 0.001 + random() * 0.01, random() < 0.5)])
      if (blocks % NEW_POOL_EVERY !== 0) return
      created += 1
      const ticker = `NEW${created}`
      const unit = `${'e7'.repeat(28)}${hex(ticker)}`
      const minted = chain.tip!.time - 600
      world.koios.assets.push(
        created % 2 === 1
          ? koiosAsset({ policyId: unit.slice(0, 56), assetNameHex: unit.slice(56), creationTime: minted, registry: { name: `New token ${created}`, ticker, decimals: 6, logo: demoLogoBase64(unit) } })
          : koiosAsset({ policyId: unit.slice(0, 56), assetNameHex: unit.slice(56), creationTime: minted, registry: null }),
      )
      const ada = BigInt(Math.round(500 + random() * 20_000)) * 1_000_000n
      const pool = chain.pool({ dex: DEXES[created % DEXES.length], assetA: LOVELACE, assetB: unit, reserveA: ada, reserveB: ada * BigInt(1 + Math.floor(random() * 50)), lpSupply: 1_000_000_000n })
      chain.addTx(height, [{ pool, reserveA: pool.spec.reserveA, reserveB: pool.spec.reserveB }])
    },
  }
}
