import { t } from 'elysia'
import type { TLiteral } from '@sinclair/typebox'

/**
 * One TypeBox literal per value, typed as a tuple so `t.Union(literals(values))` has the values' union as its
 * `Static` (a plain array of literals would give `never`).
 */
export function literals<const T extends readonly string[]>(values: T): { -readonly [K in keyof T]: TLiteral<T[K]> } {
  return values.map((v) => t.Literal(v)) as { -readonly [K in keyof T]: TLiteral<T[K]> }
}

/**
 * A parameter pattern accepting any of `words` in any case (`ada`, `ADA`, `Ada`): for words an answer writes in
 * another case than the documented input (`quote`), or that people type either way (`order`).
 */
export function anyCasePattern(words: readonly string[]): string {
  return `^(?:${words.map(anyCase).join('|')})$`
}

/** One word in any case, as a pattern fragment. */
const anyCase = (word: string) => [...word].map((c) => (c.toLowerCase() === c.toUpperCase() ? c : `[${c.toLowerCase()}${c.toUpperCase()}]`)).join('')

type Capital<T extends string> = T extends `${string}m` ? never : Uppercase<T>

/**
 * A timeframe parameter's values: each as written, and hours, days and weeks in capitals too (`1H`, `1D`), as an
 * enum (typed clients generated from the OpenAPI document still see every value); minutes stay lowercase only,
 * since `1M` reads as a month to most people and no timeframe here is one.
 */
export function timeframeSpellings<const T extends readonly string[]>(timeframes: T): ReadonlyArray<T[number] | Capital<T[number]>> {
  const capitals = timeframes.filter((tf) => !tf.endsWith('m')).map((tf) => tf.toUpperCase() as Capital<T[number]>)
  return [...timeframes, ...capitals]
}

/** The word of `words` that `raw` spells in any case; `fallback` when it spells none (absent). */
export function caseless<const T extends string>(words: readonly T[], raw: string | undefined, fallback: T): T {
  return words.find((w) => w === raw?.toLowerCase()) ?? fallback
}
