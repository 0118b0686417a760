/**
 * ADA market statistics from the market provider: a snapshot, a USD price series and, on request, the
 * ecosystem list. Each piece is its own cached provider read at the core plan's interval, so the wallet
 * overview's ADA value and this snapshot are the same figures. The series for any `days` is sliced from one of
 * three canonical windows (market/ada-windows.ts): a sweep of every `days` costs at most three series calls.
 * Market-provider figures only: nothing here is mixed with DEX data.
 * Shared by the REST route and the MCP tool: `market` returns the exact JSON body.
 */
import type { ServiceDeps } from '../../core'
import { lastDays, windowForDays } from '../../market/ada-windows'
import { asCore } from '../../upstream/call-context'
import { UpstreamError } from '../../upstream/errors'
import { anyStale, type Fetched } from '../../upstream/fetched'
import { topEcosystem } from './ecosystem'
import type { MarketQuery } from './request'
import type { AdaSnapshot, MarketOverview } from './schemas'

export type AdaMarketServiceDeps = ServiceDeps<'upstreams' | 'registry'>

export class AdaMarketService {
  constructor(private readonly deps: AdaMarketServiceDeps) {}

  async market(query: MarketQuery): Promise<Fetched<MarketOverview>> {
    const [ada, series, ecosystem] = await asCore(() =>
      Promise.all([
        this.snapshot(),
        this.deps.upstreams.coingecko.adaPriceSeries(windowForDays(query.days).days),
        query.ecosystem ? this.deps.upstreams.coingecko.ecosystem() : null,
      ]),
    )
    const data: MarketOverview = {
      ada: ada.data,
      days: query.days,
      series: lastDays(series.data, query.days),
      ...(ecosystem ? { ecosystem: topEcosystem(ecosystem.data, this.deps.registry.tokens) } : {}),
    }
    return { data, stale: anyStale(ada, series, ecosystem) }
  }

  /** ADA's snapshot (cached 90 s by the adapter): what `/market` shows and what the history records. */
  async snapshot(): Promise<Fetched<AdaSnapshot>> {
    const ada = await this.deps.upstreams.coingecko.adaMarket()
    const snapshot = ada.data
    if (snapshot === null || snapshot.priceUsd === null) {
      // Without ADA's price there is no snapshot to give: a stale copy is served if one exists, else 502.
      throw new UpstreamError('coingecko', 'bad_shape', 'coins/markets: no ADA price in the answer')
    }
    return {
      data: { priceUsd: snapshot.priceUsd, change24h: snapshot.change24h, marketCap: snapshot.marketCap, volume24h: snapshot.volume24h },
      stale: ada.stale,
    }
  }
}
