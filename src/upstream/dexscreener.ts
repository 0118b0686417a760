/**
 * Source A: DexScreener (https://api.dexscreener.com). Keyless, 300 calls/min on the routes used here.
 * `/tokens/v1` and `/token-pairs/v1` answer bare arrays of Pair; `/latest/dex/search` wraps them in
 * `{schemaVersion, pairs}` and mixes every chain. Prices are strings, volumes and liquidity numbers, and most
 * fields may be missing or null (upstream README, pitfalls 2, 5, 6).
 */
import type { Memo } from '../cache/memo'
import { BatchedReads } from './batched-reads'
import { memoised, type Fetched } from './fetched'
import type { UpstreamHttp } from './http-client'
import { arr, count, expectArray, expectObject, keep, num, obj, readWindows, str, text } from './parse'

export const CHAIN = 'cardano'
export const MAX_TOKENS_PER_CALL = 30

export type Window = 'm5' | 'h1' | 'h6' | 'h24'
const WINDOWS: Window[] = ['m5', 'h1', 'h6', 'h24']

export interface TokenRef {
  address: string
  name: string | null
  symbol: string | null
}

export interface DexPair {
  chainId: string
  dexId: string
  url: string | null
  pairAddress: string
  baseToken: TokenRef
  quoteToken: TokenRef
  priceUsd: number | null
  priceNative: number | null
  txns: Partial<Record<Window, { buys: number; sells: number }>>
  volume: Partial<Record<Window, number>>
  priceChange: Partial<Record<Window, number>>
  liquidityUsd: number | null
  fdv: number | null
  marketCap: number | null
  /** Unix milliseconds. */
  pairCreatedAt: number | null
  info: PairInfo | null
}

export interface PairInfo {
  imageUrl: string | null
  websites: Array<{ label: string | null; url: string }>
  socials: Array<{ type: string | null; url: string }>
}

export interface DexScreenerTtls {
  tokens: number
  tokenPairs: number
  search: number
}

export const DEFAULT_DEXSCREENER_TTLS: DexScreenerTtls = { tokens: 30_000, tokenPairs: 45_000, search: 25_000 }

export class DexScreener {
  /** Per-unit pair reads, sent as one `/tokens/v1` call of up to 30 for those waiting together (per client). */
  private readonly unitPairs = new BatchedReads<DexPair[]>(MAX_TOKENS_PER_CALL, (units) => this.readUnitPairs(units))

  constructor(
    private readonly http: UpstreamHttp,
    private readonly memo: Memo,
    private readonly ttls: DexScreenerTtls = DEFAULT_DEXSCREENER_TTLS,
  ) {}

  /** `GET /tokens/v1/cardano/{units}`: pairs of up to 30 tokens (either side), one call. */
  tokens(units: string[]): Promise<Fetched<DexPair[]>> {
    if (units.length === 0) return Promise.resolve({ data: [], stale: false })
    if (units.length > MAX_TOKENS_PER_CALL) throw new RangeError(`at most ${MAX_TOKENS_PER_CALL} units per call`)
    const joined = units.join(',')
    return memoised(this.memo, `ds:tokens:${joined}`, { ttlMs: this.ttls.tokens }, async () => {
      const res = await this.http.get(`/tokens/v1/${CHAIN}/${joined}`)
      return keep(expectArray('dexscreener', res.body, 'tokens/v1'), readPair)
    })
  }

  /**
   * The pairs `/tokens/v1` lists for one token (either side), cached per unit: a read keyed by its own unit whatever
   * else was asked with it, while units read at the same time share calls of up to 30. The batch answer may list
   * fewer pairs per token than the token's own pair list (`tokenPairs`), as the screener's batches do.
   */
  pairsOfToken(unit: string): Promise<Fetched<DexPair[]>> {
    return memoised(this.memo, `ds:pairs-of:${unit}`, { ttlMs: this.ttls.tokens }, () => this.unitPairs.load(unit))
  }

  /** One `/tokens/v1` call for up to 30 units: each unit's pairs (base or quote side), none for a unit it does not list. */
  private async readUnitPairs(units: string[]): Promise<Map<string, DexPair[]>> {
    const res = await this.http.get(`/tokens/v1/${CHAIN}/${units.join(',')}`)
    const pairs = keep(expectArray('dexscreener', res.body, 'tokens/v1'), readPair)
    const sides = (p: DexPair) => [p.baseToken.address.toLowerCase(), p.quoteToken.address.toLowerCase()]
    return new Map(units.map((unit) => [unit, pairs.filter((p) => sides(p).includes(unit))]))
  }

  /** `GET /token-pairs/v1/cardano/{unit}`: every pool of one token, including those where it is the quote. */
  tokenPairs(unit: string): Promise<Fetched<DexPair[]>> {
    return memoised(this.memo, `ds:token-pairs:${unit}`, { ttlMs: this.ttls.tokenPairs }, async () => {
      const res = await this.http.get(`/token-pairs/v1/${CHAIN}/${unit}`)
      return keep(expectArray('dexscreener', res.body, 'token-pairs/v1'), readPair)
    })
  }

  /**
   * `GET /latest/dex/search?q=`: pairs of every chain; callers filter to Cardano. The query is sent canonical
   * (lowercase, single spaces; the upstream matches without case), so spellings of one query share one call.
   */
  search(query: string): Promise<Fetched<DexPair[]>> {
    const q = query.trim().toLowerCase().replace(/\s+/g, ' ')
    return memoised(this.memo, `ds:search:${q}`, { ttlMs: this.ttls.search }, async () => {
      const res = await this.http.get('/latest/dex/search', { q })
      const body = expectObject('dexscreener', res.body, 'latest/dex/search')
      // `pairs` is nullable in DexScreener's schema: no match.
      if (body.pairs === null || body.pairs === undefined) return []
      return keep(expectArray('dexscreener', body.pairs, 'latest/dex/search pairs'), readPair)
    })
  }
}

export function readPair(value: unknown): DexPair | null {
  const p = obj(value)
  if (p === null) return null
  const pairAddress = text(p.pairAddress)
  const base = readTokenRef(p.baseToken)
  const quote = readTokenRef(p.quoteToken)
  const chainId = text(p.chainId)
  if (pairAddress === null || base === null || chainId === null) return null
  const liquidity = obj(p.liquidity)
  return {
    chainId: chainId.toLowerCase(),
    dexId: (text(p.dexId) ?? 'unknown').toLowerCase(),
    url: text(p.url),
    pairAddress,
    baseToken: base,
    quoteToken: quote ?? { address: '', name: null, symbol: null },
    priceUsd: num(p.priceUsd),
    priceNative: num(p.priceNative),
    txns: readWindows(p.txns, WINDOWS, (w) => {
      const o = obj(w)
      if (o === null) return null
      return { buys: count(o.buys) ?? 0, sells: count(o.sells) ?? 0 }
    }),
    volume: readWindows(p.volume, WINDOWS, num),
    priceChange: readWindows(p.priceChange, WINDOWS, num),
    liquidityUsd: liquidity === null ? null : num(liquidity.usd),
    fdv: num(p.fdv),
    marketCap: num(p.marketCap),
    pairCreatedAt: num(p.pairCreatedAt),
    info: readInfo(p.info),
  }
}

function readTokenRef(value: unknown): TokenRef | null {
  const t = obj(value)
  if (t === null) return null
  const address = text(t.address)
  if (address === null) return null
  return { address, name: str(t.name), symbol: str(t.symbol) }
}

function readInfo(value: unknown): PairInfo | null {
  const info = obj(value)
  if (info === null) return null
  return {
    imageUrl: text(info.imageUrl),
    // Real answers carry {label, url}; DexScreener's OpenAPI says {url}. Both read the same.
    websites: keep(arr(info.websites) ?? [], (w) => {
      const o = obj(w)
      const url = o && text(o.url)
      return url ? { label: str(o!.label), url } : null
    }),
    // Real answers carry {type, url}; the OpenAPI says {platform, handle}. Accept both.
    socials: keep(arr(info.socials) ?? [], (s) => {
      const o = obj(s)
      if (o === null) return null
      const url = text(o.url) ?? text(o.handle)
      return url ? { type: str(o.type) ?? str(o.platform), url } : null
    }),
  }
}
