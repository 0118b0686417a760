/**
 * Source B: GeckoTerminal (https://api.geckoterminal.com/api/v2). Keyless, about 10 calls a minute, so every
 * read is cached and the call budget is enforced by the HTTP layer. JSON:API shapes (`data`, `attributes`,
 * `relationships`, `included`); every price, volume and reserve is a decimal string or null; token ids are
 * `cardano_<unit>`, pool ids `cardano_<hex>` (the OHLCV path takes the bare hex). Unknown tokens and pools
 * answer 404 with a JSON:API error body, which is "nothing here", not a failure.
 */
import type { Memo } from '../cache/memo'
import { UpstreamError } from './errors'
import { memoised, type Fetched } from './fetched'
import type { UpstreamHttp } from './http-client'
import { arr, count, expectArray, expectObject, isoToMs, type Json, keep, num, obj, readWindows, str, text } from './parse'
import type { Candle } from '../market/candle'

export const NETWORK = 'cardano'
export const MAX_TOKENS_PER_CALL = 30
const ID_PREFIX = `${NETWORK}_`

export type GtWindow = 'm5' | 'm15' | 'm30' | 'h1' | 'h6' | 'h24'
const WINDOWS: GtWindow[] = ['m5', 'm15', 'm30', 'h1', 'h6', 'h24']

export interface GtPool {
  /** Bare pool hex (the `cardano_` prefix stripped), as the OHLCV path wants it. */
  address: string
  name: string | null
  dexId: string | null
  /** Asset units of the two sides (`cardano_` stripped); `lovelace` or similar for ADA. */
  baseTokenUnit: string | null
  quoteTokenUnit: string | null
  baseTokenPriceUsd: number | null
  reserveUsd: number | null
  volumeUsd: Partial<Record<GtWindow, number>>
  priceChange: Partial<Record<GtWindow, number>>
  transactions: Partial<Record<GtWindow, { buys: number; sells: number }>>
  fdvUsd: number | null
  marketCapUsd: number | null
  /** Unix milliseconds. */
  createdAt: number | null
}

export interface GtToken {
  unit: string
  name: string | null
  symbol: string | null
  decimals: number | null
  /** Hosted image; null when absent or the literal "missing.png". */
  imageUrl: string | null
  priceUsd: number | null
  fdvUsd: number | null
  marketCapUsd: number | null
  totalReserveUsd: number | null
  volume24hUsd: number | null
  totalSupply: number | null
  topPoolAddresses: string[]
}

export type OhlcvTimeframe = 'minute' | 'hour' | 'day'

export interface GeckoTerminalTtls {
  multi: number
  pools: number
  token: number
}

export const DEFAULT_GECKOTERMINAL_TTLS: GeckoTerminalTtls = { multi: 45_000, pools: 60_000, token: 6 * 60 * 60_000 }

export class GeckoTerminal {
  constructor(
    private readonly http: UpstreamHttp,
    private readonly memo: Memo,
    private readonly ttls: GeckoTerminalTtls = DEFAULT_GECKOTERMINAL_TTLS,
  ) {}

  /** `GET /networks/cardano/tokens/multi/{≤30 units}?include=top_pools`: tokens and their top pools, one call. */
  tokensMulti(units: string[]): Promise<Fetched<{ tokens: GtToken[]; pools: GtPool[] }>> {
    if (units.length === 0) return Promise.resolve({ data: { tokens: [], pools: [] }, stale: false })
    if (units.length > MAX_TOKENS_PER_CALL) throw new RangeError(`at most ${MAX_TOKENS_PER_CALL} units per call`)
    const joined = units.join(',')
    return memoised(this.memo, `gt:multi:${joined}`, { ttlMs: this.ttls.multi }, async () => {
      const res = await this.http.get(`/networks/${NETWORK}/tokens/multi/${joined}`, { include: 'top_pools' }, [404])
      if (res.status === 404) return { tokens: [], pools: [] }
      const body = expectObject('geckoterminal', res.body, 'tokens/multi')
      const data = expectArray('geckoterminal', body.data, 'tokens/multi data')
      return { tokens: keep(data, readToken), pools: readIncluded(body.included, 'pool', readPool) }
    })
  }

  /**
   * `GET /networks/cardano/tokens/{unit}/pools?include=base_token,quote_token,dex`: the first page of pools
   * (base or quote side), plus the token's own attributes when `included` carries them.
   */
  tokenPools(unit: string): Promise<Fetched<{ pools: GtPool[]; token: GtToken | null; dexNames: Record<string, string> }>> {
    return memoised(this.memo, `gt:pools:${unit}`, { ttlMs: this.ttls.pools }, async () => {
      const res = await this.http.get(
        `/networks/${NETWORK}/tokens/${unit}/pools`,
        { include: 'base_token,quote_token,dex' },
        [404],
      )
      if (res.status === 404) return { pools: [], token: null, dexNames: {} }
      const body = expectObject('geckoterminal', res.body, 'tokens/{unit}/pools')
      const pools = keep(expectArray('geckoterminal', body.data, 'tokens/{unit}/pools data'), readPool)
      const tokens = readIncluded(body.included, 'token', readToken)
      const dexNames: Record<string, string> = {}
      for (const item of arr(body.included) ?? []) {
        const o = obj(item)
        const name = o && text(obj(o.attributes)?.name)
        if (o && o.type === 'dex' && typeof o.id === 'string' && name) dexNames[o.id] = name
      }
      return { pools, token: tokens.find((t) => t.unit === unit) ?? null, dexNames }
    })
  }

  /** `GET /networks/cardano/tokens/{unit}`: one token; null when source B does not know it. */
  token(unit: string): Promise<Fetched<GtToken | null>> {
    return memoised(this.memo, `gt:token:${unit}`, { ttlMs: this.ttls.token }, async () => {
      const res = await this.http.get(`/networks/${NETWORK}/tokens/${unit}`, undefined, [404])
      if (res.status === 404) return null
      const body = expectObject('geckoterminal', res.body, 'tokens/{unit}')
      const token = readToken(expectObject('geckoterminal', body.data, 'tokens/{unit} data'))
      if (token === null) throw new UpstreamError('geckoterminal', 'bad_shape', 'tokens/{unit}: no token attributes')
      return token
    })
  }

  /**
   * `GET /networks/cardano/pools/{hex}/ohlcv/{timeframe}?aggregate=&limit=&currency=usd`: USD candles as the
   * upstream sends them (newest first, possibly a repeated boundary row); null when the pool is unknown.
   * One call covers at most about six months; `beforeTimestamp` (unix seconds) pages further back.
   */
  poolOhlcv(
    poolHex: string,
    timeframe: OhlcvTimeframe,
    aggregate: number,
    limit: number,
    ttlMs: number,
    beforeTimestamp?: number,
  ): Promise<Fetched<Candle[] | null>> {
    const before = beforeTimestamp === undefined ? '' : `:before=${beforeTimestamp}`
    const key = `gt:ohlcv:${poolHex}:${timeframe}:${aggregate}:${limit}${before}`
    return memoised(this.memo, key, { ttlMs }, async () => {
      const res = await this.http.get(
        `/networks/${NETWORK}/pools/${poolHex}/ohlcv/${timeframe}`,
        { aggregate, limit, currency: 'usd', before_timestamp: beforeTimestamp },
        [404],
      )
      if (res.status === 404) return null
      const body = expectObject('geckoterminal', res.body, 'ohlcv')
      const data = expectObject('geckoterminal', body.data, 'ohlcv data')
      const attributes = expectObject('geckoterminal', data.attributes, 'ohlcv attributes')
      const list = attributes.ohlcv_list === null || attributes.ohlcv_list === undefined ? [] : attributes.ohlcv_list
      return keep(expectArray('geckoterminal', list, 'ohlcv_list'), readCandle)
    })
  }
}

export const stripNetworkPrefix = (id: string): string => (id.startsWith(ID_PREFIX) ? id.slice(ID_PREFIX.length) : id)

function relationshipId(relationships: Json | null, name: string): string | null {
  const data = obj(obj(relationships?.[name])?.data)
  return data === null ? null : text(data.id)
}

export function readPool(value: unknown): GtPool | null {
  const p = obj(value)
  const a = obj(p?.attributes)
  if (p === null || a === null) return null
  const address = text(a.address) ?? (typeof p.id === 'string' ? stripNetworkPrefix(p.id) : null)
  if (address === null) return null
  const rel = obj(p.relationships)
  const baseId = relationshipId(rel, 'base_token')
  const quoteId = relationshipId(rel, 'quote_token')
  const dexId = relationshipId(rel, 'dex')
  return {
    address,
    name: text(a.name),
    dexId: dexId === null ? null : dexId.toLowerCase(),
    baseTokenUnit: baseId === null ? null : stripNetworkPrefix(baseId),
    quoteTokenUnit: quoteId === null ? null : stripNetworkPrefix(quoteId),
    baseTokenPriceUsd: num(a.base_token_price_usd),
    reserveUsd: num(a.reserve_in_usd),
    volumeUsd: readWindows(a.volume_usd, WINDOWS, num),
    priceChange: readWindows(a.price_change_percentage, WINDOWS, num),
    transactions: readWindows(a.transactions, WINDOWS, (w) => {
      const o = obj(w)
      return o === null ? null : { buys: count(o.buys) ?? 0, sells: count(o.sells) ?? 0 }
    }),
    fdvUsd: num(a.fdv_usd),
    marketCapUsd: num(a.market_cap_usd),
    createdAt: isoToMs(a.pool_created_at),
  }
}

export function readToken(value: unknown): GtToken | null {
  const t = obj(value)
  const a = obj(t?.attributes)
  if (t === null || a === null) return null
  const unit = text(a.address) ?? (typeof t.id === 'string' ? stripNetworkPrefix(t.id) : null)
  if (unit === null) return null
  const image = text(a.image_url)
  const topPools = arr(obj(obj(t.relationships)?.top_pools)?.data) ?? []
  return {
    unit,
    name: str(a.name),
    symbol: str(a.symbol),
    decimals: count(a.decimals),
    imageUrl: image === null || image.endsWith('missing.png') ? null : image,
    priceUsd: num(a.price_usd),
    fdvUsd: num(a.fdv_usd),
    marketCapUsd: num(a.market_cap_usd),
    totalReserveUsd: num(a.total_reserve_in_usd),
    volume24hUsd: num(obj(a.volume_usd)?.h24),
    totalSupply: num(a.total_supply),
    topPoolAddresses: keep(topPools, (p) => {
      const id = text(obj(p)?.id)
      return id === null ? null : stripNetworkPrefix(id)
    }),
  }
}

function readIncluded<T>(included: unknown, type: string, read: (v: unknown) => T | null): T[] {
  return keep(arr(included) ?? [], (item) => (obj(item)?.type === type ? read(item) : null))
}

function readCandle(value: unknown): Candle | null {
  const row = arr(value)
  if (row === null || row.length < 6) return null
  const [time, open, high, low, close, volume] = row.slice(0, 6).map(num)
  if (time === null || open === null || high === null || low === null || close === null) return null
  if (!Number.isInteger(time) || time <= 0) return null
  return { time, open, high, low, close, volume: volume ?? 0 }
}
