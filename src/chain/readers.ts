/** The per-DEX readers (src/chain/dexes/) as the follower uses them: credentials, datum-hash credentials, readPool. */
import { DEX_READERS, FOLLOWED_CREDENTIALS, readPool } from './dexes'
import type { PoolReaders } from './tx-updates'

export function poolReaders(): PoolReaders {
  return {
    credentials: FOLLOWED_CREDENTIALS,
    datumByHash: new Set(DEX_READERS.filter((r) => r.datumByHash).flatMap((r) => r.credentials)),
    read: readPool,
  }
}
