import type { SharedRedis } from './redis'

/** What a community write changed: the boost summaries (any unit), or one unit's comments. */
export type WriteNotice = { kind: 'boosts' } | { kind: 'comments'; unit: string }

/** Community writes told to every instance, so each drops its cached answers for what changed. */
export interface WriteNotices {
  /** Tell the other instances (this one has already renewed its own cache keys). */
  publish(notice: WriteNotice): void
  /** Notices from the other instances; `onGap` after a time in which notices may have been lost. */
  listen(onNotice: (notice: WriteNotice) => void, onGap: () => void): void
}

const CHANNEL = 'cma:writes'

/**
 * Write notices over Redis pub/sub: delivered within milliseconds to every instance subscribed at the time.
 * Pub/sub keeps nothing, so after Redis was unreachable every listener is told there was a gap.
 */
export class RedisWriteNotices implements WriteNotices {
  /** This process's messages come back to it; they are recognised and skipped. */
  private readonly origin = crypto.randomUUID()
  private readonly listeners: Array<(notice: WriteNotice) => void> = []

  constructor(private readonly redis: SharedRedis) {
    redis.subscribe(CHANNEL, (message) => {
      const notice = readNotice(message, this.origin)
      if (notice !== null) for (const listener of this.listeners) listener(notice)
    })
  }

  publish(notice: WriteNotice): void {
    this.redis.publish(CHANNEL, JSON.stringify({ ...notice, from: this.origin }))
  }

  listen(onNotice: (notice: WriteNotice) => void, onGap: () => void): void {
    this.listeners.push(onNotice)
    this.redis.onResume(onGap)
  }
}

function readNotice(message: string, ownOrigin: string): WriteNotice | null {
  let parsed: { kind?: unknown; unit?: unknown; from?: unknown }
  try {
    parsed = JSON.parse(message)
  } catch {
    return null
  }
  if (parsed === null || typeof parsed !== 'object' || parsed.from === ownOrigin) return null
  if (parsed.kind === 'boosts') return { kind: 'boosts' }
  if (parsed.kind === 'comments' && typeof parsed.unit === 'string') return { kind: 'comments', unit: parsed.unit }
  return null
}
