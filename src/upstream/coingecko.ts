/**
 * Market provider: CoinGecko (https://api.coingecko.com/api/v3). Keyless by default; a demo key goes in the
 * `x-cg-demo-api-key` header (set by the HTTP layer from COINGECKO_API_KEY). `/coins/markets` answers an array
 * of market objects with nullable numbers; `/coins/{id}/market_chart` answers `{prices: [[ms, usd], …], …}`
 * with 5-minute points for days=1, hourly for 2–90, daily beyond.
 */
import type { Memo } from '../cache/memo'
import { asCore } from './call-context'
import { memoised, type Fetched } from './fetched'
import type { UpstreamHttp } from './http-client'
import { arr, expectArray, expectObject, keep, num, obj, text } from './parse'

export const ADA_ID = 'cardano'
export const ECOSYSTEM_CATEGORY = 'cardano-ecosystem'
/** Rows of the ecosystem category read, whatever the caller wants: one canonical resource. */
export const ECOSYSTEM_ROWS = 51

export interface CoinMarket {
  id: string
  symbol: string | null
  name: string | null
  priceUsd: number | null
  change24h: number | null
  marketCap: number | null
  volume24h: number | null
}

/** The `days` ADA's series is asked for: the provider's three granularity bands (market/ada-windows.ts). */
export type AdaWindowDays = 1 | 90 | 365

/** A point of a series: [unix ms, USD]. */
export type PricePoint = [number, number]

/** Lifetimes of the provider's resources: the core plan's intervals (upstream/core-plan.ts). */
export interface CoinGeckoTtls {
  snapshot: number
  ecosystem: number
  series: Record<AdaWindowDays, number>
}

export const DEFAULT_COINGECKO_TTLS: CoinGeckoTtls = {
  snapshot: 90_000,
  ecosystem: 90_000,
  series: { 1: 90_000, 90: 15 * 60_000, 365: 60 * 60_000 },
}

/** Every read here is a core-plan resource: a fixed key whatever the caller asked, refreshed at its interval. */
export class CoinGecko {
  constructor(
    private readonly http: UpstreamHttp,
    private readonly memo: Memo,
    private readonly ttls: CoinGeckoTtls = DEFAULT_COINGECKO_TTLS,
  ) {}

  /** `GET /coins/markets?vs_currency=usd&ids=cardano`: ADA's snapshot; null if the provider omits it. */
  adaMarket(): Promise<Fetched<CoinMarket | null>> {
    return asCore(() => memoised(this.memo, 'cg:ada', { ttlMs: this.ttls.snapshot }, async () => {
      const res = await this.http.get('/coins/markets', { vs_currency: 'usd', ids: ADA_ID })
      const markets = keep(expectArray('coingecko', res.body, 'coins/markets'), readMarket)
      return markets.find((m) => m.id === ADA_ID) ?? null
    }))
  }

  /**
   * `GET /coins/cardano/market_chart?vs_currency=usd&days=N` for one of the three canonical windows (see
   * market/ada-windows.ts): ADA's USD price series, oldest first.
   */
  adaPriceSeries(days: AdaWindowDays): Promise<Fetched<PricePoint[]>> {
    return asCore(() => memoised(this.memo, `cg:ada-chart:${days}`, { ttlMs: this.ttls.series[days] }, async () => {
      const res = await this.http.get(`/coins/${ADA_ID}/market_chart`, { vs_currency: 'usd', days })
      const body = expectObject('coingecko', res.body, 'market_chart')
      const prices = expectArray('coingecko', body.prices, 'market_chart prices')
      return keep(prices, (p): PricePoint | null => {
        const pair = arr(p)
        const t = num(pair?.[0])
        const v = num(pair?.[1])
        return t === null || v === null ? null : [t, v]
      }).sort((a, b) => a[0] - b[0])
    }))
  }

  /**
   * `GET /coins/markets?category=cardano-ecosystem&order=market_cap_desc&per_page=51`: the category's top rows by
   * market cap. The category includes ADA itself; callers decide whether to keep it.
   */
  ecosystem(): Promise<Fetched<CoinMarket[]>> {
    return asCore(() => memoised(this.memo, 'cg:ecosystem', { ttlMs: this.ttls.ecosystem }, async () => {
      const res = await this.http.get('/coins/markets', {
        vs_currency: 'usd',
        category: ECOSYSTEM_CATEGORY,
        order: 'market_cap_desc',
        per_page: ECOSYSTEM_ROWS,
        page: 1,
        price_change_percentage: '24h',
      })
      return keep(expectArray('coingecko', res.body, 'coins/markets'), readMarket)
    }))
  }
}

function readMarket(value: unknown): CoinMarket | null {
  const m = obj(value)
  const id = m && text(m.id)
  if (!m || !id) return null
  return {
    id,
    symbol: text(m.symbol),
    name: text(m.name),
    priceUsd: num(m.current_price),
    change24h: num(m.price_change_percentage_24h) ?? num(m.price_change_percentage_24h_in_currency),
    marketCap: num(m.market_cap),
    volume24h: num(m.total_volume),
  }
}
