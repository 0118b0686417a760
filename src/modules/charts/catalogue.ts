import { endpoint } from '../../catalogue/types'
import { documented, errorDoc } from '../../http/error-catalogue'
import { SNEK_UNIT } from '../../http/asset-input'
import { HISTORY_TTL_MS } from './history'
import { INVALID, LIMIT, ohlcvParams, SAMPLE_POOL } from './request'
import { OhlcvResponse } from './schemas'
import { DEFAULT_TIMEFRAME, TIMEFRAME_SPECS, TIMEFRAMES } from './timeframes'

const lifetimes = Object.entries(TIMEFRAME_SPECS)
  .map(([tf, spec]) => `${tf} ${spec.cacheSeconds} s`)
  .join(', ')

const NO_CHARTABLE_POOL = errorDoc(
  'no_chartable_pool',
  'The token has no pool the chain follower records and no chartable source B pool (or no pool at all), or the chain API does not know the unit',
  { unit: SNEK_UNIT, sourceBDexes: null },
)

export const ohlcvDoc = endpoint({
  operationId: 'getTokenOhlcv',
  method: 'GET',
  path: '/tokens/{asset}/ohlcv',
  tag: 'Tokens',
  summary: 'OHLCV candles of one pool of a token: its most liquid by default, whole history',
  description:
    "**Default: the token's most liquid chartable pool, with its whole history.** Where the chain follower records " +
    'that pool (the ADA pools of any token on Minswap V1/V2, SundaeSwap V1/V3, WingRiders V1/V2, Splash), the candles ' +
    'from the interval of its first record on are built by this service from the pool\'s on-chain swaps, and the ' +
    'earlier ones are source B\'s candles of the same pool (a Minswap V2 pool\'s id is source B\'s pool address), ' +
    'read from source B only before that first record (closed candles, kept for hours) and only when the chart reaches ' +
    'back there and the follower did not read the pool\'s creation (then nothing older exists): so `tf=1d&limit=90` has ' +
    '90 days wherever source B has them, a chart the chain can fill costs no source B call, and the newest candles are ' +
    'as fresh as the last block read (`asOf`; null when every candle is source B\'s). Each candle says its `source` (`chain` or ' +
    '`sourceB`), and `coverage` names the seam (the time from which the candles are chain-built). A pool only ' +
    'source B lists is charted from source B alone; a followed pool source B does not list, from the chain alone. ' +
    'When source B is refused or fails, a followed pool is still charted from the chain and `missing` names source ' +
    'B with its retryAfter (as the token detail does); the answer is then labelled `X-Cache: STALE` and kept no ' +
    'longer than that. `pool` picks another pool from `poolChoices`, the default first: the most liquid weighted by ' +
    'its history (a followed pool\'s chain liquidity, twice its ADA reserve; a pool only source B lists, its USD reserve ' +
    'in ADA; each × the share of the default chart\'s 300 hours the pool has been around), so a pool of twelve hours is ' +
    'not the default beside one of months unless it is far deeper; and chain first: a pool only source B lists is the ' +
    'default only when more than ten times deeper than the token\'s followed pools (its chart costs source B calls, ' +
    'a followed pool\'s none). For a followed curated token, source B\'s pools are ' +
    'those its screener batch lists (no call of this request\'s). This is one pool, never an all-DEX aggregate.\n\n' +
    'Chartable pools are the followed pools and the source B pools where the token is the base token, on a DEX that ' +
    "is not one of source A's (source A supplies no candles), among the first 20 pools source B lists for the token " +
    `(its default order: volume and liquidity); a token with none answers 404 \`${NO_CHARTABLE_POOL.error}\`, as does a unit ` +
    'outside the curated registry that the chain API does not know (source B is asked about such a unit only once ' +
    'the chain API confirms it exists, so made-up units cannot spend its budget; while the chain API is down they ' +
    'answer 502).\n\n' +
    'Timeframes map to source B as 1m/5m/15m = minute 1/5/15, 1h/4h/12h = hour 1/4/12, 1d = day 1; 1w is built ' +
    'from the daily candles, in weeks starting Monday 00:00 UTC (open of the first day, close of the last, ' +
    'highest high, lowest low, summed volume). Candles are ascending by `time` (unix seconds), one per interval; ' +
    'intervals without trades have no candle, as upstream sends them (each candle at its own `time`: on a time axis they ' +
    'are gaps, not squeezed out); the current interval is included.\n\n' +
    'History: source B serves at most six months per call, so older candles are paged back: at most two calls ' +
    'for minute and hour timeframes, four (about two years) for 1d and 1w. A chart can therefore hold fewer ' +
    'than `limit` candles (a 1w chart leaves out a week the history read cuts off); an older page that source B ' +
    'does not deliver in time gives a shorter chart labelled `X-Cache: STALE`, rebuilt within seconds.\n\n' +
    'Prices and volume are USD, as source B reports them even for ADA-quoted pools. With `quote=ada` each ' +
    "price field and the volume are divided by ADA's USD price at the candle's start, taken from the market " +
    "provider's ADA/USD series (`/coins/cardano/market_chart`) at the point nearest to that time: the 1-day " +
    'series (5-minute points) when the chart spans at most a day, the 90-day series (hourly points) up to 90 ' +
    'days, else the 365-day series (daily points). A candle with no point within one series step or one candle ' +
    'length (whichever is longer), such as a candle older than 365 days, is left out. 1w candles are re-based ' +
    'day by day and then aggregated. These values are derived, not read from the pool; `quote` is `ADA`.\n\n' +
    'Chain-built candles (an addition to the contract): price = ADA per token from the pool’s tradeable reserves ' +
    'after each update, with the decimals `decimalsSource` names (`unknown`: per base unit; null when every candle ' +
    'is source B’s, which source B scales itself); open = the previous close (the first chain-built candle opens at ' +
    'the first price recorded, so it may hold only the part of its interval the follower saw); volume = the ADA side ' +
    'of swaps only; intervals without an update have no candle. Past CHAIN_RETENTION_DAYS the updates are kept as ' +
    'hourly candles, so 1h and longer timeframes reach back to the follower’s first record and shorter ones to the ' +
    'retention. These candles are in ADA as read; `quote=usd` multiplies each by ADA’s USD price at its start (a ' +
    'candle with none near it is left out). A token whose pools are all on source A’s DEXes is charted from the ' +
    'chain instead of 404.',
  params: ohlcvParams,
  cacheSeconds: TIMEFRAME_SPECS[DEFAULT_TIMEFRAME].cacheSeconds,
  cacheNote:
    `per pool and timeframe: ${lifetimes}; older pages of history are kept ${HISTORY_TTL_MS / 3_600_000} h. ` +
    'Every limit and quote of one pool and timeframe is served from the same upstream read; an answer with `missing` at most its shortest retryAfter, and 10 s',
  examples: [`/tokens/${SNEK_UNIT}/ohlcv`, `/tokens/${SNEK_UNIT}/ohlcv?tf=1d&limit=90&quote=ada`, `/tokens/${SNEK_UNIT}/ohlcv?tf=1w&limit=52`],
  errors: [
    documented(INVALID.asset(), 'The asset is not a 56-hex policy id followed by an even-length hex asset name'),
    documented(INVALID.tf(), `tf is not one of ${TIMEFRAMES.join(', ')}`),
    documented(INVALID.limit(), `limit is not an integer from ${LIMIT.min} to ${LIMIT.max}`),
    documented(INVALID.quote(), 'quote is not usd or ada'),
    documented(INVALID.pool(), 'pool is not a hex address'),
    NO_CHARTABLE_POOL,
    errorDoc('pool_not_found', "pool is not one of the token's chartable pools (followed on chain, or source B)", { unit: SNEK_UNIT, pool: SAMPLE_POOL }),
    errorDoc('upstream_unavailable', 'Source B failed and no cached copy exists, for a pool the chain follower does not record', { upstream: 'geckoterminal', failure: 'network' }),
    errorDoc('upstream_unavailable', 'quote=ada and the ADA/USD series failed with no cached copy', { upstream: 'coingecko', failure: 'network' }),
  ],
  coverage:
    'Candles of one pool: the most liquid chartable pool unless `pool` picks another, named in `pool` and `coverage`; for a followed pool, ' +
    'chain-built from the follower\'s first record of it and source B\'s before (each candle\'s `source`, the seam in `coverage`); never an all-DEX aggregate.',
  response: OhlcvResponse,
  responseExample: {
    asset: SNEK_UNIT,
    pool: { address: SAMPLE_POOL, dexId: 'minswap-cardano', name: 'SNEK / ADA' },
    tf: '1h',
    quote: 'USD',
    poolChoices: [
      { address: SAMPLE_POOL, dexId: 'minswap-cardano', name: 'SNEK / ADA' },
      { address: '7841fc1054b5f15ff809a2080d6d7f397a2fe878092a09f99ddb02e3ee414526', dexId: 'saturnswap', name: 'SNEK / ADA' },
    ],
    candles: [
      { time: 1751792400, open: 0.0013412, high: 0.0013502, low: 0.0013401, close: 0.0013493, volume: 735.98, source: 'sourceB' },
      { time: 1751796000, open: 0.0013493, high: 0.0013521, low: 0.0013448, close: 0.0013461, volume: 401.27, source: 'sourceB' },
    ],
    coverage: 'Candles of the deepest (top) source B pool (SNEK / ADA on minswap-cardano) only, not an all-DEX aggregate.',
    missing: [],
    decimalsSource: null,
    asOf: null,
  },
})
