CREATE TABLE `history_assets` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`unit` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `history_assets_unit` ON `history_assets` (`unit`);--> statement-breakpoint
CREATE TABLE `market_snapshots` (
	`asset_id` integer NOT NULL,
	`interval_seconds` integer NOT NULL,
	`interval_start` integer NOT NULL,
	`price_usd` real NOT NULL,
	`open_usd` real,
	`high_usd` real,
	`low_usd` real,
	`liquidity_usd` real,
	`volume24h_usd` real,
	`buys24h` integer,
	`sells24h` integer,
	`sources` integer NOT NULL,
	`samples` integer NOT NULL,
	`recorded_at_ms` integer NOT NULL,
	PRIMARY KEY(`asset_id`, `interval_seconds`, `interval_start`)
);
--> statement-breakpoint
CREATE INDEX `market_snapshots_time` ON `market_snapshots` (`interval_start`);