/**
 * Child processes for the multi-process tests and the benchmarks: a script that announces `READY <url>` on
 * stderr once it listens (the service, test/support/server-process.ts, or the benchmark's raw Bun.serve).
 */
import type { Subprocess } from 'bun'

export interface ChildProcess {
  url: string
  port: number
  child: Subprocess<'ignore', 'ignore' | 'pipe', 'pipe'>
  /** Resident memory in bytes, read from /proc. */
  rss(): Promise<number>
  /** SIGTERM, then SIGKILL if it has not exited within 5 s. */
  stop(): Promise<void>
}

export type ServerProcess = ChildProcess

const SERVER_SCRIPT = new URL('./server-process.ts', import.meta.url).pathname

/** Never contacted: for processes whose endpoints under test call no upstream. */
export const NOWHERE = 'http://127.0.0.1:9'

/**
 * The environment of a server process for community writes only: a database file, no reachable upstream. With
 * no chain API to ask, writers are not checked on chain and any well-formed unit is taken (COMMUNITY_MIN_ADA=0,
 * COMMUNITY_ANY_UNIT=1, as a private deployment may run), and the tests' one loopback client is not limited
 * per hour: these processes test the database's own limits, across processes and crashes.
 */
export function communityOnlyEnv(databaseFile: string): Record<string, string> {
  return {
    DATABASE_URL: `file:${databaseFile}`,
    COMMUNITY_MIN_ADA: '0',
    COMMUNITY_ANY_UNIT: '1',
    WRITES_PER_CLIENT_PER_HOUR: '0',
    DEXSCREENER_URL: NOWHERE,
    GECKOTERMINAL_URL: NOWHERE,
    KOIOS_URL: NOWHERE,
    COINGECKO_URL: NOWHERE,
    HANDLE_URL: NOWHERE,
  }
}

/** The service (startServer) in a child process on a port the OS chooses. Its request log is discarded. */
export function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  // The chain follower is off unless a test turns it on: its polls would add Koios calls to tests that count them.
  return startScript(SERVER_SCRIPT, [], { PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', CHAIN_FOLLOW: 'off', ...env })
}

/** Any script that prints `READY <url>` on stderr once it listens. */
export async function startScript(script: string, args: string[] = [], env: Record<string, string> = {}): Promise<ChildProcess> {
  const child = Bun.spawn(['bun', script, ...args], {
    env: { ...process.env, ...env },
    stdin: 'ignore',
    stdout: 'ignore',
    stderr: 'pipe',
  })
  const reader = child.stderr.getReader()
  const decoder = new TextDecoder()
  let text = ''
  const deadline = Date.now() + 20_000
  while (Date.now() < deadline) {
    const { done, value } = await reader.read()
    if (done) break
    text += decoder.decode(value)
    const match = /READY (\S+)\n/.exec(text)
    if (match === null) continue
    // Keep draining stderr so the child never blocks on a full pipe.
    void (async () => {
      for (;;) if ((await reader.read()).done) break
    })()
    const url = match[1].replace('0.0.0.0', '127.0.0.1')
    return {
      url,
      port: Number(new URL(url).port),
      child,
      async rss() {
        const status = await Bun.file(`/proc/${child.pid}/status`).text()
        return Number(status.match(/VmRSS:\s+(\d+) kB/)![1]) * 1024
      },
      async stop() {
        if (child.exitCode !== null || child.signalCode !== null) return
        child.kill('SIGTERM')
        await Promise.race([child.exited, Bun.sleep(5000)])
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
        await child.exited
      },
    }
  }
  child.kill('SIGKILL')
  throw new Error(`${script} did not start: ${text}`)
}
