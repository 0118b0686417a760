/**
 * Mainnet time and slots since Shelley (one slot a second): slot = Unix seconds − 1,591,566,291, and epochs of
 * 432,000 slots from epoch 208 at slot 4,492,800. Ogmios names blocks by slot only; Koios gives both, and agrees.
 * (Byron's 20 s slots came before: the follower never reads that far back.)
 */
export const SHELLEY_SLOT_OFFSET = 1_591_566_291
const SHELLEY_START_SLOT = 4_492_800
const SHELLEY_START_EPOCH = 208
const EPOCH_SLOTS = 432_000

export const timeOfSlot = (slot: number): number => slot + SHELLEY_SLOT_OFFSET
export const slotOfTime = (time: number): number => time - SHELLEY_SLOT_OFFSET

export function epochOfSlot(slot: number): { epoch: number; epochSlot: number } {
  const since = slot - SHELLEY_START_SLOT
  return { epoch: SHELLEY_START_EPOCH + Math.floor(since / EPOCH_SLOTS), epochSlot: ((since % EPOCH_SLOTS) + EPOCH_SLOTS) % EPOCH_SLOTS }
}
