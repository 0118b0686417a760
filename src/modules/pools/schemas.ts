/** Response shapes of GET /pools/new and GET /pools/{poolId}; the service's types are derived from them. */
import { t, type Static } from 'elysia'
import { ChainTokenSchema } from '../../chain/answer-schemas'
import { DEX_IDS } from '../../chain/types'
import { AsOfSchema } from '../trades/schemas'

const Lovelace = t.String({ pattern: '^[0-9]+$', description: 'ADA side, lovelace' })
const BaseUnits = t.String({ pattern: '^[0-9]+$', description: 'Token side, base units' })

const Reserves = t.Object({ ada: Lovelace, token: BaseUnits }, { description: 'Tradeable reserves (min-ADA, treasuries and protocol fees taken out)' })

const Price = (when: string) =>
  t.Union([t.Number(), t.Null()], {
    description: `ADA per whole token ${when} (per base unit when the token's decimalsSource is unknown); null for an empty reserve`,
  })

const Created = t.Object(
  {
    blockHeight: t.Integer(),
    blockHash: t.String(),
    time: t.Union([t.Integer(), t.Null()], { description: 'Block time, Unix seconds' }),
    txHash: t.String({ description: 'The transaction that created the pool' }),
  },
  { title: 'PoolCreation' },
)

const DexId = t.String({ description: `DEX and version as the chain follower names it: ${DEX_IDS.join(', ')}`, examples: ['minswap-v2'] })

export const NewPoolSchema = t.Object(
  {
    poolId: t.String({ description: "The pool's id: its LP-token unit (usable as /pools/{poolId}, and as pool of /trades and /ohlcv)" }),
    dexId: DexId,
    name: t.String({ description: 'Pair label', examples: ['SNEK / ADA'] }),
    token: ChainTokenSchema,
    initialReserves: Reserves,
    initialPrice: Price('at creation'),
    created: Created,
  },
  { title: 'NewPool' },
)

export const NewPoolsResponse = t.Object(
  {
    coverage: t.String({ description: 'Which pools can appear here' }),
    asOf: AsOfSchema,
    count: t.Integer(),
    pools: t.Array(NewPoolSchema, { description: 'Newest first (by creation block)' }),
  },
  { title: 'NewPools' },
)

export const PoolResponse = t.Object(
  {
    poolId: t.String(),
    dexId: DexId,
    name: t.String({ description: 'Pair label', examples: ['SNEK / ADA'] }),
    token: ChainTokenSchema,
    reserves: Reserves,
    priceAda: Price('from the reserves last read'),
    lpSupply: t.Union([t.String({ pattern: '^[0-9]+$' }), t.Null()], {
      description: 'LP tokens in circulation, base units; null when the pool output does not tell (a datum-hash pool read without its datum)',
    }),
    feeBps: t.Object(
      {
        adaIn: t.Union([t.Number(), t.Null()], { description: 'LP fee in basis points when ADA is sold into the pool (a buy of the token)' }),
        tokenIn: t.Union([t.Number(), t.Null()], { description: 'LP fee in basis points when the token is sold into the pool' }),
      },
      { description: 'The pool’s trading fee as its datum or its DEX sets it; null when unknown' },
    ),
    lastUpdate: t.Object(
      {
        blockHeight: t.Integer(),
        time: t.Union([t.Integer(), t.Null()], { description: 'Unix seconds; null for a state recorded before the follower kept it' }),
        txHash: t.Union([t.String(), t.Null()], { description: 'The transaction of the state read' }),
      },
      { description: 'Where the state above was read' },
    ),
    created: t.Union([Created, t.Null()], { description: 'null: created before the blocks the follower has read' }),
    asOf: AsOfSchema,
  },
  { title: 'Pool' },
)

export type NewPoolBody = Static<typeof NewPoolSchema>
export type NewPoolsBody = Static<typeof NewPoolsResponse>
export type PoolBody = Static<typeof PoolResponse>
