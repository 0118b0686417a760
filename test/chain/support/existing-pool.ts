/**
 * A pool that existed before the fake chain's first block: its output as an earlier transaction left it (a
 * transaction not on the chain), so its first move on the chain spends it like any later one and the follower
 * never reads a creation (no pairCreatedAt, and source B may hold its older history).
 */
import { createHash } from 'node:crypto'
import type { FakeChain, FakePool } from '../../fake-upstreams/chain'
import { poolFixture } from './pool-outputs'

export function existedBefore(chain: FakeChain, pool: FakePool): void {
  const txHash = createHash('sha256').update(`before:${pool.poolId}`).digest('hex')
  const fixture = poolFixture({ ...pool.spec, txHash, index: 0, withDatum: false })
  pool.output = fixture.output
  if (fixture.output.datumHash !== null) chain.datums.set(fixture.output.datumHash, fixture.datumCbor)
}
