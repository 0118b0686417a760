import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'

/**
 * The community store. The daily limits live here as constraints, so they hold across processes that share
 * one database: a unique (stake address, UTC day) key for boosts; comments carry their UTC day so the
 * 10-a-day rule is one conditional INSERT (see modules/community/store.ts), and a unique replay key so the
 * same signed comment is saved once.
 */

export const boosts = sqliteTable(
  'boosts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** Bech32 `stake1…`: the writer's identity. */
    stakeAddress: text('stake_address').notNull(),
    /** Lowercase asset unit. */
    unit: text('unit').notNull(),
    /** UTC day of the boost, YYYY-MM-DD. */
    day: text('day').notNull(),
    /** When it was saved, Unix milliseconds. */
    createdAtMs: integer('created_at_ms').notNull(),
  },
  (table) => [
    uniqueIndex('boosts_one_per_stake_day').on(table.stakeAddress, table.day),
    index('boosts_unit_created').on(table.unit, table.createdAtMs),
  ],
)

export const comments = sqliteTable(
  'comments',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    unit: text('unit').notNull(),
    stakeAddress: text('stake_address').notNull(),
    /** Exactly as signed. */
    body: text('body').notNull(),
    /** UTC day of saving, YYYY-MM-DD: the daily limit counts rows per (stake address, day). */
    day: text('day').notNull(),
    createdAtMs: integer('created_at_ms').notNull(),
    /** SHA-256 of the stake address and the signed payload: a replayed signature maps to the saved comment. */
    replayKey: text('replay_key').notNull(),
  },
  (table) => [
    uniqueIndex('comments_replay_key').on(table.replayKey),
    index('comments_unit_id').on(table.unit, table.id),
    index('comments_stake_day').on(table.stakeAddress, table.day),
  ],
)

export type BoostRow = typeof boosts.$inferSelect
export type CommentRow = typeof comments.$inferSelect
