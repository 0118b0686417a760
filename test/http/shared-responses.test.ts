/**
 * Ready answers travel between instances as JSON (storedCodec): what another instance rebuilds from the shared
 * copy must answer byte for byte, header for header, like the original, in every content coding.
 */
import { describe, expect, it } from 'bun:test'
import { Memo } from '../../src/cache/memo'
import { newOriginMarker } from '../../src/http/origin-template'
import { ResponseCache, storedCodec } from '../../src/http/response-cache'
import { isUpstreamFailure } from '../../src/upstream/errors'

const body = { tokens: Array.from({ length: 200 }, (_, i) => ({ symbol: `T${i}`, priceUsd: i / 7 })) }

function cache(memo: Memo) {
  return new ResponseCache(memo)
}

function memo() {
  return new Memo({ name: 'response', maxEntries: 100, maxBytes: 10_000_000, staleOnError: isUpstreamFailure })
}

async function answer(responses: ResponseCache, encoding: string) {
  const res = await responses.serve(
    new Request('http://localhost/api/v1/tokens', { headers: { 'accept-encoding': encoding } }),
    'tokens',
    45,
    async () => ({ body }),
  )
  return { status: res.status, bytes: new Uint8Array(await res.arrayBuffer()), headers: Object.fromEntries(res.headers) }
}

describe('ready answers shared between instances', () => {
  it('rebuilds every coding from the shared JSON with the same bytes, ETag and headers', async () => {
    const original = memo()
    const first = cache(original)
    const before = await Promise.all(['identity', 'gzip', 'br'].map((e) => answer(first, e)))
    const stored = original.peek('tokens')
    // Through JSON, as Redis carries it.
    const decoded = storedCodec.decode(JSON.parse(JSON.stringify(storedCodec.encode(stored))))
    expect(decoded).not.toBeNull()

    const other = memo()
    await other.get('tokens', { ttlMs: 45_000 }, async () => decoded!.value)
    const second = cache(other)
    const after = await Promise.all(['identity', 'gzip', 'br'].map((e) => answer(second, e)))
    for (const [i, was] of before.entries()) {
      expect(after[i].status).toBe(was.status)
      expect(after[i].bytes).toEqual(was.bytes)
      const { 'x-cache': _a, age: _b, 'x-request-id': _c, ...sameHeaders } = was.headers
      expect(after[i].headers).toMatchObject(sameHeaders)
    }
    expect(new Set(after.map((a) => a.headers.etag)).size).toBe(3)
  })

  it('carries an answer that embeds the origin origin-free: the other instance writes in each caller’s origin', async () => {
    const original = memo()
    const marked = async (responses: ResponseCache, host: string) => {
      const res = await responses.serve(new Request(`http://${host}/api/v1/`, { headers: { host } }), 'index', 45, async () => {
        const marker = newOriginMarker()
        return { body: { baseUrl: `${marker}/api/v1`, docs: `${marker}/docs/` }, originMarker: marker }
      })
      return res.json()
    }
    expect(await marked(cache(original), 'one.example')).toEqual({ baseUrl: 'http://one.example/api/v1', docs: 'http://one.example/docs/' })
    const shared = JSON.parse(JSON.stringify(storedCodec.encode(original.peek('index'))))
    expect(JSON.stringify(shared)).not.toContain('one.example')
    const other = memo()
    await other.get('index', { ttlMs: 45_000 }, async () => storedCodec.decode(shared)!.value)
    expect(await marked(cache(other), 'two.example')).toEqual({ baseUrl: 'http://two.example/api/v1', docs: 'http://two.example/docs/' })
  })

  it('treats a value it cannot read as absent, and keeps community answers local', () => {
    expect(storedCodec.decode(null)).toBeNull()
    expect(storedCodec.decode({ status: 200 })).toBeNull()
    expect(storedCodec.decode({ status: 200, cacheControl: 'x', ttlSeconds: 1, stale: false, vary: null, representations: {} })).toBeNull()
    expect(storedCodec.shares('community|comments|abc|3')).toBe(false)
    expect(storedCodec.shares('tokens|https://api.example.org')).toBe(true)
  })
})
