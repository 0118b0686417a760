/**
 * The SQL of chain_tokens: what the chain API told about each token the follower recorded a pool of. A row is
 * added by ChainStore.record (not asked yet); the identity resolver asks for the pending ones and saves the
 * answers; the answers read them. A token the chain API described is never asked again; one it could not describe
 * (no registry entry, no CIP-68 datum) is asked again after RECHECK_UNKNOWN_MS, as new tokens often register later.
 */
import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm'
import type { CommunityDatabase } from '../db/client'
import { chainTokens, type ChainTokenRow } from '../db/schema'
import { DECIMALS_SOURCES, type DecimalsSource, type TokenIdentity } from './token-identity'

export const RECHECK_UNKNOWN_MS = 7 * 86_400_000

/** Units per read of many (a SQL variable each). */
const CHUNK = 500

const sourceOf = (value: string): DecimalsSource => DECIMALS_SOURCES.find((s) => s === value) ?? 'unknown'

/** What the chain API told of a token, as its chain_tokens row holds it (decimals unknown: `unknown`). */
export const identityOfRow = (row: Pick<ChainTokenRow, 'unit' | 'ticker' | 'name' | 'decimals' | 'decimalsSource'>): TokenIdentity => ({
  unit: row.unit,
  ticker: row.ticker,
  name: row.name,
  decimals: row.decimals,
  decimalsSource: row.decimals === null ? 'unknown' : sourceOf(row.decimalsSource),
})

export class ChainTokenStore {
  constructor(private readonly database: CommunityDatabase) {}

  /** Units to ask the chain API about: never asked first (newest tokens first), then unknown ones due again. */
  async pending(limit: number, nowMs: number): Promise<string[]> {
    const rows = await this.database.read((db) =>
      db
        .select({ unit: chainTokens.unit })
        .from(chainTokens)
        .where(or(isNull(chainTokens.checkedAtMs), and(eq(chainTokens.decimalsSource, 'unknown'), lt(chainTokens.checkedAtMs, nowMs - RECHECK_UNKNOWN_MS))))
        .orderBy(sql`${chainTokens.checkedAtMs} IS NOT NULL`, sql`${chainTokens.firstSeenHeight} DESC`)
        .limit(limit),
    )
    return rows.map((r) => r.unit)
  }

  /** The answers for these units (each already has a row: it was pending). */
  async save(identities: readonly TokenIdentity[], nowMs: number): Promise<void> {
    if (identities.length === 0) return
    await this.database.write((db) =>
      db.transaction(async (tx) => {
        for (const id of identities) {
          await tx
            .update(chainTokens)
            .set({ ticker: id.ticker, name: id.name, decimals: id.decimals, decimalsSource: id.decimalsSource, checkedAtMs: nowMs })
            .where(eq(chainTokens.unit, id.unit))
        }
      }),
    )
  }

  /** What is known of these units (absent: no row, never recorded). */
  async identities(units: readonly string[]): Promise<Map<string, TokenIdentity>> {
    const out = new Map<string, TokenIdentity>()
    for (let i = 0; i < units.length; i += CHUNK) {
      const rows = await this.database.read((db) => db.select().from(chainTokens).where(inArray(chainTokens.unit, units.slice(i, i + CHUNK))))
      for (const row of rows) out.set(row.unit, identityOfRow(row))
    }
    return out
  }
}
