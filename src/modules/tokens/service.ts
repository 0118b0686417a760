/**
 * Token market data: the screener, token detail and search, merged from source A (DexScreener) and source B
 * (GeckoTerminal) with chain facts from the chain API (Koios). Shared by the REST routes and the MCP tools:
 * each method takes validated input and returns `{data, stale}`, `data` being exactly the JSON body served.
 *
 * Upstream economy: the screener reads the registry in chunks of 30 units, one source A call and one source B
 * call per chunk (ceil(N/30) each), never one call per token. The detail reads one token's pools from each
 * source and its chain facts. Search is one source A call.
 *
 * Degrading: the detail serves what its sources gave; one refused or failing (no cached copy) leaves its part
 * out and is named in `missing` (see http/missing-source.ts), the answer marked stale so it is rebuilt soon. The
 * screener needs source A (its rows are source A's tokens): source B failing leaves source A's figures with the
 * source-A-only coverage string; source A failing is a 502 (a cached copy is served when there is one).
 */
import { fingerprintOf, normaliseFingerprint } from '../../cardano/fingerprint'
import { normaliseUnit } from '../../cardano/unit'
import type { ServiceDeps } from '../../core'
import { API_PREFIX, logoUrl } from '../../paths'
import { apiError } from '../../http/error-catalogue'
import { dexCoverage, sourceAOnlyCoverage } from '../../market/coverage'
import { missingOf } from '../../http/missing-source'
import type { DexPair } from '../../upstream/dexscreener'
import { asCore } from '../../upstream/call-context'
import { FairShareRefusal, settle, UpstreamError } from '../../upstream/errors'
import { anyStale, oldestRead, type Fetched } from '../../upstream/fetched'
import type { GtPool, GtToken } from '../../upstream/geckoterminal'
import { aggregateMarket, type MarketFigures } from './aggregate'
import { chainFacts, tokenLabel } from './chain-facts'
import { chainAssetInfo } from './known-token'
import { HolderEstimates } from './holders'
import { byLiquidityDesc, poolsOfToken, type MarketPool, type TokenPools } from './pools'
import type { PairRow, ScreenerBody, ScreenerRow, SearchBody, TokenDetailBody } from './schemas'
import { rankedHits, SEARCH_LIMIT, sourceAHits, type SearchHit } from './search-rank'
import { ChainStore } from '../../chain/store'
import { asOf, CHAIN_SEARCH_COVERAGE, chainPoolRef } from '../../chain/serving'
import { ADA_DECIMALS, priceOf } from '../../chain/pool-update'
import { TokenIdentities } from '../../chain/identities'
import { shownTicker } from '../../chain/token-identity'
import type { TokenFigures } from '../history/snapshot'
import { ChainTokensService } from '../chain-tokens/service'
import type { ChainFigures } from '../chain-tokens/schemas'


/** Logo URLs of a build no request asked for (the core refresh, the prices batch) are relative to no origin. */
export const NO_ORIGIN = ''

/** Units per source A `/tokens/v1` call and per source B `tokens/multi` call. */
const CHUNK = 30

export type TokenServiceDeps = ServiceDeps<'config' | 'logger' | 'upstreams' | 'registry'> & Partial<ServiceDeps<'database'>>

/** The detail, plus whether its holder estimate is still being computed (the answer then changes soon). */
export type TokenDetailResult = Fetched<TokenDetailBody> & { holdersPending: boolean }


/** Told of every screener build (the live stream's source of changes; see modules/stream/hub.ts). */
export type ScreenerListener = (body: ScreenerBody, stale: boolean) => void

export class TokenService {
  private readonly holders: HolderEstimates
  private readonly screenerListeners: ScreenerListener[] = []
  private readonly chain: ChainStore | null
  private readonly identities: TokenIdentities
  private readonly chainTokens: ChainTokensService

  constructor(private readonly deps: TokenServiceDeps) {
    this.holders = new HolderEstimates(deps.upstreams.koios, deps.logger)
    this.chain = deps.database ? new ChainStore(deps.database) : null
    this.identities = new TokenIdentities(deps.registry, deps.database ?? null)
    this.chainTokens = new ChainTokensService(deps)
  }

  /** The last screener build, whoever asked for it, and when it was made (the service's clock). */
  private kept: { read: Fetched<ScreenerBody>; builtAtMs: number } | null = null
  private rebuilding: Promise<Fetched<ScreenerBody>> | null = null

  /**
   * The last screener build, whoever made it (the core refresh, every 30 s with a database, or a request), or a
   * new one from the same cached upstream reads once it is older than `maxAgeMs` (one build at a time). For
   * answers that take the curated tokens' merged figures without a build of their own (the prices batch); its
   * logo URLs are relative to no particular origin.
   */
  async latestScreener(maxAgeMs: number): Promise<Fetched<ScreenerBody>> {
    if (this.kept !== null && this.deps.now() - this.kept.builtAtMs <= maxAgeMs) return this.kept.read
    this.rebuilding ??= this.screener(NO_ORIGIN).finally(() => {
      this.rebuilding = null
    })
    return this.rebuilding
  }

  /** Every screener build from now on, whoever asked for it (the scheduled refresh or a request). */
  onScreener(listener: ScreenerListener): void {
    this.screenerListeners.push(listener)
  }

  async screener(origin: string): Promise<Fetched<ScreenerBody>> {
    const { data, stale } = await this.screenerRefresh(origin)
    return { data, stale }
  }

  /**
   * The screener build with each token's merged figures beside it, for the history (which records them
   * without another upstream read). `figures` is null when the build used stale upstream copies: those
   * figures are not from now.
   */
  async screenerRefresh(origin: string): Promise<Fetched<ScreenerBody> & { figures: TokenFigures[] | null }> {
    const { dexscreener, geckoterminal } = this.deps.upstreams
    const chunks = this.deps.registry.batches(CHUNK)
    // The registry's batches are core-plan resources: they take the reserved share, never the long tail's.
    const [readsA, readsB] = await asCore(() =>
      Promise.all([
        Promise.all(chunks.map((units) => dexscreener.tokens(units))),
        this.orNull('screener', Promise.all(chunks.map((units) => geckoterminal.tokensMulti(units)))),
      ]),
    )
    const pairsA = readsA.flatMap((r) => r.data)
    const poolsB = readsB === null ? null : readsB.flatMap((r) => r.data.pools)
    const tokensB = new Map<string, GtToken>()
    for (const token of readsB?.flatMap((r) => r.data.tokens) ?? []) tokensB.set(token.unit.toLowerCase(), token)

    const rows: ScreenerRow[] = []
    const figures: TokenFigures[] = []
    const seenB = new Set<string>()
    for (const token of this.deps.registry.tokens) {
      const pools = this.poolsOf(token.unit, pairsA, poolsB)
      const market = aggregateMarket(pools, tokensB.get(token.unit) ?? null)
      if (market.topPairAddress === null) continue // no pool in either source
      for (const p of pools.sourceB) seenB.add(p.dexId)
      figures.push(mergedFigures(token.unit, market, pools))
      rows.push({
        address: token.unit,
        symbol: token.ticker,
        name: token.name,
        imageUrl: logoUrl(origin, token.unit),
        priceUsd: market.priceUsd,
        change1h: market.change1h,
        change6h: market.change6h,
        change24h: market.change24h,
        volume24h: market.volume24h,
        liquidityUsd: market.liquidityUsd,
        marketCap: market.marketCap,
        fdv: market.fdv,
        buys24h: market.buys24h,
        sells24h: market.sells24h,
        txns24h: market.txns24h,
        pairCount: market.pairCount,
        dexIds: market.dexIds,
        topPairAddress: market.topPairAddress,
        pairCreatedAt: market.pairCreatedAt,
      })
    }
    // Unknown liquidity sorts with none.
    rows.sort((a, b) => (b.liquidityUsd ?? 0) - (a.liquidityUsd ?? 0) || a.address.localeCompare(b.address))
    const copiesStale = anyStale(...readsA, ...(readsB ?? []))
    const builtAt = new Date(this.deps.now()).toISOString()
    const data: ScreenerBody = {
      coverage: dexCoverage(this.deps.config, { sourceA: true, sourceB: readsB !== null }, seenB),
      updatedAt: builtAt,
      // Source B's batches may refresh less often than source A's (the core plan stretches them on a small budget).
      sourcesAsOf: { sourceA: oldestRead(readsA) ?? builtAt, sourceB: readsB === null ? null : oldestRead(readsB) },
      count: rows.length,
      tokens: rows,
    }
    const stale = readsB === null || copiesStale
    this.kept = { read: { data, stale }, builtAtMs: this.deps.now() }
    for (const listener of this.screenerListeners) listener(data, stale)
    return { data, stale, figures: copiesStale ? null : figures }
  }

  /**
   * The latest state the chain follower read of each of the token's pools (none without a database), priced with
   * the decimals the rest of the chain answers use (the registry's, else the chain API's; per base unit if unknown).
   */
  private async chainPools(unit: string) {
    if (this.chain === null) return []
    const pools = await this.chain.pools(unit)
    if (pools.length === 0) return []
    const identity = await this.identities.of(unit)
    return pools.map((p) => ({
      ...chainPoolRef(p, shownTicker(identity)),
      priceAda: priceOf(BigInt(p.reserveToken), BigInt(p.reserveAda), identity.decimals ?? 0, ADA_DECIMALS),
      reserveAda: p.reserveAda,
      reserveToken: p.reserveToken,
      blockHeight: p.lastHeight,
    }))
  }

  /**
   * `unit` is already a lowercase unit (see parseAssetUnit). Degrades rather than fails: a source that is refused
   * (a budget, a quota, this client's fair share: no call was made) or fails leaves its part out, and `missing`
   * says which and when to ask again. 404 only when source A and the chain API both answered, neither knows the
   * unit and the chain follower has no pool of it; when one of them did not answer, an unknown unit outside the
   * registry gets that one's error (it might know it).
   *
   * A followed token (the chain follower has an ADA pool of it) carries its chain figures (`chain`), and is answered
   * 200 from them when no source has a pool of it (`figuresFrom: chain`). Source B is read for what the chain cannot
   * give (pools on DEXes the follower does not read): for a followed curated token from the screener's batch (a core
   * read, no call of this request's), else the token's own pool list.
   */
  async detail(unit: string, origin: string): Promise<TokenDetailResult> {
    const { dexscreener, koios } = this.deps.upstreams
    const curated = this.deps.registry.get(unit)
    const chainRead = await this.chainTokens.currentChainFigures([unit], origin)
    const chain = chainRead.data.get(unit) ?? null
    // Source B's budget is small: a curated token is read from all three at once; any other unit is read from
    // source B only once it proved to exist (a followed pool, source A or the chain API), so made-up units cannot
    // spend source B calls.
    const readPoolsB = () => settle(this.sourceBPools(unit, curated !== undefined && chain !== null))
    const early = curated === undefined && chain === null ? null : readPoolsB()
    const [readA, readInfo] = await Promise.all([settle(dexscreener.tokenPairs(unit)), settle(chainAssetInfo(koios, unit))])
    const answeredA = readA instanceof UpstreamError ? null : readA
    const answeredInfo = readInfo instanceof UpstreamError ? null : readInfo
    const sourceA = answeredA === null ? [] : this.poolsOf(unit, answeredA.data, null).sourceA
    const info = answeredInfo?.data ?? null
    if (sourceA.length === 0 && info === null && chain === null) {
      const unanswered = answeredA === null ? readA : answeredInfo === null ? readInfo : null
      if (unanswered === null) {
        await early // a curated token unknown to both: its source B read is not left running unobserved
        throw apiError('token_not_found', { unit })
      }
      // Without an answer from one of them, a unit outside the registry cannot be told apart from an unknown one.
      if (curated === undefined) throw unanswered
    }
    const readB = await (early ?? readPoolsB())
    const answeredB = readB instanceof UpstreamError ? null : readB
    const missing = missingOf([readA, readB, readInfo])
    for (const m of missing) {
      if (m.code === 'upstream_unavailable') this.deps.logger.warn({ unit, source: m.source }, 'token detail: a source failed: served without its part')
    }
    const pools = this.poolsOf(unit, answeredA?.data ?? [], answeredB?.data.pools ?? null)

    const market = aggregateMarket(pools, answeredB?.data.token ?? null)
    const ownPairs = byLiquidityDesc(pools.sourceA)
    const links = ownPairs.find((p) => p.info !== null)?.info ?? null
    const label = tokenLabel(unit, curated, info, ownPairs[0]?.baseToken ?? null, chain)
    // Without the chain API the holder estimate would be refused too: unknown (null), not pending.
    const holders = answeredInfo === null ? { holders: null, pending: false } : this.holders.current(unit)
    const answered = { sourceA: answeredA !== null, sourceB: answeredB !== null }
    // No source has a pool of it: the headline is the chain's, and says so.
    const fromChain = chain !== null && pools.sourceA.length === 0 && pools.sourceB.length === 0
    const headline = fromChain ? chainHeadline(chain) : { ...market, coverage: dexCoverage(this.deps.config, answered, pools.sourceB.map((p) => p.dexId)) }
    return {
      data: {
        address: unit,
        symbol: label.symbol,
        name: label.name,
        imageUrl: logoUrl(origin, unit),
        priceUsd: headline.priceUsd,
        change24h: headline.change24h,
        liquidityUsd: headline.liquidityUsd,
        volume24h: headline.volume24h,
        marketCap: market.marketCap,
        fdv: market.fdv,
        coverage: headline.coverage,
        figuresFrom: fromChain ? 'chain' : 'sources',
        pairs: byLiquidityDesc([...pools.sourceA, ...pools.sourceB]).map(pairRow),
        ...(await chainFacts(unit, answeredInfo === null ? undefined : info, curated, answeredB?.data.token?.decimals ?? chain?.decimals ?? null)),
        holders: holders.holders,
        websites: links?.websites ?? [],
        socials: links?.socials ?? [],
        chainPools: await this.chainPools(unit),
        chainPoolsAsOf: this.chain === null ? null : asOf(await this.chain.cursor()),
        chain,
        missing,
      },
      stale: missing.length > 0 || chainRead.stale || anyStale(answeredA, answeredB, answeredInfo),
      holdersPending: holders.pending,
    }
  }

  /**
   * Source B's pools of a token (and its own figures). A followed curated token's come from the screener's batch
   * (top pools), a core-plan resource refreshed at its interval whoever asks: the chain gives its followed pools, and
   * the detail spends no source B call of this client's. Any other token's, from its own pool list.
   */
  private async sourceBPools(unit: string, fromBatch: boolean): Promise<Fetched<{ pools: GtPool[]; token: GtToken | null }>> {
    const { geckoterminal } = this.deps.upstreams
    const batch = fromBatch ? this.deps.registry.batchOf(unit, CHUNK) : undefined
    if (batch === undefined) return geckoterminal.tokenPools(unit)
    const read = await asCore(() => geckoterminal.tokensMulti(batch))
    return { data: { pools: read.data.pools, token: read.data.tokens.find((t) => t.unit.toLowerCase() === unit) ?? null }, stale: read.stale }
  }

  /**
   * `query` is already trimmed and checked (see searchQuery). A full unit, or the fingerprint of a curated token,
   * reads that token's pairs (the detail's own source A resource) instead of source A's text search, which does
   * not match them. The chain follower's records are searched too (no upstream call): tokens found there are marked
   * (`foundOn`), a fingerprint of a followed token outside the registry included. When source A fails, the chain's
   * hits are served with `missing` naming it (no database: source A's error).
   */
  async search(query: string, origin: string): Promise<Fetched<SearchBody>> {
    const { dexscreener } = this.deps.upstreams
    const unit = this.unitSearched(query)
    const [readA, chain] = await Promise.all([
      settle(unit === undefined ? dexscreener.search(query) : unit === null ? Promise.resolve(null) : dexscreener.tokenPairs(unit)),
      this.chainTokens.find(query, SEARCH_LIMIT, origin),
    ])
    if (readA instanceof UpstreamError && !this.chainTokens.records) throw readA
    const curated = (u: string) => this.deps.registry.get(u)
    const answeredA = readA instanceof UpstreamError ? null : readA
    const fromA = answeredA === null ? [] : sourceAHits(answeredA.data, curated).filter((hit) => unit === undefined || hit.address === unit)
    const fromChain = chain.data.map((row): SearchHit => ({
      address: row.address,
      symbol: row.symbol ?? '',
      name: row.name ?? '',
      priceUsd: row.priceUsd,
      liquidityUsd: row.liquidityUsd,
      volume24h: row.volume24h,
      dexId: row.topDex,
      pairAddress: row.topPairAddress,
      url: `${origin}${API_PREFIX}/pools/${row.topPairAddress}`,
      curated: row.curated,
      foundOn: ['chain'],
    }))
    const tokens = rankedHits(query, fromA, fromChain, curated).map((hit) => ({ ...hit, imageUrl: logoUrl(origin, hit.address) }))
    const missing = missingOf([readA])
    const coverage = this.chainTokens.records ? `${sourceAOnlyCoverage(this.deps.config)} ${CHAIN_SEARCH_COVERAGE}` : sourceAOnlyCoverage(this.deps.config)
    return {
      data: { coverage, query, count: tokens.length, tokens, missing },
      stale: missing.length > 0 || chain.stale || anyStale(answeredA),
    }
  }

  /** The unit a query names (a unit, or a curated token's fingerprint), null for an unknown fingerprint, else undefined. */
  private unitSearched(query: string): string | null | undefined {
    const unit = normaliseUnit(query)
    if (unit !== null) return unit
    const fingerprint = normaliseFingerprint(query)
    if (fingerprint === null) return undefined
    this.fingerprints ??= new Map(this.deps.registry.tokens.map((token) => [fingerprintOf(token.unit), token.unit]))
    return this.fingerprints.get(fingerprint) ?? null
  }

  private fingerprints: Map<string, string> | null = null

  private poolsOf(unit: string, pairsA: readonly DexPair[], poolsB: readonly GtPool[] | null) {
    return poolsOfToken(unit, pairsA, poolsB, this.deps.config, (u) => this.deps.registry.get(u)?.ticker)
  }

  /**
   * Source B is optional: when it fails with no cached copy the answer degrades to source A (null here). A client
   * over its fair share is not served a degraded answer (it would be cached for everyone): it gets the 503.
   */
  private async orNull<T>(what: string, read: Promise<T>): Promise<T | null> {
    const result = await settle(read)
    if (result instanceof FairShareRefusal) throw result
    if (!(result instanceof UpstreamError)) return result
    this.deps.logger.sampled('upstream degraded', 'warn', { what, err: result.message }, 'source B unavailable: serving source A figures only')
    return null
  }
}

/** What the history records of a token: the merged figures, and which sources had a pool in them. */
function mergedFigures(unit: string, market: MarketFigures, pools: TokenPools): TokenFigures {
  const fromA = pools.sourceA.length > 0
  return {
    unit,
    priceUsd: market.priceUsd,
    liquidityUsd: market.liquidityUsd,
    volume24hUsd: market.volume24h,
    // Trade counts come from source A pairs only: without one they are unknown, not zero.
    buys24h: fromA ? market.buys24h : null,
    sells24h: fromA ? market.sells24h : null,
    sources: [...(fromA ? (['source_a'] as const) : []), ...(pools.sourceB.length > 0 ? (['source_b'] as const) : [])],
  }
}

/** The headline figures of a token no source has a pool of: its chain figures, labelled as such. */
function chainHeadline(chain: ChainFigures) {
  return { priceUsd: chain.priceUsd, change24h: chain.change24h, liquidityUsd: chain.liquidityUsd, volume24h: chain.volume24h, coverage: chain.coverage }
}

function pairRow(pool: MarketPool): PairRow {
  return {
    dexId: pool.dexId,
    pairAddress: pool.address,
    quoteSymbol: pool.quoteSymbol,
    priceUsd: pool.priceUsd,
    liquidityUsd: pool.liquidityUsd,
    volume24h: pool.volume24h,
    buys24h: pool.txns24h?.buys ?? 0,
    sells24h: pool.txns24h?.sells ?? 0,
    url: pool.url,
    source: pool.source,
  }
}

