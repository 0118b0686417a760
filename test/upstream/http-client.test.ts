import { afterAll, beforeEach, describe, expect, it } from 'bun:test'
import { MemoryBudgetLedger, type BudgetLedger, type LaneLimits } from '../../src/upstream/budget-ledger'
import { asCore, declareChain, endRequest, forClient, newRequestChain } from '../../src/upstream/call-context'
import { FairShareRefusal, isUpstreamFailure, UpstreamError } from '../../src/upstream/errors'
import { UpstreamHttp, type UpstreamObserver } from '../../src/upstream/http-client'
import { Memo } from '../../src/cache/memo'
import { memoised } from '../../src/upstream/fetched'
import { FakeUpstreams } from '../fake-upstreams/server'

const fake = await FakeUpstreams.start()
afterAll(() => fake.stop())
beforeEach(() => {
  fake.heal()
  fake.resetCalls()
  for (const name of ['koios', 'geckoterminal'] as const) fake.delay(name, 0)
})

/** Koios's lanes as given; the other upstreams unused. */
function ledger(core: number, longTail: number): MemoryBudgetLedger {
  const lanes = { core: { perMinute: core }, long_tail: { perMinute: longTail } }
  return new MemoryBudgetLedger({ dexscreener: lanes, geckoterminal: lanes, koios: lanes, coingecko: lanes, handle: lanes } as LaneLimits)
}

const NO_OBSERVER: UpstreamObserver = { attempt: () => {}, budgetWait: () => {}, granted: () => {}, refused: () => {} }

function client(options: { timeoutMs?: number; budget?: BudgetLedger; observer?: UpstreamObserver } = {}) {
  return new UpstreamHttp({
    name: 'koios',
    baseUrl: fake.url('koios'),
    timeoutMs: options.timeoutMs ?? 2000,
    budget: options.budget ?? ledger(6000, 6000),
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
    const http = client({ budget: ledger(2, 2) })
    await forClient('a', () => http.get('/tip'))
    await forClient('b', () => http.get('/tip'))
    expect((await failure(forClient('c', () => http.get('/tip')))).failure).toBe('over_budget')
    expect(fake.count('koios')).toBe(2)
  })

  it('refuses a client over its fair share of the long tail at once, while another client is served', async () => {
    // 6 a minute: alone, a client may hold 6 / 2 = 3 (one share kept for a newcomer).
    const http = client({ budget: ledger(2, 6) })
    for (let i = 0; i < 3; i++) await forClient('flood', () => http.get('/tip'))
    const refused = await failure(forClient('flood', () => http.get('/tip')))
    expect(refused).toBeInstanceOf(FairShareRefusal)
    expect((refused as FairShareRefusal).retryAfterMs).toBeGreaterThan(0)
    expect((await forClient('other', () => http.get('/tip'))).status).toBe(200)
    expect(fake.count('koios')).toBe(4)
  })

  it("does not pass one client's refusal to another client sharing the same cached read", async () => {
    const http = client({ budget: ledger(1, 6) })
    const memo = new Memo({ name: 'test', maxEntries: 100, maxBytes: 1e6, staleOnError: isUpstreamFailure })
    for (let i = 0; i < 3; i++) await forClient('flood', () => http.get('/tip'))
    const read = () => memoised(memo, 'koios:tip-test', { ttlMs: 60_000 }, async () => (await http.get('/tip')).body)
    // Both ask at once: single flight shares the flood's load, which its share refuses.
    const [flood, other] = await Promise.allSettled([forClient('flood', read), forClient('other', read)])
    expect(flood.status === 'rejected' && flood.reason).toBeInstanceOf(FairShareRefusal)
    expect(other.status).toBe('fulfilled')
    expect(fake.count('koios')).toBe(4)
  })

  it('keeps the core share for core reads whatever the long tail spent', async () => {
    const http = client({ budget: ledger(2, 2) })
    await forClient('a', () => http.get('/tip'))
    await forClient('b', () => http.get('/tip'))
    expect((await failure(forClient('c', () => http.get('/tip')))).failure).toBe('over_budget')
    await forClient('c', () => asCore(() => http.get('/tip')))
    await asCore(() => http.get('/tip'))
    expect(fake.count('koios')).toBe(4)
    expect((await failure(asCore(() => http.get('/tip')))).failure).toBe('over_budget')
  })

  it("admits a request's parallel cold calls once: the chain declared is granted once, its calls spend it", async () => {
    const budget = ledger(6000, 6000)
    const http = client({ budget })
    const chain = newRequestChain()
    const longTail = async () => (await budget.usage()).koios.windows.find((w) => w.window === 'minute' && w.lane === 'long_tail')!.used
    await forClient(
      'x',
      async () => {
        declareChain({ koios: 3 })
        // Three reads at once, as a report's sections are read: one admission for the three, not three of three.
        await Promise.all([http.get('/tip'), http.get('/tip'), http.get('/tip')])
      },
      chain,
    )
    endRequest(chain)
    expect(fake.count('koios')).toBe(3)
    expect(await longTail()).toBe(3)
  })

  it('tells the observer about every attempt and the lane of every call let through', async () => {
    const seen: string[] = []
    const observer: UpstreamObserver = {
      ...NO_OBSERVER,
      attempt: (_u, outcome) => seen.push(outcome),
      granted: (_u, lane) => seen.push(`granted:${lane}`),
      refused: (_u, lane, reason) => seen.push(`refused:${lane}:${reason}`),
    }
    fake.fail('koios', 'server_error', 1)
    await asCore(() => client({ observer }).get('/tip'))
    expect(seen).toEqual(['granted:core', 'http_error', 'granted:core', 'ok'])
    seen.length = 0
    const tight = client({ observer, budget: ledger(1, 2) })
    await forClient('x', () => tight.get('/tip'))
    await failure(forClient('x', () => tight.get('/tip')))
    expect(seen).toEqual(['granted:long_tail', 'ok', 'refused:long_tail:fair_share', 'fair_share'])
  })
})
