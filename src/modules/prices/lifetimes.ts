/** How long price answers are kept (pure constants, shared by the service, the routes and the catalogue). */

/** The batch: source A's per-unit reads and the screener's source A batches refresh every 30 s. */
export const BATCH_CACHE_SECONDS = 30
/** The current price, and a moment whose hour is not over (or not yet read past by the chain follower). */
export const OPEN_PRICE_CACHE_SECONDS = 15
/** A price of a closed hour, and a closed block's source B page: for good, as far as the caches' bounds allow. */
export const FOR_GOOD_SECONDS = 365 * 86_400
