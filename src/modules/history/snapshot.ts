/**
 * What one refresh hands the history: the merged figures it already built, per token, and ADA's snapshot.
 * Turned into rows of the 5-minute grid here. Pure.
 */
import type { MarketSnapshotRow } from '../../db/schema'
import { intervalStart, SNAPSHOT_SECONDS } from './intervals'
import { sourceBits, type SourceName } from './sources'

/** A recorded row, with its asset as a unit (the store maps units to the table's asset ids). */
export type Snapshot = Omit<MarketSnapshotRow, 'assetId'> & { unit: string }

/** ADA's row in the history (the Cardano unit name of ADA). */
export const ADA_UNIT = 'lovelace'

/** One token's merged figures from a screener build. Null: no pool reports it. */
export interface TokenFigures {
  unit: string
  priceUsd: number | null
  liquidityUsd: number | null
  volume24hUsd: number | null
  /** Source A only; null when no source A pair counted (source B has no trade counts). */
  buys24h: number | null
  sells24h: number | null
  sources: SourceName[]
}

/** ADA's market-provider snapshot. */
export interface AdaFigures {
  priceUsd: number | null
  volume24hUsd: number | null
}

/**
 * Rows for the 5-minute interval holding `atMs`. A token without a price is left out: a history row is a
 * point of the price chart, and liquidity without a price cannot make one.
 */
export function tokenSnapshots(figures: readonly TokenFigures[], atMs: number): Snapshot[] {
  const start = intervalStart(atMs, SNAPSHOT_SECONDS)
  const rows: Snapshot[] = []
  for (const f of figures) {
    if (f.priceUsd === null || !Number.isFinite(f.priceUsd)) continue
    rows.push(snapshotRow(f.unit, start, atMs, f.priceUsd, {
      liquidityUsd: f.liquidityUsd,
      volume24hUsd: f.volume24hUsd,
      buys24h: f.buys24h,
      sells24h: f.sells24h,
      sources: sourceBits(f.sources),
    }))
  }
  return rows
}

export function adaSnapshot(figures: AdaFigures, atMs: number): Snapshot[] {
  if (figures.priceUsd === null || !Number.isFinite(figures.priceUsd)) return []
  return [snapshotRow(ADA_UNIT, intervalStart(atMs, SNAPSHOT_SECONDS), atMs, figures.priceUsd, {
    liquidityUsd: null,
    volume24hUsd: figures.volume24hUsd,
    buys24h: null,
    sells24h: null,
    sources: sourceBits(['market_provider']),
  })]
}

function snapshotRow(
  unit: string,
  start: number,
  atMs: number,
  priceUsd: number,
  rest: Pick<Snapshot, 'liquidityUsd' | 'volume24hUsd' | 'buys24h' | 'sells24h' | 'sources'>,
): Snapshot {
  return {
    unit,
    intervalSeconds: SNAPSHOT_SECONDS,
    intervalStart: start,
    priceUsd,
    openUsd: null,
    highUsd: null,
    lowUsd: null,
    ...rest,
    samples: 1,
    recordedAtMs: atMs,
  }
}
