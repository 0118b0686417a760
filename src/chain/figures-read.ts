/**
 * Reads of the chain figures that figures-upkeep.ts keeps (chain_token_figures), with what the chain API told of
 * each token (chain_tokens): filtered, sorted and paged in SQL over one row per token, so a request costs one
 * query and a count whatever the number of trades behind the figures.
 *
 * Sorting puts unknown figures (null) last in either order, ties broken by unit; a page continues after a
 * keyset (the last row's sort value and unit), so rows that move between two requests are neither skipped twice
 * nor read twice within a sort's order.
 */
import { and, asc, desc, eq, gte, inArray, or, sql, type SQL } from 'drizzle-orm'
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core'
import type { CommunityDatabase } from '../db/client'
import { chainFiguresWindow, chainTokenFigures, chainTokens, type ChainTokenFiguresRow } from '../db/schema'

export const CHAIN_SORTS = ['liquidity', 'volume24h', 'change24h', 'txns24h', 'pairCreatedAt'] as const
export type ChainSort = (typeof CHAIN_SORTS)[number]

const SORT_COLUMN = {
  liquidity: chainTokenFigures.reserveLovelace,
  volume24h: chainTokenFigures.volumeLovelace,
  change24h: chainTokenFigures.change24h,
  txns24h: chainTokenFigures.txns,
  pairCreatedAt: chainTokenFigures.pairCreatedAt,
} as const satisfies Record<ChainSort, unknown>

/** Where a page starts: after the row with this sort value (null: unknown) and unit. */
export interface Keyset {
  value: number | null
  unit: string
}

/** What `q` matches: text in a ticker, name or asset name; a unit or policy id prefix; a fingerprint; curated units. */
export interface FiguresMatch {
  text: string
  unitPrefix: string | null
  fingerprint: string | null
  /** Curated tokens whose registry ticker or name holds the text (the registry is not in the database). */
  units: readonly string[]
}

export interface FiguresQuery {
  /** Tokens whose deepest pool holds at least this many lovelace. */
  minReserveLovelace: number
  sort: ChainSort
  order: 'asc' | 'desc'
  limit: number
  after: Keyset | null
  match: FiguresMatch | null
}

/** A token's figures with what the chain API told of it (null: not asked yet, or a curated token's registry). */
export type FiguresRow = ChainTokenFiguresRow & {
  ticker: string | null
  name: string | null
  decimals: number | null
  decimalsSource: string | null
}

const COLUMNS = {
  unit: chainTokenFigures.unit,
  fingerprint: chainTokenFigures.fingerprint,
  assetName: chainTokenFigures.assetName,
  pairCount: chainTokenFigures.pairCount,
  dexIds: chainTokenFigures.dexIds,
  topPoolId: chainTokenFigures.topPoolId,
  topReserveAda: chainTokenFigures.topReserveAda,
  topReserveToken: chainTokenFigures.topReserveToken,
  topPrice: chainTokenFigures.topPrice,
  reserveLovelace: chainTokenFigures.reserveLovelace,
  volumeLovelace: chainTokenFigures.volumeLovelace,
  buys: chainTokenFigures.buys,
  sells: chainTokenFigures.sells,
  txns: chainTokenFigures.txns,
  change24h: chainTokenFigures.change24h,
  pairCreatedAt: chainTokenFigures.pairCreatedAt,
  ticker: chainTokens.ticker,
  name: chainTokens.name,
  decimals: chainTokens.decimals,
  decimalsSource: chainTokens.decimalsSource,
}

/** The value a row sorts by (what a keyset holds). */
export const sortValue = (row: ChainTokenFiguresRow, sort: ChainSort): number | null => row[SORT_KEY[sort]]

const SORT_KEY = {
  liquidity: 'reserveLovelace',
  volume24h: 'volumeLovelace',
  change24h: 'change24h',
  txns24h: 'txns',
  pairCreatedAt: 'pairCreatedAt',
} as const satisfies Record<ChainSort, keyof ChainTokenFiguresRow>

const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

function matching(match: FiguresMatch): SQL {
  const like = likeText(match.text.toLowerCase())
  const text = (column: SQLiteColumn) => sql`lower(${column}) LIKE ${like} ESCAPE '\\'`
  return or(
    text(chainTokens.ticker),
    text(chainTokens.name),
    text(chainTokenFigures.assetName),
    match.unitPrefix === null ? undefined : sql`${chainTokenFigures.unit} LIKE ${`${match.unitPrefix}%`}`,
    match.fingerprint === null ? undefined : eq(chainTokenFigures.fingerprint, match.fingerprint),
    match.units.length === 0 ? undefined : inArray(chainTokenFigures.unit, [...match.units]),
  )!
}

/** Rows after the keyset in the sort's order (nulls last, then by unit). */
function afterKeyset(sort: ChainSort, order: 'asc' | 'desc', after: Keyset): SQL {
  const column = SORT_COLUMN[sort]
  if (after.value === null) return and(sql`${column} IS NULL`, sql`${chainTokenFigures.unit} > ${after.unit}`)!
  const beyond = order === 'desc' ? sql`${column} < ${after.value}` : sql`${column} > ${after.value}`
  return or(sql`${column} IS NULL`, beyond, and(sql`${column} = ${after.value}`, sql`${chainTokenFigures.unit} > ${after.unit}`))!
}

export class ChainFiguresReader {
  constructor(private readonly database: CommunityDatabase) {}

  /** The end of the figures' 24 h window (Unix s): the newest block recorded; null before any. */
  async windowEnd(): Promise<number | null> {
    const rows = await this.database.read((db) => db.select({ end: chainFiguresWindow.endTime }).from(chainFiguresWindow).where(eq(chainFiguresWindow.id, 1)))
    return rows[0]?.end ?? null
  }

  /** One page of the listed tokens, and how many match in all. */
  async list(query: FiguresQuery): Promise<{ rows: FiguresRow[]; count: number }> {
    const listed = and(gte(chainTokenFigures.topReserveAda, query.minReserveLovelace), query.match === null ? undefined : matching(query.match))
    const column = SORT_COLUMN[query.sort]
    return this.database.read(async (db) => {
      const rows = await db
        .select(COLUMNS)
        .from(chainTokenFigures)
        .leftJoin(chainTokens, eq(chainTokens.unit, chainTokenFigures.unit))
        .where(and(listed, query.after === null ? undefined : afterKeyset(query.sort, query.order, query.after)))
        .orderBy(sql`${column} IS NULL`, query.order === 'desc' ? desc(column) : asc(column), asc(chainTokenFigures.unit))
        .limit(query.limit)
      const [total] = await db
        .select({ n: sql<number>`count(*)` })
        .from(chainTokenFigures)
        .leftJoin(chainTokens, eq(chainTokens.unit, chainTokenFigures.unit))
        .where(listed)
      return { rows, count: Number(total?.n ?? 0) }
    })
  }

  /** The figures of these tokens (any followed token, whatever its liquidity); absent: not followed. */
  async ofUnits(units: readonly string[]): Promise<FiguresRow[]> {
    if (units.length === 0) return []
    const out: FiguresRow[] = []
    for (let i = 0; i < units.length; i += 500) {
      const chunk = units.slice(i, i + 500)
      out.push(
        ...(await this.database.read((db) =>
          db.select(COLUMNS).from(chainTokenFigures).leftJoin(chainTokens, eq(chainTokens.unit, chainTokenFigures.unit)).where(inArray(chainTokenFigures.unit, chunk)),
        )),
      )
    }
    return out
  }
}
