/**
 * A second process on a port already in use must fail to start (Bun would otherwise share the port through
 * SO_REUSEPORT and requests would split between the two), with one line on stderr naming the port.
 */
import { afterAll, expect, test } from 'bun:test'
import { NOWHERE, startServerProcess, type ServerProcess } from '../support/processes'

const UNREACHABLE = { DEXSCREENER_URL: NOWHERE, GECKOTERMINAL_URL: NOWHERE, KOIOS_URL: NOWHERE, COINGECKO_URL: NOWHERE, HANDLE_URL: NOWHERE }
let first: ServerProcess | undefined

afterAll(async () => {
  await first?.stop()
})

test.each([['the start command', 'src/index.ts'], ['the demo', 'scripts/demo.ts']])('%s on a port another process holds exits 1 with one line naming the port, no stack trace', async (_name, script) => {
  first ??= await startServerProcess({ DATABASE_URL: 'off', ...UNREACHABLE })
  const second = Bun.spawn(['bun', script], {
    cwd: new URL('../..', import.meta.url).pathname,
    env: { ...process.env, ...UNREACHABLE, PORT: String(first.port), HOST: '127.0.0.1', DATABASE_URL: 'off', LOG_LEVEL: 'silent' },
    stdin: 'ignore',
    stdout: 'pipe',
    stderr: 'pipe',
  })
  const exited = await Promise.race([second.exited, Bun.sleep(15_000).then(() => 'still running' as const)])
  if (exited === 'still running') second.kill('SIGKILL')
  expect(exited).toBe(1)
  const lines = (await new Response(second.stderr).text()).trim().split('\n')
  expect(lines).toHaveLength(1)
  expect(lines[0]).toContain(`port ${first.port}`)
  expect(lines[0]).toContain('in use')
  // The first process still answers alone.
  expect((await fetch(`${first.url}/healthz`)).status).toBe(200)
}, 30_000)
