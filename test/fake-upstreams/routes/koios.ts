/**
 * Koios below /api/v1, PostgREST style: every answer is a JSON array (`[]` = not found, HTTP 200); `select`
 * picks columns, including JSON paths with aliases (`alias:col->key`, `col->>key`); `offset`/`limit` page
 * (at most 1000 rows); POST bodies over 1 KB get 413 as on the public tier.
 */
import type { Raw } from '../builders'
import type { World } from '../world'
import { koiosItem, koiosTx, touches, unspent } from '../chain'
import { json, lower, type FakeAnswer, type FakeRequest } from './common'
import { settleHolders } from '../koios-safety'

const MAX_ROWS = 1000
const PUBLIC_BODY_LIMIT = 1024

export function koios(world: World, req: FakeRequest): FakeAnswer {
  const k = world.koios
  const body = (req.body ?? {}) as Raw
  if (req.method === 'POST' && req.bodyText.length > PUBLIC_BODY_LIMIT) {
    return json({ code: '413', message: 'Payload Too Large' }, 413)
  }
  const q = req.query
  const route = `${req.method} ${req.path}`
  let rows: Raw[]
  switch (route) {
    case 'GET /tip':
      // One chain: once the fake chain has blocks, the tip is its last block (the follower reads the same chain).
      rows = [k.chain.tip === undefined ? k.tip : tipRow(k.chain.tip)]
      break
    case 'POST /asset_info': {
      const list: unknown = body._asset_list
      if (!Array.isArray(list)) return json({ code: 'PGRST', message: '_asset_list is required' }, 400)
      const wanted = new Set(list.map((pair: unknown) => (Array.isArray(pair) ? lower(pair[0]) + lower(pair[1]) : '')))
      rows = k.assets.filter((a) => wanted.has(lower(a.policy_id) + lower(a.asset_name ?? '')))
      break
    }
    case 'GET /asset_summary': {
      const unit = lower(q.get('_asset_policy')) + lower(q.get('_asset_name') ?? '')
      settleHolders(world, unit)
      rows = [k.summaries.get(unit)].filter(Boolean) as Raw[]
      break
    }
    case 'POST /script_info': {
      const wanted = new Set(((body._script_hashes as string[]) ?? []).map(lower))
      rows = [...k.scripts.values()].filter((s) => wanted.has(lower(s.script_hash)))
      break
    }
    case 'GET /asset_history':
      rows = [k.histories.get(unitOf(q))].filter(Boolean) as Raw[]
      break
    case 'GET /asset_addresses': {
      // Large assets meet Koios's 30 s query limit: 504 (../shared/upstreams/README.md).
      if (k.holderTimeouts.has(unitOf(q))) return json({ code: '57014', message: 'canceling statement due to statement timeout' }, 504)
      settleHolders(world, unitOf(q))
      const held = k.holders.get(unitOf(q)) ?? []
      // Its SQL has no ORDER BY: without `order` the rows come in another order at each call (pages then repeat or miss rows).
      rows = q.get('order') === null ? rotate(held, (unorderedCalls += 1) * 7) : order(held, q.get('order'))
      break
    }
    case 'GET /asset_nft_address':
      rows = [k.nftHolders.get(lower(q.get('_asset_policy')) + lower(q.get('_asset_name') ?? ''))].filter(Boolean) as Raw[]
      break
    case 'POST /account_info': {
      const wanted = new Set(((body._stake_addresses as string[]) ?? []).map(String))
      rows = k.accounts.filter((a) => wanted.has(a.stake_address))
      break
    }
    case 'POST /account_assets': {
      const addrs = ((body._stake_addresses as string[]) ?? []).map(String)
      rows = addrs.flatMap((a) => k.accountAssets.get(a) ?? [])
      break
    }
    case 'POST /address_info': {
      const wanted = new Set(((body._addresses as string[]) ?? []).map(String))
      rows = k.addresses.filter((a) => wanted.has(a.address))
      break
    }
    case 'POST /address_assets': {
      const addrs = ((body._addresses as string[]) ?? []).map(String)
      rows = addrs.flatMap((a) => k.addressAssets.get(a) ?? [])
      break
    }
    case 'GET /blocks': {
      const chain = k.chain
      rows = chain.blocks.map((b) => ({ hash: b.hash, epoch_no: 600, abs_slot: b.time - SHELLEY_SLOT_OFFSET, block_height: b.height, block_time: b.time, tx_count: 0 }))
      rows = order(filterHeight(rows, q), q.get('order') ?? 'block_height.desc')
      break
    }
    case 'POST /credential_txs': {
      const creds = new Set(((body._payment_credentials as string[]) ?? []).map(lower))
      const after = Number(body._after_block_height ?? 0)
      rows = k.chain.txs
        .filter((t) => t.block.height >= after && touches(t, creds, k.chain.failed))
        .map((t) => ({ tx_hash: t.txHash, epoch_no: 600, block_height: t.block.height, block_time: t.block.time }))
      // Koios: DISTINCT, ORDER BY block_height DESC, no order inside a block (here: reversed block order).
      rows = order(filterHeight(rows.reverse(), q), q.get('order'))
      break
    }
    case 'POST /credential_utxos': {
      const creds = new Set(((body._payment_credentials as string[]) ?? []).map(lower))
      const extended = body._extended === true
      rows = unspent(k.chain, creds).map(({ output, tx }) => {
        const item = koiosItem(output, true, extended)
        return {
          tx_hash: output.txHash,
          tx_index: output.index,
          address: output.address,
          value: item.value,
          stake_address: output.stakeAddress,
          payment_cred: output.paymentCred,
          epoch_no: 600,
          block_height: tx.block.height,
          block_time: tx.block.time,
          datum_hash: output.datumHash,
          // Without _extended, Koios leaves inline_datum and asset_list null (README §2).
          inline_datum: extended ? item.inline_datum : null,
          reference_script: null,
          asset_list: extended ? item.asset_list : null,
          is_spent: false,
        }
      })
      break
    }
    case 'POST /tx_info': {
      const wanted = new Set(((body._tx_hashes as string[]) ?? []).map(lower))
      const flags = { inputs: body._inputs === true, assets: body._assets === true, bytecode: body._bytecode === true && body._scripts === true }
      rows = k.chain.txs.filter((t) => wanted.has(t.txHash) && !k.chain.withheld.has(t.txHash) && !k.chain.failed.has(t.txHash)).map((t) => koiosTx(t, flags))
      break
    }
    case 'POST /datum_info': {
      const wanted = ((body._datum_hashes as string[]) ?? []).map(lower)
      rows = wanted.filter((h) => k.chain.datums.has(h)).map((h) => ({ datum_hash: h, creation_tx_hash: null, value: {}, bytes: k.chain.datums.get(h) }))
      break
    }
    default:
      return json({ code: 'PGRST202', message: `Could not find the function ${req.path}` }, 404)
  }
  const offset = Math.max(0, Number(q.get('offset') ?? '0') || 0)
  const limit = Math.min(MAX_ROWS, Math.max(0, Number(q.get('limit') ?? `${MAX_ROWS}`) || MAX_ROWS))
  const page = rows.slice(offset, offset + limit)
  const select = q.get('select')
  return json(select ? page.map((row) => project(row, select)) : page)
}

/** The unit a GET asks about (`_asset_policy` + `_asset_name`), lowercase. */
const unitOf = (q: URLSearchParams) => lower(q.get('_asset_policy')) + lower(q.get('_asset_name') ?? '')

let unorderedCalls = 0
const rotate = <T>(list: T[], by: number): T[] => (list.length === 0 ? list : [...list.slice(by % list.length), ...list.slice(0, by % list.length)])

/** Mainnet's Shelley-era slot arithmetic: slot = Unix seconds − 1591566291; epochs of 432,000 slots from epoch 208 at slot 4,492,800. */
const SHELLEY_SLOT_OFFSET = 1_591_566_291
function tipRow(block: { hash: string; height: number; time: number }): Raw {
  const absSlot = block.time - SHELLEY_SLOT_OFFSET
  const epochSlots = absSlot - 4_492_800
  return {
    hash: block.hash,
    epoch_no: 208 + Math.floor(epochSlots / 432_000),
    era: 'Conway',
    abs_slot: absSlot,
    epoch_slot: epochSlots % 432_000,
    block_height: block.height,
    block_no: block.height,
    block_time: block.time,
  }
}

/** PostgREST horizontal filtering on block_height (`gte.N`, `lte.N`, `eq.N`, `gt.N`, `lt.N`). */
function filterHeight(rows: Raw[], q: URLSearchParams): Raw[] {
  const f = q.get('block_height')
  if (f === null) return rows
  const [op, raw] = f.split('.', 2)
  const n = Number(raw)
  const test: Record<string, (h: number) => boolean> = { gte: (h) => h >= n, lte: (h) => h <= n, eq: (h) => h === n, gt: (h) => h > n, lt: (h) => h < n }
  return test[op] ? rows.filter((r) => test[op](Number(r.block_height))) : rows
}

/** PostgREST `order=col.asc|desc,…` (stable; rows keep their order where the columns tie). */
function order(rows: Raw[], spec: string | null): Raw[] {
  if (spec === null) return rows
  const keys = spec.split(',').map((s) => s.split('.') as [string, string])
  return [...rows].sort((a, b) => {
    for (const [col, dir] of keys) {
      const x = a[col] as string | number
      const y = b[col] as string | number
      if (x === y) continue
      return (x < y ? -1 : 1) * (dir === 'desc' ? -1 : 1)
    }
    return 0
  })
}

/** PostgREST vertical filtering: `col`, `col->key` (JSON), `col->>key` (text), each with an optional `alias:`. */
function project(row: Raw, select: string): Raw {
  const out: Raw = {}
  for (const item of select.split(',').map((s) => s.trim()).filter(Boolean)) {
    const [alias, expr] = item.includes(':') ? item.split(':', 2) : [null, item]
    const path = expr.split(/->>?/)
    const asText = expr.includes('->>')
    let value: unknown = row[path[0]]
    for (const key of path.slice(1)) value = value !== null && typeof value === 'object' ? (value as Raw)[key] : null
    if (value === undefined) value = null
    if (asText && value !== null && typeof value !== 'string') value = JSON.stringify(value)
    out[alias ?? path[path.length - 1]] = value
  }
  return out
}
