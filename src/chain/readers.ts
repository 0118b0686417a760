/** The per-DEX readers (src/chain/dexes/) as one PoolReaders: credentials, datum-hash credentials, read by credential. */
import { DEX_READERS } from './dexes'
import type { PoolReaders } from './tx-updates'
import type { ChainOutput, DexReader } from './types'

export function poolReaders(readers: readonly DexReader[] = DEX_READERS): PoolReaders {
  const byCredential = new Map<string, DexReader>()
  for (const reader of readers) for (const cred of reader.credentials) byCredential.set(cred, reader)
  return {
    credentials: [...byCredential.keys()],
    datumByHash: new Set(readers.filter((r) => r.datumByHash).flatMap((r) => r.credentials)),
    read: (output: ChainOutput) => byCredential.get(output.paymentCred)?.read(output) ?? null,
  }
}
