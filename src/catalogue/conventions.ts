/**
 * The conventions a newcomer trips over, written once: llms.txt renders them as a section and the docs'
 * quick start includes them (scripts/docs-data.ts writes them for VitePress). Names and units are fixed by the
 * contract, so they are explained here, never renamed.
 */

/** What `X-Cache: STALE` means: the one wording every page uses (llms.txt, OpenAPI, the docs). */
export const X_CACHE_STALE =
  'X-Cache: STALE means the answer is older than its lifetime or was built from an older or partial upstream copy. ' +
  'It is normal on a healthy service: an expired answer is served once while a fresh one is built (the next request ' +
  'gets it), and when an upstream fails its last good copy is served (up to 24 h) while it is retried. STALE alone ' +
  'is no alarm: GET /readyz says "degraded", with each upstream\'s last status, only when one is really failing or spent. ' +
  'HIT: a fresh cached copy; MISS: built for this request.'

export interface Convention {
  title: string
  items: string[]
}

export const CONVENTIONS: Convention[] = [
  {
    title: 'Identifiers and the field that carries them',
    items: [
      'Asset unit: the 56-hex policy id followed by the asset name in hex (0–64 hex, even length), no separator; either case in, lowercase out. ' +
        'Given as the path `{asset}` (/tokens/{asset}, …/ohlcv, …/history, …/logo) or `{unit}` (/community/comments/{unit}), the query `units` ' +
        '(/community/boosts, /prices) or `q` (/search). Answered as `address` (/tokens rows, /tokens/{asset}, /search rows), `asset` (/ohlcv, history) ' +
        'and `unit` (wallet holdings, community answers, the export, /prices rows and /tokens/{asset}/price, /market ecosystem entries, where null means the registry does not know the coin).',
      'Fingerprint: `asset1…` (CIP-14), the detail\'s `fingerprint`. A hash of the unit, not another name for it: /search?q=asset1… finds curated tokens by it; every other endpoint takes the unit.',
      'Don\'t know a unit? `GET /api/v1/search?q=<ticker, name, fingerprint or unit>` gives it as `address`.',
      'Pool: `pairAddress` (detail `pairs`, /search rows), `topPairAddress` (/tokens rows), `pool.address` and `poolChoices[].address` (/ohlcv), which the `pool` query parameter of /ohlcv takes.',
      'Stake address: `stake1…` in /wallet/{address} (which also takes addr1… and $handle written %24handle) and `stakeAddress` in answers (`stakeShort` shortened for display). ' +
        'A write proves it with `rewardAddressHex`: the same address as bytes in hex (e1 + 56 hex).',
    ],
  },
  {
    title: 'Time units, per field',
    items: [
      'Unix seconds: candle `time` (/ohlcv and history), history `from`/`to`, `creationTime` (token detail), `blockTime` (/chain/tip), `intervalStart` (export), `at` and `pricedAt` (/tokens/{asset}/price).',
      'Unix milliseconds: `pairCreatedAt` (/tokens rows) and the /market `series` points `[ms, priceUsd]`.',
      'ISO 8601 UTC text: `updatedAt`, `sourcesAsOf`, `blockTimeIso`, comment `createdAt`, export `time` and `recordedAt`, /prices `asOf`; `recordedSince` and `day` are UTC days (YYYY-MM-DD).',
      'Inputs `from`/`to` take Unix seconds, a UTC day or an ISO 8601 UTC time; `at` (/tokens/{asset}/price) also an ISO 8601 time with its offset; `day` takes YYYY-MM-DD. Every day boundary is 00:00 UTC.',
    ],
  },
  {
    title: 'Case rules',
    items: [
      'Units, pool addresses, `quote` and `order`: either case (`ada`, `ADA`, `asc`, `DESC`); answers write `"quote":"USD"` or `"ADA"`.',
      '`tf` is case-sensitive: `1m` is one minute, `1M` is refused (there is no month); write it as documented (`5m`, `1h`, `1d`, `1w`).',
      '`sort` takes the column name exactly as the rows spell it (`volume24h`, `liquidityUsd`); `format` and `ecosystem` are lowercase words or digits; search `q` ignores case.',
    ],
  },
  {
    title: 'Sources',
    items: [
      'source A = DexScreener (pairs, prices, 24 h trade counts, search; no candles). source B = GeckoTerminal (pools on its DEXes, candles). ' +
        'chain API = Koios (supply, decimals, holders, wallets, the chain tip). market provider = CoinGecko (ADA price and series, the ecosystem list). ' +
        'resolver = ADA Handle. Which DEXes each source covers is in every aggregate\'s `coverage`.',
    ],
  },
  {
    title: 'Which price to use',
    items: [
      'Display, screeners and alerts: `priceUsd` of /tokens or /tokens/{asset}: liquidity-weighted over both sources\' pools (the merged price; the history records the same).',
      'A trade: the price of the pool you trade in: `pairs[].priceUsd` of /tokens/{asset} (deepest first), or candles of that pool from /ohlcv?pool=. A merged price is no pool\'s quote.',
      'A wallet\'s holdings, many at once: /prices?units= (each row says its source); a past moment (a transaction): /tokens/{asset}/price?at=, the last trade at or before it in the default chart pool.',
      '/search rows carry their deepest source A pair\'s price: for finding a token, not for pricing it. Wallet holdings are valued at source A prices and ADA at the market provider\'s price (/market `ada.priceUsd`), a CEX+DEX figure.',
    ],
  },
  {
    title: 'Caching',
    items: [X_CACHE_STALE],
  },
]

/** The conventions as Markdown sections under `level` (2: `##`). */
export function conventionsMarkdown(level = 2): string {
  const heading = '#'.repeat(level)
  return CONVENTIONS.map((c) => [`${heading} ${c.title}`, '', ...c.items.map((item) => `- ${item}`)].join('\n')).join('\n\n') + '\n'
}
