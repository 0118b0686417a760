/**
 * One candle: `time` is its interval's start (Unix seconds UTC). Source B's OHLCV rows, the candles this service
 * builds from the chain follower's pool updates, and the charts endpoint's answers all have this shape.
 */
export interface Candle {
  time: number
  open: number
  high: number
  low: number
  close: number
  /** In its source's unit: USD for source B's rows (asked with currency=usd), ADA for candles built from the chain. */
  volume: number
}
