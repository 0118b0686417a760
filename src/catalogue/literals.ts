import { t } from 'elysia'
import type { TLiteral } from '@sinclair/typebox'

/**
 * One TypeBox literal per value, typed as a tuple so `t.Union(literals(values))` has the values' union as its
 * `Static` (a plain array of literals would give `never`).
 */
export function literals<const T extends readonly string[]>(values: T): { -readonly [K in keyof T]: TLiteral<T[K]> } {
  return values.map((v) => t.Literal(v)) as { -readonly [K in keyof T]: TLiteral<T[K]> }
}
