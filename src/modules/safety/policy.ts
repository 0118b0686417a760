/**
 * The policy section (pure): what kind of script mints the token, and for a native script until when it can
 * mint (cardano/native-script.ts) and whether that time is past.
 */
import { readNativeScript, signatures, timeBound } from '../../cardano/native-script'
import { slotToIso, slotToUnix, unixToSlot } from '../../cardano/slot-time'
import type { ScriptInfo } from '../../upstream/koios'
import type { SafetyPolicy } from './schemas'

const NATIVE_TYPES = new Set(['timelock', 'multisig'])
const PLUTUS_TYPES = new Set(['plutusv1', 'plutusv2', 'plutusv3'])

/** The section for `policyId` from its `script_info` row (null: the chain API has none), at `nowUnix`. */
export function policySection(policyId: string, script: ScriptInfo | null, nowUnix: number): SafetyPolicy {
  const unknown: SafetyPolicy = {
    policyId,
    kind: 'unknown',
    scriptType: script?.type ?? null,
    mintableUntil: null,
    mintableUntilSlot: null,
    locked: null,
    signatures: [],
    script: null,
    size: script?.size ?? null,
  }
  if (script === null) return unknown
  const type = script.type?.toLowerCase() ?? ''
  if (PLUTUS_TYPES.has(type)) return { ...unknown, kind: 'plutus' }
  const native = NATIVE_TYPES.has(type) ? readNativeScript(script.value) : null
  if (native === null) return unknown
  const bound = timeBound(native)
  const slot = bound.kind === 'until' ? bound.slot : null
  return {
    ...unknown,
    kind: 'native',
    mintableUntil: slot === null ? null : slotToIso(slot),
    mintableUntilSlot: slot,
    locked: bound.kind === 'never' ? true : slot === null ? false : unixToSlot(nowUnix) > slot,
    signatures: signatures(native),
    // The chain API's JSON, read and checked (the same fields; key hashes lowercase).
    script: native,
  }
}

/**
 * Seconds from `nowUnix` until a native policy that can still mint locks (the end of its last slot); null when it
 * never will by time (unbounded, locked already, or not native). A report is kept no longer than this.
 */
export function secondsUntilLocked(policy: SafetyPolicy, nowUnix: number): number | null {
  if (policy.locked !== false || policy.mintableUntilSlot === null) return null
  return Math.max(1, slotToUnix(policy.mintableUntilSlot + 1) - nowUnix)
}
