/**
 * The core refresh: the screener build and ADA's market-provider snapshot, through the same services and
 * caches the endpoints use, and the history recording of what they produced (no further upstream read).
 */
import type { Logger } from '../../observability/logger'
import type { AdaMarketService } from '../ada-market/service'
import { NO_ORIGIN, type TokenService } from '../tokens/service'
import type { HistoryRecorder, RecordOutcome } from './recorder'
import { HistoryScheduler, type SchedulerClock } from './scheduler'

export interface CoreRefreshDeps {
  tokens: Pick<TokenService, 'screenerRefresh'>
  adaMarket: Pick<AdaMarketService, 'snapshot'>
  recorder: HistoryRecorder
  logger: Logger
}

export interface RefreshOutcome {
  tokens: RecordOutcome | 'not-recorded'
  ada: RecordOutcome | 'not-recorded'
}

/** One core refresh. An upstream failure or stale copies leave that part unrecorded (logged), never thrown. */
export async function coreRefresh(deps: CoreRefreshDeps): Promise<RefreshOutcome> {
  const fail = (what: string) => (error: unknown): 'not-recorded' => {
    deps.logger.warn({ what, err: error instanceof Error ? error.message : String(error) }, 'history: core refresh read failed; nothing recorded')
    return 'not-recorded'
  }
  type Outcome = RefreshOutcome['tokens']
  const [tokens, ada] = await Promise.all([
    deps.tokens.screenerRefresh(NO_ORIGIN).then(
      (screener): Outcome | Promise<Outcome> => (screener.figures === null ? 'not-recorded' : deps.recorder.recordTokens(screener.figures)),
      fail('screener'),
    ),
    deps.adaMarket.snapshot().then(
      (snapshot): Outcome | Promise<Outcome> =>
        snapshot.stale ? 'not-recorded' : deps.recorder.recordAda({ priceUsd: snapshot.data.priceUsd, volume24hUsd: snapshot.data.volume24h }),
      fail('ada'),
    ),
  ])
  return { tokens, ada }
}

/** The scheduler of the core refresh (every `refreshMs`: coreRefreshMs of the core plan) and the daily roll-up. */
export function historyScheduler(deps: CoreRefreshDeps, options: { refreshMs: number; clock?: SchedulerClock }): HistoryScheduler {
  return new HistoryScheduler({
    refreshMs: options.refreshMs,
    refresh: () => coreRefresh(deps),
    rollUp: () => deps.recorder.rollUp(),
    clock: options.clock,
    logger: deps.logger,
  })
}
