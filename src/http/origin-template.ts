/**
 * One answer for every origin: an answer that hands out absolute URLs (logo links, the index's baseUrl) is built
 * once with a marker standing for the origin, kept origin-free, and the caller's origin is written in when it is
 * served. Without this, each new Host (PUBLIC_BASE_URL unset) rebuilt the screener (~13 ms of CPU against ~0.06 ms
 * for a hit) and kept one more copy of it: a client rotating Host headers multiplied both for free.
 *
 * The marker is a fresh random origin per build, so no upstream text (a token name) can contain it. Renderings are
 * bounded per answer: an origin seen twice keeps its rendering (compressed once, like any cached answer); an origin
 * seen once gets the identity bytes and keeps nothing, so a one-off Host costs one copy of the bytes and a hash.
 */

const encoder = new TextEncoder()

/** An origin no caller can name: `http://o-<random>.invalid` (RFC 6761 reserves `.invalid`). */
export const newOriginMarker = (): string => `http://o-${crypto.randomUUID().replaceAll('-', '')}.invalid`

/** The body cut at each occurrence of the marker (n occurrences: n + 1 segments). */
export function splitOnMarker(body: Uint8Array, marker: string): Uint8Array[] {
  const needle = encoder.encode(marker)
  const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength)
  const segments: Uint8Array[] = []
  let from = 0
  for (let at = bytes.indexOf(needle, from); at >= 0; at = bytes.indexOf(needle, from)) {
    segments.push(body.subarray(from, at))
    from = at + needle.byteLength
  }
  segments.push(body.subarray(from))
  return segments
}

/** The segments joined with the origin: the answer as that origin's callers get it. */
export function fillOrigin(segments: readonly Uint8Array[], origin: string): Uint8Array {
  const fill = encoder.encode(origin)
  let size = fill.byteLength * (segments.length - 1)
  for (const segment of segments) size += segment.byteLength
  const out = new Uint8Array(size)
  let at = 0
  for (let i = 0; i < segments.length; i++) {
    if (i > 0) {
      out.set(fill, at)
      at += fill.byteLength
    }
    out.set(segments[i], at)
    at += segments[i].byteLength
  }
  return out
}

/** Renderings kept per answer: the origins a deployment really serves are one or a few. */
export const MAX_KEPT_ORIGINS = 4
/** Origins remembered as seen once, per answer, before the list starts over. */
const MAX_SEEN_ORIGINS = 64

/**
 * The renderings of one origin-free answer. `make(body, keep)` turns filled bytes into a servable rendering;
 * `keep` says it will be kept (worth compressing).
 */
export class OriginRenderings<R> {
  private readonly kept = new Map<string, R>()
  private readonly seen = new Set<string>()
  /** The most recently used kept origin: a run of hits from one origin skips the LRU bookkeeping. */
  private newest: string | undefined
  /** Bytes the kept renderings hold (the owner counts them against its cache bound). */
  keptBytes = 0

  constructor(
    readonly segments: readonly Uint8Array[],
    private readonly make: (body: Uint8Array, keep: boolean) => R,
    private readonly sizeOf: (rendering: R) => number,
  ) {}

  for(origin: string): R {
    const kept = this.kept.get(origin)
    if (kept !== undefined) {
      if (origin !== this.newest) {
        this.kept.delete(origin)
        this.kept.set(origin, kept)
        this.newest = origin
      }
      return kept
    }
    // The first origin (the one the build was asked for) and any origin seen before are kept.
    const keep = this.kept.size === 0 || this.seen.has(origin)
    const rendering = this.make(fillOrigin(this.segments, origin), keep)
    if (!keep) {
      if (this.seen.size >= MAX_SEEN_ORIGINS) this.seen.clear()
      this.seen.add(origin)
      return rendering
    }
    this.seen.delete(origin)
    if (this.kept.size >= MAX_KEPT_ORIGINS) {
      const [oldest, dropped] = this.kept.entries().next().value!
      this.kept.delete(oldest)
      this.keptBytes -= this.sizeOf(dropped)
    }
    this.kept.set(origin, rendering)
    this.keptBytes += this.sizeOf(rendering)
    this.newest = origin
    return rendering
  }

  /** Origins with a kept rendering (tests, metrics). */
  get keptOrigins(): string[] {
    return [...this.kept.keys()]
  }
}
