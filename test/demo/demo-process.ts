/**
 * `bun run demo` as a newcomer runs it: scripts/demo.ts in its own process on a fresh database, read until its
 * banner is printed (the examples block ends with an empty line). For the tests that walk what the demo prints
 * and what it serves over minutes.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const ROOT = join(import.meta.dir, '..', '..')

export interface DemoProcess {
  /** `http://127.0.0.1:<port>` */
  origin: string
  /** Everything it printed up to the end of its banner. */
  banner: string
  /** What it wrote after the banner (its log lines at LOG_LEVEL, JSON) and to stderr, so far. */
  output: string[]
  stop(): Promise<void>
}

/** Read stdout until the banner is complete; the rest of stdout is collected line by line in the background. */
async function readBanner(stream: ReadableStream<Uint8Array>, rest: string[]): Promise<string> {
  const reader = stream.getReader()
  const decoder = new TextDecoder()
  let text = ''
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline && !/\nExamples\n[\s\S]*\n\n$/.test(text)) {
    const { done, value } = await reader.read()
    if (done) break
    text += decoder.decode(value)
  }
  void (async () => {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      rest.push(...decoder.decode(value).split('\n').filter(Boolean))
    }
  })()
  return text
}

/** Start the demo with `env` on top of the caller's environment (a free port, loopback, a fresh database). */
export async function startDemo(env: Record<string, string> = {}): Promise<DemoProcess> {
  const dir = mkdtempSync(join(tmpdir(), 'demo-process-'))
  const demo = Bun.spawn(['bun', 'scripts/demo.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATABASE_URL: `file:${join(dir, 'demo.db')}`, ...env },
    stdin: 'ignore',
    stdout: 'pipe',
    stderr: 'pipe',
  })
  const output: string[] = []
  void (async () => {
    const reader = demo.stderr.getReader()
    const decoder = new TextDecoder()
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      output.push(...decoder.decode(value).split('\n').filter(Boolean))
    }
  })()
  const stop = async () => {
    demo.kill('SIGTERM')
    await demo.exited
    rmSync(dir, { recursive: true, force: true })
  }
  const banner = await readBanner(demo.stdout, output)
  const origin = /https?:\/\/127\.0\.0\.1:\d+/.exec(banner)?.[0] ?? ''
  if (origin === '') {
    await stop()
    throw new Error(`the demo printed no URL:\n${banner}\n${output.join('\n')}`)
  }
  return { origin, banner, output, stop }
}
