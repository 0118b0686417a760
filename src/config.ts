import { readTrustProxy, type TrustProxy } from './http/proxy-trust'

/**
 * Configuration from the environment, read and checked once at start.
 * A bad value throws a ConfigError whose message is one line naming the variable, the value and what is
 * accepted; src/index.ts prints it and exits. Nothing else in src/ reads process.env.
 */

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent'

export interface UpstreamEndpoint {
  baseUrl: string
  callsPerMinute: number
  /** Calls per UTC day (`*_PER_DAY`); null: no daily cap. */
  callsPerDay: number | null
  /** Calls per UTC calendar month (`COINGECKO_PER_MONTH`); null: no monthly cap. */
  callsPerMonth: number | null
}

export interface Config {
  port: number
  host: string
  /** Absolute base (scheme://host[:port]) for URLs the API hands out; null = derive from each request. */
  publicBaseUrl: string | null
  /**
   * Which proxies' X-Forwarded-* headers are believed: a hop count (0: none), or the proxies' addresses and CIDR
   * ranges (http/proxy-trust.ts).
   */
  trustProxy: TrustProxy
  /** libSQL URL, or null when DATABASE_URL=off (community layer disabled). */
  databaseUrl: string | null
  databaseAuthToken: string | null
  /** Each upstream's call budget per minute (`callsPerMinute`), split by the core plan (upstream/core-plan.ts). */
  upstreams: {
    dexscreener: UpstreamEndpoint
    geckoterminal: UpstreamEndpoint
    koios: UpstreamEndpoint & { token: string | null }
    coingecko: UpstreamEndpoint & { apiKey: string | null }
    handle: UpstreamEndpoint
  }
  /** Path of a JSON token registry, or null for the bundled one. */
  tokenRegistryFile: string | null
  upstreamTimeoutMs: number
  logLevel: LogLevel
  /** DEX ids source A (DexScreener) indexes on Cardano; source B pools on these DEXes are left out. */
  sourceADexes: string[]
  /** DEX ids source B is known to report, used to label coverage; others it reports are added as seen. */
  sourceBDexes: string[]
  /** In-memory cache bounds (upstream answers and ready response bytes share them). */
  cache: { maxEntries: number; maxBytes: number }
  /** Redis the instances share (budgets, upstream answers, single flight, write notices); null: this process alone. */
  redisUrl: string | null
  /** Longest any Redis command may take before Redis counts as down. */
  redisTimeoutMs: number
  /** Instances sharing the upstream budgets: each spends budget / instances while it has no Redis to share through. */
  instances: number
  /** The live stream (GET /api/v1/stream): open streams per client address and per process, and the backlog a reader may leave unread. */
  stream: { maxPerClient: number; maxTotal: number; maxBacklogBytes: number }
  /** The chain follower (src/chain/): trades and candles from followed DEX pools. */
  chain: ChainConfig
  /** The MCP endpoint: tool calls per client per minute (0 = no limit). */
  mcp: { callsPerClientPerMinute: number }
  /** METRICS_TOKEN: /metrics asks for `Authorization: Bearer <it>`; null = public. */
  metricsToken: string | null
  /** Who may write boosts and comments, and how often (modules/community). */
  community: CommunityConfig
}

export interface CommunityConfig {
  /** COMMUNITY_MIN_ADA: ADA a writer's stake address must control, registered on chain; 0 = no chain check (unsafe in public). */
  minAda: number
  /** WRITES_PER_CLIENT_PER_HOUR: community POSTs per client address (IPv6 per /64) per clock hour; 0 = no limit. */
  writesPerClientPerHour: number
  /** COMMENTS_PER_UNIT_PER_DAY: comments on one token per UTC day; 0 = no limit. */
  commentsPerUnitPerDay: number
  /** COMMUNITY_ANY_UNIT: accept writes on any well-formed unit, not only tokens the service can find. */
  anyUnit: boolean
}

export interface ChainConfig {
  /** CHAIN_FOLLOW=off turns the follower off (default on; it also needs a database). */
  follow: boolean
  /** CHAIN_POLL_MS: poll interval override; null = the core plan's interval for 'chain-follower'. */
  pollMs: number | null
  /** CHAIN_BACKFILL_HOURS: history read on the first start (0 = none). */
  backfillHours: number
  /** CHAIN_POOLS: `all` records every token's ADA pools on the followed DEXes (default), `curated` the curated tokens' only. */
  pools: 'all' | 'curated'
  /** CHAIN_RETENTION_DAYS: pool updates kept this long; older ones are deleted (every hour keeps its candle). */
  retentionDays: number
  /** CHAIN_MIN_LIQUIDITY_ADA: /chain/tokens lists tokens whose deepest followed pool holds at least this tradeable ADA (0: all). */
  minLiquidityAda: number
}

export class ConfigError extends Error {
  override name = 'ConfigError'
}

type Env = Record<string, string | undefined>

const LOG_LEVELS: LogLevel[] = ['debug', 'info', 'warn', 'error', 'silent']

export function loadConfig(env: Env = process.env): Config {
  const read = (name: string): string | undefined => {
    const v = env[name]
    return v === undefined || v.trim() === '' ? undefined : v.trim()
  }

  const int = (name: string, fallback: number, min: number, max: number): number => {
    const raw = read(name)
    if (raw === undefined) return fallback
    if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
      throw new ConfigError(`${name}=${JSON.stringify(raw)} is not valid: expected an integer from ${min} to ${max}`)
    }
    return Number(raw)
  }

  const httpUrl = (name: string, fallback: string | null): string | null => {
    const raw = read(name)
    if (raw === undefined) return fallback
    let url: URL
    try {
      url = new URL(raw)
    } catch {
      throw new ConfigError(`${name}=${JSON.stringify(raw)} is not valid: expected an absolute http(s) URL`)
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new ConfigError(`${name}=${JSON.stringify(raw)} is not valid: expected an http:// or https:// URL`)
    }
    // Clients append the real API paths; a trailing slash would double them.
    return raw.replace(/\/+$/, '')
  }

  const list = (name: string, fallback: string[]): string[] => {
    const raw = read(name)
    if (raw === undefined) return fallback
    const items = raw.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean)
    if (items.length === 0 || items.some((s) => !/^[a-z0-9._-]{1,64}$/.test(s))) {
      throw new ConfigError(`${name}=${JSON.stringify(raw)} is not valid: expected comma-separated lowercase DEX ids`)
    }
    return items
  }

  const logLevel = (read('LOG_LEVEL') ?? 'info').toLowerCase() as LogLevel
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL=${JSON.stringify(read('LOG_LEVEL'))} is not valid: expected one of ${LOG_LEVELS.join(', ')}`)
  }

  const rpm = (name: string, fallback: number) => int(name, fallback, 1, 100_000)
  const coingeckoKey = read('COINGECKO_API_KEY') ?? null
  const koiosToken = read('KOIOS_TOKEN') ?? null
  // Calls per UTC day or month; 0 or unset: no cap (only where an upstream documents one is there a default).
  const cap = (name: string, fallback: number | null) => {
    const value = int(name, fallback ?? 0, 0, 1_000_000_000)
    return value === 0 ? null : value
  }
  const daily = (name: string, fallback: number | null = null) => ({ callsPerDay: cap(name, fallback), callsPerMonth: null })

  const trustProxy = (): TrustProxy => {
    const raw = read('TRUST_PROXY')
    if (raw === undefined) return { kind: 'hops', hops: 0 }
    const trust = readTrustProxy(raw)
    if (typeof trust === 'string') throw new ConfigError(`TRUST_PROXY=${JSON.stringify(raw)} is not valid: ${trust}`)
    return trust
  }

  const metricsToken = read('METRICS_TOKEN') ?? null
  // Not echoed: it is a secret.
  if (metricsToken !== null && (metricsToken.length < 16 || /\s/.test(metricsToken))) {
    throw new ConfigError('METRICS_TOKEN is not valid: expected at least 16 characters without spaces (e.g. openssl rand -hex 32)')
  }

  const publicBase = httpUrl('PUBLIC_BASE_URL', null)
  if (publicBase !== null && new URL(publicBase).pathname !== '/') {
    throw new ConfigError(`PUBLIC_BASE_URL=${JSON.stringify(publicBase)} is not valid: expected scheme://host[:port] with no path`)
  }

  return {
    port: int('PORT', 3000, 0, 65535),
    host: read('HOST') ?? '0.0.0.0',
    publicBaseUrl: publicBase,
    trustProxy: trustProxy(),
    databaseUrl: databaseUrl(read('DATABASE_URL')),
    databaseAuthToken: read('DATABASE_AUTH_TOKEN') ?? null,
    upstreams: {
      // Budgets from each provider's published free limits (docs/guide/limits-and-caching.md): DexScreener
      // 300/min; GeckoTerminal about 10/min for a polite client; Koios 100 per 10 s; CoinGecko 30/min with a
      // demo key and a low shared IP limit without one; ADA Handle publishes none, so a polite 60/min.
      // Quotas: Koios 5,000 calls a UTC day keyless, 50,000 with a free token; CoinGecko's Demo key 10,000 a
      // month (../shared/upstreams/README.md, ../shared/chain/README.md §1); the others document none.
      dexscreener: {
        baseUrl: httpUrl('DEXSCREENER_URL', 'https://api.dexscreener.com')!,
        callsPerMinute: rpm('DEXSCREENER_RPM', 300),
        ...daily('DEXSCREENER_PER_DAY'),
      },
      geckoterminal: {
        baseUrl: httpUrl('GECKOTERMINAL_URL', 'https://api.geckoterminal.com/api/v2')!,
        callsPerMinute: rpm('GECKOTERMINAL_RPM', 10),
        ...daily('GECKOTERMINAL_PER_DAY'),
      },
      koios: {
        baseUrl: httpUrl('KOIOS_URL', 'https://api.koios.rest/api/v1')!,
        callsPerMinute: rpm('KOIOS_RPM', 600),
        ...daily('KOIOS_PER_DAY', koiosToken ? 50_000 : 5_000),
        token: koiosToken,
      },
      coingecko: {
        baseUrl: httpUrl('COINGECKO_URL', 'https://api.coingecko.com/api/v3')!,
        callsPerMinute: rpm('COINGECKO_RPM', coingeckoKey ? 30 : 10),
        callsPerDay: cap('COINGECKO_PER_DAY', null),
        callsPerMonth: cap('COINGECKO_PER_MONTH', coingeckoKey ? 10_000 : null),
        apiKey: coingeckoKey,
      },
      handle: { baseUrl: httpUrl('HANDLE_URL', 'https://api.handle.me')!, callsPerMinute: rpm('HANDLE_RPM', 60), ...daily('HANDLE_PER_DAY') },
    },
    tokenRegistryFile: read('TOKEN_REGISTRY_FILE') ?? null,
    upstreamTimeoutMs: int('UPSTREAM_TIMEOUT_MS', 8000, 50, 120_000),
    logLevel,
    sourceADexes: list('SOURCE_A_DEXES', ['sundaeswap', 'wingriders']),
    sourceBDexes: list('SOURCE_B_DEXES', ['minswap-cardano', 'saturnswap']),
    cache: {
      maxEntries: int('CACHE_MAX_ENTRIES', 20_000, 100, 10_000_000),
      maxBytes: int('CACHE_MAX_MB', 256, 1, 1_000_000) * 1024 * 1024,
    },
    redisUrl: redisUrl(read('REDIS_URL')),
    redisTimeoutMs: int('REDIS_TIMEOUT_MS', 250, 10, 10_000),
    instances: int('INSTANCES', 1, 1, 1000),
    stream: {
      maxPerClient: int('STREAM_MAX_PER_CLIENT', 10, 1, 100_000),
      // One file descriptor per stream: keep it under the process's limit.
      maxTotal: int('STREAM_MAX_STREAMS', 10_000, 1, 1_000_000),
      maxBacklogBytes: int('STREAM_MAX_BACKLOG_KB', 1024, 16, 1_048_576) * 1024,
    },
    mcp: { callsPerClientPerMinute: int('MCP_CALLS_PER_CLIENT_PER_MINUTE', 120, 0, 1_000_000) },
    metricsToken,
    chain: {
      follow: onOff('CHAIN_FOLLOW', read('CHAIN_FOLLOW'), true),
      pollMs: read('CHAIN_POLL_MS') === undefined ? null : int('CHAIN_POLL_MS', 0, 100, 3_600_000),
      backfillHours: int('CHAIN_BACKFILL_HOURS', 24, 0, 24 * 30),
      pools: oneOf('CHAIN_POOLS', read('CHAIN_POOLS'), ['all', 'curated'] as const, 'all'),
      retentionDays: int('CHAIN_RETENTION_DAYS', 90, 1, 36_500),
      minLiquidityAda: int('CHAIN_MIN_LIQUIDITY_ADA', 500, 0, 45_000_000_000),
    },
    community: {
      // ADA's whole supply is 45 billion: a larger minimum could never be met.
      minAda: int('COMMUNITY_MIN_ADA', 25, 0, 45_000_000_000),
      writesPerClientPerHour: int('WRITES_PER_CLIENT_PER_HOUR', 60, 0, 1_000_000),
      commentsPerUnitPerDay: int('COMMENTS_PER_UNIT_PER_DAY', 500, 0, 1_000_000),
      anyUnit: onOff('COMMUNITY_ANY_UNIT', read('COMMUNITY_ANY_UNIT'), false),
    },
  }
}

function oneOf<T extends string>(name: string, raw: string | undefined, values: readonly T[], fallback: T): T {
  if (raw === undefined) return fallback
  const found = values.find((v) => v === raw.toLowerCase())
  if (found === undefined) throw new ConfigError(`${name}=${JSON.stringify(raw)} is not valid: expected ${values.join(' or ')}`)
  return found
}

function onOff(name: string, raw: string | undefined, fallback: boolean): boolean {
  if (raw === undefined) return fallback
  const v = raw.toLowerCase()
  if (v === 'on' || v === '1' || v === 'true') return true
  if (v === 'off' || v === '0' || v === 'false') return false
  throw new ConfigError(`${name}=${JSON.stringify(raw)} is not valid: expected on or off`)
}

function redisUrl(raw: string | undefined): string | null {
  if (raw === undefined) return null
  if (/^(redis|rediss|valkey|valkeys|redis\+tls|redis\+unix|redis\+tls\+unix):\/\/./.test(raw)) return raw
  // The value is not echoed: it may carry a password.
  throw new ConfigError(`REDIS_URL is not valid: expected redis://[user:password@]host[:port][/db] or rediss://…`)
}

function databaseUrl(raw: string | undefined): string | null {
  if (raw === undefined) return 'file:./data/community.db'
  if (raw.toLowerCase() === 'off') return null
  if (raw === ':memory:' || /^(file|libsql|http|https|ws|wss):/.test(raw)) return raw
  throw new ConfigError(
    `DATABASE_URL=${JSON.stringify(raw)} is not valid: expected file:<path>, :memory:, libsql://…, http(s)://… or off`,
  )
}
