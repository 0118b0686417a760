/**
 * The demo's fake upstreams, as `bun run demo` starts them and the demo data tests check them: the default world
 * (68 curated tokens, the sample wallet, the ADA market, whose headline follows its series), 30 hours of DEX trades
 * on the fake chain and the tokens outside the registry it trades (with their safety facts). `tick()` adds the next block (the demo calls it
 * every 20 s).
 */
import type { RegistryToken } from '../../src/registry/registry'
import { demoChain } from './demo-chain'
import { demoNewTokens } from './demo-new-tokens'
import { addSafetyFacts } from './demo-safety'
import type { FakeChain } from './chain'
import { FakeUpstreams } from './server'
import { SAMPLE } from './world'

/**
 * Hours of DEX trades on the demo's chain, and the follower's backfill over them (CHAIN_BACKFILL_HOURS): more than a
 * day, so the chain figures' 24 h change has each pool's price of a day before to compare with (its pools were
 * created before, as established pools are: the follower finds them existing).
 */
export const DEMO_CHAIN_HOURS = 30

/**
 * Hours of DEX trades `bun run demo` serves: two weeks, so a token page's default chart (300 hourly candles) is the
 * chain's alone, as on a deployment whose follower has run for a fortnight, and needs no source B call (at source
 * B's real budget, GECKOTERMINAL_RPM=10, a dozen token pages a minute would otherwise each wait for their past).
 * The tests keep DEMO_CHAIN_HOURS: reading two weeks back takes the follower about a minute.
 */
export const DEMO_SERVED_HOURS = 14 * 24

export interface DemoUpstreams {
  fake: FakeUpstreams
  /** The chain the fake Koios answers from (and a fake Ogmios follows, with CHAIN_SOURCE=ogmios). */
  chain: FakeChain
  /** The tokens outside the registry the demo's chain trades: NEWT then CIPX. */
  newTokens: string[]
  /** Add the next block: a few swaps, now and then a new pool. */
  tick(): void
}

export async function startDemoUpstreams(tokens: readonly RegistryToken[], hours = DEMO_CHAIN_HOURS): Promise<DemoUpstreams> {
  const fake = await FakeUpstreams.start()
  fake.world.coingecko.adaFollowsSeries = true
  // One chain: the fake Koios answers both the chain tip and the follower's reads from it (routes/koios.ts).
  // The pools open at the market's prices in ADA at today's ADA price: the chain's price of a token now is then the
  // one its sources give (its past in USD moves with ADA's, as a token priced in ADA does).
  // SNEK, the demo's sample token, trades in every new block: its page shows trades arriving block by block.
  const chain = demoChain(tokens, { hours, adaUsd: fake.world.coingecko.adaPriceAt(Date.now()), liveUnits: [SAMPLE.snek] })
  fake.world.koios.chain = chain.chain
  const outside = demoNewTokens(fake.world, chain.chain)
  // Their safety report's chain facts (policy, mints, holders), as the curated tokens have.
  addSafetyFacts(fake.world)
  return {
    fake,
    chain: chain.chain,
    newTokens: outside.units,
    tick() {
      // The block and what the outsiders add to it in one step, so no poll sees the block without them.
      chain.tick()
      outside.afterBlock()
    },
  }
}
