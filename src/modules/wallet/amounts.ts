/**
 * Exact decimal arithmetic for wallet values. Quantities arrive as integer strings in raw units and prices as
 * JSON numbers; every product and sum is computed exactly on BigInt and turned into a JSON number once, at the
 * end, so a total never carries the drift of a chain of float additions.
 */

/** digits / 10^scale, exactly. */
export interface Exact {
  digits: bigint
  scale: number
}

export const ZERO: Exact = { digits: 0n, scale: 0 }

/** A raw-unit quantity with its decimals: "125000000" with 6 decimals is 125. */
export function fromUnits(quantity: string, decimals: number): Exact {
  return { digits: BigInt(quantity), scale: decimals }
}

/** A finite number, read from its shortest decimal form (0.001345 is exactly 1345 / 10^6). */
export function fromNumber(value: number): Exact {
  if (!Number.isFinite(value)) throw new RangeError(`not a finite number: ${value}`)
  const [mantissa, exponentText] = String(value).toLowerCase().split('e')
  const exponent = exponentText === undefined ? 0 : Number(exponentText)
  const negative = mantissa.startsWith('-')
  const [whole, fraction = ''] = (negative ? mantissa.slice(1) : mantissa).split('.')
  let digits = BigInt(whole + fraction)
  let scale = fraction.length - exponent
  if (scale < 0) {
    digits *= 10n ** BigInt(-scale)
    scale = 0
  }
  return { digits: negative ? -digits : digits, scale }
}

export function multiply(a: Exact, b: Exact): Exact {
  return { digits: a.digits * b.digits, scale: a.scale + b.scale }
}

export function add(a: Exact, b: Exact): Exact {
  const [x, y, scale] = aligned(a, b)
  return { digits: x + y, scale }
}

/** -1, 0 or 1 as a is less than, equal to or greater than b. */
export function compare(a: Exact, b: Exact): number {
  const [x, y] = aligned(a, b)
  return x < y ? -1 : x > y ? 1 : 0
}

function aligned(a: Exact, b: Exact): [bigint, bigint, number] {
  const scale = Math.max(a.scale, b.scale)
  return [a.digits * 10n ** BigInt(scale - a.scale), b.digits * 10n ** BigInt(scale - b.scale), scale]
}

/** The exact value as a plain decimal string, e.g. "1535.472311". */
export function toDecimalString(value: Exact): string {
  const negative = value.digits < 0n
  const text = (negative ? -value.digits : value.digits).toString().padStart(value.scale + 1, '0')
  const whole = text.slice(0, text.length - value.scale)
  const fraction = text.slice(text.length - value.scale).replace(/0+$/, '')
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`
}

/** The JSON number nearest to the exact value (one rounding, at the very end). */
export function toNumber(value: Exact): number {
  return Number(toDecimalString(value))
}

/** Lovelace to ADA as a number: "1535472311" → 1535.472311. */
export function lovelaceToAda(lovelace: string): number {
  return toNumber(fromUnits(lovelace, 6))
}
