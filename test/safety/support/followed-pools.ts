/**
 * A database holding what the chain follower would have recorded for a token (its ADA pools, the cursor), written
 * before the service starts on it: the safety report's liquidity part without running the follower.
 */
import { ChainStore } from '../../../src/chain/store'
import { CommunityDatabase } from '../../../src/db/client'
import { chainPools } from '../../../src/db/schema'
import { Logger, memorySink } from '../../../src/observability/logger'

export interface FollowedPool {
  poolId: string
  dex: string
  tokenUnit: string
  /** Tradeable ADA reserve, lovelace. */
  reserveAda: string
  /** Unix seconds; null: created before the follower's records. */
  createdTime: number | null
}

/** Opens (and migrates) the database at `url`, records the pools and a cursor at block 100 read at `cursorTime`, closes it. */
export async function seedFollowedPools(url: string, pools: readonly FollowedPool[], cursorTime: number): Promise<void> {
  const db = await CommunityDatabase.open({ url, authToken: null }, new Logger('silent', memorySink()))
  const created = (p: FollowedPool) => p.createdTime !== null
  await db.write((d) =>
    d.insert(chainPools).values(
      pools.map((p) => ({
        ...p,
        identityUnit: p.poolId,
        reserveToken: '1000',
        lastHeight: 100,
        lastTime: cursorTime,
        lastTxHash: 'cd'.repeat(32),
        lpSupply: null,
        feeBpsAdaIn: 30,
        feeBpsTokenIn: 30,
        createdHeight: created(p) ? 90 : null,
        createdHash: created(p) ? 'ef'.repeat(32) : null,
        createdTxHash: created(p) ? 'ab'.repeat(32) : null,
        initialReserveAda: null,
        initialReserveToken: null,
      })),
    ),
  )
  await new ChainStore(db).setCursor({ height: 100, hash: 'cd'.repeat(32), time: cursorTime, backfill: null, discovery: null }, Date.now())
  await db.close()
}
