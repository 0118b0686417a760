/**
 * Response shapes of the token endpoints (spec 2.1–2.3, 4.2, 4.3, 4.6). They feed OpenAPI and are checked once
 * per cached answer; the service's return types are derived from them.
 */
import { t, type Static } from 'elysia'
import { Missing } from '../../http/missing-source'
import { DecimalsSourceSchema } from '../../chain/answer-schemas'
import { ChainFiguresSchema } from '../chain-tokens/schemas'

const nullable = <T extends ReturnType<typeof t.Number>>(schema: T) => t.Union([schema, t.Null()])
const MaybeUsd = (description: string) => nullable(t.Number({ description: `${description}; null when no pool reports it` }))
const Percent = (window: string) =>
  nullable(t.Number({ description: `Percent price change over ${window}, liquidity-weighted over the pools that report the window; null when none does` }))

const Unit = t.String({
  description: 'Asset unit: policy id hex followed by asset-name hex',
  examples: ['279c909f348e533da5808898f87f9a14bb2c3dfbbacccd631d927a3f534e454b'],
})
const ImageUrl = t.String({ description: "This service's logo URL for the token (always answers with an image)" })

export const ScreenerToken = t.Object({
  address: Unit,
  symbol: t.String({ description: 'Ticker (from the curated registry)', examples: ['SNEK'] }),
  name: t.String({ examples: ['Snek'] }),
  imageUrl: ImageUrl,
  priceUsd: MaybeUsd('USD price, liquidity-weighted over the pools'),
  change1h: Percent('1 h'),
  change6h: Percent('6 h'),
  change24h: Percent('24 h'),
  volume24h: MaybeUsd('24 h USD volume across covered DEXes (both sources summed)'),
  liquidityUsd: MaybeUsd('USD liquidity across covered DEXes (source A liquidity plus source B reserves)'),
  marketCap: MaybeUsd("Market cap: source A's deepest pair, else source B's token figures"),
  fdv: MaybeUsd("Fully diluted valuation: source A's deepest pair, else source B's token figures"),
  buys24h: t.Integer({ minimum: 0, description: '24 h buys on source A pairs' }),
  sells24h: t.Integer({ minimum: 0, description: '24 h sells on source A pairs' }),
  txns24h: t.Integer({ minimum: 0, description: 'buys24h + sells24h' }),
  pairCount: t.Integer({ minimum: 1, description: 'Pools counted, both sources' }),
  dexIds: t.Array(t.String(), { description: 'Sorted unique lowercase DEX ids of the pools', examples: [['minswap-cardano', 'sundaeswap']] }),
  topPairAddress: t.String({ description: 'Address of the deepest pool of either source' }),
  pairCreatedAt: t.Union([t.Integer({ description: 'Earliest pool creation, Unix milliseconds' }), t.Null()]),
})

export const ScreenerResponse = t.Object({
  coverage: t.String({ description: 'What the DEX figures cover' }),
  updatedAt: t.String({ format: 'date-time', description: 'When the data was assembled (ISO 8601)' }),
  sourcesAsOf: t.Object(
    {
      sourceA: t.String({ format: 'date-time', description: 'When the oldest source A read in the answer was made' }),
      sourceB: t.Union([t.String({ format: 'date-time' }), t.Null()], {
        description: 'When the oldest source B read was made (its pools refresh on a slower schedule); null without source B',
      }),
    },
    { description: 'How old each source’s part of the figures is (ISO 8601)' },
  ),
  count: t.Integer({ minimum: 0 }),
  tokens: t.Array(ScreenerToken, { description: 'Curated tokens with at least one pool, most liquidity first' }),
})

export const Pair = t.Object({
  dexId: t.String({ description: 'Lowercase DEX id', examples: ['minswap-cardano'] }),
  pairAddress: t.String(),
  quoteSymbol: t.String({ examples: ['ADA'] }),
  priceUsd: MaybeUsd('USD price of the token in this pool'),
  liquidityUsd: MaybeUsd('USD liquidity (source A) or reserve (source B)'),
  volume24h: MaybeUsd('24 h USD volume'),
  buys24h: t.Integer({ minimum: 0, description: 'Always 0 on source_b rows (no per-pool counts): render "—"' }),
  sells24h: t.Integer({ minimum: 0, description: 'Always 0 on source_b rows (no per-pool counts): render "—"' }),
  url: t.String({ description: "The pool's page on the upstream's site" }),
  source: t.Union([t.Literal('source_a'), t.Literal('source_b')]),
})

const Website = t.Object({ label: t.Union([t.String(), t.Null()]), url: t.String() })
const Social = t.Object({ type: t.Union([t.String(), t.Null()], { examples: ['twitter'] }), url: t.String() })

export const ChainPoolPrice = t.Object(
  {
    address: t.String({ description: "The pool's id (LP-token unit), usable as the pool parameter of /ohlcv and /trades" }),
    dexId: t.String({ examples: ['minswap-v2'] }),
    name: t.String({ examples: ['SNEK / ADA'] }),
    priceAda: t.Union([t.Number(), t.Null()], {
      description: "ADA per whole token from the tradeable reserves last read (per base unit when the detail's decimalsSource is unknown); null for an empty reserve",
    }),
    reserveAda: t.String({ pattern: '^[0-9]+$', description: 'Tradeable ADA reserve, lovelace' }),
    reserveToken: t.String({ pattern: '^[0-9]+$', description: 'Tradeable token reserve, base units' }),
    blockHeight: t.Integer({ description: 'Block of the pool state read' }),
  },
  { title: 'ChainPoolPrice' },
)

export const TokenDetail = t.Object({
  address: Unit,
  symbol: t.String(),
  name: t.String(),
  imageUrl: ImageUrl,
  priceUsd: MaybeUsd('USD price, liquidity-weighted over the pairs'),
  change24h: Percent('24 h'),
  liquidityUsd: MaybeUsd('USD liquidity across covered DEXes'),
  volume24h: MaybeUsd('24 h USD volume across covered DEXes'),
  marketCap: MaybeUsd("Market cap: source A's deepest pair, else source B's figures"),
  fdv: MaybeUsd("Fully diluted valuation: source A's deepest pair, else source B's figures"),
  coverage: t.String(),
  figuresFrom: t.Union([t.Literal('sources'), t.Literal('chain')], {
    description:
      'Where priceUsd, change24h, liquidityUsd and volume24h come from: `sources` (the pairs of sources A and B, merged as coverage says), ' +
      'or `chain` when no source has a pool of the token and the chain follower has: its chain figures (as `chain`), coverage saying so',
  }),
  pairs: t.Array(Pair, { description: 'One row per pool of both sources, most liquidity first' }),
  policyId: t.String(),
  assetNameHex: t.String(),
  fingerprint: t.String({ description: 'CIP-14 asset fingerprint', examples: ['asset108xu02ckwrfc8qs9d97mgyh4kn8gdu9w8f5sxk'] }),
  totalSupply: t.Union([t.String({ pattern: '^[0-9]+$', description: 'Raw units, exact decimal integer' }), t.Null()]),
  decimals: t.Union([t.Integer({ minimum: 0 }), t.Null()], {
    description:
      '0 for a token the chain API describes without decimals (decimalsSource unknown); null only when no source could say (the chain API did not answer, see missing): never guessed',
  }),
  decimalsSource: DecimalsSourceSchema,
  creationTime: t.Union([t.Integer({ description: 'First mint, Unix seconds' }), t.Null()]),
  description: t.Union([t.String(), t.Null()]),
  holders: t.Union([
    t.Integer({ minimum: 0, description: 'Estimated holders: staked wallets plus unstaked addresses' }),
    t.Null(),
  ]),
  websites: t.Array(Website, { description: "From source A's pair info" }),
  socials: t.Array(Social, { description: "From source A's pair info" }),
  chainPools: t.Array(ChainPoolPrice, {
    description: "The token's pools the chain follower records (any token traded against ADA on the followed DEXes), deepest first: the latest price read on chain per pool; empty when none",
  }),
  chain: t.Union([ChainFiguresSchema, t.Null()], {
    description: 'The token’s chain figures, as its GET /chain/tokens row (whatever its liquidity), with asOf: from the chain follower’s records alone; null when it follows no ADA pool of the token',
  }),
  missing: Missing,
})

export const SearchToken = t.Object({
  address: Unit,
  symbol: t.String(),
  name: t.String(),
  imageUrl: ImageUrl,
  priceUsd: MaybeUsd("USD price in the token's deepest pair"),
  liquidityUsd: MaybeUsd("USD liquidity of the token's deepest pair"),
  volume24h: MaybeUsd("24 h USD volume of the token's deepest pair"),
  dexId: t.String(),
  pairAddress: t.String(),
  url: t.String(),
  curated: t.Boolean({ description: 'In the curated registry (listed by the screener)' }),
})

export const SearchResponse = t.Object({
  coverage: t.String(),
  query: t.String({ description: 'The query as searched (trimmed)' }),
  count: t.Integer({ minimum: 0 }),
  tokens: t.Array(SearchToken),
})

export type ScreenerBody = Static<typeof ScreenerResponse>
export type ScreenerRow = Static<typeof ScreenerToken>
export type TokenDetailBody = Static<typeof TokenDetail>
export type PairRow = Static<typeof Pair>
export type SearchBody = Static<typeof SearchResponse>
