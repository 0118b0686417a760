import type { StreamRelay } from '../../cluster/stream-relay'

/**
 * Event ids: from one Redis counter when instances share a relay (a client reconnecting to another instance then
 * resumes where it was), else this process's own `<process start>-<n>` (an id from another process, or from before
 * a restart, is simply not held: the client gets `reset`). ASCII digits and dashes only: Safari double-encodes a
 * non-ASCII Last-Event-ID.
 */
export class EventIds {
  private readonly epoch = Date.now().toString(36)
  private count = 0

  constructor(private readonly relay: StreamRelay | null = null) {}

  /** The id a snapshot sent before any event carries. */
  get start(): string {
    return `${this.epoch}-0`
  }

  /** `count` consecutive ids: shared by the instances when the relay can give them, else this process's own. */
  async reserve(count: number): Promise<string[]> {
    const first = (await this.relay?.reserveIds(count)) ?? null
    if (first !== null) return Array.from({ length: count }, (_, i) => String(first + i))
    return Array.from({ length: count }, () => `${this.epoch}-${++this.count}`)
  }
}
