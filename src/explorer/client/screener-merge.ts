/**
 * The screener's live stream events folded into the REST body the page renders: pure, so the unit tests cover
 * it. Field names are those of GET /api/v1/stream (docs/guide/live-stream.md).
 */
import type { ScreenerBody, ScreenerRow } from '../../modules/tokens/schemas'

interface Freshness {
  updatedAt: string | null
  sourcesAsOf: ScreenerBody['sourcesAsOf'] | null
  stale: boolean
}

/** `event: snapshot` of the `screener` topic. Before the service's first screener build it holds nothing (nulls, no tokens). */
export interface ScreenerSnapshotEvent extends Freshness {
  coverage: string | null
  tokens: ScreenerRow[]
}

/** `event: screener`: the rows that changed at a refresh and the units that left the screener. */
export interface ScreenerDeltaEvent extends Freshness {
  coverage: string
  changed: ScreenerRow[]
  removed: string[]
}

/** The snapshot as the page's body; null when the stream holds no screener yet (the page then reads it once over REST). */
export function snapshotBody(s: ScreenerSnapshotEvent): ScreenerBody | null {
  if (s.updatedAt === null || s.sourcesAsOf === null || s.coverage === null || s.tokens.length === 0) return null
  return { coverage: s.coverage, updatedAt: s.updatedAt, sourcesAsOf: s.sourcesAsOf, count: s.tokens.length, tokens: s.tokens }
}

/** Changed rows replace theirs (new units are added at the end: the page sorts), removed units go. */
export function applyScreenerDelta(body: ScreenerBody, delta: ScreenerDeltaEvent): ScreenerBody {
  const changed = new Map(delta.changed.map((row) => [row.address, row]))
  const removed = new Set(delta.removed)
  const kept = body.tokens.filter((row) => !removed.has(row.address)).map((row) => changed.get(row.address) ?? row)
  const held = new Set(kept.map((row) => row.address))
  const tokens = [...kept, ...delta.changed.filter((row) => !held.has(row.address) && !removed.has(row.address))]
  return {
    coverage: delta.coverage,
    updatedAt: delta.updatedAt ?? body.updatedAt,
    sourcesAsOf: delta.sourcesAsOf ?? body.sourcesAsOf,
    count: tokens.length,
    tokens,
  }
}

/** A REST answer older than what the stream already gave is not taken (ISO 8601 strings sort by time). */
export const isNewer = (next: ScreenerBody, held: ScreenerBody | null) => held === null || next.updatedAt >= held.updatedAt
