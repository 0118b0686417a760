/**
 * The core plan: the reads everything else stands on (the screener's inputs, ADA's snapshot and series, the
 * ecosystem list, the chain tip), each a fixed canonical upstream resource, with the share of each upstream's
 * budget reserved for them and the interval each is refreshed at. Long-tail reads (charts, search, details,
 * wallets, logos) share what is left, fairly between clients, and can never take the core share.
 *
 * The plan is pure data computed from the configured budgets and the registry size. Each input is sized as if it
 * were refreshed continuously at its interval (a background schedule may do exactly that): in any minute it
 * costs `callsPerRefresh` for each refresh the minute can hold. An input's interval is its preferred one when
 * the upstream's core inputs fit in MAX_CORE_FRACTION of the budget, else every interval of that upstream is
 * stretched by the same factor until they fit (source B's screener batches refresh less often on a small budget
 * or a large registry). An upstream that counts calls per UTC day or month (Koios keyless: 5,000 a day; a
 * CoinGecko Demo key: 10,000 a month) also has its intervals stretched until the core costs at most
 * MAX_CORE_FRACTION of each window, and the plan records each window's core reserve and the long tail's paced
 * allowance (quota-windows.ts). The plan knows no input by name: adding a core input is one entry in
 * coreInputs. The caches use these intervals as the lifetimes of the core resources.
 */
import type { LaneLimits, UpstreamLimits } from './budget-ledger'
import { WINDOW_MS } from './budget-ledger'
import type { UpstreamName } from './errors'
import { burstOf, planningLength, type QuotaLimit, type QuotaWindowKind } from './quota-windows'

/** The core may take at most this much of a budget, so the long tail always keeps the rest. */
export const MAX_CORE_FRACTION = 0.5

export const UPSTREAM_NAMES: UpstreamName[] = ['dexscreener', 'geckoterminal', 'koios', 'coingecko', 'handle']

export type CoreInputId =
  | 'screener-source-a'
  | 'screener-source-b'
  | 'ada-snapshot'
  | 'ada-series-1d'
  | 'ada-series-90d'
  | 'ada-series-365d'
  | 'ecosystem'
  | 'chain-tip'
  | 'chain-follower'
  | 'chain-tokens'

export interface CoreInput {
  id: CoreInputId
  upstream: UpstreamName
  what: string
  /** Upstream calls one refresh costs. */
  callsPerRefresh: number
  /** The interval worth having when the budget allows it. */
  preferredIntervalMs: number
}

export interface PlannedInput extends CoreInput {
  /** Refresh interval, also the lifetime of the cached resource. */
  intervalMs: number
  /** The most calls it can cost in any minute at that interval. */
  callsPerMinute: number
}

/** An upstream's calendar quotas (calls per UTC day and month); null: no cap. */
export interface Quota {
  perDay: number | null
  perMonth: number | null
}

export interface UpstreamPlan {
  budgetPerMinute: number
  /** Reserved for the core inputs: the sum of their calls per minute. */
  corePerMinute: number
  /** Everything else, shared fairly between clients. */
  longTailPerMinute: number
  inputs: PlannedInput[]
  /** The UTC day and month windows the upstream counts in (none: only the minute). */
  windows: QuotaLimit[]
}

export type CorePlan = Record<UpstreamName, UpstreamPlan>

const SECOND = 1000
const MINUTE = 60 * SECOND

/**
 * The most Koios calls one poll of the chain follower makes (src/chain/follower.ts stops a poll's work there and
 * carries the rest to the next poll): 1 `/blocks` + 1 `credential_txs` (the 11 pool credentials; 15 fit a body),
 * then `tx_info` batches of 13 transactions (each with up to 2 `datum_info` calls) and, with calls left, one page of
 * the first start's discovery and backfill. See docs/guide/limits-and-caching.md.
 */
export const CHAIN_FOLLOWER_CALLS_PER_POLL = 13

/**
 * Calls of one step of the token identity resolver (src/chain/identity-resolver.ts), run after each poll: one
 * `asset_info` for up to 8 tokens the follower found outside the registry.
 */
export const CHAIN_TOKENS_CALLS_PER_STEP = 1

/** One poll a block (20 s on average, shared/chain/README.md §5) when the budget allows it. */
export const CHAIN_FOLLOWER_INTERVAL_MS = 20 * SECOND

/**
 * The core inputs of a registry of `registrySize` tokens read `batchSize` units a call, and the chain follower's
 * when it runs (`chainFollowerMs`: its preferred interval, CHAIN_POLL_MS or one block; null when it is off).
 */
export function coreInputs(registrySize: number, batchSize: number, chainFollowerMs: number | null = null): CoreInput[] {
  const batches = Math.ceil(registrySize / batchSize)
  const input = (id: CoreInputId, upstream: UpstreamName, what: string, callsPerRefresh: number, preferredIntervalMs: number): CoreInput => ({
    id,
    upstream,
    what,
    callsPerRefresh,
    preferredIntervalMs,
  })
  return [
    input('screener-source-a', 'dexscreener', `screener prices: /tokens/v1 for ${registrySize} tokens`, batches, 30 * SECOND),
    input('screener-source-b', 'geckoterminal', `screener pools: tokens/multi for ${registrySize} tokens`, batches, 45 * SECOND),
    input('ada-snapshot', 'coingecko', 'ADA snapshot: /coins/markets?ids=cardano', 1, 90 * SECOND),
    input('ada-series-1d', 'coingecko', 'ADA series, 1 day at 5-minute points', 1, 90 * SECOND),
    input('ada-series-90d', 'coingecko', 'ADA series, 90 days hourly', 1, 15 * MINUTE),
    input('ada-series-365d', 'coingecko', 'ADA series, 365 days daily', 1, 60 * MINUTE),
    input('ecosystem', 'coingecko', 'ecosystem list: /coins/markets?category=cardano-ecosystem', 1, 90 * SECOND),
    input('chain-tip', 'koios', 'chain tip: /tip', 1, 20 * SECOND),
    // A small budget (or a daily quota) stretches it like any core input.
    ...(chainFollowerMs !== null
      ? [
          input('chain-follower', 'koios', 'chain follower: /blocks, credential_txs, tx_info, datum_info per poll', CHAIN_FOLLOWER_CALLS_PER_POLL, chainFollowerMs),
          input('chain-tokens', 'koios', 'token identities: asset_info for up to 8 tokens the follower found, after each poll', CHAIN_TOKENS_CALLS_PER_STEP, chainFollowerMs),
        ]
      : []),
  ]
}

/** Refreshes every `intervalMs` can fall this many times into one sliding minute. */
const callsPerMinute = (calls: number, intervalMs: number) => calls * Math.ceil(WINDOW_MS / intervalMs)

/**
 * The plan of every upstream. The stretch applied to an upstream's intervals is the smallest that fits its
 * core into MAX_CORE_FRACTION of every window: the sliding minute (where refreshes count whole) and each
 * calendar window (where an input costs calls × window / interval), so a Koios core input polls slower on the
 * keyless 5,000 a day and CoinGecko's on a Demo key's 10,000 a month.
 */
export function planCore(
  budgets: Record<UpstreamName, number>,
  inputs: readonly CoreInput[],
  quotas: Partial<Record<UpstreamName, Quota>> = {},
): CorePlan {
  const plan = {} as CorePlan
  for (const upstream of UPSTREAM_NAMES) {
    const budget = budgets[upstream]
    const own = inputs.filter((i) => i.upstream === upstream)
    const calendar = calendarWindows(quotas[upstream])
    const cap = Math.max(1, Math.floor(budget * MAX_CORE_FRACTION))
    const interval = (i: CoreInput, stretch: number) => Math.ceil((i.preferredIntervalMs * stretch) / SECOND) * SECOND
    const cost = (stretch: number) => own.reduce((sum, i) => sum + callsPerMinute(i.callsPerRefresh, interval(i, stretch)), 0)
    // A calendar window fits from this stretch on (its cost falls as 1 / stretch; rounding intervals up only helps).
    const fitsCalendar = Math.max(
      1,
      ...calendar.map((w) => own.reduce((sum, i) => sum + (i.callsPerRefresh * planningLength(w.kind)) / i.preferredIntervalMs, 0) / Math.max(1, w.limit * MAX_CORE_FRACTION)),
    )
    // The minute's cost only drops where some interval reaches a whole fraction of the minute (60 s, 30 s, 20 s, …): try
    // those stretches, smallest first. Past a minute an input costs its calls once per window whatever the stretch.
    const candidates = own
      .flatMap((i) => Array.from({ length: 60 }, (_, m) => WINDOW_MS / ((m + 1) * i.preferredIntervalMs)))
      .filter((c) => c > 1)
      .sort((a, b) => a - b)
    const tried = [1, fitsCalendar, ...candidates].filter((c) => c >= fitsCalendar).sort((a, b) => a - b)
    const stretch = tried.find((c) => cost(c) <= cap) ?? Math.max(fitsCalendar, ...candidates)
    const planned = own.map((i): PlannedInput => {
      const intervalMs = interval(i, stretch)
      return { ...i, intervalMs, callsPerMinute: callsPerMinute(i.callsPerRefresh, intervalMs) }
    })
    const core = Math.min(budget, planned.reduce((sum, i) => sum + i.callsPerMinute, 0))
    plan[upstream] = {
      budgetPerMinute: budget,
      corePerMinute: core,
      longTailPerMinute: budget - core,
      inputs: planned,
      windows: calendar.map(({ kind, limit }) => {
        const coreReserve = Math.min(limit, Math.ceil(planned.reduce((sum, i) => sum + (i.callsPerRefresh * planningLength(kind)) / i.intervalMs, 0)))
        const longTail = limit - coreReserve
        return { kind, limit, coreReserve, longTail, burst: burstOf(longTail, kind) }
      }),
    }
  }
  return plan
}

function calendarWindows(quota: Quota | undefined): Array<{ kind: QuotaWindowKind; limit: number }> {
  const windows: Array<{ kind: QuotaWindowKind; limit: number }> = []
  if (quota?.perDay) windows.push({ kind: 'day', limit: quota.perDay })
  if (quota?.perMonth) windows.push({ kind: 'month', limit: quota.perMonth })
  return windows
}

/** The lanes' limits for the budget ledger. */
export function laneLimits(plan: CorePlan): LaneLimits {
  const limits = {} as LaneLimits
  for (const upstream of UPSTREAM_NAMES) {
    const p = plan[upstream]
    const lanes: UpstreamLimits = { core: { perMinute: p.corePerMinute }, long_tail: { perMinute: p.longTailPerMinute } }
    limits[upstream] = p.windows.length === 0 ? lanes : { ...lanes, windows: p.windows }
  }
  return limits
}

/** The planned interval of one input (the lifetime of its cached resource). */
export function intervalOf(plan: CorePlan, id: CoreInputId): number {
  for (const upstream of UPSTREAM_NAMES) {
    const input = plan[upstream].inputs.find((i) => i.id === id)
    if (input !== undefined) return input.intervalMs
  }
  throw new RangeError(`no core input ${id}`)
}
