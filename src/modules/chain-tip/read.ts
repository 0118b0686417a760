import { Type, type Static } from '@sinclair/typebox'
import type { Fetched } from '../../upstream/fetched'
import type { ChainTip, Koios } from '../../upstream/koios'

/**
 * The chain tip, read the same way by GET /api/v1/chain/tip and the MCP tool get_chain_tip: the chain API's
 * `GET /tip`, cached in the adapter at the core plan's interval (a core-plan resource), so neither costs more than the other.
 */

export const ChainTipBody = Type.Object({
  epoch: Type.Integer({ description: 'Current epoch number', examples: [568] }),
  slot: Type.Integer({ description: 'Absolute slot of the latest block', examples: [160236945] }),
  epochSlot: Type.Union([Type.Integer(), Type.Null()], { description: 'Slot within the epoch', examples: [224145] }),
  blockHeight: Type.Integer({ description: 'Block height (block number) of the latest block', examples: [11934562] }),
  blockHash: Type.String({ description: 'Hash of the latest block (hex)' }),
  blockTime: Type.Integer({ description: 'Time of the latest block, Unix seconds (UTC)', examples: [1751803236] }),
  blockTimeIso: Type.String({ description: 'The same time as ISO 8601 (UTC)', examples: ['2025-07-06T12:00:36.000Z'] }),
})
export type ChainTipBody = Static<typeof ChainTipBody>

export function chainTipBody(tip: ChainTip): ChainTipBody {
  return {
    epoch: tip.epoch,
    slot: tip.absSlot,
    epochSlot: tip.epochSlot,
    blockHeight: tip.blockHeight,
    blockHash: tip.hash,
    blockTime: tip.blockTime,
    blockTimeIso: new Date(tip.blockTime * 1000).toISOString(),
  }
}

/** The chain tip from the chain API; the adapter caches it at the core plan's interval (chainTipDoc says which). */
export async function readChainTip(koios: Koios): Promise<Fetched<ChainTipBody>> {
  const tip = await koios.tip()
  return { data: chainTipBody(tip.data), stale: tip.stale }
}
