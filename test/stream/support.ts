/**
 * The stream tests' harness: the real app listening on a loopback port (Elysia's listen, so its 30 s idle
 * timeout is the real one), against fake upstreams, on a clock the test moves; the screener refresh run by the
 * history scheduler's class on a manual timer, as the service's own refresh runs it.
 */
import { HistoryScheduler } from '../../src/modules/history/scheduler'
import { SAMPLE } from '../fake-upstreams/world'
import { startService, type TestService, type TestServiceOptions } from '../helpers'
import { ManualClock } from '../history/support'

export const SNEK = SAMPLE.snek

export interface StreamService {
  svc: TestService
  base: string
  /** The service's own screener refresh, on the manual clock, past every upstream copy's lifetime; resolves once its changes reached the hub. */
  refresh(): Promise<void>
  /** Set SNEK's price in source A's pairs (the next refresh reads it). */
  setSnekPrice(usd: number): void
  stop(): Promise<void>
}

export async function startStreamService(options: TestServiceOptions = {}): Promise<StreamService> {
  const svc = await startService({ ...options, env: { LOG_LEVEL: 'warn', ...options.env } })
  svc.app.listen({ port: 0, hostname: '127.0.0.1' })
  const base = `http://127.0.0.1:${svc.app.server!.port}`
  let offset = 0
  const clock = new ManualClock(() => Date.now() + offset)
  const scheduler = new HistoryScheduler({
    refreshMs: 45_000,
    refresh: () => svc.deps.services.tokens.screenerRefresh(''),
    rollUp: async () => {},
    clock,
    logger: svc.deps.logger,
  })
  return {
    svc,
    base,
    async refresh() {
      // Ten minutes on: every upstream copy has expired, so the refresh reads the fake upstreams afresh.
      offset += 600_000
      svc.advance(600_000)
      await scheduler.tick()
      await svc.deps.stream.settled()
    },
    setSnekPrice(usd) {
      for (const pair of svc.fake.world.dexscreener.pairs) {
        if ((pair.baseToken as { address?: string } | undefined)?.address === SNEK) pair.priceUsd = String(usd)
      }
    },
    async stop() {
      svc.deps.stream.close()
      await svc.app.stop(true)
      await svc.stop()
    },
  }
}

/** The events of an SSE body read raw (comments included), for asserting the framing itself. */
export async function readRaw(res: Response, until: (text: string) => boolean, timeoutMs = 5000): Promise<string> {
  const reader = res.body!.getReader()
  const decoder = new TextDecoder()
  let text = ''
  const deadline = Date.now() + timeoutMs
  while (!until(text)) {
    const left = deadline - Date.now()
    if (left <= 0) break
    const chunk = await Promise.race([reader.read(), Bun.sleep(left).then(() => null)])
    if (chunk === null || chunk.done) break
    text += decoder.decode(chunk.value, { stream: true })
  }
  reader.releaseLock()
  return text
}

/** Wait until `check` holds (polling), or fail with `what`. */
export async function waitFor(check: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await Bun.sleep(10)
  }
}
