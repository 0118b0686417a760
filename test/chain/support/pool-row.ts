/** The chain_pools row a store record() is given beside an update: the pool's state after it, its creation when it is one. */
import type { ChainPoolRow, PoolUpdateRow } from '../../../src/db/schema'

export const poolRowOf = (u: PoolUpdateRow, dex: string, feeBps: number | null = null): ChainPoolRow => ({
  poolId: u.poolId,
  dex,
  tokenUnit: u.tokenUnit,
  identityUnit: u.poolId,
  reserveAda: u.reserveAda,
  reserveToken: u.reserveToken,
  lastHeight: u.blockHeight,
  lastTime: u.blockTime,
  lastTxHash: u.txHash,
  lpSupply: null,
  feeBpsAdaIn: feeBps,
  feeBpsTokenIn: feeBps,
  createdHeight: u.kind === 'created' ? u.blockHeight : null,
  createdHash: u.kind === 'created' ? u.blockHash : null,
  createdTime: u.kind === 'created' ? u.blockTime : null,
  createdTxHash: u.kind === 'created' ? u.txHash : null,
  initialReserveAda: u.kind === 'created' ? u.reserveAda : null,
  initialReserveToken: u.kind === 'created' ? u.reserveToken : null,
})
