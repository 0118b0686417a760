/**
 * What a degraded answer says it lacks: one entry per source that was refused or failed, `{source, code,
 * retryAfter}`. An answer built from several sources (the token detail, a chart stitched from the chain and
 * source B) serves what the others gave rather than failing whole; the entry carries the error code that part
 * would have answered alone (the same code as classifyError's, so one table of codes explains both) and when
 * asking again may bring it. Such an answer is cached no longer than its shortest `retryAfter`.
 */
import { t, type Static } from 'elysia'
import { UpstreamError, type UpstreamName } from '../upstream/errors'
import type { RouteRead } from './cached-route'
import { classifyError } from './classify-error'
import { STALE_TTL_SECONDS } from './response-cache'

/** The sources' names in answers (as `sourcesAsOf` spells them). */
export const SOURCE_NAMES = {
  dexscreener: 'sourceA',
  geckoterminal: 'sourceB',
  koios: 'chainApi',
  coingecko: 'marketProvider',
  handle: 'handleResolver',
} as const satisfies Record<UpstreamName, string>

export const MissingSource = t.Object(
  {
    source: t.Union(
      [t.Literal('sourceA'), t.Literal('sourceB'), t.Literal('chainApi'), t.Literal('marketProvider'), t.Literal('handleResolver')],
      { description: 'sourceA = DexScreener, sourceB = GeckoTerminal, chainApi = Koios, marketProvider = CoinGecko, handleResolver = ADA Handle' },
    ),
    code: t.Union(
      [
        t.Literal('busy_for_this_client'),
        t.Literal('upstream_budget_spent'),
        t.Literal('upstream_quota_paced'),
        t.Literal('upstream_quota_exhausted'),
        t.Literal('upstream_unavailable'),
      ],
      { description: 'The error this part would have answered alone (the errors guide explains each); nothing was called for a refused part' },
    ),
    retryAfter: t.Integer({ minimum: 1, description: 'Seconds until asking again may bring this part (a refusal\'s Retry-After; 10 after a failure)' }),
  },
  { title: 'MissingSource' },
)

export const Missing = t.Array(MissingSource, {
  description:
    'The sources this answer lacks because they were refused (a budget, a quota, this client\'s fair share) or failed, with what they ' +
    'would have answered and when to ask again; empty when the answer is complete. Such an answer is X-Cache: STALE and cached no longer ' +
    'than its shortest retryAfter.',
})

export type MissingEntry = Static<typeof MissingSource>

/** The entry for a read that failed or was refused (named by the upstream that did); null for a read that answered. */
export function missingFrom(read: unknown): MissingEntry | null {
  if (!(read instanceof UpstreamError)) return null
  const error = classifyError(read)
  const retryAfter = Number(error.headers?.['retry-after'] ?? STALE_TTL_SECONDS)
  return { source: SOURCE_NAMES[read.upstream], code: error.code as MissingEntry['code'], retryAfter: Math.max(1, retryAfter) }
}

/** The entries of the reads that did not answer, one per source (the first read of it that failed). */
export function missingOf(reads: readonly unknown[]): MissingEntry[] {
  const entries = reads.flatMap((read) => missingFrom(read) ?? [])
  return entries.filter((entry, i) => entries.findIndex((e) => e.source === entry.source) === i)
}

/**
 * A route's read whose answer lacks sources, kept no longer than its shortest retryAfter (and no longer than a
 * lifetime the read already set); as it is stale, the response cache keeps it 10 s at most anyway.
 */
export function keptUntilRetry<T extends { missing: readonly MissingEntry[] }>(read: RouteRead<T>): RouteRead<T> {
  if (read.data.missing.length === 0) return read
  const shortest = Math.min(...read.data.missing.map((m) => m.retryAfter), read.ttlSeconds ?? Infinity)
  return { ...read, ttlSeconds: shortest }
}
