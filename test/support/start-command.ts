/**
 * The start command (`bun src/index.ts`) as its own process: its stdout log lines until `until` holds (or 15 s pass),
 * plus whatever it writes in the `graceMs` after; then it is stopped with SIGTERM.
 */
export async function startCommandLog(env: Record<string, string>, until: (text: string) => boolean, graceMs = 0): Promise<string> {
  const child = Bun.spawn(['bun', 'src/index.ts'], {
    cwd: new URL('../..', import.meta.url).pathname,
    env: { ...process.env, ...env },
    stdin: 'ignore',
    stdout: 'pipe',
    stderr: 'ignore',
  })
  const reader = child.stdout.getReader()
  const decoder = new TextDecoder()
  let text = ''
  try {
    const deadline = Date.now() + 15_000
    while (Date.now() < deadline && !until(text)) {
      const { done, value } = await reader.read()
      if (done) break
      text += decoder.decode(value)
    }
    const graceEnds = Date.now() + graceMs
    while (Date.now() < graceEnds) {
      const chunk = await Promise.race([reader.read(), Bun.sleep(graceEnds - Date.now()).then(() => null)])
      if (chunk === null || chunk.done) break
      text += decoder.decode(chunk.value)
    }
  } finally {
    child.kill('SIGTERM')
    await child.exited
  }
  return text
}
