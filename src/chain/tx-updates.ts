/**
 * One transaction to its pool updates (pure): every output a DEX reader recognises as a pool of a followed
 * token paired with ADA (every token, or the curated ones with CHAIN_POOLS=curated) becomes one update, compared with the same pool's input in the same transaction (the
 * batcher spends the old pool UTxO and recreates it, shared/chain/README.md §4). Reading the previous state from
 * the transaction itself makes each transaction stand alone: the backfill can read newest first and a rollback
 * can re-read any block without the state of the ones before it. A two-pool transaction gives two updates.
 */
import type { ChainPoolRow, PoolUpdateRow } from '../db/schema'
import type { ChainTx } from '../upstream/koios-chain'
import { ADA_DECIMALS, derivePoolUpdate } from './pool-update'
import { ChainDecodeError, LOVELACE, type ChainOutput, type PoolState } from './types'

/** The DEX readers as the follower uses them (src/chain/readers.ts builds them from the per-DEX files). */
export interface PoolReaders {
  /** Every pool payment credential followed. */
  credentials: readonly string[]
  /** Credentials of datum-hash pools: their datums come from `datum_info`. */
  datumByHash: ReadonlySet<string>
  /** The pool an output is, or null; throws ChainDecodeError for a pool output that cannot be read. */
  read(output: ChainOutput): PoolState | null
}

export interface Skipped {
  txHash: string
  index: number
  reason: string
}

export interface TxUpdates {
  updates: PoolUpdateRow[]
  pools: ChainPoolRow[]
  skipped: Skipped[]
}

/** Which tokens' ADA pools are recorded (every token by default; the curated ones with CHAIN_POOLS=curated). */
export type FollowsToken = (unit: string) => boolean

/** A followed pool: a token against ADA that is followed (token/token pools are not: see docs/guide/chain-trades.md). */
export const followed = (state: PoolState, followsToken: FollowsToken): boolean => state.assetA === LOVELACE && followsToken(state.assetB)

/** Where a pool state was read: the block and transaction (for a current UTxO, the one that created it). */
interface ReadAt {
  height: number
  /** Unix seconds; null when the chain API did not say (a current UTxO row without block_time). */
  time: number | null
  txHash: string
}

/** A current pool UTxO (discovery pass) as a recognised followed pool, or null (not one, or unreadable). */
export function poolOfUtxo(output: ChainOutput, at: Omit<ReadAt, 'txHash'>, readers: PoolReaders, followsToken: FollowsToken): ChainPoolRow | null {
  let state: PoolState | null
  try {
    state = readers.read(output)
  } catch (error) {
    if (error instanceof ChainDecodeError) return null
    throw error
  }
  if (state === null || !followed(state, followsToken)) return null
  return poolRow(state, { ...at, txHash: output.txHash }, null)
}

/** The pool's latest state (and its creation, when this transaction created it). */
const poolRow = (state: PoolState, at: ReadAt, created: { blockHash: string } | null): ChainPoolRow => ({
  poolId: state.poolId,
  dex: state.dex,
  tokenUnit: state.assetB,
  identityUnit: state.identityUnit,
  reserveAda: String(state.reserveA),
  reserveToken: String(state.reserveB),
  lastHeight: at.height,
  lastTime: at.time,
  lastTxHash: at.txHash,
  lpSupply: state.lpSupply === null ? null : String(state.lpSupply),
  // feeBps is for selling asset A (ADA here), feeBpsBToA for selling B when the DEX sets it apart.
  feeBpsAdaIn: state.feeBps,
  feeBpsTokenIn: state.feeBpsBToA === undefined ? state.feeBps : state.feeBpsBToA,
  createdHeight: created === null ? null : at.height,
  createdHash: created?.blockHash ?? null,
  createdTime: created === null ? null : at.time,
  createdTxHash: created === null ? null : at.txHash,
  initialReserveAda: created === null ? null : String(state.reserveA),
  initialReserveToken: created === null ? null : String(state.reserveB),
})

/**
 * The pool's first output: no input of the transaction at a pool script holds the pool's identity unit. (A pool
 * input that could not be read leaves no previous state either, but it is no creation.) When the inputs are known
 * only in part (Ogmios's references, not all resolved), the transaction must also mint the identity unit: a pool
 * identity comes into being only by its mint.
 */
const creates = (tx: ChainTx, state: PoolState, readers: PoolReaders): boolean =>
  !hasPoolInput(tx, state, readers) &&
  (tx.partialInputs !== true || (tx.minted.get(state.identityUnit) ?? 0n) > 0n)

/** The transaction spends an output of this pool (an input at a pool script holding its identity unit). */
export const hasPoolInput = (tx: ChainTx, state: PoolState, readers: PoolReaders): boolean =>
  tx.inputs.some((input) => readers.credentials.includes(input.paymentCred) && input.assets.has(state.identityUnit))

export function updatesOfTx(tx: ChainTx, readers: PoolReaders, followsToken: FollowsToken): TxUpdates {
  const skipped: Skipped[] = []
  const tryRead = (output: ChainOutput): PoolState | null => {
    try {
      return readers.read(output)
    } catch (error) {
      if (!(error instanceof ChainDecodeError)) throw error
      skipped.push({ txHash: tx.txHash, index: output.index, reason: error.message })
      return null
    }
  }
  const before = new Map<string, PoolState>()
  for (const input of tx.inputs) {
    if (!readers.credentials.includes(input.paymentCred)) continue
    const state = tryRead(input)
    if (state !== null) before.set(state.poolId, state)
  }
  const updates: PoolUpdateRow[] = []
  const pools: ChainPoolRow[] = []
  for (const output of tx.outputs) {
    if (!readers.credentials.includes(output.paymentCred)) continue
    const state = tryRead(output)
    if (state === null) continue
    if (!followed(state, followsToken)) continue
    const change = derivePoolUpdate({
      previous: before.get(state.poolId) ?? null,
      next: state,
      lpMinted: tx.minted.get(state.poolId) ?? 0n,
      // Priced per base unit: the token's decimals are applied by the answers (chain/token-identity.ts).
      base: { unit: state.assetB, decimals: 0 },
      quoteDecimals: ADA_DECIMALS,
    })
    const created = change.kind === 'created' && creates(tx, state, readers)
    updates.push({
      txHash: tx.txHash,
      poolId: state.poolId,
      tokenUnit: state.assetB,
      blockHeight: tx.blockHeight,
      blockHash: tx.blockHash,
      blockTime: tx.blockTime,
      blockIndex: tx.blockIndex,
      // No previous state but a pool input that could not be read: an update, not a creation.
      kind: change.kind === 'created' && !created ? 'other' : change.kind,
      reserveAda: String(state.reserveA),
      reserveToken: String(state.reserveB),
      adaPerUnit: change.price,
      side: change.side,
      amountToken: change.amountBase === null ? null : String(change.amountBase),
      amountAda: change.amountQuote === null ? null : String(change.amountQuote),
    })
    pools.push(poolRow(state, { height: tx.blockHeight, time: tx.blockTime, txHash: tx.txHash }, created ? { blockHash: tx.blockHash } : null))
  }
  return { updates, pools, skipped }
}
