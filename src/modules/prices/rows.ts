/**
 * A batch row from the figures a source already holds (pure). USD and ADA are converted with one ADA/USD price
 * (the market provider's snapshot): a source that prices in USD (the screener, source A) gets its ADA figure by
 * division, the chain (ADA) its USD figure by multiplication; an unknown ADA price leaves the converted figure null.
 */
import type { DecimalsSource } from '../../chain/token-identity'
import { missingFrom } from '../../http/missing-source'
import type { PriceRow, RowReason, RowSource } from './schemas'

export interface PricedFigures {
  source: RowSource
  priceUsd: number | null
  priceAda: number | null
  change24h: number | null
  /** ISO 8601. */
  asOf: string | null
  /** A chain price's decimals (per base unit when unknown); null for a source's own USD price per whole token. */
  decimalsSource: DecimalsSource | null
}

/** Twelve significant digits: no binary noise from the conversion (0.1 × 3 → 0.3). */
export const tidy = (value: number | null): number | null => (value === null || !Number.isFinite(value) ? null : Number(value.toPrecision(12)))

/** A priced row; a figure the source lacks is converted from the other with `adaUsd`. */
export function pricedRow(unit: string, figures: PricedFigures, adaUsd: number | null): PriceRow {
  const usable = adaUsd !== null && adaUsd > 0 ? adaUsd : null
  const priceUsd = figures.priceUsd ?? (figures.priceAda === null || usable === null ? null : figures.priceAda * usable)
  const priceAda = figures.priceAda ?? (figures.priceUsd === null || usable === null ? null : figures.priceUsd / usable)
  return {
    unit,
    priceUsd: tidy(priceUsd),
    priceAda: tidy(priceAda),
    change24h: figures.change24h,
    source: figures.source,
    asOf: figures.asOf,
    decimalsSource: figures.decimalsSource,
    reason: null,
    retryAfter: null,
  }
}

/** A row no source prices, and why. */
export function unpricedRow(unit: string, reason: RowReason, retryAfter: number | null = null): PriceRow {
  return { unit, priceUsd: null, priceAda: null, change24h: null, source: null, asOf: null, decimalsSource: null, reason, retryAfter }
}

/** The row of a unit whose read was refused or failed: the error code that read would have answered, and when to ask again. */
export function refusedRow(unit: string, error: unknown): PriceRow {
  const entry = missingFrom(error)
  return entry === null ? unpricedRow(unit, 'upstream_unavailable', 10) : unpricedRow(unit, entry.code, entry.retryAfter)
}
