import { newPoolsDoc, poolDoc } from '../../modules/pools/catalogue'
import { newPoolsRequest, poolIdOf } from '../../modules/pools/request'
import { defineTool, inputFromParams } from '../tool'

export const getNewPools = defineTool({
  name: 'get_new_pools',
  description:
    'Pools of any token against ADA created lately on the DEXes this service follows on chain (Minswap, SundaeSwap, WingRiders, Splash), newest first: token, initial reserves and price, creating block and transaction; up to 200, filter by dex.',
  input: inputFromParams(newPoolsDoc.params),
  output: newPoolsDoc.response,
  call: (context, args) => context.services.pools.newPools(newPoolsRequest(args)),
})

export const getPool = defineTool({
  name: 'get_pool',
  description:
    "One chain-followed ADA pool's current state by pool id (its LP-token unit): reserves, price, LP supply, fee, last update and creation.",
  input: inputFromParams(poolDoc.params),
  output: poolDoc.response,
  call: (context, args) => context.services.pools.pool(poolIdOf(args)),
})
