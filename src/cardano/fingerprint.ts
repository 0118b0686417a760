/**
 * CIP-14 asset fingerprints (`asset1…`, bech32 of blake2b-160 over policy id ‖ asset name): what explorers and
 * the token detail's `fingerprint` show. One way only: a fingerprint is a hash, so it is matched against units
 * already known (the curated registry), never reversed.
 */
import { Cardano } from '@cardano-sdk/core'
import { splitUnit } from './unit'

const FINGERPRINT_RE = /^asset1[02-9ac-hj-np-z]{38}$/

/** Lowercase fingerprint, or null when the text is not one. */
export function normaliseFingerprint(value: string): string | null {
  const lower = value.toLowerCase()
  return FINGERPRINT_RE.test(lower) ? lower : null
}

export function fingerprintOf(unit: string): string {
  const { policyId, assetNameHex } = splitUnit(unit)
  return Cardano.AssetFingerprint.fromParts(Cardano.PolicyId(policyId), Cardano.AssetName(assetNameHex)).toString()
}
