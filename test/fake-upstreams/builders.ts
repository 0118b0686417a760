/**
 * Builders for raw upstream objects in the exact shapes of test/fixtures (copied from the documented samples).
 * Each starts from a fixture object and overrides what the caller gives, so a test can state the few numbers
 * it reasons about and still send a realistic, fully shaped answer. Numbers go out in the upstream's own
 * types: DexScreener prices as strings, GeckoTerminal figures as decimal strings, Koios amounts as strings.
 */
import dsTokensV1 from '../fixtures/dexscreener/tokens-v1.json'
import gtPoolsFixture from '../fixtures/geckoterminal/token-pools.json'
import gtTokenFixture from '../fixtures/geckoterminal/token.json'
import koiosAccountInfo from '../fixtures/koios/account_info.json'
import koiosAssetInfo from '../fixtures/koios/asset_info.json'
import cgMarkets from '../fixtures/coingecko/coins-markets-cardano.json'
import { fingerprintOf } from '../../src/cardano/fingerprint'

export type Raw = Record<string, any>

const clone = <T>(value: T): T => structuredClone(value)

export const ADA = { address: 'lovelace', name: 'Cardano', symbol: 'ADA' }

/** A tiny valid PNG (1×1), base64, as Koios sends registry logos. */
export const PNG_1X1_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='

export interface DsPairSpec {
  base: { address: string; symbol?: string; name?: string }
  quote?: { address: string; symbol?: string; name?: string }
  chainId?: string
  dexId?: string
  pairAddress?: string
  priceUsd?: number | string | null
  priceNative?: number | string
  liquidityUsd?: number | null
  volume24h?: number
  txns24h?: { buys: number; sells: number }
  priceChange?: Partial<Record<'m5' | 'h1' | 'h6' | 'h24', number>> | null
  fdv?: number | null
  marketCap?: number | null
  pairCreatedAt?: number | null
  info?: Raw | null
}

let pairCounter = 0
const hex = (n: number, length: number) => n.toString(16).padStart(length, '0').slice(-length)

/** A DexScreener Pair (as in /tokens/v1, /token-pairs/v1 and search answers). */
export function dsPair(spec: DsPairSpec): Raw {
  const pair = clone(dsTokensV1[0]) as Raw
  const pairAddress = spec.pairAddress ?? `ds${hex(++pairCounter, 54)}`
  const chainId = spec.chainId ?? 'cardano'
  pair.chainId = chainId
  pair.dexId = spec.dexId ?? 'sundaeswap'
  pair.pairAddress = pairAddress
  pair.url = `https://dexscreener.com/${chainId}/${pairAddress.toLowerCase()}`
  delete pair.labels
  pair.baseToken = { address: spec.base.address, name: spec.base.name ?? 'Token', symbol: spec.base.symbol ?? 'TKN' }
  pair.quoteToken = spec.quote ? { name: 'Quote', symbol: 'Q', ...spec.quote } : { ...ADA }
  const price = spec.priceUsd === undefined ? 1 : spec.priceUsd
  pair.priceUsd = typeof price === 'number' ? String(price) : price
  pair.priceNative = String(spec.priceNative ?? (typeof price === 'number' ? price / 0.65 : 1))
  const tx = spec.txns24h ?? { buys: 10, sells: 8 }
  pair.txns = {
    m5: { buys: 0, sells: 0 },
    h1: { buys: Math.round(tx.buys / 24), sells: Math.round(tx.sells / 24) },
    h6: { buys: Math.round(tx.buys / 4), sells: Math.round(tx.sells / 4) },
    h24: tx,
  }
  const volume = spec.volume24h ?? 1000
  pair.volume = { h24: volume, h6: volume / 4, h1: volume / 24, m5: volume / 288 }
  if (spec.priceChange === null) delete pair.priceChange
  else pair.priceChange = spec.priceChange ?? { h1: 0.5, h6: 1, h24: 2 }
  if (spec.liquidityUsd === null) delete pair.liquidity
  else {
    const usd = spec.liquidityUsd ?? 10_000
    pair.liquidity = { usd, base: Math.round(usd / 2 / (typeof price === 'number' && price > 0 ? price : 1)), quote: usd / 2 / 0.65 }
  }
  if (spec.fdv === null) delete pair.fdv
  else pair.fdv = spec.fdv ?? 1_000_000
  if (spec.marketCap === null) delete pair.marketCap
  else pair.marketCap = spec.marketCap ?? 1_000_000
  pair.pairCreatedAt = spec.pairCreatedAt === undefined ? 1_700_000_000_000 : spec.pairCreatedAt
  if (spec.info === null || spec.info === undefined) delete pair.info
  else pair.info = spec.info
  return pair
}

export interface GtPoolSpec {
  address: string
  baseUnit: string
  quoteUnit?: string
  dexId?: string
  name?: string
  priceUsd?: number | null
  reserveUsd?: number | null
  volume24h?: number | null
  priceChange?: Partial<Record<'m5' | 'h1' | 'h6' | 'h24', number>>
  txns24h?: { buys: number; sells: number }
  createdAt?: string | null
  fdvUsd?: number | null
  marketCapUsd?: number | null
}

const dec = (n: number | null | undefined) => (n === null || n === undefined ? null : String(n))

/** A GeckoTerminal pool resource (JSON:API), as in /tokens/{unit}/pools `data` and `included`. */
export function gtPool(spec: GtPoolSpec): Raw {
  const pool = clone(gtPoolsFixture.data[0]) as Raw
  const a = pool.attributes
  pool.id = `cardano_${spec.address}`
  a.address = spec.address
  a.name = spec.name ?? 'TOKEN / ADA'
  a.base_token_price_usd = dec(spec.priceUsd === undefined ? 1 : spec.priceUsd)
  a.token_price_usd = a.base_token_price_usd
  a.reserve_in_usd = dec(spec.reserveUsd === undefined ? 50_000 : spec.reserveUsd)
  a.pool_created_at = spec.createdAt === undefined ? '2024-03-11T07:01:51Z' : spec.createdAt
  a.fdv_usd = dec(spec.fdvUsd === undefined ? 2_000_000 : spec.fdvUsd)
  a.market_cap_usd = dec(spec.marketCapUsd === undefined ? null : spec.marketCapUsd)
  const volume = spec.volume24h === undefined ? 5000 : spec.volume24h
  a.volume_usd = volume === null ? null : { m5: '0', m15: '0', m30: '0', h1: dec(volume / 24), h6: dec(volume / 4), h24: dec(volume) }
  const change = spec.priceChange ?? { m5: 0, h1: 0.4, h6: 1.1, h24: 2.2 }
  a.price_change_percentage = Object.fromEntries(Object.entries(change).map(([k, v]) => [k, dec(v)]))
  const tx = spec.txns24h ?? { buys: 12, sells: 9 }
  a.transactions.h24 = { buys: tx.buys, sells: tx.sells, buyers: tx.buys, sellers: tx.sells }
  pool.relationships = {
    base_token: { data: { id: `cardano_${spec.baseUnit}`, type: 'token' } },
    quote_token: { data: { id: `cardano_${spec.quoteUnit ?? 'lovelace'}`, type: 'token' } },
    dex: { data: { id: spec.dexId ?? 'minswap-cardano', type: 'dex' } },
  }
  return pool
}

export interface GtTokenSpec {
  unit: string
  name?: string
  symbol?: string
  decimals?: number
  imageUrl?: string | null
  priceUsd?: number | null
  fdvUsd?: number | null
  marketCapUsd?: number | null
  totalReserveUsd?: number | null
  volume24h?: number | null
  totalSupply?: string | null
}

/** A GeckoTerminal token resource (JSON:API); `relationships.top_pools` is filled by the fake per request. */
export function gtToken(spec: GtTokenSpec): Raw {
  const token = clone(gtTokenFixture.data) as Raw
  const a = token.attributes
  token.id = `cardano_${spec.unit}`
  a.address = spec.unit
  a.name = spec.name ?? 'Token'
  a.symbol = spec.symbol ?? 'TKN'
  a.decimals = spec.decimals ?? 0
  a.image_url = spec.imageUrl === undefined ? 'missing.png' : spec.imageUrl
  a.coingecko_coin_id = null
  a.price_usd = dec(spec.priceUsd === undefined ? 1 : spec.priceUsd)
  a.fdv_usd = dec(spec.fdvUsd === undefined ? 1_000_000 : spec.fdvUsd)
  a.market_cap_usd = dec(spec.marketCapUsd === undefined ? null : spec.marketCapUsd)
  a.total_reserve_in_usd = dec(spec.totalReserveUsd === undefined ? 50_000 : spec.totalReserveUsd)
  a.volume_usd = { h24: dec(spec.volume24h === undefined ? 5000 : spec.volume24h) }
  a.total_supply = spec.totalSupply === undefined ? '1000000000.0' : spec.totalSupply
  a.normalized_total_supply = a.total_supply
  token.relationships = { top_pools: { data: [] } }
  return token
}

export interface KoiosAssetSpec {
  policyId: string
  assetNameHex: string
  assetNameAscii?: string | null
  /** Default: the CIP-14 fingerprint of the unit, as Koios computes it. */
  fingerprint?: string
  totalSupply?: string
  /** First mint, Unix seconds. */
  creationTime?: number
  description?: string
  registry?: { name?: string; ticker?: string; description?: string; decimals?: number; logo?: string | null } | null
  cip68?: Raw | null
}

/** A Koios asset_info row (all columns, the registry logo included). */
export function koiosAsset(spec: KoiosAssetSpec): Raw {
  const row = clone(koiosAssetInfo[0]) as Raw
  row.policy_id = spec.policyId
  row.asset_name = spec.assetNameHex
  row.asset_name_ascii = spec.assetNameAscii === undefined ? asciiOf(spec.assetNameHex) : spec.assetNameAscii
  row.fingerprint = spec.fingerprint ?? fingerprintOf(spec.policyId + spec.assetNameHex)
  row.total_supply = spec.totalSupply ?? '1000000000'
  row.creation_time = spec.creationTime ?? 1_683_131_323
  row.minting_tx_metadata = null
  if (spec.registry === null) row.token_registry_metadata = null
  else {
    const r = spec.registry ?? {}
    row.token_registry_metadata = {
      name: r.name ?? 'Token',
      description: r.description ?? spec.description ?? 'A Cardano native token.',
      ticker: r.ticker ?? 'TKN',
      url: 'https://example.org',
      logo: r.logo === undefined ? PNG_1X1_BASE64 : r.logo,
      decimals: r.decimals ?? 0,
    }
  }
  row.cip68_metadata = spec.cip68 ?? null
  return row
}

/** A CIP-68 (333) reference datum as Koios renders it. */
export interface KoiosAccountSpec {
  stakeAddress: string
  /** total_balance; the UTxO part takes all of it (no rewards). */
  lovelace: bigint
  /** Default registered. */
  status?: 'registered' | 'not registered'
}

/** An `account_info` row: a stake account with `lovelace` under it, delegated (when registered) like the sample. */
export function koiosAccount(spec: KoiosAccountSpec): Raw {
  const row = clone(koiosAccountInfo[0]) as Raw
  const registered = (spec.status ?? 'registered') === 'registered'
  return {
    ...row,
    stake_address: spec.stakeAddress,
    status: spec.status ?? 'registered',
    delegated_drep: registered ? row.delegated_drep : null,
    delegated_pool: registered ? row.delegated_pool : null,
    total_balance: String(spec.lovelace),
    utxo: String(spec.lovelace),
    rewards: '0',
    withdrawals: '0',
    rewards_available: '0',
    deposit: registered ? '2000000' : '0',
  }
}

export function cip68Metadata(fields: { name?: string; ticker?: string; decimals?: number; description?: string }): Raw {
  const text = (s: string) => Buffer.from(s, 'utf8').toString('hex')
  const map: Raw[] = []
  for (const [k, v] of Object.entries(fields)) {
    if (v === undefined) continue
    map.push({ k: { bytes: text(k) }, v: typeof v === 'number' ? { int: v } : { bytes: text(v) } })
  }
  return { '333': { fields: [{ map }, { int: 1 }], constructor: 0 } }
}

export interface CgMarketSpec {
  id: string
  symbol: string
  name: string
  price: number | null
  change24h?: number | null
  marketCap?: number | null
  volume24h?: number | null
}

/** A CoinGecko /coins/markets element. */
export function cgMarket(spec: CgMarketSpec): Raw {
  const m = clone(cgMarkets[0]) as Raw
  m.id = spec.id
  m.symbol = spec.symbol
  m.name = spec.name
  m.current_price = spec.price
  m.price_change_percentage_24h = spec.change24h === undefined ? 1.5 : spec.change24h
  m.price_change_percentage_24h_in_currency = m.price_change_percentage_24h
  m.market_cap = spec.marketCap === undefined ? 1_000_000 : spec.marketCap
  m.total_volume = spec.volume24h === undefined ? 50_000 : spec.volume24h
  return m
}

function asciiOf(assetNameHex: string): string | null {
  const body = /^0[0-9a-f]{6}0/.test(assetNameHex) ? assetNameHex.slice(8) : assetNameHex
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(body, 'hex'))
  } catch {
    return null
  }
}
