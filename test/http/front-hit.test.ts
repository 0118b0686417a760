/**
 * A front-cache hit is a copy of an answer stamped once per second with its Age and X-Cache (the hot path keeps
 * them ready): what each hit still carries of its own, and that the stamp follows the clock and the cache state.
 */
import { describe, expect, it } from 'bun:test'
import { t } from 'elysia'
import { Memo } from '../../src/cache/memo'
import { cachedRoute } from '../../src/http/cached-route'
import { ResponseCache } from '../../src/http/response-cache'
import { isUpstreamFailure } from '../../src/upstream/errors'

const URL_A = 'http://example.test/a'
const body = { n: 1, text: 'x'.repeat(600) } // large enough to be stored in br and gzip too
const endpoint = { cacheSeconds: 60, response: t.Object({ n: t.Number(), text: t.String() }) }

async function primed(stale = false) {
  let clock = 1_000_000
  const now = () => clock
  const memo = new Memo({ name: 'response', maxEntries: 100, maxBytes: 1_000_000, staleOnError: isUpstreamFailure, now })
  const responses = new ResponseCache(memo, now)
  const answer = cachedRoute(responses, endpoint)
  const route = (load: () => Promise<{ data: typeof body; stale: boolean }>) => answer(new Request(URL_A, { headers: { host: 'example.test' } }), 'a', load)
  await route(async () => ({ data: body, stale }))
  const routeLookups: string[] = []
  const routeOf = (request: Request) => {
    routeLookups.push(request.url)
    return '/a'
  }
  const front = (requestId: string, headers: Record<string, string> = {}) => {
    const hit = responses.answerFromFront(new Request(URL_A, { headers: { host: 'example.test', ...headers } }), requestId, routeOf)
    if (hit === undefined) throw new Error('expected a front-cache answer')
    return hit
  }
  const fallsThrough = () => responses.answerFromFront(new Request(URL_A, { headers: { host: 'example.test' } }), 'x', routeOf) === undefined
  return { front, fallsThrough, route, routeLookups, advance: (ms: number) => void (clock += ms) }
}

describe('front-cache hits', () => {
  it('carry the route template, matched once per URL rather than on every hit', async () => {
    const { front, routeLookups } = await primed()
    const hits = [front('req-1'), front('req-2', { 'accept-encoding': 'br' }), front('req-3')]
    expect(hits.map((hit) => hit.route)).toEqual(['/a', '/a', '/a'])
    expect(routeLookups).toEqual([URL_A])
  })

  it('give every hit its own request id over the same stamped answer, and an Age that follows the clock', async () => {
    const { front, advance } = await primed()
    const one = front('req-1')
    const two = front('req-2')
    expect(one.response.headers.get('x-request-id')).toBe('req-1')
    expect(two.response.headers.get('x-request-id')).toBe('req-2')
    expect([one.cache, two.cache]).toEqual(['HIT', 'HIT'])
    expect(two.response.headers.get('x-cache')).toBe('HIT')
    expect(two.response.headers.get('age')).toBe('0')
    expect(await one.response.json()).toEqual(body)
    expect(await two.response.json()).toEqual(body)
    advance(2_500)
    const later = front('req-3')
    expect(later.response.headers.get('age')).toBe('2')
    expect(later.response.headers.get('x-request-id')).toBe('req-3')
    expect(await later.response.json()).toEqual(body)
  })

  it('answer If-None-Match with a 304 per coding that carries the 200 headers a cache needs and its own request id', async () => {
    const { front, advance } = await primed()
    const ok = front('req-1', { 'accept-encoding': 'br' }).response
    const etag = ok.headers.get('etag')!
    expect(ok.headers.get('content-encoding')).toBe('br')
    const conditional = { 'accept-encoding': 'br', 'if-none-match': etag }
    const first = front('req-2', conditional).response
    const second = front('req-3', conditional).response
    expect([first.status, second.status]).toEqual([304, 304])
    expect(await first.text()).toBe('')
    expect(second.headers.get('x-request-id')).toBe('req-3')
    expect(second.headers.get('etag')).toBe(etag)
    expect(second.headers.get('vary')).toBe(ok.headers.get('vary'))
    expect(second.headers.get('cache-control')).toBe(ok.headers.get('cache-control'))
    expect(second.headers.get('access-control-allow-origin')).toBe('*')
    expect(second.headers.get('x-cache')).toBe('HIT')
    advance(1_000)
    expect(front('req-4', conditional).response.headers.get('age')).toBe('1')
    // The br ETag is not the identity one: an identity request with it gets the 200.
    expect(front('req-5', { 'if-none-match': etag }).response.status).toBe(200)
  })

  it('keep the stale marker on answers built from stale inputs', async () => {
    const { front } = await primed(true)
    const hit = front('req-1')
    expect(hit.cache).toBe('STALE')
    expect(hit.response.headers.get('x-cache')).toBe('STALE')
    expect(front('req-2', { 'if-none-match': hit.response.headers.get('etag')! }).response.headers.get('x-cache')).toBe('STALE')
  })

  it('answer an expired URL while its refresh runs (STALE), and leave it to the route until one runs', async () => {
    const { front, fallsThrough, route, advance } = await primed()
    advance(61_000) // past the 60 s lifetime, inside stale-while-revalidate
    // No refresh running: the route must see the request, since it is what starts one.
    expect(fallsThrough()).toBe(true)
    let finish: (value: { data: typeof body; stale: boolean }) => void = () => {}
    const routed = await route(() => new Promise((resolve) => (finish = resolve)))
    expect(routed.headers.get('x-cache')).toBe('STALE')
    // The refresh is running: the front answers with the old copy, labelled, its Age past the lifetime.
    const during = front('req-1')
    expect(during.cache).toBe('STALE')
    expect(during.response.headers.get('x-cache')).toBe('STALE')
    expect(during.response.headers.get('age')).toBe('61')
    expect(await during.response.json()).toEqual(body)
    finish({ data: { ...body, n: 2 }, stale: false })
    await Bun.sleep(0)
    const after = front('req-2')
    expect(after.cache).toBe('HIT')
    expect(await after.response.json()).toEqual({ ...body, n: 2 })
  })
})
