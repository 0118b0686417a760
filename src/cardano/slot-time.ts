/**
 * Mainnet slots to time (pure): Ogmios names blocks by slot only, and minting policies are timed by slot. Byron
 * slots last 20 s from the Byron genesis (2017-09-23T21:44:51Z); the Shelley era starts at slot 4,492,800 =
 * 2020-07-29T21:44:51Z, one slot a second since (no later era changed the slot length). Where the figures come from: the chain API's tip sample in ../shared/upstreams/README.md (`abs_slot`
 * 160,236,945 at `block_time` 1,751,803,236, "mutually consistent for mainnet": 1,751,803,236 − 160,236,945 =
 * 1,591,566,291 = 1,596,059,091 − 4,492,800), the fake chain API's tip (test/fake-upstreams/routes/koios.ts), and
 * wallets' published constants (Ledger Live's SHELLEY_START_SLOT 4492800 and SHELLEY_START_DATE 29 Jul 2020
 * 21:44:51 UTC; the Byron genesis start 1506203091, 4,492,800 × 20 s before it).
 */

/** Unix seconds of the Byron genesis: slot 0. */
export const BYRON_START = 1_506_203_091
export const BYRON_SLOT_SECONDS = 20
/** The first Shelley slot, and its Unix time (2020-07-29T21:44:51Z). */
export const SHELLEY_START_SLOT = 4_492_800
export const SHELLEY_START = 1_596_059_091

/** Unix seconds at which a mainnet slot begins. */
export function slotToUnix(slot: number): number {
  if (slot < SHELLEY_START_SLOT) return BYRON_START + slot * BYRON_SLOT_SECONDS
  return SHELLEY_START + (slot - SHELLEY_START_SLOT)
}

/** Unix seconds as ISO 8601 UTC, whole seconds (`2020-07-29T21:44:51Z`): how chain times are written in answers. */
export const unixToIso = (unix: number): string => new Date(unix * 1000).toISOString().replace('.000Z', 'Z')

/** The same, null for an unknown time. */
export const unixToIsoOrNull = (unix: number | null): string | null => (unix === null ? null : unixToIso(unix))

/** The ISO 8601 time a mainnet slot begins at. */
export const slotToIso = (slot: number): string => unixToIso(slotToUnix(slot))

/** The slot in progress at Unix second `unix` (Shelley era on; earlier times give Byron slots). */
export function unixToSlot(unix: number): number {
  if (unix < SHELLEY_START) return Math.floor((unix - BYRON_START) / BYRON_SLOT_SECONDS)
  return SHELLEY_START_SLOT + Math.floor(unix - SHELLEY_START)
}

const SHELLEY_START_EPOCH = 208
const EPOCH_SLOTS = 432_000

/** The epoch of a Shelley-era slot (epochs of 432,000 slots from epoch 208 at slot 4,492,800) and the slot within it. */
export function epochOfSlot(slot: number): { epoch: number; epochSlot: number } {
  const since = slot - SHELLEY_START_SLOT
  return { epoch: SHELLEY_START_EPOCH + Math.floor(since / EPOCH_SLOTS), epochSlot: ((since % EPOCH_SLOTS) + EPOCH_SLOTS) % EPOCH_SLOTS }
}
