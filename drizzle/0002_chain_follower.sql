CREATE TABLE `chain_blocks` (
	`height` integer PRIMARY KEY NOT NULL,
	`hash` text NOT NULL,
	`time` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `chain_cursor` (
	`id` integer PRIMARY KEY NOT NULL,
	`height` integer NOT NULL,
	`hash` text,
	`time` integer,
	`backfill` text,
	`discovery` text,
	`updated_at_ms` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `chain_leases` (
	`name` text PRIMARY KEY NOT NULL,
	`holder` text NOT NULL,
	`expires_at_ms` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `chain_pools` (
	`pool_id` text PRIMARY KEY NOT NULL,
	`dex` text NOT NULL,
	`token_unit` text NOT NULL,
	`identity_unit` text NOT NULL,
	`reserve_ada` text NOT NULL,
	`reserve_token` text NOT NULL,
	`last_height` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `pool_updates` (
	`tx_hash` text NOT NULL,
	`pool_id` text NOT NULL,
	`token_unit` text NOT NULL,
	`block_height` integer NOT NULL,
	`block_hash` text NOT NULL,
	`block_time` integer NOT NULL,
	`block_index` integer NOT NULL,
	`kind` text NOT NULL,
	`reserve_ada` text NOT NULL,
	`reserve_token` text NOT NULL,
	`price_ada` real,
	`side` text,
	`amount_token` text,
	`amount_ada` text,
	PRIMARY KEY(`tx_hash`, `pool_id`)
);
--> statement-breakpoint
CREATE INDEX `pool_updates_token_time` ON `pool_updates` (`token_unit`,`block_time`);--> statement-breakpoint
CREATE INDEX `pool_updates_pool_time` ON `pool_updates` (`pool_id`,`block_time`);--> statement-breakpoint
CREATE INDEX `pool_updates_height` ON `pool_updates` (`block_height`);