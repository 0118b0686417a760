/**
 * Repetitive log lines are budgeted: a churn of live streams opened and closed, many of them refused, writes a
 * bounded log (one line per request and per closed stream wrote 85 MB in 40 s before), and the metrics still count
 * every request, every close and every line left out.
 */
import { afterAll, describe, expect, it } from 'bun:test'
import { SNEK, startStreamService } from '../stream/support'

const s = await startStreamService({ env: { LOG_LEVEL: 'info', STREAM_MAX_PER_CLIENT: '4' } })
afterAll(() => s.stop())

const CHURN_SECONDS = 6
/** The bound: under 5 MB for 40 s of churn. */
const BYTES_PER_SECOND = (5 * 1024 * 1024) / 40

describe('the log under stream churn', () => {
  it(`stays within ${Math.round(BYTES_PER_SECOND / 1024)} KB a second, with every request and close counted in the metrics`, async () => {
    const logged = () => s.svc.logLines.reduce((sum, line) => sum + line.length, 0)
    const before = logged()
    const started = Date.now()
    let requests = 0
    let opened = 0
    await Promise.all(
      Array.from({ length: 12 }, async () => {
        while (Date.now() - started < CHURN_SECONDS * 1000) {
          const res = await fetch(`${s.base}/api/v1/stream?topics=token:${SNEK}`)
          requests++
          if (res.status === 200) {
            opened++
            const reader = res.body!.getReader()
            await reader.read()
            await reader.cancel()
          } else await res.arrayBuffer()
        }
      }),
    )
    const seconds = (Date.now() - started) / 1000
    await Bun.sleep(300)
    const bytes = logged() - before
    // Enough churn to matter: well over the request budget (200 lines a second).
    expect(requests).toBeGreaterThan(300 * CHURN_SECONDS)
    expect(bytes).toBeLessThan(BYTES_PER_SECOND * seconds)

    const metrics = await (await fetch(`${s.base}/metrics`)).text()
    const value = (pattern: RegExp) => Number(pattern.exec(metrics)?.[1] ?? NaN)
    const counted = [...metrics.matchAll(/^http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/stream",status="\d+"\} (\d+)/gm)]
    expect(counted.reduce((sum, m) => sum + Number(m[1]), 0)).toBe(requests)
    expect(value(/^stream_closed\{reason="client closed"\} (\d+)/m)).toBeGreaterThanOrEqual(opened - 12)
    expect(value(/^log_lines_left_out\{kind="request"\} (\d+)/m)).toBeGreaterThan(0)
    expect(value(/^log_lines_left_out\{kind="stream closed"\} (\d+)/m)).toBeGreaterThan(0)
    // The log says what it left out.
    const summaries = s.svc.logLines.filter((line) => line.includes('log lines left out')).map((line) => JSON.parse(line))
    expect(summaries.some((line) => line.kind === 'request' && line.count > 0)).toBe(true)
  }, 60_000)
})
