/**
 * One page of the discovery pass over the pool credentials' current UTxOs (Koios `credential_utxos`): every
 * recognised followed pool with its current state, so pools that did not trade lately are known too. Both
 * followers run it on their first start (Ogmios cannot list UTxOs by payment credential); the Ogmios follower
 * also keeps the outputs, to resolve the transaction that next spends each (pool-outputs.ts).
 */
import type { ChainPoolRow } from '../db/schema'
import type { Koios } from '../upstream/koios'
import { poolOfUtxo, type FollowsToken, type PoolReaders } from './tx-updates'
import type { ChainOutput } from './types'

export interface DiscoveredPage {
  /** Rows in the page (a page shorter than PAGE_SIZE is the last). */
  rows: number
  found: Array<{ pool: ChainPoolRow; output: ChainOutput; height: number }>
}

export async function discoveryPage(koios: Koios, group: string[], offset: number, readers: PoolReaders, followsToken: FollowsToken): Promise<DiscoveredPage> {
  const page = await koios.credentialUtxos(group, offset)
  const found: DiscoveredPage['found'] = []
  for (const { output, blockHeight, blockTime } of page.outputs) {
    const pool = poolOfUtxo(output, { height: blockHeight, time: blockTime }, readers, followsToken)
    if (pool !== null) found.push({ pool, output, height: blockHeight })
  }
  return { rows: page.rows, found }
}
