import type { TSchema } from '@sinclair/typebox'
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler'
import type { CacheState, Memo } from '../cache/memo'
import { originPolicy as hostOrigin, type OriginPolicy } from './base-url'
import { ClientIdentity } from './client-address'
import { compress, compressible, preferredCoding, type Coding } from './content-coding'
import { CORS_HEADERS, markComplete, type FrontAnswer } from './observe'
import { OriginRenderings, splitOnMarker } from './origin-template'
import { requestIdOf } from './request-id'
import { pathAndQuery } from './request-path'

/** What an endpoint builds once per cache lifetime. */
export interface Built {
  /** A JSON value, or bytes / text with `contentType`. */
  body: unknown
  contentType?: string
  /** 200 unless said otherwise (the logo's redirect tier is a 302). */
  status?: number
  headers?: Record<string, string>
  /** Overrides the endpoint's lifetime (the logo's tiers differ). */
  ttlSeconds?: number
  /** Built from stale upstream copies, or degraded: labelled STALE and kept only briefly. */
  stale?: boolean
  /** The Cache-Control for the answer's lifetime, when not `public, s-maxage=<lifetime>` (logos add max-age). */
  cacheControl?: (ttlSeconds: number) => string
  /**
   * The text standing for the caller's origin in the body (origin-template.ts): the answer is kept origin-free
   * and each caller's origin is written in when it is served.
   */
  originMarker?: string
}

/**
 * One content coding of a stored answer, as plain data (bytes and headers) so it could be kept outside this
 * process: the headers are every one it always carries (content type and coding, cache control, ETag, Vary,
 * CORS, extras).
 */
export interface Representation {
  body: Uint8Array | null
  headers: Record<string, string>
  /** Its own strong ETag ('' without a body): each coding is a different representation (RFC 9110 8.8.3). */
  etag: string
}

/** The answer in each content coding as a caller gets it: ready Responses over shared bytes. */
interface Rendering {
  /** Identity always; br and gzip for compressible bodies, compressed once rather than per hit. */
  representations: { identity: Representation } & Partial<Record<Coding, Representation>>
  /**
   * Each representation as a ready Response. Each hit answers a clone: a clone shares the body bytes, where
   * `new Response(bytes)` copies them (measured on a 44 KB body: 0.7 µs against 4.7 µs).
   */
  prototypes: Partial<Record<Coding, Response>>
  /**
   * Per coding, the 200 and the 304 with the Age and X-Cache of the current second already written (both change
   * at most once a second): a hit clones one and writes one header, its request id. Writing headers on a clone
   * measured ~1,700 instructions each, and a 304 built from a header object per hit ~12,000.
   */
  stamped: { ok: Partial<Record<Coding, Stamp>>; notModified: Partial<Record<Coding, Stamp>> }
}

interface Stored {
  status: number
  /** Body sizes in bytes, every coding counted, plus the stamped answers' headers: the cache's byte bound. */
  size: number
  cacheControl: string
  /** The Vary header (a 304 carries it too), or null. */
  vary: string | null
  ttlSeconds: number
  stale: boolean
  /**
   * As stored and shared: every coding of the answer, or for an answer that embeds the origin its origin-free
   * identity bytes (with `originMarker` where the origin goes; no ETag: no caller gets these bytes).
   */
  representations: { identity: Representation } & Partial<Record<Coding, Representation>>
  originMarker: string | null
  /** The answer as served, when it embeds no origin. */
  fixed: Rendering | null
  /** The renderings per origin of an answer that embeds it. */
  origins: OriginRenderings<Rendering> | null
}

interface Stamp {
  age: number
  state: CacheState
  response: Response
}

/** A stored answer as plain data: what travels between instances (see storedCodec). */
type StoredData = Omit<Stored, 'size' | 'fixed' | 'origins'>

/** The stored answer with its ready Responses (or its per-origin renderings) and byte size. */
function ready(data: StoredData): Stored {
  if (data.originMarker === null) {
    const fixed = rendering(data.status, data.representations)
    return { ...data, size: renderingSize(fixed), fixed, origins: null }
  }
  const template = data.representations.identity
  const origins = new OriginRenderings(
    splitOnMarker(template.body ?? new Uint8Array(), data.originMarker),
    (body, keep) => rendering(data.status, representationsOf(body, template.headers, keep)),
    renderingSize,
  )
  return { ...data, size: (template.body?.byteLength ?? 0) + headersSize(template.headers), fixed: null, origins }
}

function rendering(status: number, representations: Rendering['representations']): Rendering {
  const prototypes: Rendering['prototypes'] = {}
  for (const [coding, r] of Object.entries(representations) as [Coding, Representation][]) {
    prototypes[coding] = new Response(r.body as BodyInit | null, { status, headers: r.headers })
  }
  return { representations, prototypes, stamped: { ok: {}, notModified: {} } }
}

/** The prototype and the stamped 200 and 304 share the body; each holds its own copy of the headers. */
function renderingSize(r: Rendering): number {
  let size = 0
  for (const rep of Object.values(r.representations) as Representation[]) size += (rep.body?.byteLength ?? 0) + 3 * headersSize(rep.headers)
  return size
}

/**
 * The representations of a body with the headers every one carries (content type, cache control, Vary, CORS,
 * extras): identity always, br and gzip too when the body is compressible and `compressNow` (an answer kept for
 * many hits; a one-off origin's rendering is served once and not worth compressing).
 */
function representationsOf(body: Uint8Array | null, headers: Record<string, string>, compressNow: boolean): Rendering['representations'] {
  const representation = (bytes: Uint8Array | null, coding: Coding): Representation => {
    const etag = bytes === null ? '' : strongEtag(bytes)
    const own: Record<string, string> = { ...headers }
    if (etag !== '') own.etag = etag
    if (coding !== 'identity') own['content-encoding'] = coding
    return { body: bytes, headers: own, etag }
  }
  const representations: Rendering['representations'] = { identity: representation(body, 'identity') }
  if (compressNow && body !== null && compressible(headers['content-type'] ?? '')) {
    const compressed = compress(body)
    if (compressed.br !== undefined) representations.br = representation(compressed.br, 'br')
    if (compressed.gzip !== undefined) representations.gzip = representation(compressed.gzip, 'gzip')
  }
  return representations
}

const CODINGS: Coding[] = ['identity', 'br', 'gzip']

/** An estimate of one Response's header copy: the text plus the objects around it. */
function headersSize(headers: Record<string, string>): number {
  let bytes = 128
  for (const name in headers) bytes += name.length + headers[name].length + 32
  return bytes
}

/**
 * Ready answers as JSON for a cache shared by several instances (REDIS_URL): bodies in base64, Responses rebuilt
 * on arrival. Community answers stay local: their keys carry this instance's own write generations (see
 * community/cache-keys.ts), which mean nothing to another instance.
 */
export const storedCodec = {
  shares: (key: string): boolean => !key.startsWith('community|'),
  encode(value: unknown): unknown {
    if (!isStored(value)) return null
    const representations: Record<string, { body: string | null; headers: Record<string, string>; etag: string }> = {}
    for (const coding of CODINGS) {
      const r = value.representations[coding]
      if (r !== undefined) representations[coding] = { ...r, body: r.body === null ? null : r.body.toBase64() }
    }
    const { status, cacheControl, vary, ttlSeconds, stale, originMarker } = value
    return { status, cacheControl, vary, ttlSeconds, stale, originMarker, representations }
  },
  decode(json: unknown): { value: Stored } | null {
    const data = readStoredData(json)
    return data === null ? null : { value: ready(data) }
  },
}

function isStored(value: unknown): value is Stored {
  return typeof value === 'object' && value !== null && 'origins' in value && 'representations' in value
}

/** The plain data of a shared answer, checked field by field (another writer's or a cut value is absent). */
function readStoredData(json: unknown): StoredData | null {
  if (typeof json !== 'object' || json === null) return null
  const { status, cacheControl, vary, ttlSeconds, stale, representations, originMarker = null } = json as Record<string, unknown>
  if (typeof status !== 'number' || typeof cacheControl !== 'string' || typeof ttlSeconds !== 'number') return null
  if (originMarker !== null && typeof originMarker !== 'string') return null
  if (typeof stale !== 'boolean' || (vary !== null && typeof vary !== 'string')) return null
  if (typeof representations !== 'object' || representations === null) return null
  const read: Partial<Record<Coding, Representation>> = {}
  for (const coding of CODINGS) {
    const r = (representations as Record<string, unknown>)[coding]
    if (r === undefined) continue
    if (typeof r !== 'object' || r === null) return null
    const { body, headers, etag } = r as Record<string, unknown>
    if ((body !== null && typeof body !== 'string') || typeof etag !== 'string' || typeof headers !== 'object' || headers === null) return null
    read[coding] = { body: body === null ? null : Uint8Array.fromBase64(body), headers: headers as Record<string, string>, etag }
  }
  const identity = read.identity
  if (identity === undefined) return null
  return { status, cacheControl, vary, ttlSeconds, stale, originMarker, representations: { ...read, identity } }
}

/** A response built from stale or degraded inputs is retried this soon, whatever the endpoint's lifetime. */
export const STALE_TTL_SECONDS = 10
const JSON_TYPE = 'application/json; charset=utf-8'
const MAX_FRONT_URLS = 50_000
/** The front cache's URLs and keys together, in characters: long query strings (a batch of 100 units is 12 KB) count. */
const MAX_FRONT_CHARS = 16 * 1024 * 1024

/** Where a front-cache URL leads: its cache key, and its route template once a front hit has needed it. */
interface FrontRoute {
  key: string
  route: string | undefined
}

/**
 * Cached endpoint answers, kept as ready bytes with a strong ETag so a hit costs no serialisation or
 * validation: the bytes are validated against the response schema once, when the entry is filled.
 * Sits on the shared Memo, so answers get single flight, stale-while-revalidate and stale-on-error too.
 */
export class ResponseCache {
  private readonly checks = new WeakMap<TSchema, TypeCheck<TSchema>>()
  /**
   * GET paths (with their query) already answered from a cache key: the front cache. The Host is not part of it:
   * an answer that embeds the origin is one entry for every origin (origin-template.ts).
   */
  private readonly routeByUrl = new Map<string, FrontRoute>()
  /** Characters of the URLs and keys in routeByUrl (bounded with the count: a URL may be long). */
  private frontChars = 0

  constructor(
    private readonly memo: Memo,
    private readonly now: () => number = Date.now,
    /** Whose origin an answer that embeds one is served with (cached-route.ts builds such answers). */
    readonly originPolicy: OriginPolicy = hostOrigin(null, new ClientIdentity({ kind: 'hops', hops: 0 })),
  ) {}

  /**
   * The answer for `key`: a fresh entry, or a stale one whose refresh is running, is rendered synchronously (an
   * async hop per hit measured ~30 % of a cached answer's throughput); otherwise the entry is loaded, refreshed or
   * served stale through the Memo.
   */
  serve(
    request: Request,
    key: string,
    ttlSeconds: number,
    build: () => Promise<Built>,
    schema?: TSchema,
  ): Response | Promise<Response> {
    if (request.method === 'GET') this.remember(request, key)
    const now = this.now()
    const hit = this.memo.servable<Stored>(key, now)
    if (hit !== undefined) {
      const state = cacheStateOf(hit)
      return markComplete(render(request, requestIdOf(request) ?? '', this.renderingFor(() => this.originPolicy.of(request), key, hit.value), hit.value, state, now - hit.storedAt), state)
    }
    return this.load(request, key, ttlSeconds, build, schema)
  }

  private async load(
    request: Request,
    key: string,
    ttlSeconds: number,
    build: () => Promise<Built>,
    schema?: TSchema,
  ): Promise<Response> {
    const cached = await this.memo.get<Stored>(
      key,
      {
        ttlMs: (stored) => stored.ttlSeconds * 1000,
        sizeOf: (stored) => stored.size + 512,
      },
      async () => this.store(await build(), ttlSeconds, schema),
    )
    const state = cacheStateOf(cached)
    const age = this.now() - cached.storedAt
    return markComplete(render(request, requestIdOf(request) ?? '', this.renderingFor(() => this.originPolicy.of(request), key, cached.value), cached.value, state, age), state)
  }

  /**
   * The answer as this request's caller gets it: the stored one, or its rendering for the caller's origin (a kept
   * rendering's bytes are counted against the cache's bound, under the answer's key).
   */
  private renderingFor(origin: () => string, key: string, stored: Stored): Rendering {
    if (stored.fixed !== null) return stored.fixed
    const origins = stored.origins!
    const kept = origins.keptBytes
    const answer = origins.for(origin())
    if (origins.keptBytes !== kept) this.memo.grow(key, stored, origins.keptBytes - kept)
    return answer
  }

  /**
   * The front cache: a fresh answer for a GET URL a route has already answered from this cache, rendered
   * before Elysia routes the request. Routing, context creation and input validation are what a cached hit
   * costs inside Elysia (measured ~30 % of throughput); a URL that was valid once is valid again. An expired
   * answer whose refresh is running is served from here too (STALE), so a hot key's refresh does not send every
   * request through the router meanwhile; an expired one with no refresh running, or an invalidated one, falls
   * through to the route, which starts the refresh. Undefined when there is nothing to answer here.
   */
  answerFromFront(request: Request, requestId: string, routeOf: (request: Request) => string): FrontAnswer | undefined {
    if (request.method !== 'GET') return undefined
    const found = this.frontHit(pathAndQuery(request.url), () => this.originPolicy.of(request))
    if (found === undefined) return undefined
    const { front, hit, answer, now } = found
    const cache = cacheStateOf(hit)
    // The template of a URL never changes: matched once, not on every hit (a parameterised route is a regex scan).
    front.route ??= routeOf(request)
    return { response: render(request, requestId, answer, hit.value, cache, now - hit.storedAt), cache, route: front.route }
  }

  /**
   * The front answer for a GET of `path` (with its query) by a caller of `origin` as bytes, without a Request or a
   * Response (an MCP tool reading its REST twin copies them into its own answer): the identity body, its ETag, and
   * whether it is STALE. Undefined when the route must answer.
   */
  bytesFromFront(path: string, origin: string): { status: number; body: Uint8Array; etag: string; stale: boolean } | undefined {
    const found = this.frontHit(path, () => origin)
    if (found === undefined) return undefined
    const { hit, answer } = found
    const identity = answer.representations.identity
    if (identity.body === null) return undefined
    return { status: hit.value.status, body: identity.body, etag: identity.etag, stale: cacheStateOf(hit) === 'STALE' }
  }

  /** A GET of `path` the front cache can answer now: its entry and the rendering for the caller's origin. */
  private frontHit(path: string, origin: () => string) {
    const front = this.routeByUrl.get(path)
    if (front === undefined) return undefined
    // One clock read for the freshness check and the Age.
    const now = this.now()
    const hit = this.memo.servable<Stored>(front.key, now)
    if (hit === undefined) return undefined
    try {
      return { front, hit, answer: this.renderingFor(origin, front.key, hit.value), now }
    } catch {
      // No origin to write in (an invalid Host): the route answers its 400.
      return undefined
    }
  }

  private remember(request: Request, key: string): void {
    const url = pathAndQuery(request.url)
    if (this.routeByUrl.get(url)?.key === key) return
    // Bounded: past the cap the map starts over (it is only a shortcut; the route path still answers).
    if (this.routeByUrl.size >= MAX_FRONT_URLS || this.frontChars + url.length + key.length > MAX_FRONT_CHARS) {
      this.routeByUrl.clear()
      this.frontChars = 0
    }
    this.routeByUrl.set(url, { key, route: undefined })
    this.frontChars += url.length + key.length
  }

  /**
   * Drop cached answers whose key starts with the prefix (a write makes the writer's next read show it), and
   * the front cache's way to them: a build that was already running may still store under an old key.
   */
  invalidate(prefix: string): void {
    this.memo.deleteByPrefix(prefix)
    for (const [url, front] of this.routeByUrl) {
      if (!front.key.startsWith(prefix)) continue
      this.routeByUrl.delete(url)
      this.frontChars -= url.length + front.key.length
    }
  }

  private store(built: Built, defaultTtl: number, schema?: TSchema): Stored {
    const status = built.status ?? 200
    if (schema !== undefined && status === 200 && built.contentType === undefined) this.validate(schema, built.body)
    const body = encodeBody(built)
    const stale = built.stale === true
    const ttlSeconds = stale ? Math.min(STALE_TTL_SECONDS, built.ttlSeconds ?? defaultTtl) : (built.ttlSeconds ?? defaultTtl)
    const cacheControl = built.cacheControl?.(ttlSeconds) ?? `public, s-maxage=${ttlSeconds}`
    const headers: Record<string, string> = { ...CORS_HEADERS, 'cache-control': cacheControl, ...built.headers }
    const contentType = built.contentType ?? JSON_TYPE
    // Every compressible answer varies on Accept-Encoding, even one too small to compress: one rule for caches.
    if (body !== null && compressible(contentType)) headers.vary = headers.vary === undefined ? 'Accept-Encoding' : `${headers.vary}, Accept-Encoding`
    if (body !== null) headers['content-type'] = contentType
    const originMarker = built.originMarker ?? null
    // An origin-free answer keeps its template bytes only; each origin's rendering is made when first served.
    const representations: Stored['representations'] =
      originMarker === null ? representationsOf(body, headers, true) : { identity: { body, headers, etag: '' } }
    return ready({ status, cacheControl, vary: headers.vary ?? null, ttlSeconds, stale, originMarker, representations })
  }

  private validate(schema: TSchema, value: unknown): void {
    let check = this.checks.get(schema)
    if (check === undefined) {
      check = TypeCompiler.Compile(schema)
      this.checks.set(schema, check)
    }
    if (!check.Check(value)) {
      const first = check.Errors(value).First()
      // A server bug, not a client error: the answer would break its documented shape.
      throw new Error(`response does not match its schema at ${first?.path ?? '?'}: ${first?.message ?? 'invalid'}`)
    }
  }
}

/** The Memo's state of an answer, except that one built from stale inputs is STALE however it was found. */
const cacheStateOf = (cached: { value: Stored; state: CacheState }): CacheState => (cached.value.stale ? 'STALE' : cached.state)

function encodeBody(built: Built): Uint8Array | null {
  if (built.body === null || built.body === undefined) return null
  if (built.body instanceof Uint8Array) return built.body
  if (typeof built.body === 'string' && built.contentType !== undefined) return new TextEncoder().encode(built.body)
  return new TextEncoder().encode(JSON.stringify(built.body))
}

/** Same bytes, same tag: length plus a 64-bit hash of the body. */
export function strongEtag(body: Uint8Array): string {
  return `"${body.byteLength.toString(36)}-${Bun.hash.wyhash(body).toString(36)}"`
}

/** If-None-Match uses weak comparison (RFC 9110 13.1.2): `W/` prefixes are ignored; `*` matches anything. */
export function etagMatches(ifNoneMatch: string, etag: string): boolean {
  if (ifNoneMatch === etag) return true
  for (const candidate of ifNoneMatch.split(',')) {
    const tag = candidate.trim()
    if (tag === '*' || tag === etag || (tag.startsWith('W/') && tag.slice(2) === etag)) return true
  }
  return false
}

/**
 * A hit: the representation the caller's Accept-Encoding asks for; a 304 when the caller's ETag matches it,
 * else a clone of it. Either is a clone of the stamped answer of this second, with the request id written.
 */
function render(request: Request, requestId: string, answer: Rendering, stored: Stored, state: CacheState, ageMs: number): Response {
  const age = Math.max(0, Math.floor(ageMs / 1000))
  const headers = request.headers
  const coding = answer.representations.br === undefined && answer.representations.gzip === undefined
    ? 'identity'
    : preferredCoding(headers.get('accept-encoding'))
  const chosen = answer.representations[coding] === undefined ? 'identity' : coding
  const etag = answer.representations[chosen]!.etag
  const ifNoneMatch = headers.get('if-none-match')
  const notModified = stored.status === 200 && ifNoneMatch !== null && etag !== '' && etagMatches(ifNoneMatch, etag)
  const response = stamped(answer, stored, notModified, chosen, age, state).clone()
  response.headers.set('x-request-id', requestId)
  return response
}

/** The stored answer (or its 304) in `coding` with this Age and X-Cache, built at most once per second. */
function stamped(answer: Rendering, stored: Stored, notModified: boolean, coding: Coding, age: number, state: CacheState): Response {
  const stamps = notModified ? answer.stamped.notModified : answer.stamped.ok
  const current = stamps[coding]
  if (current !== undefined && current.age === age && current.state === state) return current.response
  const response = notModified ? notModifiedAnswer(answer, stored, coding) : answer.prototypes[coding]!.clone()
  response.headers.set('x-cache', state)
  response.headers.set('age', String(age))
  stamps[coding] = { age, state, response }
  return response
}

/** A 304 carries the 200's ETag, Cache-Control, Vary and CORS headers, and no body. */
function notModifiedAnswer(answer: Rendering, stored: Stored, coding: Coding): Response {
  const headers: Record<string, string> = {
    ...CORS_HEADERS,
    etag: answer.representations[coding]!.etag,
    'cache-control': stored.cacheControl,
  }
  if (stored.vary !== null) headers.vary = stored.vary
  return new Response(null, { status: 304, headers })
}
