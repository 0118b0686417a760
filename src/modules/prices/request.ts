/**
 * The inputs of the price endpoints, each rule once: the batch's unit list (the GET's `units` query and the POST's
 * `{"units": [...]}` body fold into the same list, so both are one cached answer) and a price's `at` and `quote`.
 * REST validates with these schemas and the MCP tools their arguments; what is left is folding and a real time.
 */
import { t, type Static } from 'elysia'
import { TypeCompiler } from '@sinclair/typebox/compiler'
import { param, type ParamValues } from '../../catalogue/types'
import { normaliseUnit } from '../../cardano/unit'
import { assetParam, parseAssetUnit } from '../../http/asset-input'
import { apiError } from '../../http/error-catalogue'
import { invalid } from '../../http/errors'
import { declaresJson, readBodyWithin } from '../../http/request-body'
import { quoteOf, quoteParam, type Quote } from '../charts/request'
import { INSTANT_PATTERN, parseInstant } from '../history/instants'

/** Distinct entries per batch. */
export const MAX_PRICE_UNITS = 100
/** An entry is at most this long (a unit is at most 120 hex characters): longer is no unit and is refused whole. */
export const MAX_ENTRY_LENGTH = 128
/** The POST body: 100 entries of 128 characters, quoted and separated, fit with room to spare. */
export const PRICES_BODY_MAX_BYTES = 16_384
/** The GET's `units`: the same 100 entries, comma-separated. */
const UNITS_QUERY_MAX_LENGTH = MAX_PRICE_UNITS * (MAX_ENTRY_LENGTH + 1)

export const PRICES_INVALID = {
  units: (entry?: string) => apiError('invalid_units', { max: MAX_PRICE_UNITS, entry }),
  at: (detail?: string) => apiError('invalid_at', { detail }),
}

export const unitsParam = param({
  name: 'units',
  in: 'query',
  required: true,
  description:
    `Comma-separated asset units, 1 to ${MAX_PRICE_UNITS} distinct (either case; duplicates are answered once, blanks around commas ignored). ` +
    'An entry that is no unit gets a row with reason invalid_unit; POST /prices takes the same list as JSON when the URL would be long',
  schema: t.String({ minLength: 1, maxLength: UNITS_QUERY_MAX_LENGTH, examples: ['279c909f348e533da5808898f87f9a14bb2c3dfbbacccd631d927a3f534e454b'], error: invalid(PRICES_INVALID.units()) }),
})

export const PricesBodySchema = t.Object(
  {
    units: t.Array(t.String({ maxLength: MAX_ENTRY_LENGTH }), {
      minItems: 1,
      maxItems: MAX_PRICE_UNITS * 10,
      description: `Asset units, 1 to ${MAX_PRICE_UNITS} distinct (duplicates folded, as the GET's units)`,
    }),
  },
  { additionalProperties: false },
)
const checkBody = TypeCompiler.Compile(PricesBodySchema)

/**
 * The entries of a batch, distinct and in the order first asked: a unit in lowercase, any other text as given
 * (trimmed). 400 for none, an entry longer than any unit, or more than MAX_PRICE_UNITS distinct.
 */
export function priceEntries(raw: readonly string[]): string[] {
  const entries: string[] = []
  const seen = new Set<string>()
  for (const text of raw) {
    const entry = text.trim()
    if (entry === '') continue
    if (entry.length > MAX_ENTRY_LENGTH) throw PRICES_INVALID.units(entry.slice(0, 140))
    const folded = normaliseUnit(entry) ?? entry
    if (seen.has(folded)) continue
    seen.add(folded)
    entries.push(folded)
  }
  if (entries.length === 0) throw PRICES_INVALID.units()
  if (entries.length > MAX_PRICE_UNITS) throw apiError('too_many_units', { max: MAX_PRICE_UNITS, count: entries.length })
  return entries
}

/** The GET's `units` query as entries. */
export const queryEntries = (units: string): string[] => priceEntries(units.split(','))

/**
 * The POST's body as entries, after the cheap refusals: not JSON (415), over PRICES_BODY_MAX_BYTES (413, counted
 * as it arrives), not `{"units": [strings]}` (400).
 */
export async function bodyEntries(request: Request): Promise<string[]> {
  if (!declaresJson(request)) throw apiError('prices_body_not_json', { received: request.headers.get('content-type') })
  const bytes = await readBodyWithin(request, PRICES_BODY_MAX_BYTES)
  if (bytes === null) throw apiError('prices_body_too_large', { maxBytes: PRICES_BODY_MAX_BYTES })
  let body: unknown
  try {
    body = JSON.parse(new TextDecoder().decode(bytes))
  } catch {
    throw apiError('invalid_prices_body', { detail: 'The body is not JSON.' })
  }
  if (!checkBody.Check(body)) {
    const first = checkBody.Errors(body).First()
    throw apiError('invalid_prices_body', { detail: first === undefined ? undefined : `${first.path || 'The body'}: ${first.message}.` })
  }
  return priceEntries((body as Static<typeof PricesBodySchema>).units)
}

export const priceAtParams = [
  assetParam('Asset unit: 56-hex policy id followed by the asset name in hex', 'asset'),
  param({
    name: 'at',
    in: 'query',
    required: false,
    description:
      'The moment: Unix seconds, a UTC day (00:00 UTC) or an ISO 8601 time with Z or an offset (2026-01-01T12:00:00+02:00); not in the future. Left out: now (the current price)',
    schema: t.String({ pattern: INSTANT_PATTERN, examples: ['1767225600', '2026-01-01T12:00:00Z'], error: invalid(PRICES_INVALID.at()) }),
  }),
  quoteParam('The currency of `price`: usd (default) or ada, either case; the answer gives both priceUsd and priceAda'),
]

export interface PriceAtRequest {
  /** Lowercase unit. */
  unit: string
  /** Unix seconds; null for now. */
  at: number | null
  quote: Quote
}

/** The validated inputs: a real time, not after `nowMs` (400 `at_in_future`). */
export function priceAtRequest(input: ParamValues<typeof priceAtParams>, nowMs: number): PriceAtRequest {
  const unit = parseAssetUnit(input.asset)
  const at = input.at === undefined ? null : parseInstant(input.at, PRICES_INVALID.at)
  const now = Math.floor(nowMs / 1000)
  if (at !== null && at > now) throw apiError('at_in_future', { at, now })
  return { unit, at, quote: quoteOf(input.quote) }
}
