/**
 * Readers for the Koios rows the chain follower uses (`credential_txs`, `tx_info`, `datum_info`, `blocks`), from
 * shared/chain/README.md §2. Tolerant as every adapter: big numbers arrive as strings, a row missing what the
 * follower needs is dropped (never thrown), an unreadable quantity drops only that asset.
 */
import type { ChainOutput } from '../chain/types'
import { arr, count, intString, obj, str, text } from './parse'

/** The public tier refuses POST bodies over 1 KB (HTTP 413); every follower body is checked against this first. */
export const MAX_BODY_BYTES = 1000

/** Batch sizes under MAX_BODY_BYTES (shared/chain/README.md §2 "Batch sizes"): credential_txs 15, tx_info 13, datum_info 14. */
export const BATCH = { credentialTxs: 15, txInfo: 13, datumInfo: 14 } as const

export interface TxRef {
  txHash: string
  blockHeight: number
  /** Unix seconds. */
  blockTime: number
}

export interface ChainBlock {
  hash: string
  height: number
  /** Unix seconds. */
  time: number
}

export interface ChainTx {
  txHash: string
  blockHash: string
  blockHeight: number
  blockTime: number
  /** Order inside the block (credential_txs gives none). */
  blockIndex: number
  inputs: ChainOutput[]
  outputs: ChainOutput[]
  /** Net mint (+) or burn (−) per unit (`assets_minted`): LP supply changes of Minswap V1 and Sundae pools. */
  minted: Map<string, bigint>
  /**
   * True when `inputs` holds only the spent outputs the source could resolve (Ogmios gives references): a pool
   * output with no pool input is then a creation only when the transaction mints the pool's identity unit.
   */
  partialInputs?: boolean
}

const HEX = /^[0-9a-f]*$/

export function readTxRef(value: unknown): TxRef | null {
  const row = obj(value)
  const txHash = text(row?.tx_hash)?.toLowerCase() ?? null
  const blockHeight = count(row?.block_height)
  const blockTime = count(row?.block_time)
  if (txHash === null || !HEX.test(txHash) || blockHeight === null || blockTime === null) return null
  return { txHash, blockHeight, blockTime }
}

export function readBlock(value: unknown): ChainBlock | null {
  const row = obj(value)
  const hash = text(row?.hash)?.toLowerCase() ?? null
  const height = count(row?.block_height)
  const time = count(row?.block_time)
  if (hash === null || height === null || time === null) return null
  return { hash, height, time }
}

export function readTx(value: unknown): ChainTx | null {
  const row = obj(value)
  if (row === null) return null
  const txHash = text(row.tx_hash)?.toLowerCase() ?? null
  const blockHash = text(row.block_hash)?.toLowerCase() ?? null
  const blockHeight = count(row.block_height)
  const blockTime = count(row.tx_timestamp)
  const blockIndex = count(row.tx_block_index)
  if (txHash === null || blockHash === null || blockHeight === null || blockTime === null || blockIndex === null) return null
  const outputs = (arr(row.outputs) ?? []).map((o) => readOutput(o, txHash)).filter((o): o is ChainOutput => o !== null)
  const inputs = (arr(row.inputs) ?? []).map((o) => readOutput(o, null)).filter((o): o is ChainOutput => o !== null)
  const minted = new Map<string, bigint>()
  for (const item of arr(row.assets_minted) ?? []) {
    const a = obj(item)
    const policy = text(a?.policy_id)?.toLowerCase()
    const name = (str(a?.asset_name) ?? '').toLowerCase()
    const quantity = signedInt(a?.quantity)
    if (policy && quantity !== null && HEX.test(policy + name)) minted.set(policy + name, (minted.get(policy + name) ?? 0n) + quantity)
  }
  return { txHash, blockHash, blockHeight, blockTime, blockIndex, inputs, outputs, minted }
}

/** A possibly negative integer (a burn in `assets_minted`), from a digit string or a safe integer. */
function signedInt(value: unknown): bigint | null {
  if (typeof value === 'string' && /^-?\d+$/.test(value)) return BigInt(value)
  if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value)
  return null
}

/** One `tx_info` output or input item. An input names the tx that created it in its own `tx_hash`. */
export function readOutput(value: unknown, txHash: string | null): ChainOutput | null {
  const o = obj(value)
  if (o === null) return null
  const payment = obj(o.payment_addr)
  const address = text(payment?.bech32)
  const paymentCred = text(payment?.cred)?.toLowerCase() ?? null
  const hash = txHash ?? text(o.tx_hash)?.toLowerCase() ?? null
  const index = count(o.tx_index)
  const lovelace = intString(o.value)
  if (address === null || paymentCred === null || hash === null || index === null || lovelace === null) return null
  const assets = new Map<string, bigint>()
  for (const item of arr(o.asset_list) ?? []) {
    const a = obj(item)
    const policy = text(a?.policy_id)?.toLowerCase()
    const name = (str(a?.asset_name) ?? '').toLowerCase()
    const quantity = intString(a?.quantity)
    if (!policy || quantity === null || !HEX.test(policy + name)) continue
    assets.set(policy + name, (assets.get(policy + name) ?? 0n) + BigInt(quantity))
  }
  const inline = obj(o.inline_datum)
  const datumCbor = text(inline?.bytes)?.toLowerCase() ?? null
  return {
    txHash: hash,
    index,
    address,
    paymentCred,
    stakeAddress: text(o.stake_addr),
    lovelace: BigInt(lovelace),
    assets,
    datumHash: text(o.datum_hash)?.toLowerCase() ?? null,
    datumCbor,
  }
}

/** A `credential_utxos` row (with `_extended`) as a ChainOutput, and the block it was created in (height; Unix s when given). */
export function readUtxo(value: unknown): { output: ChainOutput; blockHeight: number; blockTime: number | null } | null {
  const row = obj(value)
  if (row === null) return null
  const blockHeight = count(row.block_height)
  const blockTime = count(row.block_time)
  const output = readOutput(
    {
      payment_addr: { bech32: row.address, cred: row.payment_cred },
      stake_addr: row.stake_address,
      tx_hash: row.tx_hash,
      tx_index: row.tx_index,
      value: row.value,
      datum_hash: row.datum_hash,
      inline_datum: row.inline_datum,
      asset_list: row.asset_list,
    },
    null,
  )
  return output === null || blockHeight === null ? null : { output, blockHeight, blockTime }
}

/** `datum_info` rows to datum hash → CBOR hex. */
export function readDatums(rows: unknown[]): Map<string, string> {
  const out = new Map<string, string>()
  for (const value of rows) {
    const row = obj(value)
    const hash = text(row?.datum_hash)?.toLowerCase()
    const bytes = text(row?.bytes)?.toLowerCase()
    if (hash && bytes && HEX.test(bytes)) out.set(hash, bytes)
  }
  return out
}

/** Throws before a body the public tier would refuse leaves (a bug in batching, never a runtime condition). */
export function checkedBody<T>(body: T): T {
  const size = Buffer.byteLength(JSON.stringify(body))
  if (size > MAX_BODY_BYTES) throw new RangeError(`Koios body of ${size} bytes is over the ${MAX_BODY_BYTES}-byte public limit`)
  return body
}
