/**
 * The demo's writer. Boosts and comments count only from a registered stake address holding COMMUNITY_MIN_ADA,
 * which a new key never is; the demo's fake chain lists this mnemonic's stake address (account 0, address 0, as
 * examples/sign-and-boost.ts derives it) as registered with 1,000 ADA, so the example run with
 * `MNEMONIC="<these words>"` writes on the demo as a funded wallet does on mainnet. The words are public: never
 * send real funds to this key.
 */
export const DEMO_MNEMONIC =
  'dinner stumble unable ice receive wild joy page census crane merge drive govern kind junk bless identify mouse pause want hint equip wall run'

/** The stake address DEMO_MNEMONIC derives (test/community/sign-example.test.ts checks it). */
export const DEMO_STAKE_ADDRESS = 'stake1uy7flhllwkwe9xz4sxayengw3t8xwmewt5mpt23xxn8pnhcjyeg20'

/** What the demo's fake chain says it holds, in lovelace. */
export const DEMO_LOVELACE = 1_000_000_000n
