/** What `bun run demo` prints about the tokens outside the registry its chain trades (test/fake-upstreams/demo-new-tokens.ts). */
import { SAMPLE_NEW_TOKEN } from '../src/modules/pools/request'
import { API_PREFIX } from '../src/paths'
import { DEMO_CIP68_TOKEN } from '../test/fake-upstreams/demo-new-tokens'

/**
 * Resolves once the chain follower has recorded a new pool and a trade of each of `units` (or after `timeoutMs`):
 * on a fresh database it reads the newest blocks in its first polls, a few seconds after the start.
 */
export async function chainExamplesReady(origin: string, units: readonly string[], timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  // A new `before` each time: the answers are cached per query.
  const count = async (path: string, i: number) => {
    const res = await fetch(`${origin}${API_PREFIX}${path}${path.includes('?') ? '&' : '?'}before=${99_999_000_000 + i}`)
    return res.ok ? ((await res.json()) as { count: number }).count : 0
  }
  for (let i = 0; Date.now() < deadline; i++) {
    const counts = await Promise.all([count('/pools/new', i), ...units.map((unit) => count(`/tokens/${unit}/trades?limit=1`, i))])
    if (counts.every((n) => n > 0)) return
    await Bun.sleep(500)
  }
}

export function newTokensExamples(origin: string): string {
  const api = origin + API_PREFIX
  return (
    `\nEvery token from the chain (tokens outside the curated list, read by the chain follower)\n` +
    `  Trades of NEWT (decimals from the token registry)\n      ${api}/tokens/${SAMPLE_NEW_TOKEN}/trades\n` +
    `  Chain-built chart of CIPX (decimals from its CIP-68 datum)\n      ${api}/tokens/${DEMO_CIP68_TOKEN}/ohlcv?tf=5m&quote=ada\n` +
    `  New pools (one is created every two minutes)\n      ${api}/pools/new\n` +
    `  Explorer: the new pools page, and NEWT's page\n      ${origin}/pools/new\n      ${origin}/token/${SAMPLE_NEW_TOKEN}\n`
  )
}
