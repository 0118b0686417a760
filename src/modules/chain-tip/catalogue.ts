import { endpoint } from '../../catalogue/types'
import { errorDoc } from '../../http/error-catalogue'
import { ChainTipBody } from './read'

export const chainTipDoc = endpoint({
  operationId: 'getChainTip',
  method: 'GET',
  path: '/chain/tip',
  tag: 'Chain',
  summary: 'The latest Cardano block: epoch, slot, block height, hash and time (the MCP tool get_chain_tip)',
  description:
    'The chain API\'s tip (`GET /tip`), the same read as the MCP tool `get_chain_tip`: `blockTime` in Unix ' +
    'seconds and `blockTimeIso` the same instant in ISO 8601 (UTC). One source only (the chain API). The adapter ' +
    'keeps the tip for the core plan\'s interval (`plan` in GET /readyz): 35 s on keyless Koios and 20 s with a token, or, ' +
    'while the chain follower runs (a database, the default), the follower\'s: 519 s keyless, 52 s with a token. Asking ' +
    'more often gives the same block.',
  params: [],
  cacheSeconds: 20,
  examples: ['/chain/tip'],
  errors: [errorDoc('upstream_unavailable', 'The chain API failed and no cached copy exists', { upstream: 'koios', failure: 'network' })],
  coverage: 'The chain API (Koios) only.',
  response: ChainTipBody,
})
