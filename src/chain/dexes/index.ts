/** Every per-DEX pool reader, the credentials the follower follows, and the one entry point readPool. */
import type { ChainOutput, DexReader, PoolState } from '../types'
import { minswapV1 } from './minswap-v1'
import { minswapV2 } from './minswap-v2'
import { sundaeswapV1 } from './sundaeswap-v1'
import { sundaeswapV3 } from './sundaeswap-v3'
import { wingridersV1 } from './wingriders-v1'
import { wingridersV2 } from './wingriders-v2'
import { splash } from './splash'

export const DEX_READERS: readonly DexReader[] = [minswapV1, minswapV2, sundaeswapV1, sundaeswapV3, wingridersV1, wingridersV2, splash]

const READER_BY_CREDENTIAL: ReadonlyMap<string, DexReader> = new Map(
  DEX_READERS.flatMap((r) => r.credentials.map((c) => [c, r] as const)),
)

/** Payment credentials of every followed constant-product pool script (11: one credential_txs body under 1 KB, which holds 15). */
export const FOLLOWED_CREDENTIALS: readonly string[] = [...READER_BY_CREDENTIAL.keys()]

/** The reader of the DEX whose pool script has this payment credential, if any. */
export function readerFor(paymentCred: string): DexReader | null {
  return READER_BY_CREDENTIAL.get(paymentCred) ?? null
}

/**
 * The pool this output is, or null when it is no followed pool output. Throws ChainDecodeError for a pool output
 * whose datum cannot be read (the caller skips it with a warning and a metric).
 */
export function readPool(output: ChainOutput): PoolState | null {
  return readerFor(output.paymentCred)?.read(output) ?? null
}
