/** The `coverage` sentences of the price answers: what a figure is and how exact (pure; part of the API). */
import type { PriceAtSource } from './schemas'

export const BATCH_COVERAGE =
  'Per row, from figures this service already holds: screener = a curated token’s merged price (liquidity-weighted over its ' +
  'source A and source B pools, as /tokens), chain = a followed token’s deepest ADA pool (most tradable ADA) read on chain, ' +
  'sourceA = source A’s pairs of a token only it knows (liquidity-weighted). ADA and USD are converted with the market ' +
  'provider’s ADA price (adaUsd). Not chain-wide: each source covers its own DEXes.'

const iso = (seconds: number) => new Date(seconds * 1000).toISOString().replace('.000Z', 'Z')

export interface PriceAtCoverage {
  source: PriceAtSource
  /** "SNEK / ADA on minswap-v2" */
  pool: string | null
  pricedAt: number
  retentionDays: number
}

const USD =
  ' The other currency is converted with ADA’s USD price at that moment (the market provider’s series: 5-minute points for the last day, ' +
  'hourly to 90 days, daily to 365; the service’s own ADA history beyond).'

export function priceAtCoverage(c: PriceAtCoverage): string {
  switch (c.source) {
    case 'chain-trade':
      return `The pool’s price after the last swap at or before the moment (${iso(c.pricedAt)}), in ${c.pool} (the token’s default chart pool), read from the chain by this service: exact to the block.${USD}`
    case 'chain-hourly':
      return (
        `The close of the hourly candle of ${c.pool} (the token’s default chart pool) starting ${iso(c.pricedAt)}, holding the moment ` +
        `or the last before it: swaps older than ${c.retentionDays} days are kept as hourly candles only, so this is the last price of that hour, up to an hour off.${USD}`
      )
    case 'history':
      return (
        `The merged price (liquidity-weighted over source A and source B pools) this service recorded at ${iso(c.pricedAt)}, its last ` +
        `5-minute snapshot at or before the moment (hourly past 90 days); not a pool’s trade.${USD}`
      )
    case 'sourceB-candle':
      return (
        `The close of source B’s hourly candle of ${c.pool} starting ${iso(c.pricedAt)}, holding the moment or the last before it ` +
        `(the chain follower has no record of this pool at that moment), read once and kept: up to an hour off.${USD}`
      )
  }
}
