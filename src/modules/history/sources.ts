/**
 * Which sources contributed to a recorded row, stored as bits (one small integer per row rather than text).
 * Pure.
 */
export const SOURCE_BITS = {
  source_a: 1,
  source_b: 2,
  market_provider: 4,
  /** Synthetic rows `bun run demo` seeds so its history has a past (scripts/demo-seed.ts); never recorded by a deployment. */
  demo_seed: 8,
} as const
export type SourceName = keyof typeof SOURCE_BITS

const NAMES = Object.keys(SOURCE_BITS) as SourceName[]

export function sourceBits(names: Iterable<SourceName>): number {
  let bits = 0
  for (const name of names) bits |= SOURCE_BITS[name]
  return bits
}

/** The names of the bits set, in a fixed order. */
export function sourceNames(bits: number): SourceName[] {
  return NAMES.filter((name) => (bits & SOURCE_BITS[name]) !== 0)
}
