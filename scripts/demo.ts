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

const fake = await FakeUpstreams.start()
const config = loadConfig({
  ...process.env,
  ...fake.env(),
  DATABASE_URL: process.env.DATABASE_URL ?? 'file:./data/demo.db',
  // The fakes have no call budget to protect.
  GECKOTERMINAL_RPM: process.env.GECKOTERMINAL_RPM ?? '600',
})
const server = await startServer(config)
stopOnSignals(server)
void buildDocsWhenMissing(server.deps.logger)

const origin = server.url.replace('0.0.0.0', '127.0.0.1')
const examples = catalogue
  .filter((doc) => doc.method === 'GET')
  .flatMap((doc) => doc.examples.map((e) => `  ${doc.summary.padEnd(60).slice(0, 60)} ${origin}${API_PREFIX}${e}`))
console.log(`
cardano-market-api demo: fake upstreams, no internet needed (sample wallet: $${SAMPLE.handle})
Explorer (screener, token pages, wallet-signed boosts and comments): ${origin}/

${examples.join('\n')}
`)
