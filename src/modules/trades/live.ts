/**
 * The chain follower's records on the live stream (trades:<unit>): each batch of newly recorded swaps becomes one
 * `trade` event per token, in the same rows GET /tokens/{asset}/trades answers (TradesService makes both); a
 * rollback makes the affected tokens' topics `reset`; snapshots give the recent recorded trades. Only the
 * instance holding the follower's lease hears its swaps; the hub's relay (Redis) carries them to the others.
 */
import type { ChainFollower } from '../../chain/follower'
import type { PoolUpdateRow } from '../../db/schema'
import type { Logger } from '../../observability/logger'
import { STREAM_DEFAULTS, type StreamHub } from '../stream/hub'
import type { TradesService } from './service'

export function streamChainTrades(
  follower: Pick<ChainFollower, 'onTrades' | 'onRollback'>,
  stream: Pick<StreamHub, 'publishTrades' | 'rollbackTrades' | 'recordsTrades'>,
  trades: Pick<TradesService, 'live' | 'recent'>,
  logger: Logger,
): void {
  stream.recordsTrades((unit) => trades.recent(unit, STREAM_DEFAULTS.tradesKept))
  // Pricing a batch reads the records (and ADA's USD series): one batch at a time keeps the events in chain order.
  let queue: Promise<void> = Promise.resolve()
  const inOrder = (step: () => Promise<void>) => {
    queue = queue.then(step).catch((error) => {
      logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'stream: recorded trades could not be published')
    })
  }
  follower.onTrades((swaps) => {
    const byToken = new Map<string, PoolUpdateRow[]>()
    for (const swap of swaps) byToken.set(swap.tokenUnit, [...(byToken.get(swap.tokenUnit) ?? []), swap])
    inOrder(async () => {
      for (const [unit, rows] of byToken) stream.publishTrades(unit, await trades.live(unit, rows))
    })
  })
  follower.onRollback((fromHeight, tokens) => inOrder(async () => stream.rollbackTrades(tokens, fromHeight)))
}
