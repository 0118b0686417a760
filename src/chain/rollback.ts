/**
 * Rollback detection (pure). Koios serves db-sync, which deletes rolled-back blocks and inserts the new branch
 * (shared/chain/README.md §5): a block we read can change hash at the same height. Each poll compares the chain's
 * recent blocks with what was stored (block hashes and the hashes carried by recorded updates); the lowest height
 * that differs is where the orphaned branch starts.
 */
import type { ChainBlock } from '../upstream/koios-chain'

/** Blocks below the tip whose hashes are re-checked at each poll. */
export const PROVISIONAL_BLOCKS = 10

export function forkHeight(
  chain: readonly ChainBlock[],
  storedBlocks: ReadonlyMap<number, string>,
  updateBlocks: ReadonlyArray<{ height: number; hash: string }>,
): number | null {
  const current = new Map(chain.map((b) => [b.height, b.hash]))
  let fork: number | null = null
  const differs = (height: number, hash: string) => {
    const now = current.get(height)
    if (now !== undefined && now !== hash && (fork === null || height < fork)) fork = height
  }
  for (const [height, hash] of storedBlocks) differs(height, hash)
  for (const u of updateBlocks) differs(u.height, u.hash)
  return fork
}
