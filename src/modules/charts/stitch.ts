/**
 * A followed pool's whole history (pure): source B's candles of the same pool before the follower's first record of
 * it, the candles this service built from the chain from then on. The seam is the start of the interval holding
 * the first record, so that interval and every later one are chain-built (the first of them may hold only the
 * part of its interval the follower saw: its open is the first price recorded) and every earlier one is source
 * B's. Each candle says where it comes from.
 */
import type { Candle } from '../../market/candle'
import { bucketStart } from '../../chain/candles'
import { candleSeconds, type TimeframeSpec } from './timeframes'

export type CandleSource = 'chain' | 'sourceB'
export type SourcedCandle = Candle & { source: CandleSource }

/** The start of the first chain-built interval for a pool first recorded at `firstRecord` (Unix s). */
export function seamOf(firstRecord: number, spec: TimeframeSpec): number {
  return bucketStart(firstRecord, candleSeconds(spec), spec.weekly)
}

/** Ascending candles of both (each labelled by its part): source B's before the seam, the chain's from it on. */
export function stitchCandles(sourceB: readonly SourcedCandle[], chain: readonly SourcedCandle[], seam: number): SourcedCandle[] {
  return [...sourceB.filter((c) => c.time < seam), ...chain.filter((c) => c.time >= seam)]
}

/** Candles of one source, labelled. */
export const labelled = (candles: readonly Candle[], source: CandleSource): SourcedCandle[] => candles.map((c) => ({ ...c, source }))
