CREATE TABLE `chain_pool_outputs` (
	`ref` text PRIMARY KEY NOT NULL,
	`pool_id` text NOT NULL,
	`height` integer NOT NULL,
	`spent_height` integer,
	`output` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `chain_pool_outputs_spent` ON `chain_pool_outputs` (`spent_height`);--> statement-breakpoint
CREATE INDEX `chain_pool_outputs_height` ON `chain_pool_outputs` (`height`);--> statement-breakpoint
CREATE TABLE `chain_position` (
	`id` integer PRIMARY KEY NOT NULL,
	`source` text NOT NULL,
	`tip_height` integer,
	`tip_hash` text,
	`tip_slot` integer,
	`tip_time` integer,
	`seen_at_ms` integer,
	`source_ok` integer NOT NULL,
	`reason` text,
	`since_ms` integer,
	`updated_at_ms` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `chain_cursor` ADD `gaps` text;