/**
 * Holdings valued in USD: valueUsd = quantity / 10^decimals × priceUsd, exactly; unpriced holdings kept with a
 * null value and a label saying why; sorted by value, unpriced last. The total is the ADA value plus the
 * priced holdings, and says nothing about the unpriced ones.
 */
import { add, compare, fromNumber, fromUnits, multiply, toNumber, ZERO, type Exact } from './amounts'
import type { Asset } from './holdings'
import { unpricedLabel, type UnpricedReason } from './pricing-plan'
import type { Holding } from './schemas'

export type PriceOutcome = { priceUsd: number } | { unpriced: UnpricedReason }

export interface Valued {
  holdings: Holding[]
  /** Sum of the priced holdings' values, exact. */
  holdingsValue: Exact
}

export function valueHoldings(
  assets: readonly Asset[],
  outcome: (unit: string) => PriceOutcome,
  labels: { priced: string; sourceADexes: readonly string[] },
): Valued {
  let holdingsValue = ZERO
  const rows: Array<{ holding: Holding; value: Exact | null }> = assets.map((asset) => {
    const result = outcome(asset.unit)
    const base = { unit: asset.unit, name: asset.name, ticker: asset.ticker, decimals: asset.decimals, quantity: asset.quantity.toString() }
    if ('unpriced' in result) {
      return { holding: { ...base, priceUsd: null, valueUsd: null, priceSource: unpricedLabel(result.unpriced, labels.sourceADexes) }, value: null }
    }
    const value = multiply(fromUnits(base.quantity, asset.decimals), fromNumber(result.priceUsd))
    holdingsValue = add(holdingsValue, value)
    return { holding: { ...base, priceUsd: result.priceUsd, valueUsd: toNumber(value), priceSource: labels.priced }, value }
  })
  rows.sort(byValueThenUnit)
  return { holdings: rows.map((r) => r.holding), holdingsValue }
}

/** Value descending (compared exactly), unpriced last; the unit breaks ties so the order is stable. */
function byValueThenUnit(a: { holding: Holding; value: Exact | null }, b: { holding: Holding; value: Exact | null }): number {
  if (a.value !== null && b.value !== null) {
    const diff = compare(b.value, a.value)
    if (diff !== 0) return diff
  } else if (a.value !== null) return -1
  else if (b.value !== null) return 1
  return a.holding.unit < b.holding.unit ? -1 : a.holding.unit > b.holding.unit ? 1 : 0
}
