/**
 * `bun run demo`: the service against the built-in fake upstreams, so every endpoint can be tried with no
 * internet. The fakes serve the 68 registry tokens, a sample wallet ($snekfan), the ADA market and candles;
 * the demo seeds a few days of history (synthetic, marked `demo_seed`) and a signed comment and boost, so
 * every example it prints answers with data.
 */
import { catalogue } from '../src/catalogue'
import { API_PREFIX, LLMS_PATH, MCP_PATH } from '../src/paths'
import { loadConfig } from '../src/config'
import { buildDocsWhenMissing } from '../src/modules/docs-site/build-on-start'
import { isoDay } from '../src/modules/history/intervals'
import { startOrExit, stopOnSignals } from '../src/server'
import { SAMPLE } from '../test/fake-upstreams/world'
import { DEMO_MNEMONIC, DEMO_STAKE_ADDRESS } from '../test/fake-upstreams/demo-wallet'
import { DEMO_DAYS, seedDemoCommunity, seedDemoHistory } from './demo-seed'
import { DEMO_SERVED_HOURS, startDemoUpstreams } from '../test/fake-upstreams/demo-upstreams'
import { FakeOgmios } from '../test/fake-upstreams/ogmios'
import { chainExamplesReady, newTokensExamples } from './demo-new-tokens'
import { loadRegistry } from '../src/registry/registry'
import { SAMPLE_NEW_TOKEN } from '../src/modules/pools/request'

/** A line saying what the demo is doing while it starts (it takes a few seconds before the banner). */
const progress = (what: string) => console.log(`demo: ${what}…`)

progress(`starting the fake upstreams and a fake chain with ${DEMO_SERVED_HOURS / 24} days of DEX trades`)
// DEX trades on chain for every curated token and tokens outside the registry, a new block every 20 s
// (a new pool every two minutes).
const upstreams = await startDemoUpstreams(loadRegistry(process.env.TOKEN_REGISTRY_FILE ?? null).tokens, DEMO_SERVED_HOURS)
const fake = upstreams.fake
setInterval(upstreams.tick, 20_000).unref()
// CHAIN_SOURCE=ogmios: the same chain through a fake Ogmios (a real WebSocket), each block delivered as it is made.
const fakeOgmios = process.env.CHAIN_SOURCE === 'ogmios' && !process.env.OGMIOS_URL ? await FakeOgmios.start(upstreams.chain) : null
const config = loadConfig({
  ...process.env,
  ...fake.env(),
  ...(fakeOgmios === null ? {} : { OGMIOS_URL: fakeOgmios.url }),
  DATABASE_URL: process.env.DATABASE_URL ?? 'file:./data/demo.db',
  // The fakes have no call budget to protect.
  GECKOTERMINAL_RPM: process.env.GECKOTERMINAL_RPM ?? '600',
  // The follower reads back all the demo chain's two weeks of trades, newest first (the charts' whole default span).
  CHAIN_BACKFILL_HOURS: process.env.CHAIN_BACKFILL_HOURS ?? String(DEMO_SERVED_HOURS),
  // The fake chain costs nothing to read: poll every 250 ms so the two weeks are read within a minute or two.
  CHAIN_POLL_MS: process.env.CHAIN_POLL_MS ?? '250',
  // 13 calls every 250 ms: a Koios budget the plan can reserve that for (the fake has none to protect).
  KOIOS_RPM: process.env.KOIOS_RPM ?? '20000',
  // Production minus the internet: the fakes have no daily or monthly quota, so none is set (keyless Koios's
  // 5,000 a day would be spent by the 2 s polls within minutes, and every chain read after it paced).
  KOIOS_PER_DAY: process.env.KOIOS_PER_DAY ?? '0',
  COINGECKO_PER_MONTH: process.env.COINGECKO_PER_MONTH ?? '0',
})
progress('starting the service (database, explorer bundle)')
const server = await startOrExit(config)
stopOnSignals(server)
void buildDocsWhenMissing(server.deps.logger)

// The fake market moves, so the live stream has changes to push: every 10 s SNEK and a few other tokens' source A
// prices move by up to ±1 %, leaning back to where they started (the chain's pools do the same), so a demo left
// running keeps its sources and its chain in step; the core refresh (every 30 s) picks them up and the stream
// pushes what changed.
const MOVE_EVERY_MS = 10_000
const startPrice = new Map<object, number>()
setInterval(() => {
  const pairs = fake.world.dexscreener.pairs
  const moved = pairs.filter((pair) => (pair.baseToken as { address?: string }).address === SAMPLE.snek || Math.random() < 0.1)
  for (const pair of moved) {
    const price = Number(pair.priceUsd)
    if (!Number.isFinite(price) || price <= 0) continue
    if (!startPrice.has(pair)) startPrice.set(pair, price)
    const lean = -0.2 * Math.log(price / startPrice.get(pair)!)
    pair.priceUsd = (price * (1 + (Math.random() - 0.5) / 50 + Math.max(-0.01, Math.min(0.01, lean)))).toPrecision(6)
  }
}, MOVE_EVERY_MS).unref()

const origin = server.url.replace('0.0.0.0', '127.0.0.1')
progress(`seeding ${DEMO_DAYS} days of demo history`)
const seeded = await seedDemoHistory(server.deps)
progress('signing a demo comment and boost')
await seedDemoCommunity((path, init) => fetch(`${origin}${path}`, init), fake.world)
// The printed chain examples answer with data once the follower has read the newest blocks (a few seconds).
progress('waiting for the chain follower to read the newest blocks')
await chainExamplesReady(origin, [SAMPLE.snek, ...upstreams.newTokens])

const examples = catalogue
  .filter((doc) => doc.method === 'GET')
  .flatMap((doc) => [`  ${doc.summary}`, ...doc.examples.map((e) => `      ${origin}${API_PREFIX}${e}`)])
const history =
  seeded === null
    ? 'History: DATABASE_URL=off, so nothing is recorded and the history endpoints answer 503.'
    : `History: ${DEMO_DAYS} days of DEMO DATA (synthetic, sources "demo_seed" in the export) from ${new Date(seeded.from * 1000).toISOString()} ` +
      `to ${new Date(seeded.until * 1000).toISOString()}, then recorded live from the fake upstreams. First day: ${isoDay(seeded.from)}.`
// A token with no source B pool (traded only on source A's DEXes): charted from the chain.
const sourceAOnly = loadRegistry(process.env.TOKEN_REGISTRY_FILE ?? null).tokens.find(
  (t) => !fake.world.geckoterminal.pools.some((p) => JSON.stringify(p).includes(t.unit)),
)
const chainExamples = sourceAOnly
  ? `\nFrom the chain (trades and candles read by this service's chain follower)\n` +
    `  Chain-built chart of ${sourceAOnly.ticker} (no source B pool)\n      ${origin}${API_PREFIX}/tokens/${sourceAOnly.unit}/ohlcv?tf=15m\n` +
    `  Trades of ${sourceAOnly.ticker} read from the chain\n      ${origin}${API_PREFIX}/tokens/${sourceAOnly.unit}/trades\n`
  : ''
// Prices for portfolios and tax tools: a wallet's tokens in one call, and SNEK an hour before the demo started.
const hourAgo = Math.floor(Date.now() / 1000) - 3600
const pricesExamples =
  `\nPrices for portfolios and tax tools (each row and price says its source)\n` +
  `  Curated and chain-only tokens in one call\n      ${origin}${API_PREFIX}/prices?units=${SAMPLE.snek},${SAMPLE.usdm},${SAMPLE_NEW_TOKEN}\n` +
  `  SNEK an hour ago (the last trade before it in its default pool, read from the chain)\n      ${origin}${API_PREFIX}/tokens/${SAMPLE.snek}/price?at=${hourAgo}\n`
console.log(`
cardano-market-api demo: fake upstreams, no internet needed (sample wallet: $${SAMPLE.handle})
Explorer (screener, token pages, wallet-signed boosts and comments): ${origin}/
${history}
Community: a boost and the demo writer's comment on SNEK, signed like any write. Writers must be registered on chain
with ${server.deps.config.community.minAda} ADA (COMMUNITY_MIN_ADA); the demo's chain lists the demo writer, ${DEMO_STAKE_ADDRESS}
(1,000 ADA; its words are public, never fund it on mainnet). Sign as it from code:
  API_URL=${origin} MNEMONIC="${DEMO_MNEMONIC}" bun examples/sign-and-boost.ts

Start here
  Guides and endpoint pages          ${origin}/docs/
  Interactive API reference          ${origin}${API_PREFIX}/reference
  Every endpoint, as JSON            ${origin}${API_PREFIX}/
  Guide for AI agents (llms.txt)     ${origin}${LLMS_PATH}
  MCP server (POST, Streamable HTTP) ${origin}${MCP_PATH}

Examples
${examples.join('\n')}
${chainExamples}${newTokensExamples(origin)}${pricesExamples}
The chain follower reads ${fakeOgmios === null ? 'the fake Koios (polled every 250 ms)' : `a fake Ogmios (${fakeOgmios.url}): each block as it is made, every 20 s`}; its position:
  ${origin}${API_PREFIX}/chain/tip

Live stream (Server-Sent Events): the fake market moves every ${MOVE_EVERY_MS / 1000} s and each core refresh (about every 30 s)
pushes what changed; a \`: hb\` heartbeat comes every 15 s. Watch events arrive with:

  curl -N '${origin}${API_PREFIX}/stream?topics=screener,token:${SAMPLE.snek},trades:${SAMPLE.snek}'
`)
