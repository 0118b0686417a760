/**
 * What one instance tells the others through the relay (Redis pub/sub, cluster/stream-relay.ts): each change its
 * producers computed, with the event ids already reserved, so every instance sends the same events under the same
 * ids. A message from another process is checked before it is applied: anything else is ignored.
 */
import type { ScreenerRow } from '../tokens/schemas'
import type { TradeRow } from './held-trades'
import type { Freshness } from './screener-state'

export interface ScreenerMessage extends Freshness {
  kind: 'screener'
  coverage: string
  tokens: ScreenerRow[]
  changed: string[]
  removed: string[]
  ids: { screener: string; tokens: Record<string, string> }
}

export interface TradesMessage {
  kind: 'trades'
  id: string
  unit: string
  recordedAt: string
  trades: TradeRow[]
}

/** A chain rollback removed the trades of these assets from `fromHeight` on: one `reset` per asset's topic. */
export interface RollbackMessage {
  kind: 'rollback'
  fromHeight: number
  recordedAt: string
  ids: Record<string, string>
}

/** Pools the chain follower saw created: one `pool` event on pools:new. */
export interface NewPoolsMessage {
  kind: 'new-pools'
  id: string
  recordedAt: string
  pools: TradeRow[]
}

/** The chain figures' rows a block batch changed, and the tokens no longer listed: one `chain-tokens` event. */
export interface ChainTokensMessage {
  kind: 'chain-tokens'
  id: string
  recordedAt: string
  asOf: unknown
  changed: TradeRow[]
  removed: string[]
}

export type RelayMessage = ScreenerMessage | TradesMessage | RollbackMessage | NewPoolsMessage | ChainTokensMessage

/** A relayed value as a message this process can apply, or null. */
export function readRelayMessage(value: unknown): RelayMessage | null {
  const m = value as Partial<RelayMessage> | null
  if (m?.kind === 'screener' && Array.isArray(m.tokens) && Array.isArray(m.changed) && Array.isArray(m.removed) && m.ids !== undefined) {
    return m as ScreenerMessage
  }
  if (m?.kind === 'trades' && typeof m.unit === 'string' && Array.isArray(m.trades) && typeof m.id === 'string') return m as TradesMessage
  if (m?.kind === 'rollback' && typeof m.fromHeight === 'number' && typeof m.ids === 'object' && m.ids !== null) return m as RollbackMessage
  if (m?.kind === 'new-pools' && Array.isArray(m.pools) && typeof m.id === 'string') return m as NewPoolsMessage
  if (m?.kind === 'chain-tokens' && Array.isArray(m.changed) && Array.isArray(m.removed) && typeof m.id === 'string') return m as ChainTokensMessage
  return null
}
