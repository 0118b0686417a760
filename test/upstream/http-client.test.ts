import { afterAll, beforeEach, describe, expect, it } from 'bun:test'
import { TokenBucket } from '../../src/upstream/budget'
import { UpstreamError } from '../../src/upstream/errors'
import { UpstreamHttp, type UpstreamObserver } from '../../src/upstream/http-client'
import { FakeUpstreams } from '../fake-upstreams/server'

const fake = await FakeUpstreams.start()
afterAll(() => fake.stop())
beforeEach(() => {
  fake.heal()
  fake.resetCalls()
  for (const name of ['koios', 'geckoterminal'] as const) fake.delay(name, 0)
})

function client(options: { timeoutMs?: number; budget?: TokenBucket; observer?: UpstreamObserver } = {}) {
  return new UpstreamHttp({
    name: 'koios',
    baseUrl: fake.url('koios'),
    timeoutMs: options.timeoutMs ?? 2000,
    budget: options.budget ?? new TokenBucket(6000, 100),
    maxBudgetWaitMs: 200,
    observer: options.observer,
  })
}

async function failure(promise: Promise<unknown>): Promise<UpstreamError> {
  try {
    await promise
  } catch (error) {
    if (error instanceof UpstreamError) return error
    throw error
  }
  throw new Error('expected an UpstreamError')
}

describe('UpstreamHttp', () => {
  it("appends the real API's path to the base URL and parses JSON", async () => {
    const res = await client().get('/tip')
    expect(res.status).toBe(200)
    expect(Array.isArray(res.body)).toBe(true)
    expect(fake.callsTo('koios')[0].path).toBe('/tip')
  })

  it('retries once after a 500 and returns the second answer', async () => {
    fake.fail('koios', 'server_error', 1)
    const res = await client().get('/tip')
    expect(res.status).toBe(200)
    expect(fake.count('koios')).toBe(2)
  })

  it('gives up after one retry: two calls, then an http_error', async () => {
    fake.fail('koios', 'server_error')
    const error = await failure(client().get('/tip'))
    expect(error.failure).toBe('http_error')
    expect(fake.count('koios')).toBe(2)
  })

  it('does not retry a client error', async () => {
    const error = await failure(client().get('/no_such_rpc'))
    expect(error.failure).toBe('http_error')
    expect(fake.count('koios')).toBe(1)
  })

  it('reports a 429 as rate_limited', async () => {
    fake.fail('koios', 'rate_limited')
    expect((await failure(client().get('/tip'))).failure).toBe('rate_limited')
  })

  it('reports a 200 that is not JSON as invalid_json, without retrying', async () => {
    fake.fail('koios', 'garbage')
    expect((await failure(client().get('/tip'))).failure).toBe('invalid_json')
    expect(fake.count('koios')).toBe(1)
  })

  it('gives up on a stalled upstream at the deadline, not later', async () => {
    fake.fail('koios', 'stall')
    const started = performance.now()
    const error = await failure(client({ timeoutMs: 300 }).get('/tip'))
    const elapsed = performance.now() - started
    expect(error.failure).toBe('timeout')
    expect(elapsed).toBeGreaterThanOrEqual(290)
    expect(elapsed).toBeLessThan(800)
  })

  it('reports a refused connection as a network failure', async () => {
    fake.fail('koios', 'down')
    expect((await failure(client({ timeoutMs: 400 }).get('/tip'))).failure).toBe('network')
  })

  it('fails as over_budget without calling once the budget is spent', async () => {
    const budget = new TokenBucket(1, 2)
    const http = client({ budget })
    await http.get('/tip')
    await http.get('/tip')
    expect((await failure(http.get('/tip'))).failure).toBe('over_budget')
    expect(fake.count('koios')).toBe(2)
  })

  it('tells the observer about every attempt', async () => {
    const seen: string[] = []
    const observer: UpstreamObserver = { attempt: (_u, outcome) => seen.push(outcome), budgetWait: () => seen.push('wait') }
    fake.fail('koios', 'server_error', 1)
    await client({ observer }).get('/tip')
    expect(seen).toEqual(['http_error', 'ok'])
  })
})
