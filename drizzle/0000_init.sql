CREATE TABLE `boosts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`stake_address` text NOT NULL,
	`unit` text NOT NULL,
	`day` text NOT NULL,
	`created_at_ms` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `boosts_one_per_stake_day` ON `boosts` (`stake_address`,`day`);--> statement-breakpoint
CREATE INDEX `boosts_unit_created` ON `boosts` (`unit`,`created_at_ms`);--> statement-breakpoint
CREATE TABLE `comments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`unit` text NOT NULL,
	`stake_address` text NOT NULL,
	`body` text NOT NULL,
	`day` text NOT NULL,
	`created_at_ms` integer NOT NULL,
	`replay_key` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `comments_replay_key` ON `comments` (`replay_key`);--> statement-breakpoint
CREATE INDEX `comments_unit_id` ON `comments` (`unit`,`id`);--> statement-breakpoint
CREATE INDEX `comments_stake_day` ON `comments` (`stake_address`,`day`);