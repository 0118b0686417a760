/**
 * A small curated registry and an upstream world for the token tests, with every figure stated here so the
 * tests can work the expected numbers out by hand. Units are made up but well formed.
 */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { dsPair, gtPool, gtToken, koiosAsset } from '../fake-upstreams/builders'
import { emptyWorld, type World } from '../fake-upstreams/world'
import { startService, type TestService, type TestServiceOptions } from '../helpers'

const hex = (text: string) => Buffer.from(text, 'utf8').toString('hex')
const unitOf = (policyByte: string, name: string) => policyByte.repeat(28) + hex(name)

export const TOKA = unitOf('a1', 'TOKA')
export const TOKB = unitOf('b2', 'TOKB')
export const TOKC = unitOf('c3', 'TOKC')
/** Curated, but no pool anywhere. */
export const TOKD = unitOf('d4', 'TOKD')
/** Not curated: only ever someone's base token in pairs where TOKA is the quote side. */
export const OTHER = unitOf('e5', 'OTHER')

/** Curated order is deliberately not the liquidity order. */
export function registryFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'tokens-registry-'))
  const file = join(dir, 'tokens.json')
  writeFileSync(
    file,
    JSON.stringify([
      { unit: TOKC, ticker: 'TOKC', name: 'Token C', decimals: 2 },
      { unit: TOKD, ticker: 'TOKD', name: 'Token D', decimals: 0 },
      { unit: TOKB, ticker: 'TOKB', name: 'Tokamak', decimals: 0 },
      { unit: TOKA, ticker: 'TOKA', name: 'Token A', decimals: 6 },
    ]),
  )
  return file
}

export const POOL = {
  a1: 'a1pair000000000000000000000000000000000000000000000001',
  a2: 'a2pair000000000000000000000000000000000000000000000002',
  aQuoteSide: 'a3pair000000000000000000000000000000000000000000000003',
  b1: 'b1'.repeat(32),
  bOnSourceADex: 'b9'.repeat(32),
  bQuoteSide: 'be'.repeat(32),
  tokbDeep: 'c1'.repeat(32),
  tokbEmpty: 'c2'.repeat(32),
  tokcA: 'c3pair000000000000000000000000000000000000000000000004',
  tokcB: 'c4'.repeat(32),
}

/**
 * TOKA: two source A pairs, one source B pool that counts, plus three that must not count (a source A pair
 * and a source B pool where TOKA is the quote side, and a source B pool on a source A DEX).
 * TOKB: source B only; one pool with liquidity, one with zero reserve and no volume on another DEX.
 * TOKC: one pair per source, neither with liquidity, no market cap anywhere but an FDV on source B's token.
 * TOKD: nothing. The chain API knows TOKA (registry metadata, a 30-digit supply), TOKB and TOKC.
 */
export function marketWorld(): World {
  const world = emptyWorld()
  const ds = world.dexscreener.pairs
  const gt = world.geckoterminal
  const toka = { address: TOKA, symbol: 'WRONG', name: 'Upstream name for TOKA' }

  ds.push(
    dsPair({
      base: toka,
      dexId: 'sundaeswap',
      pairAddress: POOL.a1,
      priceUsd: 2.0,
      liquidityUsd: 30_000,
      volume24h: 1_000,
      txns24h: { buys: 10, sells: 5 },
      priceChange: { h1: 1, h6: 2, h24: 4 },
      marketCap: 5_000_000,
      fdv: 6_000_000,
      pairCreatedAt: 1_700_000_000_000,
    }),
    dsPair({
      base: toka,
      dexId: 'wingriders',
      pairAddress: POOL.a2,
      priceUsd: '2.2',
      liquidityUsd: 10_000,
      volume24h: 500,
      txns24h: { buys: 3, sells: 2 },
      priceChange: { h1: -1, h24: 8 },
      marketCap: null,
      fdv: null,
      pairCreatedAt: 1_690_000_000_000,
      info: {
        imageUrl: 'https://dd.dexscreener.com/ds-data/tokens/cardano/toka.png',
        websites: [{ label: 'Website', url: 'https://toka.example' }],
        socials: [{ type: 'twitter', url: 'https://x.com/toka' }, { platform: 'telegram', handle: 'https://t.me/toka' }],
      },
    }),
    // TOKA is the quote side here: OTHER's market, not TOKA's.
    dsPair({
      base: { address: OTHER, symbol: 'OTHER', name: 'Other' },
      quote: { address: TOKA, symbol: 'TOKA', name: 'Token A' },
      dexId: 'sundaeswap',
      pairAddress: POOL.aQuoteSide,
      priceUsd: 7,
      liquidityUsd: 999_999,
      volume24h: 77_777,
      txns24h: { buys: 500, sells: 500 },
    }),
    dsPair({
      base: { address: TOKC, symbol: 'TOKC', name: 'Token C' },
      dexId: 'wingriders',
      pairAddress: POOL.tokcA,
      priceUsd: '0.9',
      liquidityUsd: null,
      volume24h: 50,
      txns24h: { buys: 1, sells: 1 },
      priceChange: null,
      marketCap: null,
      fdv: null,
    }),
  )

  gt.pools.push(
    gtPool({
      address: POOL.b1,
      baseUnit: TOKA,
      dexId: 'minswap-cardano',
      name: 'TOKA / ADA',
      priceUsd: 2.1,
      reserveUsd: 60_000,
      volume24h: 3_000,
      priceChange: { h1: 2, h6: 4, h24: 10 },
      txns24h: { buys: 40, sells: 30 },
      createdAt: '2023-01-01T00:00:00Z',
    }),
    // SundaeSwap is source A's DEX: this pool is already (or would be) counted through source A.
    gtPool({ address: POOL.bOnSourceADex, baseUnit: TOKA, dexId: 'sundaeswap-v3', priceUsd: 50, reserveUsd: 500_000, volume24h: 40_000 }),
    gtPool({ address: POOL.bQuoteSide, baseUnit: OTHER, quoteUnit: TOKA, dexId: 'minswap-cardano', name: 'OTHER / TOKA', priceUsd: 9, reserveUsd: 800_000 }),
    gtPool({ address: POOL.tokbDeep, baseUnit: TOKB, dexId: 'minswap-cardano', name: 'TOKB / ADA', priceUsd: 0.5, reserveUsd: 40_000, volume24h: 900 }),
    gtPool({ address: POOL.tokbEmpty, baseUnit: TOKB, dexId: 'cswap', name: 'TOKB / TOKA', quoteUnit: TOKA, priceUsd: 100, reserveUsd: 0, volume24h: null, createdAt: null }),
    gtPool({ address: POOL.tokcB, baseUnit: TOKC, dexId: 'minswap-cardano', name: 'TOKC / ADA', priceUsd: 0.7, reserveUsd: null, volume24h: 20 }),
  )
  gt.tokens.push(
    gtToken({ unit: TOKA, symbol: 'TOKA', marketCapUsd: 1, fdvUsd: 2 }),
    gtToken({ unit: TOKB, symbol: 'TOKB', marketCapUsd: 600_000, fdvUsd: 750_000 }),
    gtToken({ unit: TOKC, symbol: 'TOKC', marketCapUsd: null, fdvUsd: 123_456 }),
    gtToken({ unit: TOKD, symbol: 'TOKD' }),
  )

  world.koios.assets.push(
    koiosAsset({
      policyId: TOKA.slice(0, 56),
      assetNameHex: TOKA.slice(56),
      fingerprint: 'asset1tokafingerprint0000000000000000000000',
      totalSupply: '123456789012345678901234567890',
      creationTime: 1_650_000_000,
      registry: { name: 'Chain name', ticker: 'ALSO', decimals: 9, description: 'Token A, as registered' },
    }),
    koiosAsset({ policyId: TOKB.slice(0, 56), assetNameHex: TOKB.slice(56), registry: null }),
    koiosAsset({ policyId: TOKC.slice(0, 56), assetNameHex: TOKC.slice(56), registry: null }),
  )
  return world
}

/** The service against this world and the four-token registry. */
export const startMarketService = (env: Record<string, string> = {}, options: Omit<TestServiceOptions, 'env' | 'world'> = {}) =>
  startService({ ...options, world: marketWorld(), env: { TOKEN_REGISTRY_FILE: registryFile(), ...env } })

/** Between tests: healthy upstreams, a fresh world, no recorded calls, empty caches. */
export function resetMarket(svc: TestService): void {
  svc.fake.heal()
  svc.fake.world = marketWorld()
  svc.fake.resetCalls()
  svc.deps.upstreamCache.clear()
  svc.deps.responses.invalidate('')
}
