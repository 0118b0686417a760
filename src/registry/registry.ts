import { readFileSync } from 'node:fs'
import { ConfigError } from '../config'
import { normaliseUnit, splitUnit } from '../cardano/unit'
import bundled from './tokens.json'

/** A curated token. Its ticker, name and decimals are what the service shows; upstream text never overrides them. */
export interface RegistryToken {
  unit: string
  policyId: string
  assetNameHex: string
  ticker: string
  name: string
  decimals: number
}

export class TokenRegistry {
  private readonly byUnit: Map<string, RegistryToken>

  constructor(readonly tokens: readonly RegistryToken[]) {
    this.byUnit = new Map(tokens.map((t) => [t.unit, t]))
  }

  get(unit: string): RegistryToken | undefined {
    return this.byUnit.get(unit)
  }

  get units(): string[] {
    return this.tokens.map((t) => t.unit)
  }

  /**
   * The registry in consecutive batches of `size` units (the upstreams' 30-address calls). The screener reads
   * these batches and the logo looks a curated token up in the same one, so they share cached answers.
   */
  batches(size: number): string[][] {
    const units = this.units
    const out: string[][] = []
    for (let i = 0; i < units.length; i += size) out.push(units.slice(i, i + size))
    return out
  }

  /** The batch of `size` holding a curated unit; undefined for any other unit. */
  batchOf(unit: string, size: number): string[] | undefined {
    return this.batches(size).find((batch) => batch.includes(unit))
  }
}

/** The bundled 68 tokens, or the JSON array at TOKEN_REGISTRY_FILE, checked entry by entry. */
export function loadRegistry(file: string | null): TokenRegistry {
  if (file === null) return new TokenRegistry(parseRegistry(bundled, 'bundled registry'))
  let raw: unknown
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'))
  } catch (error) {
    throw new ConfigError(`TOKEN_REGISTRY_FILE=${JSON.stringify(file)} could not be read as JSON: ${(error as Error).message}`)
  }
  return new TokenRegistry(parseRegistry(raw, `TOKEN_REGISTRY_FILE=${JSON.stringify(file)}`))
}

export function parseRegistry(raw: unknown, source: string): RegistryToken[] {
  if (!Array.isArray(raw) || raw.length === 0) throw new ConfigError(`${source}: expected a non-empty JSON array of tokens`)
  const seen = new Set<string>()
  return raw.map((item, index) => {
    const entry = item as Record<string, unknown>
    const unit = typeof entry?.unit === 'string' ? normaliseUnit(entry.unit) : null
    const where = `${source}: entry ${index}`
    if (unit === null) throw new ConfigError(`${where}: "unit" must be a 56-hex policy id followed by an even-length hex asset name`)
    if (seen.has(unit)) throw new ConfigError(`${where}: unit ${unit} is listed twice`)
    seen.add(unit)
    if (typeof entry.ticker !== 'string' || entry.ticker.trim() === '') throw new ConfigError(`${where}: "ticker" must be a non-empty string`)
    if (typeof entry.name !== 'string' || entry.name.trim() === '') throw new ConfigError(`${where}: "name" must be a non-empty string`)
    const decimals = entry.decimals
    if (typeof decimals !== 'number' || !Number.isInteger(decimals) || decimals < 0 || decimals > 255) {
      throw new ConfigError(`${where}: "decimals" must be an integer from 0 to 255`)
    }
    return { unit, ...splitUnit(unit), ticker: entry.ticker, name: entry.name, decimals }
  })
}
