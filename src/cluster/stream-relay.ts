import type { SharedRedis } from './redis'

/**
 * The live stream's changes told to every instance (GET /api/v1/stream): the instance whose refresh computed a
 * change publishes it once; every other instance delivers it to its own clients. Event ids come from one Redis
 * counter so that a client reconnecting to another instance resumes where it was.
 */
export interface StreamRelay {
  /** The first of `count` consecutive ids every instance agrees on; null while Redis cannot answer. */
  reserveIds(count: number): Promise<number | null>
  /** Tell the other instances (this one has delivered the change to its own clients already). */
  publish(message: unknown): void
  /** Messages from the other instances; `onGap` after a time in which messages may have been lost. */
  listen(onMessage: (message: unknown) => void, onGap: () => void): void
}

const CHANNEL = 'cma:stream'
const SEQUENCE_KEY = 'cma:stream:seq'

export class RedisStreamRelay implements StreamRelay {
  /** This process's messages come back to it; they are recognised and skipped. */
  private readonly origin = crypto.randomUUID()
  private readonly listeners: Array<(message: unknown) => void> = []

  constructor(private readonly redis: SharedRedis) {
    redis.subscribe(CHANNEL, (text) => {
      let parsed: { from?: unknown; message?: unknown }
      try {
        parsed = JSON.parse(text)
      } catch {
        return
      }
      if (parsed === null || typeof parsed !== 'object' || parsed.from === this.origin) return
      for (const listener of this.listeners) listener(parsed.message)
    })
  }

  async reserveIds(count: number): Promise<number | null> {
    try {
      const last = Number(await this.redis.send('INCRBY', [SEQUENCE_KEY, String(count)]))
      return Number.isSafeInteger(last) ? last - count + 1 : null
    } catch {
      return null
    }
  }

  publish(message: unknown): void {
    this.redis.publish(CHANNEL, JSON.stringify({ from: this.origin, message }))
  }

  listen(onMessage: (message: unknown) => void, onGap: () => void): void {
    this.listeners.push(onMessage)
    this.redis.onResume(onGap)
  }
}
