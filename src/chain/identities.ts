/**
 * The identity every chain answer prices a token with: the registry's for a curated token, else what the chain
 * API told the identity resolver (chain_tokens), else unknown (decimals unknown: prices per base unit, said so).
 */
import type { CommunityDatabase } from '../db/client'
import type { TokenRegistry } from '../registry/registry'
import { curatedIdentity, unknownIdentity, type TokenIdentity } from './token-identity'
import { ChainTokenStore } from './token-store'

export class TokenIdentities {
  private readonly store: ChainTokenStore | null

  constructor(
    private readonly registry: TokenRegistry,
    database: CommunityDatabase | null,
  ) {
    this.store = database === null ? null : new ChainTokenStore(database)
  }

  async of(unit: string): Promise<TokenIdentity> {
    return (await this.many([unit])).get(unit)!
  }

  /** Every unit asked for, in a map (curated from the registry, others from one read of chain_tokens). */
  async many(units: readonly string[]): Promise<Map<string, TokenIdentity>> {
    const out = new Map<string, TokenIdentity>()
    const others: string[] = []
    for (const unit of new Set(units)) {
      const curated = this.registry.get(unit)
      if (curated !== undefined) out.set(unit, curatedIdentity(curated))
      else others.push(unit)
    }
    const known = others.length === 0 || this.store === null ? new Map<string, TokenIdentity>() : await this.store.identities(others)
    for (const unit of others) out.set(unit, known.get(unit) ?? unknownIdentity(unit))
    return out
  }
}
