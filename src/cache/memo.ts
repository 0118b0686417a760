/**
 * The one memoising cache every upstream read and every cached response goes through.
 *
 * - TTL per key; an entry younger than its TTL is a HIT.
 * - Single flight: concurrent misses for one key share one loader call.
 * - Stale-while-revalidate: within `swrMs` after expiry the old value is served at once (STALE) while one
 *   background refresh runs.
 * - Stale-on-error: when a load fails with an error the owner's `staleOnError` accepts and a copy younger than
 *   `staleIfErrorMs` exists, the copy is served (STALE). Any other error propagates.
 * - Bounded: least-recently-used entries are evicted past `maxEntries` or `maxBytes`.
 * - Shared (optional): a miss loads through a second tier that several processes share (src/cluster/), which
 *   answers with a copy another process stored, or runs the loader once for all of them; a failed load with no
 *   copy here falls back to the shared copy. Hits never reach that tier.
 */

export type CacheState = 'HIT' | 'MISS' | 'STALE'

export interface Cached<T> {
  value: T
  state: CacheState
  /** When the value was loaded (ms since epoch). */
  storedAt: number
}

export interface MemoOptions<T> {
  /** Fresh lifetime; may depend on the value (a degraded answer is kept briefly). */
  ttlMs: number | ((value: T) => number)
  /** How long after expiry an old value is served while one refresh runs. Default: equal to the TTL. */
  swrMs?: number
  /** How long after storing a value it may still stand in for a failed load. Default: 24 h. */
  staleIfErrorMs?: number
  /** Approximate bytes the value holds, for the byte bound. Default: its JSON length. */
  sizeOf?: (value: T) => number
}

export type CacheEvent = 'hit' | 'miss' | 'stale' | 'refresh_error' | 'evict'

/** How long a value is fresh, and how long it is kept to stand in for a failed load. */
export interface Lifetimes {
  ttlMs: number
  keepMs: number
}

export interface Loaded {
  value: unknown
  /** When the value was loaded, by whichever process loaded it (ms since epoch). */
  storedAt: number
}

/** The tier behind this memory that other processes share. */
export interface SharedTier {
  /** A fresh shared copy, else the loader's value (run once across the processes). Loader errors propagate. */
  load(key: string, loader: () => Promise<unknown>, lifetimes: (value: unknown) => Lifetimes): Promise<Loaded>
  /** The shared copy whatever its age; undefined when there is none or the tier cannot answer. Never throws. */
  copy(key: string): Promise<Loaded | undefined>
}

export interface MemoSettings {
  name: string
  maxEntries: number
  maxBytes: number
  now?: () => number
  /** Which load failures may be answered with an old copy (the owner knows its errors; this cache does not). */
  staleOnError: (error: unknown) => boolean
  onEvent?: (cache: string, event: CacheEvent) => void
  onRefreshError?: (key: string, error: unknown) => void
  shared?: SharedTier
}

interface Entry {
  value: unknown
  size: number
  storedAt: number
  freshUntil: number
  swrUntil: number
  staleUntil: number
}

const DAY_MS = 24 * 60 * 60 * 1000

export class Memo {
  private readonly entries = new Map<string, Entry>()
  private readonly inflight = new Map<string, Promise<Entry>>()
  private bytes = 0
  /** The most recently used key (the Map's last): touching it again changes nothing, so a repeated hit skips it. */
  private newest: string | undefined
  private readonly now: () => number

  constructor(private readonly settings: MemoSettings) {
    this.now = settings.now ?? Date.now
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes }
  }

  async get<T>(key: string, options: MemoOptions<T>, loader: () => Promise<T>): Promise<Cached<T>> {
    const now = this.now()
    const entry = this.entries.get(key)
    if (entry !== undefined) {
      if (now < entry.freshUntil) return this.served(key, entry, 'HIT')
      if (now < entry.swrUntil) {
        this.refreshInBackground(key, options, loader)
        return this.served(key, entry, 'STALE')
      }
    }

    try {
      const loaded = await this.load(key, options, loader)
      this.emit('miss')
      return { value: loaded.value as T, state: 'MISS', storedAt: loaded.storedAt }
    } catch (error) {
      if (!this.settings.staleOnError(error)) throw error
      // Re-read: a concurrent load may have replaced or evicted the entry while we waited.
      const copy = this.entries.get(key) ?? entry ?? (await this.adoptSharedCopy(key, options))
      if (copy !== undefined && this.now() < copy.staleUntil) {
        this.emit('stale')
        return { value: copy.value as T, state: 'STALE', storedAt: copy.storedAt }
      }
      throw error
    }
  }

  /**
   * What can be answered synchronously (no promise on the hot path): a fresh entry (HIT), or an expired one inside
   * its stale-while-revalidate time whose refresh is already running (STALE, as `get` would answer it). Undefined
   * when `get` must decide: the key is missing, or expired with no refresh running (`get` starts one). Counted as
   * `get` counts them. `now`: the caller's clock reading, when it has one already.
   */
  servable<T>(key: string, now = this.now()): Cached<T> | undefined {
    const entry = this.entries.get(key)
    if (entry === undefined) return undefined
    if (now < entry.freshUntil) return this.served(key, entry, 'HIT')
    if (now < entry.swrUntil && this.inflight.has(key)) return this.served(key, entry, 'STALE')
    return undefined
  }

  /** A stored entry answered from memory: kept as the newest and counted. */
  private served<T>(key: string, entry: Entry, state: 'HIT' | 'STALE'): Cached<T> {
    this.touch(key, entry)
    this.emit(state === 'HIT' ? 'hit' : 'stale')
    return { value: entry.value as T, state, storedAt: entry.storedAt }
  }

  /**
   * A stored value grew (or shrank) by `bytes` after it was stored (an answer's per-origin renderings): counted
   * against the byte bound. Nothing happens when `key` now holds another value.
   */
  grow(key: string, value: unknown, bytes: number): void {
    const entry = this.entries.get(key)
    if (entry === undefined || entry.value !== value) return
    entry.size += bytes
    this.bytes += bytes
    this.evict()
  }

  /** The stored value whatever its age, without loading. */
  peek<T>(key: string): T | undefined {
    return this.entries.get(key)?.value as T | undefined
  }

  delete(key: string): void {
    const entry = this.entries.get(key)
    if (entry === undefined) return
    this.entries.delete(key)
    this.bytes -= entry.size
    if (key === this.newest) this.newest = undefined
  }

  deleteByPrefix(prefix: string): void {
    for (const key of [...this.entries.keys()]) if (key.startsWith(prefix)) this.delete(key)
  }

  clear(): void {
    this.entries.clear()
    this.bytes = 0
    this.newest = undefined
  }

  private load<T>(key: string, options: MemoOptions<T>, loader: () => Promise<T>): Promise<Entry> {
    const running = this.inflight.get(key)
    if (running !== undefined) return running
    const shared = this.settings.shared
    const promise = (async () => {
      try {
        if (shared === undefined) return this.store(key, await loader(), options, this.now())
        const loaded = await shared.load(key, loader, (value) => this.lifetimes(value as T, options))
        return this.store(key, loaded.value as T, options, loaded.storedAt)
      } finally {
        this.inflight.delete(key)
      }
    })()
    this.inflight.set(key, promise)
    return promise
  }

  private refreshInBackground<T>(key: string, options: MemoOptions<T>, loader: () => Promise<T>): void {
    if (this.inflight.has(key)) return
    this.load(key, options, loader).catch((error) => {
      this.emit('refresh_error')
      this.settings.onRefreshError?.(key, error)
    })
  }

  /** The shared tier's copy as a local entry, for stale-on-error in a process that never loaded the key. */
  private async adoptSharedCopy<T>(key: string, options: MemoOptions<T>): Promise<Entry | undefined> {
    const found = await this.settings.shared?.copy(key)
    if (found === undefined || this.entries.has(key)) return this.entries.get(key)
    const { keepMs } = this.lifetimes(found.value as T, options)
    if (this.now() >= found.storedAt + keepMs) return undefined
    return this.store(key, found.value as T, options, found.storedAt)
  }

  private lifetimes<T>(value: T, options: MemoOptions<T>): Lifetimes {
    const ttlMs = typeof options.ttlMs === 'function' ? options.ttlMs(value) : options.ttlMs
    return { ttlMs, keepMs: Math.max(ttlMs, options.staleIfErrorMs ?? DAY_MS) }
  }

  /** `storedAt` is when the value was loaded: now, or earlier when another process loaded it. */
  private store<T>(key: string, value: T, options: MemoOptions<T>, storedAt: number): Entry {
    const { ttlMs: ttl, keepMs } = this.lifetimes(value, options)
    const entry: Entry = {
      value,
      size: options.sizeOf ? options.sizeOf(value) : approximateSize(value),
      storedAt,
      freshUntil: storedAt + ttl,
      swrUntil: storedAt + ttl + (options.swrMs ?? ttl),
      staleUntil: storedAt + keepMs,
    }
    this.delete(key)
    this.entries.set(key, entry)
    this.newest = key
    this.bytes += entry.size
    this.evict()
    return entry
  }

  private touch(key: string, entry: Entry): void {
    // Map keeps insertion order: re-inserting moves the key to the most-recently-used end (a no-op for the
    // newest key, which a run of hits on one answer asks for every time: two Map writes saved per hit).
    if (key === this.newest) return
    this.entries.delete(key)
    this.entries.set(key, entry)
    this.newest = key
  }

  private evict(): void {
    const { maxEntries, maxBytes } = this.settings
    for (const [key] of this.entries) {
      if (this.entries.size <= maxEntries && this.bytes <= maxBytes) break
      this.delete(key)
      this.emit('evict')
    }
  }

  private emit(event: CacheEvent): void {
    this.settings.onEvent?.(this.settings.name, event)
  }
}

function approximateSize(value: unknown): number {
  if (value instanceof Uint8Array) return value.byteLength
  try {
    return (JSON.stringify(value)?.length ?? 16) + 64
  } catch {
    return 1024
  }
}
