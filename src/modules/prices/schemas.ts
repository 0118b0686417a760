/** Response shapes of the price endpoints (the batch, and one token's price at a time); the service's types come from them. */
import { t, type Static } from 'elysia'
import { literals } from '../../catalogue/literals'
import { nullableDecimalsSource } from '../../chain/answer-schemas'
import { Missing } from '../../http/missing-source'
import { PoolRefSchema } from '../charts/schemas'

/** Where a batch row's figures come from. */
export const ROW_SOURCES = ['screener', 'chain', 'sourceA'] as const
export type RowSource = (typeof ROW_SOURCES)[number]

/** Why a row has no price: the unit, the coverage, or an upstream read this row needed that was refused or failed. */
export const ROW_REASONS = [
  'invalid_unit',
  'unknown_token',
  'not_followed',
  'no_pool',
  'busy_for_this_client',
  'upstream_budget_spent',
  'upstream_quota_paced',
  'upstream_quota_exhausted',
  'upstream_unavailable',
] as const
export type RowReason = (typeof ROW_REASONS)[number]

const nullableNumber = (description: string) => t.Union([t.Number(), t.Null()], { description })

export const PriceRowSchema = t.Object(
  {
    unit: t.String({ description: 'The unit as asked, lowercase (an entry that is no unit is echoed as given, with reason invalid_unit)' }),
    priceUsd: nullableNumber('USD per whole token; null when no source prices the unit (see reason)'),
    priceAda: nullableNumber('ADA per whole token; null when no source prices the unit or ADA’s USD price is unknown'),
    change24h: nullableNumber('Percent change over 24 h as the source states it; null when it does not'),
    source: t.Union([...literals(ROW_SOURCES), t.Null()], {
      description:
        'screener: a curated token’s merged source A and source B figures (as /tokens); chain: a followed token’s deepest pool (most tradable ADA) read on chain; sourceA: source A’s pairs of a token only it knows; null with reason',
    }),
    asOf: t.Union([t.String({ format: 'date-time' }), t.Null()], { description: 'When the price is from (ISO 8601): the source read, or the time of the last block the chain figures were read to' }),
    decimalsSource: nullableDecimalsSource('the source’s own USD price per whole token (screener, sourceA), or no price'),
    reason: t.Union([...literals(ROW_REASONS), t.Null()], {
      description:
        'Why the figures are null: invalid_unit (not a unit), unknown_token (no source knows it), not_followed (this deployment does not follow every token on chain and source A does not know it), no_pool (known, but no pool prices it), or the error code of the upstream read the row needed (refused or failed: ask again after retryAfter); null on a priced row',
    }),
    retryAfter: t.Union([t.Integer({ minimum: 1 }), t.Null()], { description: 'Seconds until asking again may price the row, for a refused or failed read; else null' }),
  },
  { title: 'PriceRow' },
)

export const PricesResponse = t.Object(
  {
    adaUsd: nullableNumber('ADA’s USD price (the market provider’s snapshot) the ADA and USD figures are converted with; null when unknown'),
    coverage: t.String({ description: 'What each source means, in one sentence' }),
    count: t.Integer({ minimum: 0, description: 'Rows: one per distinct entry asked' }),
    prices: t.Array(PriceRowSchema, { description: 'One row per distinct unit, in the order asked' }),
  },
  { title: 'Prices' },
)

export const PRICE_AT_SOURCES = ['chain-trade', 'chain-hourly', 'history', 'sourceB-candle'] as const
export type PriceAtSource = (typeof PRICE_AT_SOURCES)[number]

export const PriceAtResponse = t.Object(
  {
    unit: t.String({ description: 'The asset unit, lowercase' }),
    at: t.Integer({ description: 'The moment asked for, Unix seconds (now when `at` was left out)' }),
    quote: t.Union([t.Literal('USD'), t.Literal('ADA')], { description: 'The currency of `price`' }),
    price: nullableNumber('The price in `quote`: priceUsd or priceAda'),
    priceAda: nullableNumber('ADA per whole token at `at` (per base unit when decimalsSource is unknown); null when unknown'),
    priceUsd: nullableNumber('USD per whole token at `at`; null when unknown'),
    adaUsd: nullableNumber('ADA’s USD price at `at` (the market provider’s series; the service’s own ADA history beyond it) that converts between the two; null when unknown'),
    source: t.Union(literals(PRICE_AT_SOURCES), {
      description:
        'chain-trade: the last swap at or before `at` in the pool, read on chain; chain-hourly: the close of the stored hourly candle holding `at` (or the last one before it) past the retention of swaps; history: the last 5-minute snapshot of the merged price this service recorded at or before `at` (curated tokens); sourceB-candle: the close of source B’s hourly candle of the pool holding `at` (or the last one before it), before the follower’s first record',
    }),
    pricedAt: t.Integer({ description: 'Unix seconds of what was used: the trade’s block time, the snapshot’s recording time, or the candle’s start' }),
    interval: t.Union([t.Integer({ minimum: 1 }), t.Null()], {
      description: 'For a candle, its length in seconds (its close is the last price of [pricedAt, pricedAt + interval)); null for a trade or a snapshot, which are points',
    }),
    distanceSeconds: t.Integer({ description: 'at − pricedAt: how far before `at` the price was set (for a candle, from its start)' }),
    pool: t.Union([PoolRefSchema, t.Null()], { description: 'The pool priced: the token’s default chart pool (as /ohlcv names it in `pool`); null for the history, which is merged over pools' }),
    txHash: t.Union([t.String(), t.Null()], { description: 'The trade’s transaction (chain-trade only)' }),
    decimalsSource: nullableDecimalsSource('the price was read in USD (history, source B), which needs no decimals of ours'),
    coverage: t.String({ description: 'What the price is and how exact, in words' }),
    missing: Missing,
  },
  { title: 'PriceAt' },
)

export type PriceRow = Static<typeof PriceRowSchema>
export type PricesBody = Static<typeof PricesResponse>
export type PriceAtBody = Static<typeof PriceAtResponse>
