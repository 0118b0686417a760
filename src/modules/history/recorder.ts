/**
 * Writes what a core refresh read into the history. Never reads an upstream and never throws: a failed write
 * is logged and retried by the next refresh of the same interval.
 *
 * Per interval, the first refresh that lands in it is kept. This process remembers which interval it last
 * recorded per kind, so the other refreshes of an interval cost no database write at all; another instance
 * sharing the database writes the same key and the primary key drops its rows (ON CONFLICT DO NOTHING).
 */
import type { ServiceDeps } from '../../core'
import type { CommunityDatabase } from '../../db/client'
import { intervalStart, SNAPSHOT_SECONDS } from './intervals'
import { rollUp, rollupCutoff, snapshotsBefore } from './retention'
import { adaSnapshot, tokenSnapshots, type AdaFigures, type Snapshot, type TokenFigures } from './snapshot'
import { insertSnapshots } from './store'

/** Built only with a database (DATABASE_URL=off records nothing). */
export type HistoryRecorderDeps = ServiceDeps<'logger'> & { database: CommunityDatabase }

export type RecordKind = 'tokens' | 'ada'

/** What one call did: rows added, rows another writer had already recorded, or skipped (already done here). */
export type RecordOutcome = { added: number; existing: number } | 'already-recorded' | 'failed'

export class HistoryRecorder {
  private readonly lastInterval = new Map<RecordKind, number>()

  constructor(private readonly deps: HistoryRecorderDeps) {}

  recordTokens(figures: readonly TokenFigures[]): Promise<RecordOutcome> {
    const at = this.deps.now()
    return this.record('tokens', at, tokenSnapshots(figures, at))
  }

  recordAda(figures: AdaFigures): Promise<RecordOutcome> {
    const at = this.deps.now()
    return this.record('ada', at, adaSnapshot(figures, at))
  }

  /** The retention job (see retention.ts); logged, never thrown. */
  async rollUp(): Promise<{ hourly: number; removed: number } | 'failed'> {
    const cutoff = rollupCutoff(this.deps.now())
    try {
      // A read first: most days there is nothing to roll up, and a read never waits for another writer's lock.
      if (!(await this.deps.database.read((db) => snapshotsBefore(db, cutoff)))) return { hourly: 0, removed: 0 }
      const result = await this.deps.database.write((db) => rollUp(db, cutoff))
      if (result.removed > 0) this.deps.logger.info({ cutoff, ...result }, 'history: snapshots rolled up to hourly rows')
      return result
    } catch (error) {
      this.deps.logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'history: roll-up failed; the next run retries')
      return 'failed'
    }
  }

  private async record(kind: RecordKind, atMs: number, rows: Snapshot[]): Promise<RecordOutcome> {
    const interval = intervalStart(atMs, SNAPSHOT_SECONDS)
    if (this.lastInterval.get(kind) === interval) return 'already-recorded'
    if (rows.length === 0) return { added: 0, existing: 0 }
    try {
      const added = await this.deps.database.write((db) => insertSnapshots(db, rows))
      this.lastInterval.set(kind, interval)
      return { added, existing: rows.length - added }
    } catch (error) {
      this.deps.logger.warn({ kind, interval, err: error instanceof Error ? error.message : String(error) }, 'history: snapshot not recorded; the next refresh retries')
      return 'failed'
    }
  }
}
