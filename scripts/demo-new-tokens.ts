/** What `bun run demo` prints about the tokens outside the registry its chain trades (test/fake-upstreams/demo-new-tokens.ts). */
import { SAMPLE_NEW_TOKEN } from '../src/modules/pools/request'
import { API_PREFIX } from '../src/paths'
import { DEMO_CIP68_TOKEN } from '../test/fake-upstreams/demo-new-tokens'

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
