import { endpoint } from '../../catalogue/types'
import { errorDoc } from '../../http/error-catalogue'
import { ChainTipBody } from './read'

export const chainTipDoc = endpoint({
  operationId: 'getChainTip',
  method: 'GET',
  path: '/chain/tip',
  tag: 'Chain',
  summary: 'The latest Cardano block, and how far the chain follower is behind it (the MCP tool get_chain_tip)',
  description:
    'The chain tip (epoch, slot, block height, hash, `blockTime` in Unix seconds and `blockTimeIso` in ISO 8601, UTC), the ' +
    'same fields as before, and `follower`: the chain follower\'s position, the one freshness figure behind every answer built ' +
    'from the chain records (trades, chain-built candles, new pools, pool states, the token detail\'s `chainPools`, whose ' +
    '`asOf` is its `processed` block): the last block processed, the tip it last saw, how many blocks and seconds behind it ' +
    'is, spans left `unread`, and whether its source answers (`status`, `reason`). While the follower runs (a database, the ' +
    'default) the tip is the one it last saw (`tipSource: follower`, no chain API call): with CHAIN_SOURCE=ogmios every ' +
    'block as the node adopts it, with Koios at each poll (519 s keyless, 52 s with a token; `follower.tip.seenAt` says ' +
    'when). Without the follower (`follower: null`), or before it saw a tip, the tip is the chain API\'s `GET /tip` ' +
    '(`tipSource: chain-api`), kept for the core plan\'s interval (`plan` in GET /readyz). Change from earlier versions: ' +
    'the tip fields were always the chain API\'s; `tipSource` and `follower` are new.',
  params: [],
  cacheSeconds: 2,
  examples: ['/chain/tip'],
  errors: [errorDoc('upstream_unavailable', 'The chain API failed and no cached copy exists', { upstream: 'koios', failure: 'network' })],
  coverage: 'The chain follower\'s own position (its source: Koios or Ogmios), else the chain API (Koios) only.',
  response: ChainTipBody,
})
