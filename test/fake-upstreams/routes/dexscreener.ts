/**
 * DexScreener's routes: /tokens/v1/{chain}/{csv} and /token-pairs/v1/{chain}/{unit} answer bare arrays of
 * Pair (either side of the pair), /latest/dex/search?q= answers {schemaVersion, pairs} across every chain,
 * /latest/dex/pairs/{chain}/{ids} answers {schemaVersion, pairs, pair} with nulls when unknown.
 */
import type { World } from '../world'
import { json, lower, type FakeAnswer, type FakeRequest } from './common'

const MAX_ADDRESSES = 30

export function dexscreener(world: World, req: FakeRequest): FakeAnswer {
  const parts = req.path.split('/').filter(Boolean)
  const pairs = world.dexscreener.pairs
  const touches = (pair: any, units: Set<string>) =>
    units.has(lower(pair.baseToken?.address)) || units.has(lower(pair.quoteToken?.address))

  if (parts[0] === 'tokens' && parts[1] === 'v1' && parts.length === 4) {
    const units = new Set(parts[3].split(',').map(lower))
    if (units.size > MAX_ADDRESSES) return json({ error: 'Too many addresses' }, 400)
    return json(pairs.filter((p) => lower(p.chainId) === parts[2] && touches(p, units)))
  }
  if (parts[0] === 'token-pairs' && parts[1] === 'v1' && parts.length === 4) {
    const units = new Set([lower(parts[3])])
    return json(pairs.filter((p) => lower(p.chainId) === parts[2] && touches(p, units)))
  }
  if (parts.join('/') === 'latest/dex/search') {
    const q = lower(req.query.get('q') ?? '').trim()
    const hits = q === '' ? [] : pairs.filter((p) =>
      [p.baseToken?.symbol, p.baseToken?.name, p.baseToken?.address, p.quoteToken?.symbol, p.pairAddress].some((v) => lower(v).includes(q)),
    )
    return json({ schemaVersion: '1.0.0', pairs: hits.slice(0, 30) })
  }
  if (parts[0] === 'latest' && parts[1] === 'dex' && parts[2] === 'pairs' && parts.length === 5) {
    const ids = new Set(parts[4].split(',').map(lower))
    const found = pairs.filter((p) => lower(p.chainId) === parts[3] && ids.has(lower(p.pairAddress)))
    return json({ schemaVersion: '1.0.0', pairs: found.length ? found : null, pair: found[0] ?? null })
  }
  return json({ error: 'Not found' }, 404)
}
