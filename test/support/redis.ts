/**
 * A real redis-server for the tests (Debian's; .ci/run installs it when missing): on a free loopback port, in
 * its own temporary folder, nothing persisted, stopped by its PID. It can be killed and started again on the
 * same port, as an operator's restart would.
 */
import type { Subprocess } from 'bun'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const REDIS_SERVER = Bun.which('redis-server') ?? '/usr/bin/redis-server'

export interface TestRedis {
  url: string
  port: number
  /** SIGKILL by PID: no goodbye to the clients, as a crash would be. */
  kill(): Promise<void>
  /** Start again on the same port, empty. */
  restart(): Promise<void>
  /** SIGSTOP / SIGCONT: the port stays open but nothing answers (a stalled Redis). */
  pause(): void
  resume(): void
  stop(): Promise<void>
}

export async function startRedis(): Promise<TestRedis> {
  const dir = mkdtempSync(join(tmpdir(), 'test-redis-'))
  const port = await freePort()
  let child: Subprocess | null = null

  const launch = async () => {
    child = Bun.spawn([REDIS_SERVER, '--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no'], {
      stdin: 'ignore',
      stdout: 'ignore',
      stderr: 'ignore',
    })
    const deadline = Date.now() + 10_000
    while (Date.now() < deadline) {
      if (await listening(port)) return
      await Bun.sleep(20)
    }
    throw new Error(`redis-server did not start on port ${port}`)
  }
  const kill = async () => {
    if (child === null) return
    const running = child
    child = null
    // A stopped (paused) process is woken first; one that already exited is not an error.
    for (const signal of ['SIGCONT', 'SIGKILL'] as const) {
      try {
        process.kill(running.pid, signal)
      } catch {}
    }
    await running.exited
  }

  // Never outlive the test process, whatever happens to its hooks.
  process.on('exit', () => {
    try {
      if (child !== null) process.kill(child.pid, 'SIGKILL')
    } catch {}
  })
  await launch()
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    kill,
    restart: launch,
    pause: () => child !== null && process.kill(child.pid, 'SIGSTOP'),
    resume: () => child !== null && process.kill(child.pid, 'SIGCONT'),
    async stop() {
      await kill()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** A port the OS had free a moment ago. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

/** Redis accepts connections once it is ready to serve (it loads nothing: no persistence). */
async function listening(port: number): Promise<boolean> {
  try {
    const socket = await Bun.connect({ hostname: '127.0.0.1', port, socket: { data() {} } })
    socket.end()
    return true
  } catch {
    return false
  }
}
