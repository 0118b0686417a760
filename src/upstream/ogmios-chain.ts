/**
 * Readers for the Ogmios v6 chain-synchronization messages the follower uses (JSON-RPC 2.0 over a WebSocket;
 * shapes from Ogmios's `docs/static/ogmios.json` and `cardano.json`, checked against its test vectors in
 * test/fixtures/ogmios/): `findIntersection` and `nextBlock` answers, the Praos blocks they carry and the
 * transactions in them. Pure: no I/O.
 *
 * - Integers are exact: quantities above 2^53 (LP remainders near 2^63, the vectors' random values) are read from
 *   their source text as bigint, never through a rounded float.
 * - A transaction whose `spends` is `collaterals` failed its scripts: its inputs were not spent and its outputs not
 *   created (only its collateral return was), so it changed no pool: `valid` false.
 * - Inputs are references only (`<tx id>#<index>`); outputs keep their index in the transaction and, when they pay
 *   a followed payment credential, are read whole (value, inline datum or the witness datum of their hash).
 * - Anything that does not read as these shapes is an `OgmiosShapeError`: the follower logs it once and skips it.
 */
import { paymentCredential, stakeAddressOf } from '../cardano/address'
import { slotToUnix } from '../cardano/slot-time'
import type { ChainOutput } from '../chain/types'

export class OgmiosShapeError extends Error {
  override name = 'OgmiosShapeError'
}

export interface OgmiosPoint {
  slot: number
  /** Block hash (hex). */
  id: string
}
export type PointOrOrigin = OgmiosPoint | 'origin'

export interface OgmiosTip extends OgmiosPoint {
  height: number
}

export interface OgmiosTx {
  id: string
  /** False for `spends: "collaterals"`: the scripts failed, nothing but the collateral moved. */
  valid: boolean
  /** Spent outputs as `<tx id>#<index>`. */
  inputs: string[]
  /** The outputs at the followed payment credentials (others are not kept), with their index in the transaction. */
  outputs: ChainOutput[]
  /** Net mint (+) or burn (−) per unit. */
  minted: Map<string, bigint>
  /** Witness datums by hash (CBOR hex): the datums of datum-hash outputs it spends, and often of those it creates. */
  datums: Map<string, string>
}

export interface OgmiosBlock {
  hash: string
  height: number
  slot: number
  /** Unix seconds (mainnet: slot + 1,591,566,291). */
  time: number
  transactions: OgmiosTx[]
}

export type NextBlock =
  | { direction: 'forward'; block: OgmiosBlock; tip: OgmiosTip | null }
  | { direction: 'backward'; point: PointOrOrigin; tip: OgmiosTip | null }

export type Intersection =
  | { found: true; intersection: PointOrOrigin; tip: OgmiosTip | null }
  | { found: false; tip: OgmiosTip | null }

/** One JSON-RPC message: its method, id, and result or error. */
export interface RpcMessage {
  method: string | null
  id: unknown
  result?: unknown
  error?: { code: number | null; message: string; data?: unknown }
}

type J = Record<string, unknown>

const HEX = /^[0-9a-f]*$/
const HASH = /^[0-9a-f]{64}$/

/** A number's own digits past 2^53: kept exact as bigint (JSON.parse's source text; JavaScriptCore and V8 give it). */
function exactNumbers(_key: string, value: unknown, context?: { source?: string }): unknown {
  if (typeof value === 'number' && !Number.isSafeInteger(value) && context?.source !== undefined && /^-?\d+$/.test(context.source)) {
    return BigInt(context.source)
  }
  return value
}

/**
 * Parse one message keeping every integer exact. Text without 16 consecutive digits holds no integer past 2^53:
 * the plain parser (four times faster) is enough for it.
 */
export function parseExact(text: string): unknown {
  return /\d{16}/.test(text) ? JSON.parse(text, exactNumbers as (key: string, value: unknown) => unknown) : JSON.parse(text)
}

const object = (value: unknown): J | null => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as J) : null)

function need<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new OgmiosShapeError(`${what} missing or malformed`)
  return value
}

const natural = (value: unknown): number | null => (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null)

/** An exact integer quantity (a number that is a safe integer, or the bigint parseExact made). */
function quantity(value: unknown): bigint | null {
  if (typeof value === 'bigint') return value
  if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value)
  return null
}

const hash = (value: unknown): string | null => (typeof value === 'string' && HASH.test(value) ? value : null)

/** A JSON-RPC 2.0 message; throws OgmiosShapeError for anything else. */
export function readMessage(text: string): RpcMessage {
  let parsed: unknown
  try {
    parsed = parseExact(text)
  } catch {
    throw new OgmiosShapeError('not JSON')
  }
  const m = need(object(parsed), 'message')
  if (m.jsonrpc !== '2.0') throw new OgmiosShapeError('not a JSON-RPC 2.0 message')
  const method = typeof m.method === 'string' ? m.method : null
  if ('error' in m) {
    const e = need(object(m.error), 'error')
    return { method, id: m.id, error: { code: typeof e.code === 'number' ? e.code : null, message: typeof e.message === 'string' ? e.message : '', data: e.data } }
  }
  if (!('result' in m)) throw new OgmiosShapeError('neither result nor error')
  return { method, id: m.id, result: m.result }
}

export function readPoint(value: unknown): PointOrOrigin {
  if (value === 'origin') return 'origin'
  const p = need(object(value), 'point')
  return { slot: need(natural(p.slot), 'point slot'), id: need(hash(p.id), 'point id') }
}

/** A tip, or null for `origin` (a node with no block yet). */
export function readTip(value: unknown): OgmiosTip | null {
  if (value === 'origin') return null
  const t = need(object(value), 'tip')
  return { slot: need(natural(t.slot), 'tip slot'), id: need(hash(t.id), 'tip id'), height: need(natural(t.height), 'tip height') }
}

/** The answer to findIntersection: the point found, or error 1000 (no point on the node's chain) with its tip. */
export function readIntersection(message: RpcMessage): Intersection {
  if (message.error !== undefined) {
    if (message.error.code !== 1000) throw new OgmiosShapeError(`findIntersection error ${message.error.code}: ${message.error.message}`)
    return { found: false, tip: readTip(object(message.error.data)?.tip) }
  }
  const r = need(object(message.result), 'result')
  return { found: true, intersection: readPoint(r.intersection), tip: readTip(r.tip) }
}

/**
 * A nextBlock answer. `credentials`: the payment credentials whose outputs are kept (the followed pool scripts).
 * Byron blocks (`bft`, `ebb`) carry no transaction the follower reads: forward with no transactions.
 */
export function readNextBlock(message: RpcMessage, credentials: ReadonlySet<string>): NextBlock {
  if (message.error !== undefined) throw new OgmiosShapeError(`nextBlock error ${message.error.code}: ${message.error.message}`)
  const r = need(object(message.result), 'result')
  if (r.direction === 'backward') return { direction: 'backward', point: readPoint(r.point), tip: readTip(r.tip) }
  if (r.direction !== 'forward') throw new OgmiosShapeError('direction is neither forward nor backward')
  return { direction: 'forward', block: readBlock(r.block, credentials), tip: readTip(r.tip) }
}

export function readBlock(value: unknown, credentials: ReadonlySet<string>): OgmiosBlock {
  const b = need(object(value), 'block')
  const slot = need(natural(b.slot), 'block slot')
  const txs = b.transactions === undefined ? [] : need(Array.isArray(b.transactions) ? b.transactions : null, 'block transactions')
  return {
    hash: need(hash(b.id), 'block id'),
    height: need(natural(b.height), 'block height'),
    slot,
    time: slotToUnix(slot),
    transactions: txs.map((tx) => readTransaction(tx, credentials)),
  }
}

function readRef(value: unknown): string {
  const ref = need(object(value), 'input')
  return `${need(hash(object(ref.transaction)?.id), 'input transaction id')}#${need(natural(ref.index), 'input index')}`
}

/** `{ <policy>: { <asset name hex>: n } }` to unit → quantity; the `ada` entry is read by the caller. */
function readAssets(value: unknown, what: string): Map<string, bigint> {
  const out = new Map<string, bigint>()
  const policies = object(value)
  if (policies === null) return out
  for (const [policy, names] of Object.entries(policies)) {
    if (policy === 'ada') continue
    if (policy.length !== 56 || !HEX.test(policy)) throw new OgmiosShapeError(`${what}: policy ${policy.slice(0, 64)} is not a 28-byte hash`)
    for (const [name, raw] of Object.entries(need(object(names), `${what} assets`))) {
      if (name.length > 64 || !HEX.test(name)) throw new OgmiosShapeError(`${what}: asset name is not hex`)
      const unit = policy + name
      out.set(unit, (out.get(unit) ?? 0n) + need(quantity(raw), `${what} quantity`))
    }
  }
  return out
}

export function readTransaction(value: unknown, credentials: ReadonlySet<string>): OgmiosTx {
  const t = need(object(value), 'transaction')
  const id = need(hash(t.id), 'transaction id')
  if (t.spends !== 'inputs' && t.spends !== 'collaterals') throw new OgmiosShapeError('transaction spends is neither inputs nor collaterals')
  const datums = new Map<string, string>()
  for (const [h, cbor] of Object.entries(object(t.datums) ?? {})) {
    if (HASH.test(h) && typeof cbor === 'string' && HEX.test(cbor)) datums.set(h, cbor)
  }
  const inputs = need(Array.isArray(t.inputs) ? t.inputs : null, 'transaction inputs').map(readRef)
  const outputs: ChainOutput[] = []
  const listed = t.outputs === undefined ? [] : need(Array.isArray(t.outputs) ? t.outputs : null, 'transaction outputs')
  listed.forEach((raw, index) => {
    const o = need(object(raw), 'output')
    const address = need(typeof o.address === 'string' ? o.address : null, 'output address')
    const cred = paymentCredential(address)
    if (cred === null || !credentials.has(cred)) return
    const value = need(object(o.value), 'output value')
    const lovelace = need(quantity(object(value.ada)?.lovelace), 'output lovelace')
    const datumHash = hash(o.datumHash)
    const inline = typeof o.datum === 'string' && HEX.test(o.datum) ? o.datum : null
    outputs.push({
      txHash: id,
      index,
      address,
      paymentCred: cred,
      stakeAddress: stakeAddressOf(address),
      lovelace,
      assets: readAssets(value, 'output value'),
      datumHash,
      datumCbor: inline ?? (datumHash === null ? null : (datums.get(datumHash) ?? null)),
    })
  })
  return { id, valid: t.spends === 'inputs', inputs, outputs, minted: readAssets(t.mint, 'mint'), datums }
}
