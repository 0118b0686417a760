const coverageRules = [
  'DEX aggregates (volume, liquidity) cover only the DEXes of source A and source B: never chain-wide totals. Label them "across covered DEXes".',
  "Source A and source B pool sets are disjoint (source B pools on source A DEXes are left out), so merged figures never double count.",
  "Every aggregate answer carries a `coverage` string naming the DEXes it covers and the source of each; when source B is unavailable the figures fall back to source A alone and the string says so.",
  "Market-provider figures (ADA price, series, ecosystem list) are a different universe and are never mixed into a DEX aggregate. A wallet's totalValueUsd is a valuation that adds its ADA (market provider) to its tokens (source A) and shows the two parts apart (adaValueUsd, holdingsValueUsd).",
  "Unpriced wallet holdings are kept with a null value and counted (unpricedHoldings); no total includes them, and a total that would miss holdings because a source is down is null.",
  "Trades, chain-built candles and new pools are read by this service from the chain: ADA pools of any token on Minswap V1/V2, SundaeSwap V1/V3, WingRiders V1/V2 and Splash, one trade per pool per batch (orders netted), since the follower started; asOf names the last block read. Not chain-wide."
];
const coverageStrings = {
  merged: "DEX figures across covered DEXes only, not chain-wide: sundaeswap, wingriders (source A); minswap-cardano, saturnswap (source B).",
  sourceAOnly: "DEX figures across covered DEXes only, not chain-wide: sundaeswap, wingriders (source A).",
  chart: "Candles of the deepest (top) source B pool (SNEK / ADA on minswap-cardano) only, not an all-DEX aggregate."
};
const tools = [
  {
    name: "list_tokens",
    description: "Screener of the curated Cardano tokens: price, 1h/6h/24h change, volume, liquidity and trades across covered DEXes (see coverage), sorted by liquidity unless sort/order say otherwise; limit keeps the first N.",
    "arguments": [
      {
        name: "sort",
        required: false,
        type: "one of liquidityUsd, volume24h, priceUsd, change1h, change6h, change24h, marketCap, fdv, buys24h, sells24h, txns24h, pairCount, pairCreatedAt, default liquidityUsd",
        description: "Numeric column to sort by (exact case): liquidityUsd, volume24h, priceUsd, change1h, change6h, change24h, marketCap, fdv, buys24h, sells24h, txns24h, pairCount, pairCreatedAt. Default liquidityUsd"
      },
      {
        name: "order",
        required: false,
        type: "one of desc, asc, default desc",
        description: "desc (largest first, default) or asc; null figures come last either way"
      },
      {
        name: "limit",
        required: false,
        type: "integer, 1 to 1000",
        description: "Keep the first N rows after sorting (1–1000); default all"
      }
    ]
  },
  {
    name: "get_token",
    description: "One token by asset unit (policy id + asset name hex): price, per-pair rows, supply, decimals, fingerprint, mint time, estimated holders.",
    "arguments": [
      {
        name: "asset",
        required: true,
        type: "string, pattern ^[0-9a-fA-F]{56}(?:[0-9a-fA-F]{2}){0,32}$",
        description: "Asset unit: 56 hex characters of policy id followed by 0–64 hex characters of asset name (either case)"
      }
    ]
  },
  {
    name: "get_token_ohlcv",
    description: "OHLCV candles of one pool of a token (its deepest by default): built by this service from on-chain swaps for pools it follows, else from source B; timeframe 1m to 1w, USD or ADA, up to 500 candles.",
    "arguments": [
      {
        name: "asset",
        required: true,
        type: "string, pattern ^[0-9a-fA-F]{56}(?:[0-9a-fA-F]{2}){0,32}$",
        description: "Asset unit: 56-hex policy id followed by the asset name in hex"
      },
      {
        name: "tf",
        required: false,
        type: "one of 1m, 5m, 15m, 1h, 4h, 12h, 1d, 1w, default 1h",
        description: "Timeframe of one candle"
      },
      {
        name: "limit",
        required: false,
        type: "integer, 1 to 500, default 300",
        description: "Number of candles (the newest ones)"
      },
      {
        name: "quote",
        required: false,
        type: "string, pattern ^(?:[uU][sS][dD]|[aA][dD][aA])$, default usd",
        description: "Denomination: usd as read, or ada (derived with the market provider’s ADA/USD series); either case (ADA as the answers write it, or ada)"
      },
      {
        name: "pool",
        required: false,
        type: "string, pattern ^(?:[0-9a-fA-F]{2}){4,80}$",
        description: "Chart this pool instead of the deepest: an address from poolChoices (or a source_b pair's pairAddress)"
      }
    ]
  },
  {
    name: "get_token_history",
    description: "Candles (5m, 1h or 1d) of a curated token from the history this service records itself: merged source A and source B price, liquidity and 24 h volume; works for tokens with no source B pool.",
    "arguments": [
      {
        name: "asset",
        required: true,
        type: "string, pattern ^[0-9a-fA-F]{56}(?:[0-9a-fA-F]{2}){0,32}$",
        description: "Asset unit of a curated token: 56-hex policy id followed by the asset name in hex"
      },
      {
        name: "tf",
        required: false,
        type: "one of 5m, 1h, 1d, default 1h",
        description: "Length of one candle"
      },
      {
        name: "from",
        required: false,
        type: "string, pattern ^(?:\\d{1,11}|\\d{4}-\\d{2}-\\d{2}(?:T\\d{2}:\\d{2}(?::\\d{2}(?:\\.\\d{1,3})?)?Z)?)$",
        description: "Start of the range: Unix seconds, a UTC day or an ISO 8601 UTC time. Given: the oldest `limit` candles from here; left out: the newest `limit` candles up to `to`"
      },
      {
        name: "to",
        required: false,
        type: "string, pattern ^(?:\\d{1,11}|\\d{4}-\\d{2}-\\d{2}(?:T\\d{2}:\\d{2}(?::\\d{2}(?:\\.\\d{1,3})?)?Z)?)$",
        description: "End of the range (exclusive), same forms as from; default now"
      },
      {
        name: "limit",
        required: false,
        type: "integer, 1 to 1000, default 300",
        description: "Number of candles at most"
      }
    ]
  },
  {
    name: "get_token_trades",
    description: "Recent swaps of a token against ADA, read by this service from the chain (followed DEX pools): side, amounts, ADA and USD price, newest first, up to 500.",
    "arguments": [
      {
        name: "asset",
        required: true,
        type: "string, pattern ^[0-9a-fA-F]{56}(?:[0-9a-fA-F]{2}){0,32}$",
        description: "Asset unit: 56-hex policy id followed by the asset name in hex (any token with a followed ADA pool)"
      },
      {
        name: "limit",
        required: false,
        type: "integer, 1 to 500, default 100",
        description: "Number of trades (the newest ones before `before`)"
      },
      {
        name: "pool",
        required: false,
        type: "string, pattern ^(?:[0-9a-fA-F]{2}){4,80}$",
        description: "Only this followed pool's trades: its id (LP-token unit, hex) as `pool.address` gives it"
      },
      {
        name: "before",
        required: false,
        type: "integer, 0 to 99999999999",
        description: "Only trades strictly older than this time, Unix seconds (page back with the last trade’s time)"
      }
    ]
  },
  {
    name: "get_new_pools",
    description: "New ADA pools of any token on the DEXes followed on chain, newest first: token, initial reserves and price, creating block and tx.",
    "arguments": [
      {
        name: "limit",
        required: false,
        type: "integer, 1 to 200, default 50",
        description: "Number of pools (the newest ones before `before`)"
      },
      {
        name: "dex",
        required: false,
        type: "one of minswap-v1, minswap-v2, sundaeswap-v1, sundaeswap-v3, wingriders-v1, wingriders-v2, splash",
        description: "Only pools of this DEX (and version), as the chain follower names it"
      },
      {
        name: "before",
        required: false,
        type: "integer, 0 to 99999999999",
        description: "Only pools created strictly before this time, Unix seconds (page back with the last pool’s created.time)"
      }
    ]
  },
  {
    name: "get_pool",
    description: "One followed ADA pool's state by pool id: reserves, price, LP supply, fee, last update.",
    "arguments": [
      {
        name: "poolId",
        required: true,
        type: "string, pattern ^(?:[0-9a-fA-F]{2}){4,80}$",
        description: "The pool's id: its LP-token unit in hex, as /pools/new, a token's chainPools or its trades give it"
      }
    ]
  },
  {
    name: "search_tokens",
    description: "Search Cardano tokens by ticker, name, asset unit or fingerprint (asset1…; curated tokens) (source A only); gives asset units for the other tools.",
    "arguments": [
      {
        name: "q",
        required: true,
        type: "string, length 1 to 100, pattern \\S",
        description: "Search text: a ticker, a name, an asset unit or a fingerprint (asset1…) (1–100 characters, not only spaces)"
      }
    ]
  },
  {
    name: "get_wallet",
    description: "Wallet overview for an addr1… payment address, a stake1… stake address or a $handle: ADA balance, rewards, pool, token holdings with USD values.",
    "arguments": [
      {
        name: "address",
        required: true,
        type: "string, length 1 to 1023",
        description: "addr1… payment address, stake1… stake address, or %24name handle"
      }
    ]
  },
  {
    name: "get_market",
    description: "ADA market statistics from the market provider: price, 24h change, market cap, volume, a USD price series over 1 to 365 days, optionally the top 50 ecosystem tokens.",
    "arguments": [
      {
        name: "days",
        required: false,
        type: "integer, 1 to 365, default 1",
        description: "Series window in days, 1 to 365; default 1"
      },
      {
        name: "ecosystem",
        required: false,
        type: "integer, 1 to 1",
        description: "1 to include the top 50 Cardano ecosystem tokens; leave it out otherwise"
      }
    ]
  },
  {
    name: "get_boosts",
    description: "Community boost counts (last 24 h, last 7 days, today UTC) for up to 60 comma-separated asset units.",
    "arguments": [
      {
        name: "units",
        required: true,
        type: "string, length 1 to 8192",
        description: "Comma-separated asset units, 1 to 60 distinct (duplicates collapse before counting)"
      }
    ]
  },
  {
    name: "get_comments",
    description: "The latest 50 community comments on a token, newest first, each with the writer’s stake address.",
    "arguments": [
      {
        name: "unit",
        required: true,
        type: "string, pattern ^[0-9a-fA-F]{56}(?:[0-9a-fA-F]{2}){0,32}$",
        description: "The asset unit: policy id followed by the asset name in hex"
      }
    ]
  },
  {
    name: "get_chain_tip",
    description: "Latest Cardano block from the chain API: epoch, slot, block height, block hash and block time (cached 20–35 s, the core plan interval). REST: GET /api/v1/chain/tip.",
    "arguments": []
  }
];
const endpoints = [
  {
    operationId: "getIndex",
    method: "GET",
    path: "/api/v1/",
    tag: "Meta",
    summary: "Self-describing index of every endpoint with example URLs",
    cacheSeconds: 300,
    cacheNote: null
  },
  {
    operationId: "listTokens",
    method: "GET",
    path: "/api/v1/tokens",
    tag: "Tokens",
    summary: "Screener of the curated Cardano tokens with merged DEX price, volume, liquidity and trades",
    cacheSeconds: 45,
    cacheNote: null
  },
  {
    operationId: "getToken",
    method: "GET",
    path: "/api/v1/tokens/{asset}",
    tag: "Tokens",
    summary: "One token: every pool of both sources, merged price, and chain facts (supply, decimals, holders)",
    cacheSeconds: 60,
    cacheNote: "10 s while the holder estimate is still being computed"
  },
  {
    operationId: "searchTokens",
    method: "GET",
    path: "/api/v1/search",
    tag: "Tokens",
    summary: "Search Cardano tokens by ticker, name, asset unit or fingerprint",
    cacheSeconds: 30,
    cacheNote: null
  },
  {
    operationId: "getTokenOhlcv",
    method: "GET",
    path: "/api/v1/tokens/{asset}/ohlcv",
    tag: "Tokens",
    summary: "OHLCV candles of one pool of a token (followed on chain, or source B)",
    cacheSeconds: 120,
    cacheNote: "per pool and timeframe: 1m 30 s, 5m 60 s, 15m 60 s, 1h 120 s, 4h 120 s, 12h 120 s, 1d 300 s, 1w 300 s; older pages of history are kept 6 h. Every limit and quote of one pool and timeframe is served from the same upstream read"
  },
  {
    operationId: "getTokenTrades",
    method: "GET",
    path: "/api/v1/tokens/{asset}/trades",
    tag: "Tokens",
    summary: "Trades of a token, read from the chain",
    cacheSeconds: 15,
    cacheNote: "per asset, pool, before and limit"
  },
  {
    operationId: "getNewPools",
    method: "GET",
    path: "/api/v1/pools/new",
    tag: "Pools",
    summary: "New ADA pools of any token on the followed DEXes, newest first",
    cacheSeconds: 20,
    cacheNote: "per limit, dex and before"
  },
  {
    operationId: "getPool",
    method: "GET",
    path: "/api/v1/pools/{poolId}",
    tag: "Pools",
    summary: "One followed pool’s state, from the chain",
    cacheSeconds: 15,
    cacheNote: "per pool"
  },
  {
    operationId: "getTokenLogo",
    method: "GET",
    path: "/api/v1/tokens/{asset}/logo",
    tag: "Tokens",
    summary: "Token logo: always an image, never a 404",
    cacheSeconds: 86400,
    cacheNote: "per tier: registry PNG and redirect 86400 s, monogram 300 s, 10 s after an upstream failure"
  },
  {
    operationId: "getWallet",
    method: "GET",
    path: "/api/v1/wallet/{address}",
    tag: "Wallet",
    summary: "Wallet overview: ADA balance, rewards, pool and token holdings with USD values",
    cacheSeconds: 30,
    cacheNote: "per normalised input"
  },
  {
    operationId: "getMarket",
    method: "GET",
    path: "/api/v1/market",
    tag: "Market",
    summary: "ADA market statistics: snapshot, USD price series and optional ecosystem list",
    cacheSeconds: 90,
    cacheNote: "snapshot, the three series windows and the ecosystem list cached separately"
  },
  {
    operationId: "getTokenHistory",
    method: "GET",
    path: "/api/v1/tokens/{asset}/history",
    tag: "History",
    summary: "Candles of a curated token from the history this service records (merged source A and source B figures)",
    cacheSeconds: 300,
    cacheNote: "per timeframe: 5m 60 s, 1h 300 s, 1d 900 s; a range that ended before the current 5-minute interval 3600 s"
  },
  {
    operationId: "getMarketHistory",
    method: "GET",
    path: "/api/v1/market/history",
    tag: "History",
    summary: "Candles of ADA's USD price from the history this service records (market provider snapshots)",
    cacheSeconds: 300,
    cacheNote: "per timeframe: 5m 60 s, 1h 300 s, 1d 900 s; a range that ended before the current 5-minute interval 3600 s"
  },
  {
    operationId: "exportSnapshots",
    method: "GET",
    path: "/api/v1/export/snapshots",
    tag: "History",
    summary: "Every snapshot this service recorded on one UTC day, streamed as NDJSON or CSV",
    cacheSeconds: 86400,
    cacheNote: "a finished day 86400 s; the current day 60 s"
  },
  {
    operationId: "getBoosts",
    method: "GET",
    path: "/api/v1/community/boosts",
    tag: "Community",
    summary: "Boost counts for up to 60 tokens",
    cacheSeconds: 30,
    cacheNote: null
  },
  {
    operationId: "castBoost",
    method: "POST",
    path: "/api/v1/community/boosts",
    tag: "Community",
    summary: "Cast the stake address's one boost of the UTC day",
    cacheSeconds: null,
    cacheNote: null
  },
  {
    operationId: "getComments",
    method: "GET",
    path: "/api/v1/community/comments/{unit}",
    tag: "Community",
    summary: "The latest 50 comments on a token, newest first",
    cacheSeconds: 15,
    cacheNote: null
  },
  {
    operationId: "postComment",
    method: "POST",
    path: "/api/v1/community/comments/{unit}",
    tag: "Community",
    summary: "Post a signed comment on a token",
    cacheSeconds: null,
    cacheNote: null
  },
  {
    operationId: "getChainTip",
    method: "GET",
    path: "/api/v1/chain/tip",
    tag: "Chain",
    summary: "The latest Cardano block: epoch, slot, block height, hash and time (the MCP tool get_chain_tip)",
    cacheSeconds: 20,
    cacheNote: null
  },
  {
    operationId: "getStream",
    method: "GET",
    path: "/api/v1/stream",
    tag: "Stream",
    summary: "Live stream: screener changes, token changes, trades and new pools pushed over Server-Sent Events",
    cacheSeconds: null,
    cacheNote: "never cached: a live stream"
  }
];
const site = {
  coverageRules,
  coverageStrings,
  tools,
  endpoints
};
export {
  site as s
};
