/**
 * Koios below /api/v1, PostgREST style: every answer is a JSON array (`[]` = not found, HTTP 200); `select`
 * picks columns, including JSON paths with aliases (`alias:col->key`, `col->>key`); `offset`/`limit` page
 * (at most 1000 rows); POST bodies over 1 KB get 413 as on the public tier.
 */
import type { Raw } from '../builders'
import type { World } from '../world'
import { json, lower, type FakeAnswer, type FakeRequest } from './common'

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
      rows = [k.tip]
      break
    case 'POST /asset_info': {
      const list: unknown = body._asset_list
      if (!Array.isArray(list)) return json({ code: 'PGRST', message: '_asset_list is required' }, 400)
      const wanted = new Set(list.map((pair: unknown) => (Array.isArray(pair) ? lower(pair[0]) + lower(pair[1]) : '')))
      rows = k.assets.filter((a) => wanted.has(lower(a.policy_id) + lower(a.asset_name ?? '')))
      break
    }
    case 'GET /asset_summary':
      rows = [k.summaries.get(lower(q.get('_asset_policy')) + lower(q.get('_asset_name') ?? ''))].filter(Boolean) as Raw[]
      break
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
    default:
      return json({ code: 'PGRST202', message: `Could not find the function ${req.path}` }, 404)
  }
  const offset = Math.max(0, Number(q.get('offset') ?? '0') || 0)
  const limit = Math.min(MAX_ROWS, Math.max(0, Number(q.get('limit') ?? `${MAX_ROWS}`) || MAX_ROWS))
  const page = rows.slice(offset, offset + limit)
  const select = q.get('select')
  return json(select ? page.map((row) => project(row, select)) : page)
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
