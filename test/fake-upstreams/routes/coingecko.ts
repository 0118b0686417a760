/**
 * CoinGecko below /api/v3: /coins/markets (by ids or category, market-cap order, per_page/page),
 * /coins/cardano/market_chart (5-minute points for days=1, hourly up to 90 days, daily beyond; the last point
 * is "now"), /simple/price.
 */
import type { World } from '../world'
import { json, lower, type FakeAnswer, type FakeRequest } from './common'

/** The series' market cap and volume per ADA price point (the chart's market_caps and total_volumes). */
const ADA_SUPPLY = 36_000_000_000
const ADA_VOLUME = 600_000_000

/**
 * ADA's row as the series says it now, when the world asks for that (adaFollowsSeries): the price at `now`, the
 * change since 24 h before, the market cap and volume the chart gives, so the headline and the series agree.
 */
function adaRow(world: World, coin: World['coingecko']['coins'][number], now: number) {
  if (coin.id !== 'cardano' || !world.coingecko.adaFollowsSeries) return coin
  const price = world.coingecko.adaPriceAt(now)
  const change = (price / world.coingecko.adaPriceAt(now - 86_400_000) - 1) * 100
  return { ...coin, current_price: price, price_change_percentage_24h: change, price_change_percentage_24h_in_currency: change, market_cap: price * ADA_SUPPLY, total_volume: ADA_VOLUME }
}

export function coingecko(world: World, req: FakeRequest): FakeAnswer {
  const q = req.query
  const now = Date.now()
  const coins = world.coingecko.coins.map((coin) => adaRow(world, coin, now))
  if (req.path === '/coins/markets') {
    if (lower(q.get('vs_currency')) !== 'usd') return json({ error: 'invalid vs_currency' }, 400)
    const perPage = Math.min(250, Math.max(1, Number(q.get('per_page') ?? '100') || 100))
    const page = Math.max(1, Number(q.get('page') ?? '1') || 1)
    const category = q.get('category')
    const ids = q.get('ids')?.split(',').map(lower)
    // Lookup priority as documented: category, then ids.
    const picked = category ? coins.filter((c) => c.categories?.includes(category)) : ids ? coins.filter((c) => ids.includes(c.id)) : coins
    return json(picked.slice((page - 1) * perPage, page * perPage).map(({ categories: _c, ...coin }) => coin))
  }
  const chart = req.path.match(/^\/coins\/([^/]+)\/market_chart$/)
  if (chart) {
    if (chart[1] !== 'cardano') return json({ error: 'coin not found' }, 404)
    const days = Number(q.get('days'))
    if (!Number.isFinite(days) || days <= 0) return json({ error: 'invalid days' }, 400)
    const step = days <= 1 ? 300_000 : days <= 90 ? 3_600_000 : 86_400_000
    const prices: number[][] = []
    for (let t = now - days * 86_400_000; t < now; t += step) prices.push([t, world.coingecko.adaPriceAt(t)])
    prices.push([now, world.coingecko.adaPriceAt(now)])
    return json({
      prices,
      market_caps: prices.map(([t, p]) => [t, p * ADA_SUPPLY]),
      total_volumes: prices.map(([t]) => [t, ADA_VOLUME]),
    })
  }
  if (req.path === '/simple/price') {
    const ids = (q.get('ids') ?? '').split(',').map(lower)
    const out: Record<string, Record<string, number>> = {}
    for (const coin of coins) if (ids.includes(coin.id)) out[coin.id] = { usd: coin.current_price }
    return json(out)
  }
  return json({ error: 'Not found' }, 404)
}
