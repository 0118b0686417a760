import type { Lifetimes, Loaded, SharedTier } from '../cache/memo'
import { UpstreamError } from '../upstream/errors'
import { RedisUnavailable, type SharedRedis } from './redis'

/** A value as stored in Redis: the value, when it was loaded, and its fresh lifetime. */
interface SharedCopy {
  v: unknown
  s: number
  t: number
}

/** A failed load, kept a moment for the instances that were waiting on it. */
interface SharedFailure {
  /** The lock token of the load that failed: only its own waiters take the failure as theirs. */
  lock: string
  upstream: UpstreamError['upstream']
  failure: UpstreamError['failure']
  message: string
}

/**
 * How values of one cache travel through Redis: JSON as they are (upstream answers), or through a codec (ready
 * responses carry bytes). `shares` leaves keys out whose meaning is local to one instance.
 */
export interface SharedCodec {
  encode(value: unknown): unknown
  /** The value back, or null for anything unreadable (then treated as absent). */
  decode(json: unknown): { value: unknown } | null
  shares(key: string): boolean
}

const AS_JSON: SharedCodec = { encode: (value) => value, decode: (json) => ({ value: json }), shares: () => true }

const FAILURE_KEPT_MS = 1000
const FIRST_POLL_MS = 10
const MAX_POLL_MS = 100

/**
 * The Redis tier behind the upstream answers' in-memory Memo (L1 stays in front; a hit never comes here).
 *
 * A miss reads the shared copy; a fresh one is served as it is (with the time it was loaded, so it expires
 * everywhere at once). Otherwise one instance takes a lock (SET NX PX) and calls the upstream; the others poll
 * until its copy appears, for at most `waitMs` (the upstream deadline plus a margin: the holder's call cannot
 * take longer), then read it. A holder whose call fails leaves the failure for its waiters for a moment, so they
 * fail (and serve their stale copies) with it instead of calling again one after the other. A holder that died
 * leaves a lock that expires with `waitMs`, after which a waiter loads for itself.
 *
 * Whenever Redis cannot answer, the loader runs locally: the shared tier only ever saves calls, it never adds
 * a failure.
 */
export class SharedAnswers implements SharedTier {
  constructor(
    private readonly redis: SharedRedis,
    /** Longest a load waits on another instance's call. */
    private readonly waitMs: number,
    private readonly prefix = 'memo:',
    private readonly now: () => number = Date.now,
    private readonly codec: SharedCodec = AS_JSON,
  ) {}

  async load(key: string, loader: () => Promise<unknown>, lifetimes: (value: unknown) => Lifetimes): Promise<Loaded> {
    if (!this.codec.shares(key)) return this.loadHere(loader)
    const deadline = this.now() + this.waitMs
    let pollMs = FIRST_POLL_MS
    let waitingOn: string | null = null
    for (;;) {
      let token: string | null = null
      try {
        const seen = await this.look(key)
        if (seen.copy !== null && this.fresh(seen.copy)) return { value: seen.copy.v, storedAt: seen.copy.s }
        if (waitingOn !== null && seen.failure?.lock === waitingOn) {
          throw new UpstreamError(seen.failure.upstream, seen.failure.failure, seen.failure.message)
        }
        if (seen.lock === null) {
          const candidate = crypto.randomUUID()
          const reply = await this.redis.send('SET', [this.lockKey(key), candidate, 'NX', 'PX', String(this.waitMs)])
          if (reply === 'OK') token = candidate
        } else if (this.now() >= deadline) {
          // The holder is gone or stuck: its lock expires by itself; load here rather than wait longer.
          return this.loadHere(loader)
        } else {
          waitingOn = seen.lock
        }
      } catch (error) {
        if (error instanceof RedisUnavailable) return this.loadHere(loader)
        throw error
      }
      if (token !== null) return this.loadLocked(key, token, loader, lifetimes)
      await Bun.sleep(pollMs)
      pollMs = Math.min(MAX_POLL_MS, Math.ceil(pollMs * 1.5))
    }
  }

  async copy(key: string): Promise<Loaded | undefined> {
    try {
      if (!this.codec.shares(key)) return undefined
      const copy = this.read((await this.redis.send('GET', [this.valueKey(key)])) as string | null)
      return copy === null ? undefined : { value: copy.v, storedAt: copy.s }
    } catch {
      return undefined
    }
  }

  /** Load under the lock; store the value before unlocking, so no waiter finds the lock gone and no copy. */
  private async loadLocked(key: string, token: string, loader: () => Promise<unknown>, lifetimes: (value: unknown) => Lifetimes): Promise<Loaded> {
    try {
      // Another instance may have stored the value and unlocked between our look and our lock.
      const seen = await this.look(key)
      if (seen.copy !== null && this.fresh(seen.copy)) {
        await this.unlock(key, token)
        return { value: seen.copy.v, storedAt: seen.copy.s }
      }
    } catch (error) {
      // Redis went away: load all the same (the lock expires by itself).
      if (!(error instanceof RedisUnavailable)) throw error
    }

    let value: unknown
    try {
      value = await loader()
    } catch (error) {
      if (error instanceof UpstreamError) {
        const failure: SharedFailure = { lock: token, upstream: error.upstream, failure: error.failure, message: detail(error) }
        await this.quietly('SET', [this.failureKey(key), JSON.stringify(failure), 'PX', String(FAILURE_KEPT_MS)])
      }
      await this.unlock(key, token)
      throw error
    }
    const storedAt = this.now()
    const { ttlMs, keepMs } = lifetimes(value)
    const copy = serialise({ v: this.codec.encode(value), s: storedAt, t: ttlMs })
    // A value JSON cannot carry stays unshared (waiters then load it themselves once the lock is gone).
    if (copy !== null) await this.quietly('SET', [this.valueKey(key), copy, 'PX', String(Math.max(1, Math.ceil(keepMs)))])
    await this.unlock(key, token)
    return { value, storedAt }
  }

  private async loadHere(loader: () => Promise<unknown>): Promise<Loaded> {
    const value = await loader()
    return { value, storedAt: this.now() }
  }

  /** The copy, a failure left by a holder, and the current lock holder, in one round trip. */
  private async look(key: string): Promise<{ copy: SharedCopy | null; failure: SharedFailure | null; lock: string | null }> {
    const [copy, failure, lock] = (await this.redis.send('MGET', [
      this.valueKey(key),
      this.failureKey(key),
      this.lockKey(key),
    ])) as Array<string | null>
    return { copy: this.read(copy), failure: parse<SharedFailure>(failure), lock }
  }

  /** A stored copy with its value decoded; null when absent or unreadable. */
  private read(raw: string | null): SharedCopy | null {
    const copy = parse<SharedCopy>(raw)
    if (copy === null) return null
    const decoded = this.codec.decode(copy.v)
    return decoded === null ? null : { ...copy, v: decoded.value }
  }

  private fresh(copy: SharedCopy): boolean {
    return this.now() < copy.s + copy.t
  }

  /** Delete the lock only if it is still ours (it may have expired and been taken by another instance). */
  private unlock(key: string, token: string): Promise<void> {
    return this.quietly('EVAL', [
      "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) else return 0 end",
      '1',
      this.lockKey(key),
      token,
    ])
  }

  /** A write whose failure changes nothing for the caller (Redis is then marked unavailable for the next ones). */
  private async quietly(command: string, args: string[]): Promise<void> {
    try {
      await this.redis.send(command, args)
    } catch {
      // Nothing to undo: the value was loaded, only not shared.
    }
  }

  private valueKey(key: string): string {
    return `${this.prefix}v:${key}`
  }

  private lockKey(key: string): string {
    return `${this.prefix}l:${key}`
  }

  private failureKey(key: string): string {
    return `${this.prefix}e:${key}`
  }
}

/** The detail an UpstreamError was made with (its message is `<upstream>: <failure>: <detail>`). */
function detail(error: UpstreamError): string {
  const prefix = `${error.upstream}: ${error.failure}: `
  return error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message
}

/** Only this class writes these keys; anything unreadable (a foreign writer, a cut value) counts as absent. */
function parse<T>(raw: string | null): T | null {
  if (raw === null) return null
  try {
    return JSON.parse(raw) as T
  } catch {
    return null
  }
}

function serialise(copy: SharedCopy): string | null {
  try {
    return JSON.stringify(copy)
  } catch {
    return null
  }
}
