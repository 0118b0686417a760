/** A service others can reach without PUBLIC_BASE_URL says once, at start, to set it. */
import { afterAll, describe, expect, it } from 'bun:test'
import { loadConfig } from '../../src/config'
import { isLoopbackHost, warnWithoutPublicBaseUrl } from '../../src/http/base-url'
import { Logger, memorySink } from '../../src/observability/logger'
import { FakeUpstreams } from '../fake-upstreams/server'
import { startCommandLog } from '../support/start-command'

const fake = await FakeUpstreams.start()
afterAll(() => fake.stop())

/** The start command's log lines until it listens, and a moment after (the warning follows; the log is flushed every 250 ms). */
async function startLines(env: Record<string, string>): Promise<Array<Record<string, unknown>>> {
  const text = await startCommandLog(
    { ...fake.env(), PORT: '0', DATABASE_URL: 'off', CHAIN_FOLLOW: 'off', LOG_LEVEL: 'info', ...env },
    (log) => log.includes('"msg":"listening"'),
    600,
  )
  return text.split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line))
}

describe('PUBLIC_BASE_URL at start', () => {
  it('warns in one line when HOST is not loopback and PUBLIC_BASE_URL is unset', async () => {
    const lines = await startLines({ HOST: '0.0.0.0' })
    const warnings = lines.filter((line) => String(line.msg).includes('PUBLIC_BASE_URL'))
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toMatchObject({ level: 'warn', host: '0.0.0.0', msg: expect.stringContaining('set PUBLIC_BASE_URL=') })
  }, 30_000)

  it('says nothing on loopback or with PUBLIC_BASE_URL set', () => {
    const linesFor = (env: Record<string, string>) => {
      const sink = memorySink()
      warnWithoutPublicBaseUrl(loadConfig(env), new Logger('info', sink))
      return sink.lines
    }
    expect(linesFor({ HOST: '127.0.0.1' })).toEqual([])
    expect(linesFor({ HOST: 'localhost' })).toEqual([])
    expect(linesFor({ HOST: '::1' })).toEqual([])
    expect(linesFor({ HOST: '0.0.0.0', PUBLIC_BASE_URL: 'https://api.example.org' })).toEqual([])
    expect(linesFor({})).toHaveLength(1)
    expect(linesFor({ HOST: '::' })).toHaveLength(1)
  })

  it('knows loopback hosts', () => {
    expect(['127.0.0.1', '127.1.2.3', '::1', '[::1]', 'localhost', '::ffff:127.0.0.1'].every(isLoopbackHost)).toBe(true)
    expect(['0.0.0.0', '::', '10.0.0.1', 'api.example.org', '128.0.0.1'].some(isLoopbackHost)).toBe(false)
  })
})
