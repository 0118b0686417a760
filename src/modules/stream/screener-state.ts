/**
 * The screener as the stream holds it: the rows of the last build heard (here or on another instance), how fresh
 * they are, and which rows a new build changed or removed. `screener` and `token:<unit>` snapshots are read from it.
 */
import { logoUrl } from '../../paths'
import type { ScreenerBody, ScreenerRow } from '../tokens/schemas'

/** How fresh an event's figures are: the refresh that computed them and the upstream reads behind it. */
export interface Freshness {
  updatedAt: string | null
  sourcesAsOf: ScreenerBody['sourcesAsOf'] | null
  stale: boolean
}

/** A screener build's rows as the stream carries them: logo URLs on the configured base ('' gives paths). */
export function streamRows(body: ScreenerBody, publicBaseUrl: string | null): ScreenerRow[] {
  return body.tokens.map((row) => onOrigin(row, publicBaseUrl ?? ''))
}

const onOrigin = (row: ScreenerRow, origin: string): ScreenerRow => ({ ...row, imageUrl: logoUrl(origin, row.address) })

/** Rows are built field by field in one order, so equal figures give equal JSON. */
const sameRow = (a: ScreenerRow | undefined, b: ScreenerRow | undefined) => JSON.stringify(a) === JSON.stringify(b)

export class ScreenerState {
  private freshness: Freshness = { updatedAt: null, sourcesAsOf: null, stale: false }
  private coverage: string | null = null
  private tokens: ScreenerRow[] = []
  private rows = new Map<string, ScreenerRow>()

  /** The units whose rows differ from those held (changed or new), and those no longer in `tokens`. */
  diff(tokens: readonly ScreenerRow[]): { changed: string[]; removed: string[] } {
    const next = new Map(tokens.map((row) => [row.address, row]))
    return {
      changed: tokens.filter((row) => !sameRow(this.rows.get(row.address), row)).map((row) => row.address),
      removed: [...this.rows.keys()].filter((unit) => !next.has(unit)),
    }
  }

  /** A build with nothing to tell: only when the figures were last confirmed moves. */
  confirm(freshness: Freshness): void {
    this.freshness = freshness
  }

  /**
   * Hold a build. Returns what differs from what was held among `changed` / `removed` (another instance may have
   * told the same change already).
   */
  apply(freshness: Freshness, coverage: string, tokens: ScreenerRow[], changed: readonly string[], removed: readonly string[]) {
    const rows = new Map(tokens.map((row) => [row.address, row]))
    const changedHere = changed.filter((unit) => !sameRow(this.rows.get(unit), rows.get(unit)))
    const removedHere = removed.filter((unit) => this.rows.has(unit) && !rows.has(unit))
    this.freshness = freshness
    this.coverage = coverage
    this.tokens = tokens
    this.rows = rows
    return { changedHere, removedHere }
  }

  row(unit: string): ScreenerRow | null {
    return this.rows.get(unit) ?? null
  }

  /** A `screener` snapshot's data; with an `origin`, logo URLs held as paths are made absolute on it. */
  snapshot(topic: string, origin = ''): Record<string, unknown> {
    const tokens = origin === '' ? this.tokens : this.tokens.map((row) => onOrigin(row, origin))
    return { topic, ...this.freshness, coverage: this.coverage, count: tokens.length, tokens }
  }

  /** A `token:<unit>` snapshot's data, logo URL as in `snapshot`. */
  tokenSnapshot(topic: string, unit: string, origin = ''): Record<string, unknown> {
    const row = this.row(unit)
    return { topic, ...this.freshness, token: row === null || origin === '' ? row : onOrigin(row, origin) }
  }
}
