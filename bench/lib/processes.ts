import type { Subprocess } from 'bun'

export interface Child {
  port: number
  pid: number
  url: string
  /** Resident memory in bytes, read from /proc. */
  rss(): Promise<number>
  stop(): Promise<void>
}

/**
 * Start a Bun script that prints `READY <port>` on stderr once it listens. Its stdout (the request log) goes to
 * /dev/null: it is written as in production, and the benchmark spends no CPU reading it.
 */
export async function startChild(script: string, args: string[] = [], env: Record<string, string> = {}): Promise<Child> {
  const proc: Subprocess<'ignore', 'ignore', 'pipe'> = Bun.spawn(['bun', script, ...args], {
    env: { ...process.env, ...env },
    stdout: 'ignore',
    stderr: 'pipe',
  })
  const reader = proc.stderr.getReader()
  let text = ''
  const deadline = Date.now() + 15_000
  while (!/READY (\d+)/.test(text)) {
    if (Date.now() > deadline) throw new Error(`${script} did not start: ${text}`)
    const { value, done } = await reader.read()
    if (done) throw new Error(`${script} exited: ${text}`)
    text += new TextDecoder().decode(value)
  }
  // Keep draining stderr so the child never blocks on a full pipe.
  void (async () => {
    for (;;) if ((await reader.read()).done) break
  })()
  const port = Number(text.match(/READY (\d+)/)![1])
  return {
    port,
    pid: proc.pid,
    url: `http://127.0.0.1:${port}`,
    async rss() {
      const status = await Bun.file(`/proc/${proc.pid}/status`).text()
      return Number(status.match(/VmRSS:\s+(\d+) kB/)![1]) * 1024
    },
    async stop() {
      proc.kill('SIGTERM')
      await proc.exited
    },
  }
}
