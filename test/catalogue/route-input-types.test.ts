import { describe, expect, it } from 'bun:test'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { ParamValues } from '../../src/catalogue/types'
import type { searchParam } from '../../src/modules/tokens/inputs'
import type { marketParams } from '../../src/modules/ada-market/request'
import type { exportParams, rangeParams } from '../../src/modules/history/request'
import type { ohlcvParams } from '../../src/modules/charts/request'
import type { getTokenOhlcv } from '../../src/mcp/tools/charts'
import type { Static } from '@sinclair/typebox'
import type { Timeframe } from '../../src/modules/charts/timeframes'

const ROOT = join(import.meta.dir, '../..')

/** Every file that receives route input: the REST route handlers and the MCP tools. */
function inputFiles(): string[] {
  const modules = readdirSync(join(ROOT, 'src/modules')).map((m) => `src/modules/${m}/routes.ts`)
  const tools = readdirSync(join(ROOT, 'src/mcp/tools')).map((f) => `src/mcp/tools/${f}`)
  return [...modules, ...tools].filter((path) => {
    try {
      readFileSync(join(ROOT, path))
      return true
    } catch {
      return false
    }
  })
}

/** Code without comments and string literals, so prose ("as bytes") is not read as a cast. */
function code(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\/\/.*$/gm, '')
    .replace(/'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`/g, "''")
}

/** Casts that say nothing about route input: Elysia's plugin type for the OpenAPI generator. */
const ALLOWED = ['plugin as never']

describe('route input is typed by the schemas, never cast', () => {
  it('finds the handlers and tools it checks', () => {
    const files = inputFiles()
    expect(files).toContain('src/modules/charts/routes.ts')
    expect(files).toContain('src/mcp/tools/charts.ts')
    expect(files.length).toBeGreaterThan(15)
  })

  it('has no `as` casts (other than `as const`) and no String()/Number() conversions of tool arguments', () => {
    const found: string[] = []
    for (const path of inputFiles()) {
      code(readFileSync(join(ROOT, path), 'utf8'))
        .split('\n')
        .forEach((line, i) => {
          const cast = /\bas\s+(?!const\b)[\w{[(<]/.test(line) && !ALLOWED.some((a) => line.includes(a))
          const conversion = /\b(String|Number|Boolean)\(\s*(args|query|params|body)\b/.test(line)
          if (cast || conversion) found.push(`${path}:${i + 1}: ${line.trim()}`)
        })
    }
    expect(found).toEqual([])
  })

  it('the check itself sees a cast and a conversion', () => {
    const sample = code("const q = query as unknown as { days?: number } // as said\nparse(String(args.q), 'as string')")
    expect(/\bas\s+(?!const\b)[\w{[(<]/.test(sample.split('\n')[0])).toBe(true)
    expect(/\b(String|Number|Boolean)\(\s*(args|query|params|body)\b/.test(sample.split('\n')[1])).toBe(true)
    expect(/\bas\s+(?!const\b)[\w{[(<]/.test(code("// as said\nconst x = 'as string'"))).toBe(false)
  })
})

// Typecheck-time assertions (bun run typecheck): the parameter lists keep their names, places and schemas, so
// handlers and tools get literal unions and numbers, not `unknown` or `any`.
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false
const assert = <T extends true>(): T => true as T

assert<Equal<ParamValues<typeof ohlcvParams>, { asset: string; tf?: Timeframe | '1H' | '4H' | '12H' | '1D' | '1W'; limit?: number; quote?: string; pool?: string }>>() // tf and quote: either case, lowercased by ohlcvRequest
assert<Equal<Static<(typeof getTokenOhlcv)['input']>, ParamValues<typeof ohlcvParams>>>()
assert<Equal<ParamValues<typeof marketParams>, { days?: number; ecosystem?: number }>>()
assert<Equal<ParamValues<[typeof searchParam]>, { q: string }>>()
assert<Equal<ParamValues<typeof rangeParams>, { tf?: '5m' | '1h' | '1d' | '1H' | '1D'; from?: string; to?: string; limit?: number }>>() // tf: either case, lowercased by parseHistoryRequest
assert<Equal<ParamValues<typeof exportParams>, { day?: string; format?: 'ndjson' | 'csv' }>>()
