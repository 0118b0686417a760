/**
 * A TypeScript client generated from the OpenAPI document, as an integrator makes one: the openapi-typescript
 * CLI reads /api/v1/openapi.json from the service running as its own process and writes the types; tsc checks
 * them together with a small openapi-fetch client (openapi-client/read-api.ts, its own tsconfig); then that
 * client reads the screener, a token, candles, a wallet and the market from the same process, at the base URL
 * the document names as its server.
 */
import { afterAll, describe, expect, it } from 'bun:test'
import { mkdirSync, rmSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { FakeUpstreams } from '../fake-upstreams/server'
import { SAMPLE } from '../fake-upstreams/world'
import { startServerProcess } from '../support/processes'

const fake = await FakeUpstreams.start()
const server = await startServerProcess({ ...fake.env(), DATABASE_URL: 'off', COINGECKO_API_KEY: 'test', GECKOTERMINAL_RPM: '6000' })
const ROOT = join(import.meta.dir, '..', '..')
const CLIENT_DIR = join(import.meta.dir, 'openapi-client')
const GENERATED = join(CLIENT_DIR, 'generated')

afterAll(async () => {
  rmSync(GENERATED, { recursive: true, force: true })
  await server.stop()
  await fake.stop()
})

const packageBin = (name: string, bin: string) => join(dirname(Bun.resolveSync(`${name}/package.json`, ROOT)), bin)

async function run(command: string[]): Promise<{ code: number; output: string }> {
  const child = Bun.spawn(command, { cwd: ROOT, stdout: 'pipe', stderr: 'pipe', env: { ...process.env, NO_COLOR: '1' } })
  const [out, err] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text()])
  return { code: await child.exited, output: out + err }
}

describe('a TypeScript client generated with openapi-typescript, used with openapi-fetch', () => {
  it('generates, type-checks with tsc, and reads the screener, a token, candles, a wallet and the market', async () => {
    rmSync(GENERATED, { recursive: true, force: true })
    mkdirSync(GENERATED, { recursive: true })
    const documentUrl = `${server.url}/api/v1/openapi.json`
    const generate = await run([process.execPath, packageBin('openapi-typescript', 'bin/cli.js'), documentUrl, '-o', join(GENERATED, 'api.ts')])
    expect({ code: generate.code, output: generate.code === 0 ? '' : generate.output }).toEqual({ code: 0, output: '' })

    const typecheck = await run([process.execPath, packageBin('typescript', 'bin/tsc'), '-p', join(CLIENT_DIR, 'tsconfig.json')])
    expect({ code: typecheck.code, output: typecheck.output }).toEqual({ code: 0, output: '' })

    const document = await (await fetch(documentUrl)).json()
    const client = await run([process.execPath, join(CLIENT_DIR, 'read-api.ts'), document.servers[0].url, SAMPLE.snek, `${'ab'.repeat(28)}00`, SAMPLE.stakeAddress])
    expect(client.code).toBe(0)
    const reads = JSON.parse(client.output)

    expect(reads.screenerCount).toBe(68) // every token of the bundled registry
    expect(reads.symbols).toContain('SNEK')
    expect(reads.token.symbol).toBe('SNEK')
    expect(reads.token.priceUsd).toBeGreaterThan(0)
    expect(reads.token.pairSources).toContain('source_a')
    expect(reads.unknownToken).toEqual({ status: 404, error: 'Token not found' })
    expect(reads.candles.length).toBeGreaterThan(0)
    const times: number[] = reads.candles.map((candle: { time: number }) => candle.time)
    expect(times).toEqual([...times].sort((a, b) => a - b))
    expect(reads.wallet.stakeAddress).toBe(SAMPLE.stakeAddress)
    expect(reads.wallet.holdings).toBeGreaterThan(0)
    expect(reads.market.days).toBe(7)
    expect(reads.market.adaUsd).toBeGreaterThan(0)
    expect(reads.market.series.length).toBeGreaterThan(1)
    for (const point of reads.market.series) expect(point).toEqual([expect.any(Number), expect.any(Number)])
  }, 60_000)
})
