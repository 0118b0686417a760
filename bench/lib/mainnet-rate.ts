/**
 * The chain load the chain figures assume (../shared/chain/README.md §11: the Cardano Foundation's leaderboard
 * counts about 10,100 DEX transactions a day for the followed families over a year, 11,800 over the busiest 30
 * days; planned for 15,000 a day), spread over a day of blocks at one block per 20 s, and the keyless Koios follower
 * interval a deployment computes from its quota plan.
 */
import { Memo } from '../../src/cache/memo'
import { loadConfig } from '../../src/config'
import { loadRegistry } from '../../src/registry/registry'
import { createUpstreams } from '../../src/upstream'
import { intervalOf } from '../../src/upstream/core-plan'

export const DEX_TXS_PER_DAY = 15_000
export const POOLS = 2_000
/** Blocks a day at one block per 20 s on average. */
export const DAY_BLOCKS = 4_320
export const PER_BLOCK = DEX_TXS_PER_DAY / DAY_BLOCKS

/** The keyless plan's follower interval (Koios 5,000 calls a UTC day, no token), as a deployment computes it. */
export function keylessIntervalMs(): number {
  const config = loadConfig({ DATABASE_URL: 'file:unused.db' })
  const memo = new Memo({ name: 'plan', now: Date.now, maxEntries: 10, maxBytes: 1_000_000, staleOnError: () => false })
  return intervalOf(createUpstreams(config, memo, undefined, { registrySize: loadRegistry(null).tokens.length }).plan, 'chain-follower')
}
