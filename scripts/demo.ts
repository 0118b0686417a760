/**
 * `bun run demo`: the service against the built-in fake upstreams, so every endpoint can be tried with no
 * internet. The fakes serve the 68 registry tokens, a sample wallet ($snekfan), the ADA market and candles.
 */
import { catalogue } from '../src/catalogue'
import { API_PREFIX } from '../src/paths'
import { loadConfig } from '../src/config'
import { buildDocsWhenMissing } from '../src/modules/docs-site/build-on-start'
import { startServer, stopOnSignals } from '../src/server'
import { FakeUpstreams } from '../test/fake-upstreams/server'
import { SAMPLE } from '../test/fake-upstreams/world'
import { demoChain } from '../test/fake-upstreams/demo-chain'
import { loadRegistry } from '../src/registry/registry'

const fake = await FakeUpstreams.start()
// A day of DEX trades on chain for every curated token, and a new block every 20 s (the chain follower reads them).
const chain = demoChain(loadRegistry(process.env.TOKEN_REGISTRY_FILE ?? null).tokens)
fake.world.koios.chain = chain.chain
setInterval(() => chain.tick(), 20_000).unref()
const config = loadConfig({
  ...process.env,
  ...fake.env(),
  DATABASE_URL: process.env.DATABASE_URL ?? 'file:./data/demo.db',
  // The fakes have no call budget to protect.
  GECKOTERMINAL_RPM: process.env.GECKOTERMINAL_RPM ?? '600',
  // The fake chain costs nothing to read: poll every 2 s so the day's backfill is read within a minute.
  CHAIN_POLL_MS: process.env.CHAIN_POLL_MS ?? '2000',
  // 13 calls every 2 s: a Koios budget the plan can reserve that for (the fake has none to protect).
  KOIOS_RPM: process.env.KOIOS_RPM ?? '6000',
})
const server = await startServer(config)
stopOnSignals(server)
void buildDocsWhenMissing(server.deps.logger)

const origin = server.url.replace('0.0.0.0', '127.0.0.1')
const examples = catalogue
  .filter((doc) => doc.method === 'GET')
  .flatMap((doc) => doc.examples.map((e) => `  ${doc.summary.padEnd(60).slice(0, 60)} ${origin}${API_PREFIX}${e}`))
// A token with no source B pool (traded only on source A's DEXes): charted from the chain.
const sourceAOnly = loadRegistry(process.env.TOKEN_REGISTRY_FILE ?? null).tokens.find(
  (t) => !fake.world.geckoterminal.pools.some((p) => JSON.stringify(p).includes(t.unit)),
)
const chainExamples = sourceAOnly
  ? `\n  Chain-built chart of ${sourceAOnly.ticker} (no source B pool)`.padEnd(63) + ` ${origin}${API_PREFIX}/tokens/${sourceAOnly.unit}/ohlcv?tf=15m\n` +
    `  Trades of ${sourceAOnly.ticker} read from the chain`.padEnd(62) + ` ${origin}${API_PREFIX}/tokens/${sourceAOnly.unit}/trades\n`
  : ''
console.log(`
cardano-market-api demo: fake upstreams, no internet needed (sample wallet: $${SAMPLE.handle})

${examples.join('\n')}
${chainExamples}`)
