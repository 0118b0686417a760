/** A first run without internet: the start command says so once and points to the demo. */
import { afterAll, describe, expect, it } from 'bun:test'
import { loadConfig } from '../../src/config'
import { Logger, memorySink } from '../../src/observability/logger'
import { warnWhenOffline } from '../../src/upstream/reachability'
import { FakeUpstreams } from '../fake-upstreams/server'
import { NOWHERE } from '../support/processes'
import { startCommandLog } from '../support/start-command'

const UNREACHABLE = { DEXSCREENER_URL: NOWHERE, GECKOTERMINAL_URL: NOWHERE, KOIOS_URL: NOWHERE, COINGECKO_URL: NOWHERE, HANDLE_URL: NOWHERE }
const fake = await FakeUpstreams.start()
afterAll(() => fake.stop())

describe('when every upstream is unreachable at start', () => {
  it('the start command logs one line saying so that points to `bun run demo`', async () => {
    const text = await startCommandLog(
      { ...UNREACHABLE, PORT: '0', HOST: '127.0.0.1', DATABASE_URL: 'off', LOG_LEVEL: 'info' },
      (log) => log.includes('bun run demo'),
    )
    const warnings = text.split('\n').filter((line) => line.includes('bun run demo')).map((line) => JSON.parse(line))
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toMatchObject({ level: 'warn', msg: expect.stringContaining('no upstream is reachable') })
    expect(warnings[0].upstreams).toContain('source A (DexScreener)')
  }, 30_000)
})

describe('warnWhenOffline', () => {
  const linesFor = async (env: Record<string, string>) => {
    const sink = memorySink()
    await warnWhenOffline(loadConfig(env), new Logger('info', sink), 2000)
    return sink.lines
  }

  it('says nothing when the upstreams answer', async () => {
    expect(await linesFor(fake.env())).toEqual([])
  })

  it('says nothing when at least one upstream is reachable', async () => {
    expect(await linesFor({ ...UNREACHABLE, KOIOS_URL: fake.url('koios') })).toEqual([])
  })

  it('warns once when none is', async () => {
    expect(await linesFor(UNREACHABLE)).toHaveLength(1)
  })
})
