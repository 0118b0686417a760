/**
 * Cardano asset units: 56 hex characters of policy id followed by 0–64 hex characters (even length) of asset
 * name, no separator. The API accepts either case and works in lowercase.
 */
const UNIT_RE = /^[0-9a-fA-F]{56}(?:[0-9a-fA-F]{2}){0,32}$/

export const UNIT_PATTERN = UNIT_RE.source
export const UNIT_HINT =
  'An asset unit is the 56-hex-character policy id followed by the asset name in hex (0–64 hex characters, even length), ' +
  'with no separator, e.g. 279c909f348e533da5808898f87f9a14bb2c3dfbbacccd631d927a3f534e454b'

/** Lowercase unit, or null when the text is not a unit. */
export function normaliseUnit(value: string): string | null {
  return UNIT_RE.test(value) ? value.toLowerCase() : null
}

export function splitUnit(unit: string): { policyId: string; assetNameHex: string } {
  return { policyId: unit.slice(0, 56), assetNameHex: unit.slice(56) }
}

/** The asset name as text when it is printable UTF-8 (CIP-67 label stripped), else null. */
export function assetNameText(assetNameHex: string): string | null {
  // A CIP-67 label is 4 bytes: a 0 nibble, 16-bit label, 8-bit checksum, a 0 nibble (e.g. 0014df10 = 333).
  const hex = /^0[0-9a-f]{6}0/i.test(assetNameHex) ? assetNameHex.slice(8) : assetNameHex
  if (hex.length === 0) return null
  try {
    const decoded = new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(hex, 'hex'))
    return /^[\p{L}\p{N}\p{P}\p{S} ]+$/u.test(decoded) ? decoded : null
  } catch {
    return null
  }
}
