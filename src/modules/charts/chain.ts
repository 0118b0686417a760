/**
 * Candles of a pool the chain follower records (src/chain/), built by this service from the pool's updates and,
 * past the retention, its rolled-up hourly candles: no source B call for that pool. Prices are ADA per whole token
 * with the token's `decimals` (per base unit when they are unknown: null); `quote=usd` multiplies each candle
 * (prices and volume) by ADA's USD price at its start from the market provider's series, leaving out a candle with
 * no price near it (as `quote=ada` re-basing does for source B candles).
 */
import { chainSeries, ofWholeHours } from '../../chain/candles'
import type { ChainStore } from '../../chain/store'
import type { CoinGecko } from '../../upstream/coingecko'
import { adaUsdAt } from '../trades/ada-usd'
import { adaSeriesFor, matchToleranceMs } from './ada-rebase'
import type { Candle } from '../../market/candle'
import { latest } from './candles'
import type { Quote } from './request'
import { candleSeconds, type TimeframeSpec } from './timeframes'

export async function chainCandles(
  store: ChainStore,
  coingecko: CoinGecko,
  poolId: string,
  spec: TimeframeSpec,
  quote: Quote,
  limit: number,
  nowMs: number,
  decimals: number | null,
): Promise<{ candles: Candle[]; stale: boolean }> {
  const seconds = candleSeconds(spec)
  const nowSeconds = Math.floor(nowMs / 1000)
  const from = nowSeconds - seconds * limit
  const built = chainSeries(await store.poolSeries(poolId, from, ofWholeHours(seconds, spec.weekly)), seconds, spec.weekly)
  const scale = 10 ** (decimals ?? 0)
  const inRange = latest(built.filter((c) => c.time + seconds > from), limit).map((c) => ({ ...c, open: c.open * scale, high: c.high * scale, low: c.low * scale, close: c.close * scale }))
  if (quote === 'ada' || inRange.length === 0) return { candles: inRange, stale: false }
  const window = adaSeriesFor(inRange[0].time, nowMs)
  const usd = await adaUsdAt(coingecko, inRange.map((c) => c.time), nowMs, matchToleranceMs(window, seconds))
  const candles: Candle[] = []
  for (const c of inRange) {
    const ada = usd.at(c.time)
    if (ada === null || !(ada > 0)) continue
    candles.push({ time: c.time, open: c.open * ada, high: c.high * ada, low: c.low * ada, close: c.close * ada, volume: c.volume * ada })
  }
  return { candles, stale: usd.stale }
}
