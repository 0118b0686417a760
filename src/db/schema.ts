import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'

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

/**
 * The assets of the market history: a unit is stored once here and rows refer to it by a small integer (a unit
 * is 56 to 120 characters; repeated in every row and its key it was most of the row's bytes).
 */
export const historyAssets = sqliteTable(
  'history_assets',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** Lowercase asset unit; `lovelace` for ADA. */
    unit: text('unit').notNull(),
  },
  (table) => [uniqueIndex('history_assets_unit').on(table.unit)],
)

/**
 * The service's own market history (modules/history): one row per asset per interval, recorded from figures a
 * core refresh already read. 5-minute snapshots carry the price in `priceUsd` only (open, high and low null: a
 * point); hourly rows rolled up from snapshots older than the retention carry open/high/low too, `priceUsd`
 * being the close. The primary key makes recording idempotent across instances.
 */
export const marketSnapshots = sqliteTable(
  'market_snapshots',
  {
    assetId: integer('asset_id').notNull(),
    /** 300 (a 5-minute snapshot) or 3600 (an hourly roll-up). */
    intervalSeconds: integer('interval_seconds').notNull(),
    /** Start of the interval, Unix seconds (a multiple of intervalSeconds). */
    intervalStart: integer('interval_start').notNull(),
    /** USD price: the snapshot's, or the close of a roll-up. */
    priceUsd: real('price_usd').notNull(),
    openUsd: real('open_usd'),
    highUsd: real('high_usd'),
    lowUsd: real('low_usd'),
    /** Merged USD liquidity across covered DEXes at the snapshot (the last one of a roll-up). */
    liquidityUsd: real('liquidity_usd'),
    /** Rolling 24 h USD volume at the snapshot, not volume traded within the interval. */
    volume24hUsd: real('volume24h_usd'),
    buys24h: integer('buys24h'),
    sells24h: integer('sells24h'),
    /** Which sources contributed, as bits: 1 source A, 2 source B, 4 market provider. */
    sources: integer('sources').notNull(),
    /** 5-minute snapshots behind the row: 1, or up to 12 for an hourly roll-up. */
    samples: integer('samples').notNull(),
    /** When the figures were read, Unix milliseconds. */
    recordedAtMs: integer('recorded_at_ms').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.assetId, table.intervalSeconds, table.intervalStart] }),
    index('market_snapshots_time').on(table.intervalStart),
  ],
)

export type MarketSnapshotRow = typeof marketSnapshots.$inferSelect
