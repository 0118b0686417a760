/** A small deterministic PRNG (mulberry32) in [0, 1): the same sequence for the same seed, every run. */
export function seededRandom(seed: number): () => number {
  let h = seed | 0
  return () => {
    h = (h + 0x6d2b79f5) | 0
    let t = Math.imul(h ^ (h >>> 15), 1 | h)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
