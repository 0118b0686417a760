import type { Memo } from '../cache/memo'
import type { Config } from '../config'
import { MemoryBudgetLedger, type BudgetLedger, type LaneLimits } from './budget-ledger'
import { CoinGecko } from './coingecko'
import { CHAIN_FOLLOWER_INTERVAL_MS, coreInputs, intervalOf, laneLimits, planCore, UPSTREAM_NAMES, type CoreInputId, type CorePlan, type Quota } from './core-plan'
import { DEFAULT_DEXSCREENER_TTLS, DexScreener, MAX_TOKENS_PER_CALL } from './dexscreener'
import type { UpstreamName } from './errors'
import { DEFAULT_GECKOTERMINAL_TTLS, GeckoTerminal } from './geckoterminal'
import { HandleResolver } from './handle'
import { UpstreamHttp, type UpstreamObserver } from './http-client'
import { DEFAULT_KOIOS_TTLS, Koios } from './koios'

export interface Upstreams {
  dexscreener: DexScreener
  geckoterminal: GeckoTerminal
  koios: Koios
  coingecko: CoinGecko
  handle: HandleResolver
  /** Each upstream's budget, core share and the core inputs' intervals (published in /readyz). */
  plan: CorePlan
  /** The budget store the calls spend from (its use per window is published in /readyz). */
  ledger: BudgetLedger
}

export interface UpstreamOptions {
  /** Tokens in the registry: the screener's batches are core inputs. */
  registrySize: number
  /** The budget store; default one process's memory (a shared store can take its place). */
  ledger?: (limits: LaneLimits) => BudgetLedger
}

/** The chain follower's preferred poll interval (CHAIN_POLL_MS, else one block); null when it does not run. */
const followerInterval = (config: Config): number | null =>
  config.chain.follow && config.databaseUrl !== null ? (config.chain.pollMs ?? CHAIN_FOLLOWER_INTERVAL_MS) : null

/** Longest any call waits for budget before it fails as over budget (and the caller serves a stale copy). */
const MAX_BUDGET_WAIT_MS = 3000

export function createUpstreams(config: Config, memo: Memo, observer: UpstreamObserver | undefined, options: UpstreamOptions): Upstreams {
  const budgets = Object.fromEntries(UPSTREAM_NAMES.map((name) => [name, config.upstreams[name].callsPerMinute])) as Record<UpstreamName, number>
  // Both screener sources take 30 units a call.
  const quotas = Object.fromEntries(
    UPSTREAM_NAMES.map((name) => [name, { perDay: config.upstreams[name].callsPerDay, perMonth: config.upstreams[name].callsPerMonth }]),
  ) as Record<UpstreamName, Quota>
  const plan = planCore(budgets, coreInputs(options.registrySize, MAX_TOKENS_PER_CALL, followerInterval(config)), quotas)
  const budget = (options.ledger ?? ((limits) => new MemoryBudgetLedger(limits)))(laneLimits(plan))
  const http = (name: UpstreamName, baseUrl: string, headers: Record<string, string> = {}) =>
    new UpstreamHttp({
      name,
      baseUrl,
      timeoutMs: config.upstreamTimeoutMs,
      budget,
      maxBudgetWaitMs: Math.min(MAX_BUDGET_WAIT_MS, config.upstreamTimeoutMs),
      headers: { 'user-agent': 'cardano-market-api/0.1', ...headers },
      observer,
    })
  const { koios, coingecko, geckoterminal, dexscreener, handle } = config.upstreams
  const every = (id: CoreInputId) => intervalOf(plan, id)
  return {
    dexscreener: new DexScreener(http('dexscreener', dexscreener.baseUrl), memo, {
      ...DEFAULT_DEXSCREENER_TTLS,
      tokens: every('screener-source-a'),
    }),
    // GeckoTerminal's versioned Accept header pins the response shape.
    geckoterminal: new GeckoTerminal(
      http('geckoterminal', geckoterminal.baseUrl, { accept: 'application/json;version=20230302' }),
      memo,
      { ...DEFAULT_GECKOTERMINAL_TTLS, multi: every('screener-source-b') },
    ),
    koios: new Koios(
      http('koios', koios.baseUrl, koios.token ? { authorization: `Bearer ${koios.token}` } : {}),
      memo,
      { ...DEFAULT_KOIOS_TTLS, tip: every('chain-tip') },
    ),
    coingecko: new CoinGecko(
      http('coingecko', coingecko.baseUrl, coingecko.apiKey ? { 'x-cg-demo-api-key': coingecko.apiKey } : {}),
      memo,
      {
        snapshot: every('ada-snapshot'),
        ecosystem: every('ecosystem'),
        series: { 1: every('ada-series-1d'), 90: every('ada-series-90d'), 365: every('ada-series-365d') },
      },
    ),
    handle: new HandleResolver(http('handle', handle.baseUrl), memo),
    plan,
    ledger: budget,
  }
}
