/**
 * JSON Schema 2020-12 checks for what the service publishes: every schema must compile with Ajv's `Ajv2020` in
 * strict mode (the dialect of OpenAPI 3.1 and of MCP tool schemas), and every example must validate against the
 * schema it illustrates. Each function returns the problems it found as readable lines, so one assertion can
 * show them all.
 */
import Ajv2020 from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'

type Json = Record<string, any>

/** Ajv2020, strict (unknown keywords, draft-04 tuples, loose types and unknown formats are errors), with the standard formats. */
export function strictAjv(): Ajv2020 {
  const ajv = new Ajv2020({ strict: true, allErrors: true })
  addFormats(ajv)
  return ajv
}

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value)

/** OpenAPI points at `#/components/schemas/X`; a schema compiled on its own carries them as `$defs`. */
function withDefinitions(schema: unknown, definitions: Json): Json {
  const text = JSON.stringify(schema).replaceAll('"#/components/schemas/', '"#/$defs/')
  const own = JSON.parse(text) as Json
  return Object.keys(definitions).length === 0 || typeof own !== 'object' ? own : { ...own, $defs: definitions }
}

/** Every subschema that carries `examples`, with its JSON pointer (the root included). */
function subschemasWithExamples(schema: unknown, pointer = ''): Array<{ pointer: string; schema: Json }> {
  if (!isObject(schema)) return []
  const found = Array.isArray(schema.examples) ? [{ pointer: pointer || '/', schema }] : []
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'examples' || key === 'enum' || key === 'const' || key === 'default') continue
    if (Array.isArray(value)) value.forEach((item, i) => found.push(...subschemasWithExamples(item, `${pointer}/${key}/${i}`)))
    else if (isObject(value)) found.push(...subschemasWithExamples(value, `${pointer}/${key}`))
  }
  return found
}

export class SchemaWalk {
  readonly problems: string[] = []
  /** Schemas compiled and examples checked, so a test can tell the walk found what it should. */
  schemas = 0
  examples = 0
  private readonly ajv = strictAjv()

  constructor(private readonly definitions: Json = {}) {}

  /** Compile `schema`, check each `examples` entry of it and of its subschemas, then each of `examples`. */
  check(where: string, schema: unknown, examples: Array<{ name: string; value: unknown }> = []): void {
    this.schemas++
    const root = withDefinitions(schema, this.definitions)
    const validate = this.compile(where, root)
    if (validate === null) return
    for (const { name, value } of examples) this.example(`${where} ${name}`, validate, value)
    for (const { pointer, schema: sub } of subschemasWithExamples(schema)) {
      if (sub.examples.length === 0) continue
      const subValidate = pointer === '/' ? validate : this.compile(`${where} ${pointer}`, withDefinitions(sub, this.definitions))
      if (subValidate === null) continue
      sub.examples.forEach((value: unknown, i: number) => this.example(`${where} ${pointer} examples[${i}]`, subValidate, value))
    }
  }

  private compile(where: string, schema: Json) {
    try {
      return this.ajv.compile(schema)
    } catch (error) {
      this.problems.push(`${where}: does not compile: ${(error as Error).message}`)
      return null
    }
  }

  private example(where: string, validate: ReturnType<Ajv2020['compile']>, value: unknown): void {
    this.examples++
    if (!validate(value)) this.problems.push(`${where}: example fails its schema: ${this.ajv.errorsText(validate.errors)}`)
  }
}

/** Named examples of an OpenAPI parameter or media type: `example` and every `examples.<name>.value`. */
function examplesOf(holder: Json): Array<{ name: string; value: unknown }> {
  const out: Array<{ name: string; value: unknown }> = []
  if ('example' in holder) out.push({ name: 'example', value: holder.example })
  for (const [name, example] of Object.entries<Json>(holder.examples ?? {})) {
    if (isObject(example) && 'value' in example) out.push({ name: `examples.${name}`, value: example.value })
  }
  return out
}

/**
 * Every schema of an OpenAPI 3.1 document (components, parameters, request bodies, responses and their headers)
 * with the examples next to each. Returns the walk: its problems, and what it visited per operation.
 */
export function walkOpenApi(document: Json): SchemaWalk & { operations: string[] } {
  const definitions: Json = document.components?.schemas ?? {}
  const walk = Object.assign(new SchemaWalk(definitions), { operations: [] as string[] })
  for (const [name, schema] of Object.entries(definitions)) walk.check(`components.schemas.${name}`, schema)
  for (const [path, operations] of Object.entries<Json>(document.paths ?? {})) {
    for (const [method, operation] of Object.entries<Json>(operations)) {
      const at = `${method.toUpperCase()} ${path}`
      walk.operations.push(at)
      for (const parameter of operation.parameters ?? []) {
        walk.check(`${at} parameter ${parameter.name}`, parameter.schema, examplesOf(parameter))
      }
      for (const [type, media] of Object.entries<Json>(operation.requestBody?.content ?? {})) {
        walk.check(`${at} request ${type}`, media.schema, examplesOf(media))
      }
      for (const [status, response] of Object.entries<Json>(operation.responses ?? {})) {
        for (const [type, media] of Object.entries<Json>(response.content ?? {})) {
          walk.check(`${at} ${status} ${type}`, media.schema, examplesOf(media))
        }
        for (const [header, value] of Object.entries<Json>(response.headers ?? {})) {
          walk.check(`${at} ${status} header ${header}`, value.schema, examplesOf(value))
        }
      }
    }
  }
  return walk
}
