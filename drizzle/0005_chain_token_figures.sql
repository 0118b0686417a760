CREATE TABLE `chain_figures_window` (
	`id` integer PRIMARY KEY NOT NULL,
	`end_time` integer
);
--> statement-breakpoint
CREATE TABLE `chain_pool_figures` (
	`pool_id` text PRIMARY KEY NOT NULL,
	`token_unit` text NOT NULL,
	`volume_lovelace` integer NOT NULL,
	`buys` integer NOT NULL,
	`sells` integer NOT NULL,
	`ref_price` real,
	`ref_time` integer,
	`ref_height` integer,
	`ref_index` integer,
	`state_time` integer
);
--> statement-breakpoint
CREATE INDEX `chain_pool_figures_token` ON `chain_pool_figures` (`token_unit`);--> statement-breakpoint
CREATE INDEX `chain_pool_figures_state_time` ON `chain_pool_figures` (`state_time`);--> statement-breakpoint
CREATE TABLE `chain_token_figures` (
	`unit` text PRIMARY KEY NOT NULL,
	`fingerprint` text NOT NULL,
	`asset_name` text,
	`pair_count` integer NOT NULL,
	`dex_ids` text NOT NULL,
	`top_pool_id` text NOT NULL,
	`top_reserve_ada` integer NOT NULL,
	`top_reserve_token` text NOT NULL,
	`top_price` real,
	`reserve_lovelace` integer NOT NULL,
	`volume_lovelace` integer NOT NULL,
	`buys` integer NOT NULL,
	`sells` integer NOT NULL,
	`txns` integer NOT NULL,
	`change24h` real,
	`pair_created_at` integer
);
--> statement-breakpoint
CREATE INDEX `chain_token_figures_top_reserve` ON `chain_token_figures` (`top_reserve_ada`);--> statement-breakpoint
CREATE INDEX `chain_token_figures_fingerprint` ON `chain_token_figures` (`fingerprint`);--> statement-breakpoint
CREATE INDEX `pool_updates_time` ON `pool_updates` (`block_time`);