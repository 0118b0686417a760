import type { Static, TObject, TSchema } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'
import { withoutCoercion } from '../catalogue/json-schema'
import { apiError, fromBody } from '../http/error-catalogue'
import { schemaErrorBody } from '../http/errors'

/**
 * Tool arguments checked against the same schemas as the REST parameters, failing with the same wording:
 * a parameter schema's `error` option (`invalid(apiError(code, …))`) gives exactly the REST 400's body.
 *
 * Defaults are filled in and numeric strings read as numbers (an agent may send `"300"` for an integer, as a
 * query string would), then unknown arguments are dropped, as REST ignores unknown query parameters.
 */
export function parseToolArguments<T extends TObject>(input: T, raw: unknown): Static<T> {
  const schema = checkable(input)
  if (raw !== undefined && raw !== null && (typeof raw !== 'object' || Array.isArray(raw))) {
    throw apiError('invalid_arguments')
  }
  const value = fromQueryStrings(schema, Value.Default(schema, structuredClone(raw ?? {})) as Record<string, unknown>)
  if (Value.Check(schema, value)) return Value.Clean(schema, value) as Static<T>

  const first = Value.Errors(schema, value).First()
  const name = (first?.path ?? '').split('/').filter(Boolean)[0]
  const custom = name === undefined ? undefined : (schema.properties[name] as { error?: unknown } | undefined)?.error
  const body = schemaErrorBody(custom)
  if (body !== null) throw fromBody(body, first?.value)
  const label = name === undefined ? 'Invalid arguments' : `Invalid argument '${name}'`
  if (typeof custom === 'string') throw apiError('validation_failed', { label, hint: custom })
  throw apiError('validation_failed', { label, hint: `${first?.message ?? 'unexpected value'}. tools/list gives each argument's schema.` })
}

const NUMERIC = /^-?\d+(\.\d+)?$/

/**
 * Numbers and booleans given as strings, read as REST reads them from a query string. Only exact literals:
 * `"1.5"` for an integer stays a number that fails the check, as `?limit=1.5` does.
 */
function fromQueryStrings(schema: TObject, args: Record<string, unknown>): Record<string, unknown> {
  const out = { ...args }
  for (const [name, value] of Object.entries(args)) {
    if (typeof value !== 'string') continue
    const type = (schema.properties[name] as { type?: unknown } | undefined)?.type
    if ((type === 'integer' || type === 'number') && NUMERIC.test(value)) out[name] = Number(value)
    else if (type === 'boolean' && (value === 'true' || value === 'false')) out[name] = value === 'true'
  }
  return out
}

/** Coercion-free copies, made once per input schema. */
const checkables = new WeakMap<TSchema, TObject>()

function checkable(input: TObject): TObject {
  let schema = checkables.get(input)
  if (schema === undefined) {
    schema = withoutCoercion(input)
    checkables.set(input, schema)
  }
  return schema
}
