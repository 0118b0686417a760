/**
 * The cached-route helper every cached GET route goes through: the endpoint's lifetime unless the request or
 * the read decides another, stale reads labelled, the origin in the key and the Vary of per-origin answers.
 */
import { describe, expect, it } from 'bun:test'
import { t, type TSchema } from 'elysia'
import { Memo } from '../../src/cache/memo'
import { originPolicy } from '../../src/http/base-url'
import { ClientIdentity } from '../../src/http/client-address'
import { cachedPerOrigin, cachedRoute } from '../../src/http/cached-route'
import { ResponseCache } from '../../src/http/response-cache'
import { isUpstreamFailure } from '../../src/upstream/errors'

function cache() {
  const memo = new Memo({ name: 'response', maxEntries: 100, maxBytes: 1_000_000, staleOnError: isUpstreamFailure })
  return new ResponseCache(memo)
}

const get = (url: string, host = 'example.test') => new Request(url, { headers: { host } })
const endpoint = { cacheSeconds: 45, response: t.Object({ n: t.Number() }) }

describe('cachedRoute', () => {
  it("answers with the endpoint's lifetime and reads once per key", async () => {
    const answer = cachedRoute(cache(), endpoint)
    let reads = 0
    const read = async () => ({ data: { n: ++reads }, stale: false })
    const first = await answer(get('http://example.test/a'), 'a', read)
    const second = await answer(get('http://example.test/a'), 'a', read)
    expect(first.headers.get('cache-control')).toBe('public, s-maxage=45')
    expect(await first.json()).toEqual({ n: 1 })
    expect(second.headers.get('x-cache')).toBe('HIT')
    expect(await second.json()).toEqual({ n: 1 })
    expect(reads).toBe(1)
  })

  it('takes a lifetime from the request, and a shorter one from the read', async () => {
    const answer = cachedRoute(cache(), endpoint)
    const perRequest = await answer(get('http://example.test/b'), 'b', async () => ({ data: { n: 1 }, stale: false }), 300)
    expect(perRequest.headers.get('cache-control')).toBe('public, s-maxage=300')
    const fromRead = await answer(get('http://example.test/c'), 'c', async () => ({ data: { n: 1 }, stale: false, ttlSeconds: 10 }), 300)
    expect(fromRead.headers.get('cache-control')).toBe('public, s-maxage=10')
  })

  it('labels an answer built from a stale read STALE', async () => {
    const answer = cachedRoute(cache(), endpoint)
    const response = await answer(get('http://example.test/d'), 'd', async () => ({ data: { n: 1 }, stale: true }))
    expect(response.headers.get('x-cache')).toBe('STALE')
  })

  it('checks JSON bodies against the response schema', async () => {
    // The read's type would refuse the wrong body; typed as `unknown` here to reach the check behind it.
    const answer = cachedRoute<TSchema, unknown>(cache(), endpoint)
    const build = (async () => answer(get('http://example.test/e'), 'e', async () => ({ data: { n: 'one' }, stale: false })))()
    await expect(build).rejects.toThrow()
  })

  it('builds a non-JSON answer with the given answer function', async () => {
    const answer = cachedRoute(cache(), { cacheSeconds: 60 }, { answer: (text: string) => ({ body: text, contentType: 'text/plain; charset=utf-8' }) })
    const response = await answer(get('http://example.test/f'), 'f', async () => ({ data: 'hello', stale: false }))
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    expect(await response.text()).toBe('hello')
  })

  it('refuses an endpoint without a lifetime (a write)', () => {
    expect(() => cachedRoute(cache(), { cacheSeconds: null })).toThrow()
  })
})

describe('cachedPerOrigin', () => {
  it("builds once for every origin, writes each caller's origin into its answer and says Vary: Host", async () => {
    const responses = cache()
    const answer = cachedPerOrigin(responses, endpoint)
    let builds = 0
    const read = async (origin: string) => {
      builds++
      return { data: { n: builds, logo: `${origin}/logo`, links: [`${origin}/a`, `${origin}/b`] }, stale: false }
    }
    const one = await answer(get('http://one.test/x', 'one.test'), 'x', read)
    const two = await answer(get('http://two.test:8080/x', 'two.test:8080'), 'x', read)
    const oneAgain = await answer(get('http://one.test/x', 'one.test'), 'x', read)
    expect(builds).toBe(1)
    expect(await one.json()).toEqual({ n: 1, logo: 'http://one.test/logo', links: ['http://one.test/a', 'http://one.test/b'] })
    expect(await two.json()).toEqual({ n: 1, logo: 'http://two.test:8080/logo', links: ['http://two.test:8080/a', 'http://two.test:8080/b'] })
    expect(await oneAgain.json()).toEqual({ n: 1, logo: 'http://one.test/logo', links: ['http://one.test/a', 'http://one.test/b'] })
    expect(one.headers.get('vary')).toContain('Host')
    expect(one.headers.get('etag')).toBe(oneAgain.headers.get('etag'))
    expect(one.headers.get('etag')).not.toBe(two.headers.get('etag'))
  })

  it('needs no Vary when PUBLIC_BASE_URL fixes the origin', async () => {
    const memo = new Memo({ name: 'response', maxEntries: 100, maxBytes: 1_000_000, staleOnError: isUpstreamFailure })
    const fixed = new ResponseCache(memo, Date.now, originPolicy('https://api.example.org', new ClientIdentity({ kind: 'hops', hops: 0 })))
    const answer = cachedPerOrigin(fixed, endpoint)
    const response = await answer(get('http://one.test/y', 'one.test'), 'y', async (origin) => ({ data: { n: origin.length }, stale: false }))
    expect(await response.json()).toEqual({ n: 'https://api.example.org'.length })
    expect(response.headers.get('vary') ?? '').not.toContain('Host')
  })
})
