/** Number formatting for the explorer: pure, so the unit tests cover it. Unknown is shown as "—", never 0. */
export const UNKNOWN = '—'

/** Decimal places that show about `digits` significant digits of a price (at least 2, at most 14). */
export function pricePrecision(price: number | null | undefined, digits = 4): number {
  if (price === null || price === undefined || !Number.isFinite(price) || price <= 0) return 2
  const magnitude = Math.floor(Math.log10(price))
  return Math.min(14, Math.max(2, digits - 1 - magnitude))
}

/** A price with about four significant digits; a micro price's run of zeros as its count (`$0.0₇5093`), as on the chart. */
export function formatPrice(price: number | null | undefined, currency = '$'): string {
  if (price === null || price === undefined || !Number.isFinite(price)) return UNKNOWN
  const text = formatDecimals(price, pricePrecision(price))
  return currency === '$' ? `$${text}` : `${text} ${currency}`
}

/** $1.23M, $45.6K: large USD figures compactly. */
export function formatUsd(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return UNKNOWN
  const abs = Math.abs(value)
  for (const [size, suffix] of [[1e9, 'B'], [1e6, 'M'], [1e3, 'K']] as const) {
    if (abs >= size) return `$${(value / size).toFixed(abs / size >= 100 ? 0 : 1)}${suffix}`
  }
  return `$${value.toFixed(abs >= 100 ? 0 : 2)}`
}

/** +1.23 % ▲ / −4.50 % ▼: the sign and an arrow, never colour alone. */
export function formatChange(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return UNKNOWN
  if (Math.abs(value) < 0.005) return '0.00 %' // rounds to zero: no arrow
  return value > 0 ? `+${value.toFixed(2)} % ▲` : `−${Math.abs(value).toFixed(2)} % ▼`
}

export function changeClass(value: number | null | undefined): string {
  if (value === null || value === undefined || Math.abs(value) < 0.005) return 'flat'
  return value > 0 ? 'up' : 'down'
}

export function formatInteger(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return UNKNOWN
  return Math.round(value).toLocaleString('en-US')
}

/** A raw integer amount (a string of digits) shown with its decimals, exactly (no float rounding). */
export function formatUnits(raw: string | null, decimals: number): string {
  if (raw === null || !/^[0-9]+$/.test(raw)) return UNKNOWN
  const digits = raw.padStart(decimals + 1, '0')
  const whole = BigInt(digits.slice(0, digits.length - decimals)).toLocaleString('en-US')
  const fraction = decimals === 0 ? '' : digits.slice(digits.length - decimals).replace(/0+$/, '')
  return fraction === '' ? whole : `${whole}.${fraction}`
}

export function formatDate(unixSeconds: number | null): string {
  if (unixSeconds === null) return UNKNOWN
  return new Date(unixSeconds * 1000).toISOString().replace('T', ' ').slice(0, 16) + ' UTC'
}

/** Subscript digits, for the count of zeros a micro price starts with (0.0₇5123 = 0.000000051 23). */
const SUBSCRIPT = '₀₁₂₃₄₅₆₇₈₉'
/** From this many zeros after the decimal point on, they are written as a count: 0.0₄1234, not 0.00001234. */
const COMPRESS_ZEROS = 4

/**
 * A price with `decimals` decimal places, readable at any size: thousands grouped (60,123.5), and a run of four
 * or more zeros after the decimal point written as their count in subscript (0.0₇5123 for 0.00000005123), as
 * DEX screens do. Exact to those decimals (no exponent notation).
 */
export function formatDecimals(price: number, decimals: number): string {
  if (!Number.isFinite(price)) return UNKNOWN
  const fixed = Math.abs(price).toFixed(Math.min(100, Math.max(0, decimals)))
  const [whole, fraction = ''] = fixed.split('.')
  const sign = price < 0 && /[1-9]/.test(fixed) ? '−' : ''
  const grouped = BigInt(whole).toLocaleString('en-US')
  if (fraction === '') return sign + grouped
  const zeros = /^0*/.exec(fraction)![0].length
  if (whole !== '0' || zeros < COMPRESS_ZEROS || zeros === fraction.length) return `${sign}${grouped}.${fraction}`
  const count = [...String(zeros)].map((d) => SUBSCRIPT[Number(d)]).join('')
  return `${sign}0.0${count}${fraction.slice(zeros)}`
}

/** Decimal places that show `significant` significant digits of `price` (its size, not a fixed precision). */
export function significantDecimals(price: number, significant = 5): number {
  if (!Number.isFinite(price) || price === 0) return 2
  // A hair above the logarithm, so a step computed as 9.99…e-10 counts as 1e-9.
  return Math.max(0, significant - 1 - Math.floor(Math.log10(Math.abs(price)) + 1e-9))
}

/** One price on the chart (crosshair, last-price tag): five significant digits whatever its size, trailing zeros dropped. */
export function formatChartPrice(price: number): string {
  if (price === 0) return '0'
  const decimals = significantDecimals(price)
  const trimmed = Math.abs(price).toFixed(decimals).replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '')
  const kept = trimmed.includes('.') ? trimmed.length - trimmed.indexOf('.') - 1 : 0
  return formatDecimals(price, kept)
}

/**
 * The price axis's labels: the fewest decimals, from the first significant digit of the step between labels
 * on, that tell every label apart; the same for all of them, so they line up.
 */
export function formatPriceTicks(prices: readonly number[]): string[] {
  const sorted = prices.filter((p) => Number.isFinite(p)).sort((a, b) => a - b)
  const steps = sorted.slice(1).map((p, i) => p - sorted[i]).filter((d) => d > 0)
  const finest = steps.length > 0 ? Math.min(...steps) : Math.abs(sorted.find((p) => p !== 0) ?? 0)
  if (finest === 0) return prices.map(formatChartPrice)
  for (let decimals = significantDecimals(finest, 1); decimals <= 20; decimals++) {
    const labels = prices.map((p) => (p === 0 ? '0' : formatDecimals(p, decimals)))
    if (new Set(labels).size === labels.length) return labels
  }
  return prices.map(formatChartPrice)
}
