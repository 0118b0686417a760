/**
 * Cardano native scripts (pure): the JSON cardano-cli writes and db-sync stores, as the chain API's `script_info`
 * gives it in `value`: `{type: "sig", keyHash}`, `{type: "all" | "any", scripts: [...]}`, `{type: "atLeast",
 * required, scripts: [...]}`, `{type: "before" | "after", slot}`. A minting policy is its script's hash, so a
 * script never changes; only whether it can still be satisfied moves with the clock.
 *
 * The last slot a script can be satisfied at, from its time bounds alone (signatures are assumed given):
 * `before N` admits a transaction only when it is included strictly before slot N (its validity interval's upper
 * bound is at most N: the ledger's RequireTimeExpire; CIP-29's half-open [a, b)), so its last slot is N − 1;
 * `all` takes the earliest of its parts, `any` the latest, `atLeast k` the k-th latest; `sig` and `after` have no
 * upper bound, and a part with none leaves `any` (and enough of `atLeast`) unbounded. An `any` of nothing, or an
 * `atLeast` asking for more parts than it has, can never be satisfied (`never`). Lower bounds (`after`) are not
 * weighed against upper ones: only the upper bound answers "until when".
 */

export type NativeScript =
  | { type: 'sig'; keyHash: string }
  | { type: 'before' | 'after'; slot: number }
  | { type: 'all' | 'any'; scripts: NativeScript[] }
  | { type: 'atLeast'; required: number; scripts: NativeScript[] }

/** Until when a script can be satisfied: no time bound, up to and including `slot`, or never. */
export type TimeBound = { kind: 'unbounded' } | { kind: 'until'; slot: number } | { kind: 'never' }

/** Deeper nesting than this is refused as unreadable (a 16 KB script cannot be a real policy that deep). */
const MAX_DEPTH = 64

type Json = Record<string, unknown>
const obj = (v: unknown): Json | null => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Json) : null)
const slotOf = (v: unknown): number | null => {
  const n = typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v
  return typeof n === 'number' && Number.isSafeInteger(n) && n >= 0 ? n : null
}

/** The script read from its JSON (an object, or that object as a JSON string); null when it is not one. */
export function readNativeScript(value: unknown, depth = 0): NativeScript | null {
  if (depth === 0 && typeof value === 'string') {
    try {
      return readNativeScript(JSON.parse(value), 0)
    } catch {
      return null
    }
  }
  const o = obj(value)
  if (o === null || depth > MAX_DEPTH) return null
  switch (o.type) {
    case 'sig':
      return typeof o.keyHash === 'string' && /^[0-9a-fA-F]{56}$/.test(o.keyHash) ? { type: 'sig', keyHash: o.keyHash.toLowerCase() } : null
    case 'before':
    case 'after': {
      const slot = slotOf(o.slot)
      return slot === null ? null : { type: o.type, slot }
    }
    case 'all':
    case 'any':
    case 'atLeast': {
      if (!Array.isArray(o.scripts)) return null
      const scripts: NativeScript[] = []
      for (const part of o.scripts) {
        const read = readNativeScript(part, depth + 1)
        if (read === null) return null
        scripts.push(read)
      }
      if (o.type !== 'atLeast') return { type: o.type, scripts }
      const required = slotOf(o.required)
      return required === null ? null : { type: 'atLeast', required, scripts }
    }
    default:
      return null
  }
}

/** Orders bounds from the earliest to the latest (never < until N < unbounded). */
const rank = (b: TimeBound): number => (b.kind === 'never' ? -Infinity : b.kind === 'unbounded' ? Infinity : b.slot)

/** The last slot the script can be satisfied at (see the header for the rules). */
export function timeBound(script: NativeScript): TimeBound {
  switch (script.type) {
    case 'sig':
    case 'after':
      return { kind: 'unbounded' }
    case 'before':
      return script.slot === 0 ? { kind: 'never' } : { kind: 'until', slot: script.slot - 1 }
    case 'all':
      // The earliest part; an `all` of nothing is always satisfied.
      return script.scripts.map(timeBound).reduce<TimeBound>((a, b) => (rank(b) < rank(a) ? b : a), { kind: 'unbounded' })
    case 'any':
      // The latest part; an `any` of nothing is never satisfied.
      return script.scripts.map(timeBound).reduce<TimeBound>((a, b) => (rank(b) > rank(a) ? b : a), { kind: 'never' })
    case 'atLeast': {
      if (script.required === 0) return { kind: 'unbounded' }
      // The k-th latest: the last slot at which k parts can still be satisfied together.
      const latestFirst = script.scripts.map(timeBound).sort((a, b) => (rank(a) === rank(b) ? 0 : rank(a) > rank(b) ? -1 : 1))
      return latestFirst[script.required - 1] ?? { kind: 'never' }
    }
  }
}

/** The key hashes the script names, each once, in the order they appear. */
export function signatures(script: NativeScript): string[] {
  const found = new Set<string>()
  const walk = (s: NativeScript) => {
    if (s.type === 'sig') found.add(s.keyHash)
    else if ('scripts' in s) s.scripts.forEach(walk)
  }
  walk(script)
  return [...found]
}
