import { Type, type Static } from '@sinclair/typebox'
import { epochOfSlot, unixToSlot } from '../../cardano/slot-time'
import { FollowerPositionSchema } from '../../chain/answer-schemas'
import type { FollowerPosition } from '../../chain/position'
import type { Fetched } from '../../upstream/fetched'
import type { ChainTip, Koios } from '../../upstream/koios'

/**
 * GET /api/v1/chain/tip and the MCP tool get_chain_tip: the chain tip, and where the chain follower stands beside
 * it. While the follower runs (a database, the default) the tip is the one it last saw (Ogmios: every block as
 * it comes; Koios: at each poll) and no chain API call is made; without the follower, or before it saw a tip,
 * it is the chain API's `GET /tip`, cached in the adapter at the core plan's interval.
 */

export const ChainTipBody = Type.Object({
  epoch: Type.Integer({ description: 'Epoch of the tip block', examples: [568] }),
  slot: Type.Integer({ description: 'Absolute slot of the tip block', examples: [160236945] }),
  epochSlot: Type.Union([Type.Integer(), Type.Null()], { description: 'Slot within the epoch', examples: [224145] }),
  blockHeight: Type.Integer({ description: 'Block height (block number) of the tip block', examples: [11934562] }),
  blockHash: Type.String({ description: 'Hash of the tip block (hex)' }),
  blockTime: Type.Integer({ description: 'Time of the tip block, Unix seconds (UTC)', examples: [1751803236] }),
  blockTimeIso: Type.String({ description: 'The same time as ISO 8601 (UTC)', examples: ['2025-07-06T12:00:36.000Z'] }),
  tipSource: Type.Union([Type.Literal('follower'), Type.Literal('chain-api')], {
    description: '`follower`: the tip the chain follower last saw (`follower.tip.seenAt` says when); `chain-api`: the chain API\'s GET /tip',
  }),
  follower: Type.Union([FollowerPositionSchema, Type.Null()], {
    description: 'The chain follower\'s position: the last block processed, the tip it last saw, how far behind it is and why; null when the follower is off',
  }),
})
export type ChainTipBody = Static<typeof ChainTipBody>

type TipFields = Omit<ChainTipBody, 'tipSource' | 'follower'>

function tipFields(blockHeight: number, blockHash: string, time: number, slot: number): TipFields {
  const { epoch, epochSlot } = epochOfSlot(slot)
  return { epoch, slot, epochSlot, blockHeight, blockHash, blockTime: time, blockTimeIso: new Date(time * 1000).toISOString() }
}

export function chainTipBody(tip: ChainTip): TipFields {
  return { ...tipFields(tip.blockHeight, tip.hash, tip.blockTime, tip.absSlot), epoch: tip.epoch, epochSlot: tip.epochSlot }
}

/** The follower's tip when it has seen one (no call), else the chain API's; with the follower's position. */
export async function readChainTip(koios: Koios, follower: { read(): Promise<FollowerPosition> } | null): Promise<Fetched<ChainTipBody>> {
  const position = follower === null ? null : await follower.read()
  const seen = position?.tip ?? null
  if (seen !== null) {
    return { data: { ...tipFields(seen.blockHeight, seen.blockHash, seen.time, seen.slot ?? unixToSlot(seen.time)), tipSource: 'follower', follower: position }, stale: false }
  }
  const tip = await koios.tip()
  return { data: { ...chainTipBody(tip.data), tipSource: 'chain-api', follower: position }, stale: tip.stale }
}
