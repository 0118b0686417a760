/**
 * The request metrics' series lookup: each label set keeps its own counts, whether requests for one route come in
 * a run (the last-asked cache answers) or interleaved with others (the index answers).
 */
import { describe, expect, it } from 'bun:test'
import { FastCounter, FastHistogram } from '../../src/observability/fast-metrics'
import { Metrics } from '../../src/observability/metrics'

describe('fast metrics', () => {
  it('count runs and interleaved label sets each in their own series', () => {
    const counter = new FastCounter('events_total', 'Events.', ['cache', 'event'])
    const sequence: Array<[string, string]> = [
      ['response', 'hit'], ['response', 'hit'], ['response', 'miss'], ['response', 'hit'],
      ['upstream', 'hit'], ['response', 'hit'], ['upstream', 'hit'], ['upstream', 'stale'],
    ]
    for (const labels of sequence) counter.inc([...labels])
    const text = counter.render()
    expect(text).toContain('events_total{cache="response",event="hit"} 4')
    expect(text).toContain('events_total{cache="response",event="miss"} 1')
    expect(text).toContain('events_total{cache="upstream",event="hit"} 2')
    expect(text).toContain('events_total{cache="upstream",event="stale"} 1')
  })

  it('keep a status apart from the same route with another status', () => {
    const histogram = new FastHistogram('duration_seconds', 'Durations.', ['method', 'route', 'status'], [0.01, 1])
    histogram.observe(['GET', '/a', 200], 0.001)
    histogram.observe(['GET', '/a', 304], 0.001)
    histogram.observe(['GET', '/a', 304], 0.5)
    histogram.observe(['GET', '/a', 200], 0.001)
    const text = histogram.render()
    expect(text).toContain('duration_seconds_count{method="GET",route="/a",status="200"} 2')
    expect(text).toContain('duration_seconds_bucket{method="GET",route="/a",status="304",le="0.01"} 1')
    expect(text).toContain('duration_seconds_bucket{method="GET",route="/a",status="304",le="1"} 2')
  })

  it('keep each request label set apart when one label array is reused for every request', async () => {
    const metrics = new Metrics()
    metrics.request('GET', '/api/v1/tokens', 200, 0.001)
    metrics.request('GET', '/api/v1/tokens/:asset', 200, 0.001)
    metrics.request('GET', '/api/v1/tokens', 304, 0.001)
    metrics.request('GET', '/api/v1/tokens', 200, 0.001)
    metrics.request('POST', '/api/v1/tokens/:asset/boost', 201, 0.001)
    const { body } = await metrics.render()
    const count = (labels: string) => body.match(new RegExp(`_count\\{${labels.replace(/[/:]/g, (c) => `\\${c}`)}\\} (\\d+)`))?.[1]
    expect(count('method="GET",route="/api/v1/tokens",status="200"')).toBe('2')
    expect(count('method="GET",route="/api/v1/tokens",status="304"')).toBe('1')
    expect(count('method="GET",route="/api/v1/tokens/:asset",status="200"')).toBe('1')
    expect(count('method="POST",route="/api/v1/tokens/:asset/boost",status="201"')).toBe('1')
  })
})
