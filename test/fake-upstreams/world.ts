/**
 * What the fake upstreams know: raw upstream objects, stored exactly as each real API would send them. The
 * fake's routes select and wrap these per request (see routes/*.ts). Tests mutate a world freely (push a pair,
 * set a field to null, replace a list) before or between requests.
 */
import { fingerprintOf } from '../../src/cardano/fingerprint'
import { LOVELACE } from '../../src/chain/types'
import { minswapV2PoolId } from '../chain/support/pool-outputs'
import { FakeChain } from './chain'
import registry from '../../src/registry/tokens.json'
import cgEcosystemFixture from '../fixtures/coingecko/coins-markets-cardano-ecosystem.json'
import cgAdaFixture from '../fixtures/coingecko/coins-markets-cardano.json'
import dsTokenPairsFixture from '../fixtures/dexscreener/token-pairs-v1.json'
import dsSearchFixture from '../fixtures/dexscreener/search.json'
import dexesFixture from '../fixtures/geckoterminal/dexes.json'
import gtPoolsFixture from '../fixtures/geckoterminal/token-pools.json'
import handleFixture from '../fixtures/handle/handle.json'
import accountAssetsFixture from '../fixtures/koios/account_assets.json'
import accountInfoFixture from '../fixtures/koios/account_info.json'
import addressAssetsFixture from '../fixtures/koios/address_assets.json'
import addressInfoFixture from '../fixtures/koios/address_info.json'
import assetInfoFixture from '../fixtures/koios/asset_info.json'
import assetSummaryFixture from '../fixtures/koios/asset_summary.json'
import tipFixture from '../fixtures/koios/tip.json'
import { demoLogoBase64, demoPrice, significant } from './demo-market'
import { DEMO_LOVELACE, DEMO_STAKE_ADDRESS } from './demo-wallet'
import { addSafetyFacts } from './demo-safety'
import {
  cgMarket,
  cip68Metadata,
  dsPair,
  gtPool,
  gtToken,
  koiosAccount,
  koiosAsset,
  type Raw,
} from './builders'

export const HANDLE_POLICY = 'f0ff48bbb7bbe9d59a40f1ce90e9e9d0ff5002ec48f232b49ca0fb9a'

/** Real public identifiers used in the fixtures. */
export const SAMPLE = {
  snek: '279c909f348e533da5808898f87f9a14bb2c3dfbbacccd631d927a3f534e454b',
  usdm: 'c48cbb3d5e57ed56e276bc45f99ab39abe94e6cd7ac39fb402da47ad0014df105553444d',
  hosky: 'a0028f350aaabe0545fdcb56b039bfb08e4bb4d8c4d7c3c7d481c235484f534b59',
  night: '0691b2fecca1ac4f53cb6dfb00b7013e561d1f34403b957cbb5af1fa4e49474854',
  minswapSnekPool: 'f5808c2c990d86da54bfc97d89cee6efa20cd8461616359478d96b4c2ffadbb87144e875749122e0bbb9f535eeaa7f5660c6c4a91bcc4121e477f08d',
  stakeAddress: 'stake1uysgy0rkqvwka7hfd8ks5aw7fqzghk00vus5csjllwfra3cn3p0a7',
  paymentAddress:
    'addr1q940r3uea7s7qstgg93cvjfy290ysc089gq765hjegqqhppqsg78vqcadmawj60dpf6aujqy30v77eepf3p9l7uj8mrss7rkuu',
  enterpriseAddress: 'addr1vx3al6j59n56gtkwq73nm3c59escgappd99s68568g5xk3q0jd3pw',
  handle: 'snekfan',
}

export interface OhlcvSeries {
  /** Rows as GeckoTerminal sends them: [ts_seconds, open, high, low, close, volume], newest first. */
  rows: number[][]
}

export interface World {
  dexscreener: { pairs: Raw[] }
  geckoterminal: {
    tokens: Raw[]
    pools: Raw[]
    dexes: Raw[]
    /** Explicit candles per `${poolHex}|${timeframe}|${aggregate}`; pools without an entry get a generated series. */
    ohlcv: Map<string, number[][]>
  }
  koios: {
    assets: Raw[]
    /** asset_summary rows by unit. */
    summaries: Map<string, Raw>
    /** asset_nft_address rows by unit (current holder of a supply-1 asset). */
    nftHolders: Map<string, Raw>
    accounts: Raw[]
    accountAssets: Map<string, Raw[]>
    addresses: Raw[]
    addressAssets: Map<string, Raw[]>
    tip: Raw
    /** Blocks and DEX transactions for the chain follower (/blocks, credential_txs, tx_info, datum_info). */
    chain: FakeChain
    /** The safety report's reads (koios-safety.ts): script_info rows by script hash, asset_history rows and asset_addresses rows by unit, units whose asset_addresses answers 504. */
    scripts: Map<string, Raw>
    histories: Map<string, Raw>
    holders: Map<string, Raw[]>
    /** Holder listings made on first ask (asset_summary or asset_addresses of the unit): thousands of rows no other read needs. */
    pendingHolders: Map<string, () => void>
    holderTimeouts: Set<string>
  }
  coingecko: {
    /** Every coin /coins/markets can answer about, in market-cap order; `categories` lists membership. */
    coins: Array<Raw & { categories?: string[] }>
    /** ADA's USD price at a time (ms); the chart endpoint samples it. */
    adaPriceAt: (ms: number) => number
    /** ADA's /coins/markets and /simple/price figures follow adaPriceAt at the time asked (the demo), not its fixed row. */
    adaFollowsSeries: boolean
  }
  handle: {
    /** Resolver answers by lowercase name: status 200 or 202 with the body. */
    handles: Map<string, { status: number; body: Raw }>
  }
}

/** A small deterministic PRNG so the demo world is the same every run. */
function seeded(seed: string): () => number {
  let h = Number(BigInt.asUintN(32, Bun.hash.wyhash(seed)))
  return () => {
    h = (h + 0x6d2b79f5) | 0
    let t = Math.imul(h ^ (h >>> 15), 1 | h)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits

/** A pool's creation time (ms), noted in `created`. */
function poolCreated(created: number[], ms: number): number {
  created.push(ms)
  return ms
}

/** A first mint (Unix seconds) 1 to 60 days before the token's first pool (ms), by `r` in [0, 1). */
const mintedBefore = (firstPoolMs: number, r: number) => Math.floor(firstPoolMs / 1000) - Math.round((1 + r * 59) * 86_400)

/** An empty world: every upstream knows nothing (Koios still has a tip). */
export function emptyWorld(): World {
  return {
    dexscreener: { pairs: [] },
    geckoterminal: { tokens: [], pools: [], dexes: structuredClone(dexesFixture.data), ohlcv: new Map() },
    koios: {
      assets: [],
      summaries: new Map(),
      nftHolders: new Map(),
      accounts: [],
      accountAssets: new Map(),
      addresses: [],
      addressAssets: new Map(),
      tip: structuredClone(tipFixture[0]),
      chain: new FakeChain(),
      scripts: new Map(),
      histories: new Map(),
      holders: new Map(),
      pendingHolders: new Map(),
      holderTimeouts: new Set(),
    },
    coingecko: { coins: [], adaPriceAt: () => 0.65, adaFollowsSeries: false },
    handle: { handles: new Map() },
  }
}

/**
 * The demo world: markets for every registry token on source A's and source B's DEXes, chain facts for each,
 * the sample wallet (stake and payment address, an enterprise address), handles, and the ADA market.
 * SNEK and USDM use the documented samples as they are.
 */
export function defaultWorld(): World {
  const world = emptyWorld()
  const ds = world.dexscreener.pairs
  const gt = world.geckoterminal

  for (const token of registry) {
    const rand = seeded(token.unit)
    const price = demoPrice(token.ticker, rand() * 0.1 - 0.05)
    const base = { address: token.unit, symbol: token.ticker, name: token.name }
    // Supply follows from a market cap of $300k to $100M at that price, so every figure is of a plausible size.
    const wholeSupply = Math.max(1, Math.round(10 ** (5.5 + rand() * 2.5) / price))
    const supply = BigInt(wholeSupply) * 10n ** BigInt(token.decimals)
    if (token.unit !== SAMPLE.snek && token.unit !== SAMPLE.usdm) {
      // When each pool was created (ms): the token was minted before the first of them.
      const poolsCreated: number[] = []
      const dexes = rand() < 0.3 ? ['sundaeswap'] : ['sundaeswap', 'wingriders']
      for (const dexId of dexes) {
        ds.push(
          dsPair({
            base,
            dexId,
            priceUsd: significant(price * (0.99 + rand() * 0.02)),
            liquidityUsd: round(5_000 + rand() * 900_000),
            volume24h: round(rand() * 150_000),
            txns24h: { buys: Math.floor(rand() * 400), sells: Math.floor(rand() * 400) },
            priceChange: { h1: round(rand() * 4 - 2), h6: round(rand() * 8 - 4), h24: round(rand() * 20 - 10) },
            fdv: round(price * wholeSupply),
            marketCap: round(price * wholeSupply * 0.8),
            pairCreatedAt: poolCreated(poolsCreated, 1_650_000_000_000 + Math.floor(rand() * 1e11)),
          }),
        )
      }
      const poolCount = rand() < 0.2 ? 0 : rand() < 0.6 ? 1 : 2
      for (let i = 0; i < poolCount; i++) {
        // The Minswap pool is the token's Minswap V2 pool: source B's address is its LP unit, the id the chain
        // follower gives it (so the demo's chain, test/fake-upstreams/demo-chain.ts, follows the same pool).
        const address = i === 0 ? minswapV2PoolId(LOVELACE, token.unit) : Bun.hash.wyhash(`${token.unit}:${i}`).toString(16).padStart(16, '0').repeat(4)
        gt.pools.push(
          gtPool({
            address,
            baseUnit: token.unit,
            dexId: i === 0 ? 'minswap-cardano' : 'saturnswap',
            name: `${token.ticker} / ADA`,
            priceUsd: significant(price * (0.99 + rand() * 0.02)),
            reserveUsd: round(10_000 + rand() * 2_000_000),
            volume24h: round(rand() * 300_000),
            createdAt: new Date(poolCreated(poolsCreated, 1_640_000_000_000 + Math.floor(rand() * 1e11))).toISOString().replace('.000', ''),
          }),
        )
      }
      gt.tokens.push(
        gtToken({
          unit: token.unit,
          name: token.name,
          symbol: token.ticker,
          decimals: token.decimals,
          // No hosted image: source B's image CDN is on the internet, and the demo is offline. Tokens without a
          // registry logo (the CIP-68 ones) get the service's monogram.
          imageUrl: 'missing.png',
          priceUsd: price,
          totalSupply: `${supply}.0`,
        }),
      )
      const isCip68 = token.assetNameHex.startsWith('0014df10')
      world.koios.assets.push(
        koiosAsset({
          policyId: token.policyId,
          assetNameHex: token.assetNameHex,
          fingerprint: token.fingerprint,
          totalSupply: String(supply),
          creationTime: mintedBefore(Math.min(...poolsCreated), rand()),
          registry: isCip68 ? null : { name: token.name, ticker: token.ticker, decimals: token.decimals, logo: demoLogoBase64(token.unit) },
          cip68: isCip68 ? cip68Metadata({ name: token.name, ticker: token.ticker, decimals: token.decimals }) : null,
        }),
      )
      world.koios.summaries.set(token.unit, {
        ...structuredClone(assetSummaryFixture[0]),
        policy_id: token.policyId,
        asset_name: token.assetNameHex,
        fingerprint: token.fingerprint,
        staked_wallets: Math.floor(rand() * 50_000),
        unstaked_addresses: Math.floor(rand() * 3_000),
      })
    }
  }

  // SNEK and USDM: the documented samples, unchanged.
  ds.push(...structuredClone(dsTokenPairsFixture))
  for (const pair of structuredClone(dsSearchFixture.pairs)) if (pair.chainId !== 'cardano') ds.push(pair)
  ds.push(
    dsPair({
      base: { address: SAMPLE.usdm, symbol: 'USDM', name: 'USDM' },
      dexId: 'wingriders',
      pairAddress: '46ca3d89ee1d224d546688093bcc1b9c9422cf10ffb0bf7649524c228f7ed237',
      priceUsd: 0.9998,
      liquidityUsd: 2_051_880.31,
      volume24h: 210_334.17,
      txns24h: { buys: 160, sells: 152 },
      priceChange: { m5: -0.01, h1: 0.02, h6: -0.05, h24: 0.11 },
      fdv: 24_995_000,
      marketCap: 24_995_000,
      pairCreatedAt: 1_711_929_600_000,
    }),
  )
  gt.pools.push(...structuredClone(gtPoolsFixture.data))
  gt.pools.push(
    gtPool({
      address: 'baa7d458135fd7fa1ec37bc2dbfbe34c9fbc163fa72902155da06b1a4b34c5fc',
      baseUnit: SAMPLE.usdm,
      dexId: 'minswap-cardano',
      name: 'USDM / ADA',
      priceUsd: 0.999712,
      reserveUsd: 1_730_221.88,
      volume24h: 301_122.05,
      // After USDM's first mint (the sample's creation_time, 2024-03-26).
      createdAt: '2024-03-27T09:12:40Z',
    }),
  )
  for (const included of gtPoolsFixture.included) if (included.type === 'token' && included.id !== 'cardano_lovelace') {
    gt.tokens.push(gtToken({ unit: SAMPLE.snek, name: 'Snek', symbol: 'SNEK', decimals: 0, imageUrl: included.attributes.image_url, priceUsd: 0.00134612002317, fdvUsd: 103_269_000.52, marketCapUsd: 103_269_000.52, totalReserveUsd: 494_057.2104, volume24h: 49_541.92, totalSupply: '76715880000.0' }))
  }
  gt.tokens.push(gtToken({ unit: SAMPLE.usdm, name: 'USDM', symbol: 'USDM', decimals: 6, imageUrl: 'missing.png', priceUsd: 0.999712, fdvUsd: 24_987_801.44, marketCapUsd: null, totalReserveUsd: 1_730_221.88, volume24h: 301_122.05, totalSupply: '24995000000000.0' }))
  world.koios.assets.push(
    // The documented sample's logo is a 1×1 placeholder: the demo shows one of real size.
    ...structuredClone(assetInfoFixture).map((row: Raw) =>
      row.token_registry_metadata?.logo ? { ...row, token_registry_metadata: { ...row.token_registry_metadata, logo: demoLogoBase64(row.policy_id + row.asset_name) } } : row,
    ),
  )
  for (const unit of [SAMPLE.snek, SAMPLE.usdm]) {
    world.koios.summaries.set(unit, { ...structuredClone(assetSummaryFixture[0]), policy_id: unit.slice(0, 56), asset_name: unit.slice(56), fingerprint: fingerprintOf(unit) })
  }

  // The sample wallet: stake account, its base address, and an enterprise address of its own.
  world.koios.accounts.push(...structuredClone(accountInfoFixture))
  world.koios.accountAssets.set(SAMPLE.stakeAddress, structuredClone(accountAssetsFixture))
  world.koios.addresses.push(...structuredClone(addressInfoFixture).map(({ utxo_set: _utxos, ...rest }: Raw) => rest))
  world.koios.addressAssets.set(SAMPLE.paymentAddress, structuredClone(addressAssetsFixture))
  world.koios.addresses.push({ address: SAMPLE.enterpriseAddress, balance: '5000000', stake_address: null, script_address: false })
  world.koios.addressAssets.set(SAMPLE.enterpriseAddress, [
    { address: SAMPLE.enterpriseAddress, policy_id: SAMPLE.snek.slice(0, 56), asset_name: SAMPLE.snek.slice(56), fingerprint: 'asset108xu02ckwrfc8qs9d97mgyh4kn8gdu9w8f5sxk', decimals: 0, quantity: '42' },
  ])

  // The demo's writer (demo-wallet.ts): registered, with 1,000 ADA, so its boosts and comments count.
  world.koios.accounts.push(koiosAccount({ stakeAddress: DEMO_STAKE_ADDRESS, lovelace: DEMO_LOVELACE }))

  // Handles: $snekfan through the resolver and on chain (CIP-68 user token).
  world.handle.handles.set(SAMPLE.handle, { status: 200, body: structuredClone(handleFixture) })
  const snekfanHex = Buffer.from(SAMPLE.handle).toString('hex')
  world.koios.nftHolders.set(`${HANDLE_POLICY}000de140${snekfanHex}`, {
    payment_address: SAMPLE.paymentAddress,
    stake_address: SAMPLE.stakeAddress,
  })

  // ADA and the Cardano ecosystem on the market provider.
  world.coingecko.coins.push({ ...structuredClone(cgAdaFixture[0]), categories: ['cardano-ecosystem'] })
  for (const coin of structuredClone(cgEcosystemFixture)) {
    if (coin.id !== 'cardano') world.coingecko.coins.push({ ...coin, categories: ['cardano-ecosystem'] })
  }
  // The first 60 curated tokens, each once: those the fixture already lists (SNEK, IAG) are not added again.
  const listed = new Set(world.coingecko.coins.map((coin) => String(coin.symbol).toLowerCase()))
  for (const token of registry.slice(0, 60)) {
    if (listed.has(token.ticker.toLowerCase())) continue
    listed.add(token.ticker.toLowerCase())
    const rand = seeded(`cg:${token.unit}`)
    world.coingecko.coins.push({
      ...cgMarket({
        id: token.name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
        symbol: token.ticker.toLowerCase(),
        name: token.name,
        price: demoPrice(token.ticker, rand() * 0.1 - 0.05),
        change24h: round(rand() * 20 - 10),
        marketCap: Math.floor(10 ** (5.5 + rand() * 2.5)),
        volume24h: Math.floor(rand() * 5e6),
      }),
      categories: ['cardano-ecosystem'],
    })
  }
  world.coingecko.coins.sort((a, b) => (b.market_cap ?? 0) - (a.market_cap ?? 0))
  // A gentle daily wave around $0.65, so ADA-quoted charts are reproducible.
  world.coingecko.adaPriceAt = (ms) => round(0.65 + 0.03 * Math.sin(ms / 86_400_000), 6)
  addSafetyFacts(world)
  return world
}
