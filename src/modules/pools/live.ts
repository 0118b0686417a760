/**
 * The chain follower's new pools on the live stream (pools:new): each batch of pools the live follow saw created
 * becomes one `pool` event with the rows GET /pools/new answers (PoolsService makes both); snapshots give the
 * newest recorded ones. Only the instance holding the follower's lease hears them; the relay carries them on.
 */
import type { ChainFollower } from '../../chain/follower'
import type { Logger } from '../../observability/logger'
import { STREAM_DEFAULTS, type StreamHub } from '../stream/hub'
import type { PoolsService } from './service'

export function streamNewPools(
  follower: Pick<ChainFollower, 'onNewPools'>,
  stream: Pick<StreamHub, 'publishNewPools' | 'recordsNewPools'>,
  pools: Pick<PoolsService, 'newPools' | 'newPoolRows'>,
  logger: Logger,
): void {
  stream.recordsNewPools(async () => (await pools.newPools({ limit: STREAM_DEFAULTS.tradesKept, dex: null, before: null })).data.pools)
  follower.onNewPools((created) => {
    void pools
      .newPoolRows([...created].reverse())
      .then((rows) => stream.publishNewPools(rows))
      .catch((error) => logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'stream: new pools could not be published'))
  })
}
