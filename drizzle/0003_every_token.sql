CREATE TABLE `chain_tokens` (
	`unit` text PRIMARY KEY NOT NULL,
	`ticker` text,
	`name` text,
	`decimals` integer,
	`decimals_source` text NOT NULL,
	`first_seen_height` integer NOT NULL,
	`checked_at_ms` integer
);
--> statement-breakpoint
CREATE INDEX `chain_tokens_pending` ON `chain_tokens` (`checked_at_ms`,`first_seen_height`);--> statement-breakpoint
CREATE TABLE `pool_candles` (
	`pool_id` text NOT NULL,
	`hour_start` integer NOT NULL,
	`open` real NOT NULL,
	`high` real NOT NULL,
	`low` real NOT NULL,
	`close` real NOT NULL,
	`volume_ada` real NOT NULL,
	PRIMARY KEY(`pool_id`, `hour_start`)
);
--> statement-breakpoint
ALTER TABLE `chain_pools` ADD `last_time` integer;--> statement-breakpoint
ALTER TABLE `chain_pools` ADD `last_tx_hash` text;--> statement-breakpoint
ALTER TABLE `chain_pools` ADD `lp_supply` text;--> statement-breakpoint
ALTER TABLE `chain_pools` ADD `fee_bps_ada_in` real;--> statement-breakpoint
ALTER TABLE `chain_pools` ADD `fee_bps_token_in` real;--> statement-breakpoint
ALTER TABLE `chain_pools` ADD `created_height` integer;--> statement-breakpoint
ALTER TABLE `chain_pools` ADD `created_hash` text;--> statement-breakpoint
ALTER TABLE `chain_pools` ADD `created_time` integer;--> statement-breakpoint
ALTER TABLE `chain_pools` ADD `created_tx_hash` text;--> statement-breakpoint
ALTER TABLE `chain_pools` ADD `initial_reserve_ada` text;--> statement-breakpoint
ALTER TABLE `chain_pools` ADD `initial_reserve_token` text;--> statement-breakpoint
CREATE INDEX `chain_pools_token` ON `chain_pools` (`token_unit`);--> statement-breakpoint
CREATE INDEX `chain_pools_created` ON `chain_pools` (`created_height`);--> statement-breakpoint
ALTER TABLE `pool_updates` ADD `ada_per_unit` real;--> statement-breakpoint
UPDATE `pool_updates` SET `ada_per_unit` = CASE WHEN CAST(`reserve_token` AS REAL) > 0 THEN CAST(`reserve_ada` AS REAL) / CAST(`reserve_token` AS REAL) / 1000000.0 ELSE NULL END;
--> statement-breakpoint
INSERT INTO `pool_candles` (`pool_id`, `hour_start`, `open`, `high`, `low`, `close`, `volume_ada`)
SELECT `pool_id`, `hour` * 3600, `open`, max(`high`, `open`), min(`low`, `open`), `last`, `volume` FROM (
  SELECT `pool_id`, `hour`, `high`, `low`, `volume`, `last`, COALESCE(lag(`last`) OVER (PARTITION BY `pool_id` ORDER BY `hour`), `first`) AS `open` FROM (
    SELECT `pool_id`, `hour`, max(`price`) AS `high`, min(`price`) AS `low`, sum(`vol`) / 1000000.0 AS `volume`,
      max(CASE WHEN `from_first` = 1 THEN `price` END) AS `first`, max(CASE WHEN `from_last` = 1 THEN `price` END) AS `last`
    FROM (
      SELECT `pool_id`, `block_time` / 3600 AS `hour`, `ada_per_unit` AS `price`,
        CASE WHEN `kind` = 'swap' AND `amount_ada` IS NOT NULL THEN CAST(`amount_ada` AS REAL) ELSE 0 END AS `vol`,
        row_number() OVER (PARTITION BY `pool_id`, `block_time` / 3600 ORDER BY `block_time`, `block_height`, `block_index`) AS `from_first`,
        row_number() OVER (PARTITION BY `pool_id`, `block_time` / 3600 ORDER BY `block_time` DESC, `block_height` DESC, `block_index` DESC) AS `from_last`
      FROM `pool_updates` WHERE `ada_per_unit` IS NOT NULL
    ) GROUP BY `pool_id`, `hour`
  )
);
