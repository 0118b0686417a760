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

/**
 * The chain follower (src/chain/): one row per pool output it read, keyed by (tx, pool) so a re-read is
 * idempotent. Quantities are exact decimal strings (bigint on chain); the price is a float for candles, per base
 * unit of the token so it never depends on decimals learned later (answers apply them: chain/token-identity.ts).
 * `blockHash` lets a rollback find the updates of orphaned blocks; `blockIndex` orders updates inside a block.
 * Kept CHAIN_RETENTION_DAYS, then deleted (chain/retention.ts); their hours stay in `pool_candles`.
 */
export const poolUpdates = sqliteTable(
  'pool_updates',
  {
    txHash: text('tx_hash').notNull(),
    /** The pool's LP-token unit. */
    poolId: text('pool_id').notNull(),
    /** The pool's token (the other side is ADA). */
    tokenUnit: text('token_unit').notNull(),
    blockHeight: integer('block_height').notNull(),
    blockHash: text('block_hash').notNull(),
    /** Unix seconds. */
    blockTime: integer('block_time').notNull(),
    blockIndex: integer('block_index').notNull(),
    /** swap | deposit | withdrawal | created | other */
    kind: text('kind').notNull(),
    /** Tradeable reserves after the update, base units. */
    reserveAda: text('reserve_ada').notNull(),
    reserveToken: text('reserve_token').notNull(),
    /** ADA per base unit of the token after the update (no decimals applied); null when a reserve is 0. */
    adaPerUnit: real('ada_per_unit'),
    /** Swaps only: buy | sell (of the token), and the amounts that moved, base units. */
    side: text('side'),
    amountToken: text('amount_token'),
    amountAda: text('amount_ada'),
  },
  (table) => [
    primaryKey({ columns: [table.txHash, table.poolId] }),
    index('pool_updates_token_time').on(table.tokenUnit, table.blockTime),
    index('pool_updates_pool_time').on(table.poolId, table.blockTime),
    index('pool_updates_height').on(table.blockHeight),
    // The chain figures' 24 h window moves over a time range (chain/figures-upkeep.ts).
    index('pool_updates_time').on(table.blockTime),
  ],
)

/**
 * The pools the follower has recognised (no hand-kept list): every constant-product pool of a token against ADA
 * on the followed DEXes (CHAIN_POOLS=curated: the curated tokens' only). Its latest state, and its creation when
 * the follower read the transaction that created it (null for a pool older than what it read).
 */
export const chainPools = sqliteTable(
  'chain_pools',
  {
    poolId: text('pool_id').primaryKey(),
    dex: text('dex').notNull(),
    tokenUnit: text('token_unit').notNull(),
    /** A unit only this pool holds (asset_txs backfill by pool). */
    identityUnit: text('identity_unit').notNull(),
    /** The latest recorded tradeable reserves (base units): the deepest pool is the default chart. */
    reserveAda: text('reserve_ada').notNull(),
    reserveToken: text('reserve_token').notNull(),
    lastHeight: integer('last_height').notNull(),
    /** Block time (Unix s) and transaction of the latest state read; null for rows older than these columns. */
    lastTime: integer('last_time'),
    lastTxHash: text('last_tx_hash'),
    /** LP tokens in circulation when the pool output tells; null when it does not (a datum-hash pool read without its datum). */
    lpSupply: text('lp_supply'),
    /** LP fee in basis points for ADA sold into the pool and for the token sold into it; null when unknown. */
    feeBpsAdaIn: real('fee_bps_ada_in'),
    feeBpsTokenIn: real('fee_bps_token_in'),
    createdHeight: integer('created_height'),
    createdHash: text('created_hash'),
    createdTime: integer('created_time'),
    createdTxHash: text('created_tx_hash'),
    initialReserveAda: text('initial_reserve_ada'),
    initialReserveToken: text('initial_reserve_token'),
  },
  (table) => [index('chain_pools_token').on(table.tokenUnit), index('chain_pools_created').on(table.createdHeight)],
)

/**
 * What a token outside the curated list is, learned once from the chain API (asset_info: the off-chain token
 * registry or the CIP-68 reference datum). A row is added when the follower first records a pool of the token;
 * `checkedAtMs` null means not asked yet. A token with no metadata is asked again after a week.
 */
export const chainTokens = sqliteTable(
  'chain_tokens',
  {
    unit: text('unit').primaryKey(),
    ticker: text('ticker'),
    name: text('name'),
    decimals: integer('decimals'),
    /** chain-registry | cip68 | unknown (registry: a curated token, answered from the registry file). */
    decimalsSource: text('decimals_source').notNull(),
    /** Block height the follower first recorded a pool of it at (the newest tokens are asked first). */
    firstSeenHeight: integer('first_seen_height').notNull(),
    checkedAtMs: integer('checked_at_ms'),
  },
  (table) => [index('chain_tokens_pending').on(table.checkedAtMs, table.firstSeenHeight)],
)

/**
 * Hourly candles of a pool, kept for every hour as its updates are recorded or rolled back (chain/hourly-candles.ts)
 * and kept for ever, past the updates' retention: exactly the 1h candles the updates gave (open = the previous
 * close). Prices per base unit, as the updates; volume = the ADA side of the swaps, in ADA.
 */
export const poolCandles = sqliteTable(
  'pool_candles',
  {
    poolId: text('pool_id').notNull(),
    /** Start of the hour, Unix seconds. */
    hourStart: integer('hour_start').notNull(),
    open: real('open').notNull(),
    high: real('high').notNull(),
    low: real('low').notNull(),
    close: real('close').notNull(),
    volumeAda: real('volume_ada').notNull(),
  },
  (table) => [primaryKey({ columns: [table.poolId, table.hourStart] })],
)

/**
 * The follower's cursor (one row, id 1): everything at or below `height` is read. `backfill` is JSON of the
 * first start's history read (top and bottom height, page offset per credential group), null once done; so is
 * `discovery` for the pass that finds every current pool (pools that did not trade in the backfill included).
 */
export const chainCursor = sqliteTable('chain_cursor', {
  id: integer('id').primaryKey(),
  height: integer('height').notNull(),
  hash: text('hash'),
  /** Unix seconds of the block at `height`. */
  time: integer('time'),
  backfill: text('backfill'),
  /** JSON of the first start's discovery pass over the pool credentials' current UTxOs (page offset per group), null once done. */
  discovery: text('discovery'),
  updatedAtMs: integer('updated_at_ms').notNull(),
})

/** Hashes of the recent (provisional) blocks, checked at each poll for rollbacks. */
export const chainBlocks = sqliteTable('chain_blocks', {
  height: integer('height').primaryKey(),
  hash: text('hash').notNull(),
  time: integer('time').notNull(),
})

/** The follower lease when there is no Redis: one row per lease name, held until `expiresAtMs`. */
export const chainLeases = sqliteTable('chain_leases', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  expiresAtMs: integer('expires_at_ms').notNull(),
})

/**
 * The chain figures (GET /api/v1/chain/tokens, a token detail's `chain`), kept up to date as the follower records
 * and rolls back (chain/figures-upkeep.ts), never recomputed from the trades per request. Their 24 h figures
 * cover the swaps with block time in (end − 24 h, end], `end` being the newest block time recorded (one row).
 */
export const chainFiguresWindow = sqliteTable('chain_figures_window', {
  id: integer('id').primaryKey(),
  /** Unix seconds; null while nothing is recorded. */
  endTime: integer('end_time'),
})

/** Per followed pool: its trades in the window, and its price at the window's start (the newest update at or before it). */
export const chainPoolFigures = sqliteTable(
  'chain_pool_figures',
  {
    poolId: text('pool_id').primaryKey(),
    tokenUnit: text('token_unit').notNull(),
    /** ADA side of its trades (swaps with a side) in the window, lovelace. */
    volumeLovelace: integer('volume_lovelace').notNull(),
    buys: integer('buys').notNull(),
    sells: integer('sells').notNull(),
    /** ADA per base unit after the newest update at or before the window's start; null: none known (or an empty reserve). */
    refPrice: real('ref_price'),
    /** That update's block time, height and index in the block (null: none). */
    refTime: integer('ref_time'),
    refHeight: integer('ref_height'),
    refIndex: integer('ref_index'),
    /** chain_pools.last_time, copied: once the window's start passes it, the current state is the price at the start. */
    stateTime: integer('state_time'),
  },
  (table) => [index('chain_pool_figures_token').on(table.tokenUnit), index('chain_pool_figures_state_time').on(table.stateTime)],
)

/** Per token with a followed pool: its /chain/tokens figures (chain/token-figures.ts), as of the window's end. */
export const chainTokenFigures = sqliteTable(
  'chain_token_figures',
  {
    unit: text('unit').primaryKey(),
    /** CIP-14 fingerprint, for search. */
    fingerprint: text('fingerprint').notNull(),
    /** The asset name as text when printable (a label for tokens nothing describes); null otherwise. */
    assetName: text('asset_name'),
    pairCount: integer('pair_count').notNull(),
    /** Sorted DEX ids of its followed pools, comma-separated. */
    dexIds: text('dex_ids').notNull(),
    /** The deepest pool (most tradeable ADA) and its reserves and price per base unit (null: an empty reserve). */
    topPoolId: text('top_pool_id').notNull(),
    topReserveAda: integer('top_reserve_ada').notNull(),
    topReserveToken: text('top_reserve_token').notNull(),
    topPrice: real('top_price'),
    /** Tradeable ADA reserves summed over its followed pools, lovelace (liquidity is twice this). */
    reserveLovelace: integer('reserve_lovelace').notNull(),
    volumeLovelace: integer('volume_lovelace').notNull(),
    buys: integer('buys').notNull(),
    sells: integer('sells').notNull(),
    txns: integer('txns').notNull(),
    /** Percent: the deepest pool's price now against its price at the window's start; null when unknown. */
    change24h: real('change24h'),
    /** Unix seconds of its oldest followed pool's creation; null when a pool predates what the follower read. */
    pairCreatedAt: integer('pair_created_at'),
  },
  (table) => [index('chain_token_figures_top_reserve').on(table.topReserveAda), index('chain_token_figures_fingerprint').on(table.fingerprint)],
)

export type PoolUpdateRow = typeof poolUpdates.$inferSelect
export type ChainPoolRow = typeof chainPools.$inferSelect
export type ChainTokenRow = typeof chainTokens.$inferSelect
export type PoolCandleRow = typeof poolCandles.$inferSelect
export type ChainTokenFiguresRow = typeof chainTokenFigures.$inferSelect
