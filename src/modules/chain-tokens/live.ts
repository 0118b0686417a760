/**
 * The chain figures on the live stream (chain:tokens): after each block batch the store committed (a cursor move or
 * a rollback, whichever source fed it: ChainStore.onTokensChanged), one `chain-tokens` event with the GET
 * /chain/tokens rows of the tokens whose figures changed (ChainTokensService makes both) and the units no longer
 * listed. Snapshots give the first page of GET /chain/tokens. Only the instance that records hears the changes;
 * the hub's relay (Redis) carries them to the others.
 */
import type { ChainStore } from '../../chain/store'
import type { Logger } from '../../observability/logger'
import type { StreamHub } from '../stream/hub'
import { chainTokensRequest } from './request'
import type { ChainTokensService } from './service'

/** The snapshot: GET /chain/tokens with its defaults. */
const FIRST_PAGE = chainTokensRequest({})

export function streamChainTokens(
  stream: Pick<StreamHub, 'publishChainTokens' | 'recordsChainTokens'>,
  chainTokens: Pick<ChainTokensService, 'list' | 'changedRows' | 'records'>,
  store: Pick<ChainStore, 'onTokensChanged'> | null,
  publicBaseUrl: string | null,
  logger: Logger,
): void {
  if (!chainTokens.records) return
  // Rows are written once for every client: logo URLs on the configured base, or paths on the client's origin.
  const base = publicBaseUrl ?? ''
  stream.recordsChainTokens(async () => (await chainTokens.list(FIRST_PAGE, base)).data)
  if (store === null) return
  // Reading the rows is a database read: one batch at a time keeps the events in the order the batches ended.
  let queue: Promise<void> = Promise.resolve()
  store.onTokensChanged((units) => {
    queue = queue
      .then(async () => stream.publishChainTokens(await chainTokens.changedRows(units, base)))
      .catch((error) => logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'stream: changed chain figures could not be published'))
  })
}
