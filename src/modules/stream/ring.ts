/**
 * The resume ring: the last events sent, kept as ready frames, so a client reconnecting with Last-Event-ID gets
 * what it missed instead of fresh snapshots. Bounded in events and bytes; the id just before the oldest held event
 * is kept too, so a resume from exactly there is still complete.
 */

export interface RingEntry {
  id: string
  topic: string
  frame: Uint8Array
}

export interface RingBounds {
  events: number
  bytes: number
}

export class ResumeRing {
  private entries: RingEntry[] = []
  private heldBytes = 0
  /** The id just before the oldest held entry (at first, the id a snapshot before any event carries). */
  private base: string

  constructor(
    start: string,
    private readonly bounds: RingBounds,
  ) {
    this.base = start
  }

  /** Keep an event; the oldest go once either bound is passed. */
  push(entry: RingEntry): void {
    this.entries.push(entry)
    this.heldBytes += entry.frame.byteLength
    while (this.entries.length > this.bounds.events || this.heldBytes > this.bounds.bytes) {
      const dropped = this.entries.shift()!
      this.heldBytes -= dropped.frame.byteLength
      this.base = dropped.id
    }
  }

  /**
   * The held events after `lastEventId` on these topics, for a replay; null when a replay is not the answer and the
   * client gets `reset` and fresh snapshots instead:
   * - the ring no longer holds every event after that id (or never knew it: another process's id);
   * - what it missed on its topics is more than `maxReplayBytes` (STREAM_MAX_BACKLOG_KB: as much as a stream may
   *   leave unread). A client gone that long is better served by snapshots, and an old id (`<process start>-0`)
   *   must not buy a replay of the whole ring, up to 8 MB, on every open.
   */
  since(lastEventId: string, topics: ReadonlySet<string>, maxReplayBytes: number): RingEntry[] | null {
    const start = lastEventId === this.base ? 0 : this.entries.findIndex((entry) => entry.id === lastEventId) + 1
    if (start === 0 && lastEventId !== this.base) return null
    const missed: RingEntry[] = []
    let bytes = 0
    for (let i = start; i < this.entries.length; i++) {
      const entry = this.entries[i]
      if (!topics.has(entry.topic)) continue
      bytes += entry.frame.byteLength
      if (bytes > maxReplayBytes) return null
      missed.push(entry)
    }
    return missed
  }

  /** Events and bytes held (tests, the docs' figures). */
  get size(): { events: number; bytes: number } {
    return { events: this.entries.length, bytes: this.heldBytes }
  }
}
