export type UpstreamName = 'dexscreener' | 'geckoterminal' | 'koios' | 'coingecko' | 'handle'

/** The names the API uses in error messages (the spec's neutral names). */
export const UPSTREAM_LABEL: Record<UpstreamName, string> = {
  dexscreener: 'source A',
  geckoterminal: 'source B',
  koios: 'chain API',
  coingecko: 'market provider',
  handle: 'handle resolver',
}

/** The real service behind each neutral name, for hints and operators' messages. */
export const UPSTREAM_PROVIDER: Record<UpstreamName, string> = {
  dexscreener: 'DexScreener',
  geckoterminal: 'GeckoTerminal',
  koios: 'Koios',
  coingecko: 'CoinGecko',
  handle: 'ADA Handle',
}

/** The neutral name with the provider behind it: `source A (DexScreener)`. */
export const upstreamTitle = (upstream: UpstreamName): string => `${UPSTREAM_LABEL[upstream]} (${UPSTREAM_PROVIDER[upstream]})`

/** Why an upstream call failed; also the `outcome` label of the upstream metrics. */
export type UpstreamFailure =
  | 'network'
  | 'timeout'
  | 'rate_limited'
  | 'http_error'
  | 'invalid_json'
  | 'bad_shape'
  | 'over_budget'
  | 'fair_share'
  | 'quota'
  | 'spent'

/**
 * An upstream could not give a usable answer. Caches serve a stale copy when they have one;
 * otherwise the error handler answers 502 naming the upstream.
 */
export class UpstreamError extends Error {
  override name = 'UpstreamError'
  constructor(
    readonly upstream: UpstreamName,
    readonly failure: UpstreamFailure,
    detail: string,
  ) {
    super(`${upstream}: ${failure}: ${detail}`)
  }
}

/**
 * The client already holds its fair share of an upstream's long-tail budget: refused before any call, answered
 * 503 with Retry-After (a cached copy, when one exists, is served instead).
 */
export class FairShareRefusal extends UpstreamError {
  constructor(
    upstream: UpstreamName,
    readonly retryAfterMs: number,
    /** The client refused: another client waiting on the same read is not (see memoised). */
    readonly client: string,
  ) {
    super(upstream, 'fair_share', 'this client holds its fair share of the long-tail budget')
  }
}

/**
 * Refused before any call by the upstream's budget (the minute's, waited for up to 3 s first), its day's or
 * month's allowance (`quota`), or because the upstream said it is spent (`spent`: until its reset, or cooling
 * down after a plain 429): a cached copy is served when one exists, else 503 with Retry-After.
 */
export class BudgetRefusal extends UpstreamError {
  constructor(
    upstream: UpstreamName,
    readonly reason: 'over_budget' | 'quota' | 'spent',
    readonly retryAfterMs: number,
    detail: string,
  ) {
    super(upstream, reason, detail)
  }
}

/** The caches' stale-on-error rule: only an upstream failure lets an old copy stand in (a bug or a 404 does not). */
export const isUpstreamFailure = (error: unknown): boolean => error instanceof UpstreamError

/** The value, or the UpstreamError it failed with (for an answer that degrades without it); any other error (a bug) propagates. */
export async function settle<T>(read: Promise<T>): Promise<T | UpstreamError> {
  try {
    return await read
  } catch (error) {
    if (error instanceof UpstreamError) return error
    throw error
  }
}
