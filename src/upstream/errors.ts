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
