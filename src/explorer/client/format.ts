/** Number formatting for the explorer: pure, so the unit tests cover it. Unknown is shown as "—", never 0. */
export const UNKNOWN = '—'

/** Decimal places that show about `digits` significant digits of a price (at least 2, at most 14). */
export function pricePrecision(price: number | null | undefined, digits = 4): number {
  if (price === null || price === undefined || !Number.isFinite(price) || price <= 0) return 2
  const magnitude = Math.floor(Math.log10(price))
  return Math.min(14, Math.max(2, digits - 1 - magnitude))
}

export function formatPrice(price: number | null | undefined, currency = '$'): string {
  if (price === null || price === undefined || !Number.isFinite(price)) return UNKNOWN
  const text = price.toFixed(pricePrecision(price))
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
