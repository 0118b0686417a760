/**
 * GeckoTerminal's routes below /api/v2: tokens/multi, tokens/{unit}, tokens/{unit}/pools, pools/{hex}/ohlcv/{tf}
 * and dexes, in JSON:API shape. Unknown tokens and pools answer 404 with `{errors: [{status, title}]}`.
 * OHLCV rows go newest first; a pool without explicit rows gets a generated sparse series.
 */
import type { Raw } from '../builders'
import type { World } from '../world'
import { byNumberDesc, json, lower, type FakeAnswer, type FakeRequest } from './common'

const NOT_FOUND = { errors: [{ status: '404', title: 'Not Found' }] }
const SECONDS: Record<string, number> = { minute: 60, hour: 3600, day: 86_400 }
const AGGREGATES: Record<string, number[]> = { minute: [1, 5, 15], hour: [1, 4, 12], day: [1] }
const SIX_MONTHS_S = 180 * 86_400

const unitOf = (id: unknown) => lower(id).replace(/^cardano_/, '')
const baseUnit = (pool: Raw) => unitOf(pool.relationships?.base_token?.data?.id)
const quoteUnit = (pool: Raw) => unitOf(pool.relationships?.quote_token?.data?.id)
const byReserve = byNumberDesc((p) => p.attributes?.reserve_in_usd)

function poolsOf(world: World, unit: string): Raw[] {
  return world.geckoterminal.pools.filter((p) => baseUnit(p) === unit || quoteUnit(p) === unit).sort(byReserve)
}

function withTopPools(world: World, token: Raw): Raw {
  const pools = poolsOf(world, unitOf(token.id)).slice(0, 20)
  return { ...token, relationships: { top_pools: { data: pools.map((p) => ({ id: p.id, type: 'pool' })) } } }
}

export function geckoterminal(world: World, req: FakeRequest): FakeAnswer {
  const parts = req.path.split('/').filter(Boolean)
  if (parts[0] !== 'networks' || parts[1] !== 'cardano') return json(NOT_FOUND, 404)
  const rest = parts.slice(2)
  const include = (req.query.get('include') ?? '').split(',')
  const tokens = world.geckoterminal.tokens
  const findToken = (unit: string) => tokens.find((t) => unitOf(t.id) === unit)

  if (rest[0] === 'dexes' && rest.length === 1) return json({ data: world.geckoterminal.dexes })

  if (rest[0] === 'tokens' && rest[1] === 'multi' && rest.length === 3) {
    const units = rest[2].split(',').map(lower)
    if (units.length > 30) return json({ errors: [{ status: '400', title: 'Too many addresses' }] }, 400)
    // Unknown addresses are silently left out.
    const data = units.map(findToken).filter((t): t is Raw => t !== undefined).map((t) => withTopPools(world, t))
    const body: Raw = { data }
    if (include.includes('top_pools')) {
      const ids = new Set(data.flatMap((t) => t.relationships.top_pools.data.map((p: Raw) => p.id)))
      body.included = world.geckoterminal.pools.filter((p) => ids.has(p.id))
    }
    return json(body)
  }

  if (rest[0] === 'tokens' && rest.length === 2) {
    const token = findToken(lower(rest[1]))
    if (!token) return json(NOT_FOUND, 404)
    const body: Raw = { data: withTopPools(world, token) }
    if (include.includes('top_pools')) body.included = poolsOf(world, unitOf(token.id)).slice(0, 20)
    return json(body)
  }

  if (rest[0] === 'tokens' && rest[2] === 'pools' && rest.length === 3) {
    const unit = lower(rest[1])
    const pools = poolsOf(world, unit)
    if (!findToken(unit) && pools.length === 0) return json(NOT_FOUND, 404)
    const page = Math.max(1, Number(req.query.get('page') ?? '1') || 1)
    const data = pools.slice((page - 1) * 20, page * 20)
    const body: Raw = { data }
    const included: Raw[] = []
    if (include.includes('base_token') || include.includes('quote_token')) {
      const units = new Set(data.flatMap((p) => [baseUnit(p), quoteUnit(p)]))
      for (const u of units) {
        const t = findToken(u)
        if (t) included.push({ id: t.id, type: 'token', attributes: { address: t.attributes.address, name: t.attributes.name, symbol: t.attributes.symbol, decimals: t.attributes.decimals, image_url: t.attributes.image_url, coingecko_coin_id: t.attributes.coingecko_coin_id } })
        else if (u === 'lovelace') included.push({ id: 'cardano_lovelace', type: 'token', attributes: { address: 'lovelace', name: 'Cardano', symbol: 'ADA', decimals: 6, image_url: 'https://coin-images.coingecko.com/coins/images/975/large/cardano.png', coingecko_coin_id: 'cardano' } })
      }
    }
    if (include.includes('dex')) {
      const names: Record<string, string> = { 'minswap-cardano': 'Minswap', saturnswap: 'SaturnSwap' }
      const ids = new Set(data.map((p) => p.relationships?.dex?.data?.id).filter(Boolean))
      for (const id of ids) included.push({ id, type: 'dex', attributes: { name: names[id] ?? id } })
    }
    if (included.length) body.included = included
    return json(body)
  }

  if (rest[0] === 'pools' && rest[2] === 'ohlcv' && rest.length === 4) {
    const poolHex = lower(rest[1])
    const timeframe = rest[3]
    const aggregate = Number(req.query.get('aggregate') ?? '1')
    if (!SECONDS[timeframe] || !AGGREGATES[timeframe].includes(aggregate)) {
      return json({ errors: [{ status: '400', title: 'Invalid timeframe or aggregate' }] }, 400)
    }
    const pool = world.geckoterminal.pools.find((p) => lower(p.attributes?.address) === poolHex)
    if (!pool) return json(NOT_FOUND, 404)
    const limit = Math.min(1000, Math.max(1, Number(req.query.get('limit') ?? '100') || 100))
    // `before_timestamp` pages back (the boundary row may come again); one call spans at most about six months.
    const before = Number(req.query.get('before_timestamp')) || Infinity
    const explicit = world.geckoterminal.ohlcv.get(`${poolHex}|${timeframe}|${aggregate}`)
    const series = explicit ?? generateSeries(poolHex, Number(pool.attributes.base_token_price_usd ?? 1), SECONDS[timeframe] * aggregate, limit, before)
    const timed = (row: number[]) => typeof row[0] === 'number'
    const upTo = series.filter((row) => !timed(row) || row[0] <= before)
    const newest = Math.max(...upTo.filter(timed).map((row) => row[0]))
    const rows = upTo.filter((row) => !timed(row) || row[0] > newest - SIX_MONTHS_S).slice(0, limit)
    return json({
      data: { id: crypto.randomUUID(), type: 'ohlcv_request_response', attributes: { ohlcv_list: rows } },
      meta: {
        base: { address: baseUnit(pool), name: 'Base', symbol: 'BASE', coingecko_coin_id: null },
        quote: { address: quoteUnit(pool), name: 'Cardano', symbol: 'ADA', coingecko_coin_id: 'cardano' },
      },
    })
  }
  return json(NOT_FOUND, 404)
}

/** A deterministic, sparse candle series ending at the current interval (or at `before`), newest first. */
function generateSeries(seed: string, price: number, step: number, limit: number, before = Infinity): number[][] {
  const now = Math.floor(Math.min(Date.now() / 1000, before) / step) * step
  const rows: number[][] = []
  let close = price > 0 ? price : 1
  let h = Number(BigInt.asUintN(31, Bun.hash.wyhash(`${seed}:${step}`)))
  const rand = () => ((h = (h * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff)
  for (let i = 0; rows.length < limit && i < limit * 2; i++) {
    if (rand() < 0.1) continue // quiet interval: no row, as upstream does
    const open = close * (1 + (rand() - 0.5) * 0.02)
    const high = Math.max(open, close) * (1 + rand() * 0.01)
    const low = Math.min(open, close) * (1 - rand() * 0.01)
    rows.push([now - i * step, open, high, low, close, Math.round(rand() * 50_000 * 100) / 100])
    close = open
  }
  return rows
}
