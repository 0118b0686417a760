/**
 * Every token with a followed ADA pool, ranked and priced from the chain follower's records alone (src/chain/):
 * GET /chain/tokens, a token detail's `chain`, search's chain hits, the `chain:tokens` stream topic and the
 * list_chain_tokens tool all read their rows here. The figures are kept current by the store as it records
 * (chain/figures-upkeep.ts): a request reads one row per token, never the trades behind them, and calls no upstream
 * but ADA's USD price, the market provider's cached snapshot (a core read: one call per its lifetime, whoever asks).
 */
import { normaliseFingerprint } from '../../cardano/fingerprint'
import { ChainFiguresReader, sortValue, type FiguresMatch, type FiguresRow } from '../../chain/figures-read'
import { asOf, CHAIN_TOKENS_COVERAGE } from '../../chain/serving'
import { ChainStore } from '../../chain/store'
import { curatedIdentity, pricePerToken } from '../../chain/token-identity'
import { identityOfRow } from '../../chain/token-store'
import { WINDOW_SECONDS } from '../../chain/token-figures'
import type { ServiceDeps } from '../../core'
import { apiError } from '../../http/error-catalogue'
import { logoUrl } from '../../paths'
import { settle, UpstreamError } from '../../upstream/errors'
import type { Fetched } from '../../upstream/fetched'
import { encodeCursor, type ChainTokensRequest } from './request'
import type { ChainFigures, ChainTokenRow, ChainTokensBody } from './schemas'

export type ChainTokensServiceDeps = ServiceDeps<'config' | 'upstreams' | 'registry'> & Partial<ServiceDeps<'database'>>

const LOVELACE_PER_ADA = 1e6
const NO_DATABASE = { consequence: 'no chain figures are recorded' }

/** ADA's USD price from the market provider's cached snapshot; null (and stale) while it is unknown. */
interface AdaUsd {
  usd: number | null
  stale: boolean
}

const times = (value: number, by: number | null) => (by === null ? null : value * by)

export class ChainTokensService {
  private readonly figures: ChainFiguresReader | null
  private readonly store: ChainStore | null

  constructor(private readonly deps: ChainTokensServiceDeps) {
    this.figures = deps.database ? new ChainFiguresReader(deps.database) : null
    this.store = deps.database ? new ChainStore(deps.database) : null
  }

  /** Whether this deployment records chain figures (it has a database). */
  get records(): boolean {
    return this.figures !== null
  }

  /** GET /chain/tokens: one page of the listed tokens (deepest pool at or over CHAIN_MIN_LIQUIDITY_ADA). */
  async list(request: ChainTokensRequest, origin: string): Promise<Fetched<ChainTokensBody>> {
    if (this.figures === null || this.store === null) throw apiError('database_not_configured', NO_DATABASE)
    const { minLiquidityAda } = this.deps.config.chain
    const [page, cursor, end, ada] = await Promise.all([
      this.figures.list({
        minReserveLovelace: minLiquidityAda * LOVELACE_PER_ADA,
        sort: request.sort,
        order: request.order,
        limit: request.limit + 1,
        after: request.after,
        match: request.q === null ? null : this.matchOf(request.q),
      }),
      this.store.cursor(),
      this.figures.windowEnd(),
      this.adaUsd(),
    ])
    const rows = page.rows.slice(0, request.limit)
    const last = rows.at(-1)
    return {
      data: {
        coverage: CHAIN_TOKENS_COVERAGE,
        asOf: asOf(cursor),
        window: windowOf(end),
        adaUsd: ada.usd,
        minLiquidityAda,
        sort: request.sort,
        order: request.order,
        count: page.count,
        nextCursor: page.rows.length > request.limit && last !== undefined ? encodeCursor(request.sort, request.order, { value: sortValue(last, request.sort), unit: last.unit }) : null,
        tokens: rows.map((row) => this.rowOf(row, ada.usd, origin)),
      },
      stale: ada.stale,
    }
  }

  /**
   * A followed token's current chain figures: for each unit the chain follower has an ADA pool of (whatever its
   * liquidity), its /chain/tokens row with `asOf`; units it follows no pool of are absent. No upstream call but ADA's
   * cached USD price. The token detail's `chain`, search's chain hits and the stream's rows read this.
   */
  async currentChainFigures(units: readonly string[], origin = ''): Promise<Fetched<Map<string, ChainFigures>>> {
    const read = await this.read(units)
    if (read === null) return { data: new Map(), stale: false }
    const context = { asOf: asOf(read.cursor), window: windowOf(read.end), coverage: CHAIN_TOKENS_COVERAGE }
    return { data: new Map(read.rows.map((row) => [row.unit, { ...this.rowOf(row, read.ada.usd, origin), ...context }])), stale: read.ada.stale }
  }

  /**
   * The rows of these units as the stream sends them: those listed (deepest pool at or over CHAIN_MIN_LIQUIDITY_ADA),
   * and the units no longer listed (below it, or no pool left).
   */
  async changedRows(units: readonly string[], origin: string): Promise<{ rows: ChainTokenRow[]; removed: string[]; asOf: ChainFigures['asOf'] }> {
    const read = await this.read(units)
    if (read === null) return { rows: [], removed: [], asOf: null }
    const min = this.deps.config.chain.minLiquidityAda * LOVELACE_PER_ADA
    const listed = read.rows.filter((row) => row.topReserveAda >= min)
    const kept = new Set(listed.map((row) => row.unit))
    return { rows: listed.map((row) => this.rowOf(row, read.ada.usd, origin)), removed: units.filter((unit) => !kept.has(unit)), asOf: asOf(read.cursor) }
  }

  private async read(units: readonly string[]) {
    if (this.figures === null || this.store === null || units.length === 0) return null
    const [rows, cursor, end, ada] = await Promise.all([this.figures.ofUnits(units), this.store.cursor(), this.figures.windowEnd(), this.adaUsd()])
    return { rows, cursor, end, ada }
  }

  /** What `q` matches: text, a unit or policy id, a fingerprint, and the curated tokens whose ticker or name holds it. */
  private matchOf(q: string): FiguresMatch {
    const lower = q.toLowerCase()
    return {
      text: q,
      unitPrefix: /^[0-9a-f]{56,120}$/.test(lower) ? lower : null,
      fingerprint: normaliseFingerprint(q),
      units: this.deps.registry.tokens.filter((t) => t.ticker.toLowerCase().includes(lower) || t.name.toLowerCase().includes(lower)).map((t) => t.unit),
    }
  }

  private async adaUsd(): Promise<AdaUsd> {
    const read = await settle(this.deps.upstreams.coingecko.adaMarket())
    if (read instanceof UpstreamError) return { usd: null, stale: true }
    const usd = read.data?.priceUsd ?? null
    return { usd, stale: read.stale || usd === null }
  }

  private rowOf(row: FiguresRow, adaUsd: number | null, origin: string): ChainTokenRow {
    const curated = this.deps.registry.get(row.unit)
    const identity = curated !== undefined ? curatedIdentity(curated) : identityOfRow({ ...row, decimalsSource: row.decimalsSource ?? 'unknown' })
    const priceAda = pricePerToken(row.topPrice, identity.decimals)
    const liquidityAda = (2 * row.reserveLovelace) / LOVELACE_PER_ADA
    const volume24hAda = row.volumeLovelace / LOVELACE_PER_ADA
    return {
      address: row.unit,
      symbol: identity.ticker || row.assetName || null,
      name: identity.name || row.assetName || null,
      decimals: identity.decimals,
      decimalsSource: identity.decimalsSource,
      imageUrl: logoUrl(origin, row.unit),
      curated: curated !== undefined,
      priceAda,
      priceUsd: priceAda === null ? null : times(priceAda, adaUsd),
      change24h: row.change24h,
      liquidityAda,
      liquidityUsd: times(liquidityAda, adaUsd),
      volume24hAda,
      volume24h: times(volume24hAda, adaUsd),
      buys24h: row.buys,
      sells24h: row.sells,
      txns24h: row.txns,
      pairCount: row.pairCount,
      dexIds: row.dexIds.split(','),
      topPairAddress: row.topPoolId,
      pairCreatedAt: row.pairCreatedAt === null ? null : row.pairCreatedAt * 1000,
    }
  }
}

const windowOf = (end: number | null) => (end === null ? null : { from: end - WINDOW_SECONDS, to: end })
