/**
 * The demo's fake upstreams, as `bun run demo` starts them and the demo data tests check them: the default world
 * (68 curated tokens, the sample wallet, the ADA market, whose headline follows its series), a day of DEX trades on
 * the fake chain and the tokens outside the registry it trades. `tick()` adds the next block (the demo calls it
 * every 20 s).
 */
import type { RegistryToken } from '../../src/registry/registry'
import { demoChain } from './demo-chain'
import { demoNewTokens } from './demo-new-tokens'
import { FakeUpstreams } from './server'

export interface DemoUpstreams {
  fake: FakeUpstreams
  /** The tokens outside the registry the demo's chain trades: NEWT then CIPX. */
  newTokens: string[]
  /** Add the next block: a few swaps, now and then a new pool. */
  tick(): void
}

export async function startDemoUpstreams(tokens: readonly RegistryToken[]): Promise<DemoUpstreams> {
  const fake = await FakeUpstreams.start()
  fake.world.coingecko.adaFollowsSeries = true
  // One chain: the fake Koios answers both the chain tip and the follower's reads from it (routes/koios.ts).
  const chain = demoChain(tokens)
  fake.world.koios.chain = chain.chain
  const outside = demoNewTokens(fake.world, chain.chain)
  return {
    fake,
    newTokens: outside.units,
    tick() {
      // The block and what the outsiders add to it in one step, so no poll sees the block without them.
      chain.tick()
      outside.afterBlock()
    },
  }
}
