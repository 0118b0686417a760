/**
 * One transaction to its pool updates (pure): every output a DEX reader recognises as a pool of a curated
 * token paired with ADA becomes one update, compared with the same pool's input in the same transaction (the
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

/** A followed pool: a curated token against ADA (token/token pools are not followed: see docs/guide/chain-trades.md). */
function followed(state: PoolState, decimalsOf: (unit: string) => number | undefined): number | undefined {
  return state.assetA === LOVELACE ? decimalsOf(state.assetB) : undefined
}

/** A current pool UTxO (discovery pass) as a recognised pool of a curated token, or null (not one, or unreadable). */
export function poolOfUtxo(output: ChainOutput, blockHeight: number, readers: PoolReaders, decimalsOf: (unit: string) => number | undefined): ChainPoolRow | null {
  let state: PoolState | null
  try {
    state = readers.read(output)
  } catch (error) {
    if (error instanceof ChainDecodeError) return null
    throw error
  }
  if (state === null || followed(state, decimalsOf) === undefined) return null
  return poolRow(state, blockHeight)
}

const poolRow = (state: PoolState, height: number): ChainPoolRow => ({
  poolId: state.poolId,
  dex: state.dex,
  tokenUnit: state.assetB,
  identityUnit: state.identityUnit,
  reserveAda: String(state.reserveA),
  reserveToken: String(state.reserveB),
  lastHeight: height,
})

export function updatesOfTx(tx: ChainTx, readers: PoolReaders, decimalsOf: (unit: string) => number | undefined): TxUpdates {
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
    const decimals = followed(state, decimalsOf)
    if (decimals === undefined) continue
    const change = derivePoolUpdate({
      previous: before.get(state.poolId) ?? null,
      next: state,
      lpMinted: tx.minted.get(state.poolId) ?? 0n,
      base: { unit: state.assetB, decimals },
      quoteDecimals: ADA_DECIMALS,
    })
    updates.push({
      txHash: tx.txHash,
      poolId: state.poolId,
      tokenUnit: state.assetB,
      blockHeight: tx.blockHeight,
      blockHash: tx.blockHash,
      blockTime: tx.blockTime,
      blockIndex: tx.blockIndex,
      kind: change.kind,
      reserveAda: String(state.reserveA),
      reserveToken: String(state.reserveB),
      priceAda: change.price,
      side: change.side,
      amountToken: change.amountBase === null ? null : String(change.amountBase),
      amountAda: change.amountQuote === null ? null : String(change.amountQuote),
    })
    pools.push(poolRow(state, tx.blockHeight))
  }
  return { updates, pools, skipped }
}
