import type { TSchema } from '@sinclair/typebox'

/**
 * The schemas routes are declared with, as other tools need them: the OpenAPI document, MCP tool schemas and
 * the docs site.
 *
 * Elysia's `t.Integer`, `t.Numeric`, `t.BooleanString`, `t.ArrayString` and `t.ObjectString` are unions with a
 * string branch (`{type: 'string', format: 'integer'}`...) so that query strings coerce. A reader of the
 * contract should see the type the value has, and a JSON caller (an MCP agent) must be checked against it, so
 * `withoutCoercion` drops that branch. `toJsonSchema` also drops our implementation details (the `error`
 * option that words a 400, `$id`) and TypeBox's symbols, writes unions of literals as `enum`, and writes
 * TypeBox's draft-04 tuples (`items: [...]`, `additionalItems`) in the 2020-12 form (`prefixItems`), the
 * dialect of OpenAPI 3.1 and MCP.
 */

type SchemaObject = Record<string | symbol, unknown>

/** Formats Elysia gives the string branch of a coercing union. */
const COERCION_FORMATS = new Set(['integer', 'numeric', 'boolean', 'ArrayString', 'ObjectString'])
/** Keywords whose value is a map of name → schema. */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'])
/** Keywords whose value is one schema. */
const SCHEMA_VALUES = new Set([
  'items', 'additionalProperties', 'not', 'contains', 'if', 'then', 'else', 'propertyNames', 'unevaluatedItems', 'unevaluatedProperties',
])
/** Keywords whose value is a list of schemas. */
const SCHEMA_LISTS = new Set(['anyOf', 'allOf', 'oneOf', 'prefixItems'])
/** Implementation details of our schemas that mean nothing to a reader. */
const DROPPED = new Set(['error', '$id', 'elysiaMeta'])

const isObject = (value: unknown): value is SchemaObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const isCoercionBranch = (branch: unknown): boolean =>
  isObject(branch) && branch.type === 'string' && typeof branch.format === 'string' && COERCION_FORMATS.has(branch.format)

/** Apply `fn` to every direct subschema of `schema`; other keywords are copied. Symbol keys (TypeBox's Kind) survive. */
function mapSubschemas(schema: SchemaObject, fn: (s: SchemaObject) => SchemaObject): SchemaObject {
  const out: SchemaObject = { ...schema }
  for (const key of Object.keys(schema)) {
    const value = schema[key]
    if (SCHEMA_MAPS.has(key) && isObject(value)) {
      out[key] = Object.fromEntries(Object.entries(value).map(([name, s]) => [name, isObject(s) ? fn(s) : s]))
    } else if (SCHEMA_VALUES.has(key) && isObject(value)) {
      out[key] = fn(value)
    } else if (SCHEMA_LISTS.has(key) && Array.isArray(value)) {
      out[key] = value.map((s) => (isObject(s) ? fn(s) : s))
    }
  }
  return out
}

/**
 * The same schema with every coercing union replaced by its real branch (keeping the outer annotations:
 * default, description, examples, error). The result is still a TypeBox schema, usable with Value/TypeCompiler.
 */
export function withoutCoercion<T extends TSchema>(schema: T): T {
  return collapse(schema as unknown as SchemaObject) as unknown as T
}

function collapse(schema: SchemaObject): SchemaObject {
  const branches = schema.anyOf
  if (Array.isArray(branches) && branches.length === 2) {
    const real = branches.filter((b) => !isCoercionBranch(b))
    if (real.length === 1 && isObject(real[0])) {
      const { anyOf: _coercing, ...annotations } = schema
      return collapse({ ...annotations, ...real[0] })
    }
  }
  return mapSubschemas(schema, collapse)
}

/** A deep copy of `schema` as plain JSON Schema (2020-12). */
export function toJsonSchema(schema: TSchema | unknown): Record<string, unknown> {
  if (!isObject(schema)) return {}
  // The JSON round trip drops TypeBox's symbol keys and any function-valued option.
  return strip(JSON.parse(JSON.stringify(collapse(schema))) as SchemaObject) as Record<string, unknown>
}

function strip(schema: SchemaObject): SchemaObject {
  const out = asEnum(mapSubschemas(asPrefixItems(schema), strip))
  for (const key of DROPPED) delete out[key]
  return out
}

/** A union of literals of one type (`'1h' | '1d'`) reads better, and lists better in tools, as an `enum`. */
function asEnum(schema: SchemaObject): SchemaObject {
  const branches = schema.anyOf
  if (!Array.isArray(branches) || branches.length === 0) return schema
  const literal = (b: unknown): b is SchemaObject =>
    isObject(b) && 'const' in b && Object.keys(b).every((key) => key === 'const' || key === 'type')
  if (!branches.every(literal)) return schema
  const types = new Set(branches.map((b) => b.type))
  if (types.size !== 1) return schema
  const { anyOf: _literals, ...annotations } = schema
  const type = branches[0].type
  return { ...(type === undefined ? {} : { type }), enum: branches.map((b) => b.const), ...annotations }
}

/**
 * A tuple as 2020-12 writes it. The length is closed with `minItems`/`maxItems` rather than `items: false`: a
 * draft-07 validator (the one @modelcontextprotocol/sdk 1.x clients check structured content with) ignores
 * `prefixItems` but reads `items: false` as "no items at all" and would refuse every non-empty tuple.
 */
function asPrefixItems(schema: SchemaObject): SchemaObject {
  if (!Array.isArray(schema.items)) return schema
  const { items, additionalItems, ...rest } = schema
  const out: SchemaObject = { ...rest, prefixItems: items }
  if (additionalItems === false) out.maxItems ??= items.length
  else if (isObject(additionalItems)) out.items = additionalItems
  return out
}
