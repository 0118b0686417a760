/**
 * How often the core refresh runs: from the core plan (src/upstream/core-plan.ts), whose share of each budget
 * was sized for exactly this continuous refresh. The refresh runs at the shortest interval of the inputs it
 * reads; an input with a longer interval is then answered from its cache in between, so each input still costs
 * its planned calls and no more.
 *
 * Refreshes map to 5-minute snapshots by time: a refresh records its figures under the 5-minute interval it runs
 * in, and the first refresh of an interval is kept (several land in each, so one failed refresh leaves no hole).
 * The interval is capped at 5 minutes so that no interval goes without a refresh.
 */
import { intervalOf, type CorePlan } from '../../upstream/core-plan'
import { SNAPSHOT_SECONDS } from './intervals'

export function coreRefreshMs(plan: CorePlan): number {
  const inputs = ['screener-source-a', 'screener-source-b', 'ada-snapshot'] as const
  return Math.min(SNAPSHOT_SECONDS * 1000, ...inputs.map((id) => intervalOf(plan, id)))
}
