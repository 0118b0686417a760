/**
 * How often the core refresh runs: the one place the scheduler's interval comes from (the server passes it
 * in; a plan of refresh intervals per core input can replace this default).
 *
 * Default: the screener's lifetime (45 s). Refreshes map to 5-minute snapshots by time: a refresh records its
 * figures under the 5-minute interval it runs in, and the first refresh of an interval is kept (about six
 * refreshes land in each, so one failed refresh leaves no hole). A refresh interval above 300 s would leave
 * intervals without a snapshot.
 */
import { screenerDoc } from '../tokens/catalogue'

export const CORE_REFRESH_MS = screenerDoc.cacheSeconds! * 1000
