/**
 * Which figures a token page's headline shows (price, 24 h change, liquidity, volume): pure, so the unit tests
 * cover it. The sources' aggregate when it is whole; when a market source's part is missing (source A or B in
 * `missing`) and the chain follower has the token, its chain figures with their own coverage line, never the
 * half-aggregate presented as the whole; a half-aggregate only when there is nothing else, said as such.
 */
import type { TokenDetailBody } from '../../modules/tokens/schemas'

export type HeadlineFrom = 'sources' | 'chain' | 'partial'

export interface Headline {
  from: HeadlineFrom
  priceUsd: number | null
  change24h: number | null
  liquidityUsd: number | null
  volume24h: number | null
  /** What the figures cover, as the API says it. */
  coverage: string
  /** The figures' scope in a few words, for their labels ("across covered DEXes", "followed pools on chain"). */
  scope: string
}

const MARKET_SOURCES = new Set(['sourceA', 'sourceB'])

export function headline(t: Pick<TokenDetailBody, 'priceUsd' | 'change24h' | 'liquidityUsd' | 'volume24h' | 'coverage' | 'figuresFrom' | 'chain' | 'missing'>): Headline {
  const marketMissing = t.missing.some((m) => MARKET_SOURCES.has(m.source))
  if (t.chain !== null && (t.figuresFrom === 'chain' || marketMissing)) {
    const c = t.chain
    return { from: 'chain', priceUsd: c.priceUsd, change24h: c.change24h, liquidityUsd: c.liquidityUsd, volume24h: c.volume24h, coverage: c.coverage, scope: 'followed pools on chain' }
  }
  const figures = { priceUsd: t.priceUsd, change24h: t.change24h, liquidityUsd: t.liquidityUsd, volume24h: t.volume24h, coverage: t.coverage }
  if (t.figuresFrom === 'chain') return { from: 'chain', ...figures, scope: 'followed pools on chain' }
  return marketMissing ? { from: 'partial', ...figures, scope: 'only the sources that answered' } : { from: 'sources', ...figures, scope: 'across covered DEXes' }
}
