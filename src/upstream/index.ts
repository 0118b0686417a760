import type { Memo } from '../cache/memo'
import type { Config } from '../config'
import { TokenBucket, type CallBudget } from './budget'
import { CoinGecko } from './coingecko'
import { DexScreener } from './dexscreener'
import type { UpstreamName } from './errors'
import { GeckoTerminal } from './geckoterminal'
import { HandleResolver } from './handle'
import { UpstreamHttp, type UpstreamObserver } from './http-client'
import { Koios } from './koios'

export interface Upstreams {
  dexscreener: DexScreener
  geckoterminal: GeckoTerminal
  koios: Koios
  coingecko: CoinGecko
  handle: HandleResolver
  budgets: Record<UpstreamName, CallBudget>
}

/** Turns an upstream's budget into one shared with other instances (src/cluster/); `local` is this instance's share. */
export type ShareBudget = (key: string, perMinute: number, capacity: number, local: CallBudget) => CallBudget

/**
 * Call budgets per minute, from each provider's published free limits (../shared/upstreams/README.md):
 * DexScreener 300/min; GeckoTerminal about 10/min (GECKOTERMINAL_RPM; it 429s after ~5 rapid calls, so the
 * burst is half a minute's budget); Koios 100 per 10 s; CoinGecko 30/min with a demo key and a low shared
 * IP limit without one; ADA Handle publishes none, so a polite 60/min.
 */
function budgets(config: Config, share?: ShareBudget): Record<UpstreamName, CallBudget> {
  const gtRpm = config.upstreams.geckoterminal.callsPerMinute
  const cgRpm = config.upstreams.coingecko.apiKey ? 30 : 10
  const limits: Record<UpstreamName, [perMinute: number, capacity: number]> = {
    dexscreener: [300, 60],
    geckoterminal: [gtRpm, Math.max(1, Math.ceil(gtRpm / 2))],
    koios: [600, 100],
    coingecko: [cgRpm, Math.max(1, Math.ceil(cgRpm / 2))],
    handle: [60, 10],
  }
  const budget = (name: UpstreamName): CallBudget => {
    const [perMinute, capacity] = limits[name]
    // This instance's share when it cannot share through Redis (INSTANCES=1: the whole budget).
    const n = config.instances
    const local = new TokenBucket(perMinute / n, Math.max(1, Math.floor(capacity / n)))
    return share === undefined ? local : share(name, perMinute, capacity, local)
  }
  return {
    dexscreener: budget('dexscreener'),
    geckoterminal: budget('geckoterminal'),
    koios: budget('koios'),
    coingecko: budget('coingecko'),
    handle: budget('handle'),
  }
}

/** Longest any call waits for budget before it fails as over budget (and the caller serves a stale copy). */
const MAX_BUDGET_WAIT_MS = 3000

export function createUpstreams(config: Config, memo: Memo, observer?: UpstreamObserver, share?: ShareBudget): Upstreams {
  const buckets = budgets(config, share)
  const http = (name: UpstreamName, baseUrl: string, headers: Record<string, string> = {}) =>
    new UpstreamHttp({
      name,
      baseUrl,
      timeoutMs: config.upstreamTimeoutMs,
      budget: buckets[name],
      maxBudgetWaitMs: Math.min(MAX_BUDGET_WAIT_MS, config.upstreamTimeoutMs),
      headers: { 'user-agent': 'cardano-market-api/0.1', ...headers },
      observer,
    })
  const { koios, coingecko, geckoterminal, dexscreener, handle } = config.upstreams
  return {
    dexscreener: new DexScreener(http('dexscreener', dexscreener.baseUrl), memo),
    // GeckoTerminal's versioned Accept header pins the response shape.
    geckoterminal: new GeckoTerminal(
      http('geckoterminal', geckoterminal.baseUrl, { accept: 'application/json;version=20230302' }),
      memo,
    ),
    koios: new Koios(http('koios', koios.baseUrl, koios.token ? { authorization: `Bearer ${koios.token}` } : {}), memo),
    coingecko: new CoinGecko(
      http('coingecko', coingecko.baseUrl, coingecko.apiKey ? { 'x-cg-demo-api-key': coingecko.apiKey } : {}),
      memo,
    ),
    handle: new HandleResolver(http('handle', handle.baseUrl), memo),
    budgets: buckets,
  }
}
