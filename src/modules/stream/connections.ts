/**
 * The open streams: who is subscribed to which topic, the caps (per client, per process), writing with a bound on
 * what a reader may leave unread, and the heartbeat. Each stream is a raw ReadableStream whose queue counts bytes
 * (desiredSize is minus what the client has left unread); a reader past the bound is dropped and reconnects.
 */
import { apiError } from '../../http/error-catalogue'
import type { Logger } from '../../observability/logger'
import { HEARTBEAT_FRAME } from './frames'
import { topicName, type Topic } from './topics'

export interface StreamLimits {
  maxPerClient: number
  maxTotal: number
  maxBacklogBytes: number
}

export class Connection {
  readonly openedAt = Date.now()
  events = 0
  closed = false
  /** Bytes of the stream's first writes (snapshots, replay), allowed on top of the backlog bound. */
  allowance = 0
  constructor(
    readonly client: string,
    readonly topics: Topic[],
    readonly controller: ReadableStreamDefaultController<Uint8Array>,
    /** The origin its snapshots' logo URLs are built on, as REST answers build them ('' leaves the rows as held). */
    readonly origin: string = '',
  ) {}
}

export class Connections {
  private readonly byTopic = new Map<string, Set<Connection>>()
  private readonly perClient = new Map<string, number>()
  private openCount = 0
  private timer: ReturnType<typeof setInterval> | null = null
  private closedReasons: Record<string, number> = {}

  constructor(
    private readonly limits: StreamLimits,
    private readonly logger: Logger,
    private readonly heartbeatMs: number,
    private readonly retryAfterSeconds: number,
  ) {}

  /** Open streams now, and streams closed so far by reason (metrics, bench). */
  stats(): { open: number; closed: Record<string, number> } {
    return { open: this.openCount, closed: { ...this.closedReasons } }
  }

  /**
   * One place under the caps for a stream about to open, taken now (not when its body starts: a burst of opens from
   * one address cannot pass the caps meanwhile). Over a cap: 429 (thrown).
   */
  take(client: string): void {
    const retryAfterSeconds = this.retryAfterSeconds
    if (this.openCount >= this.limits.maxTotal) throw apiError('too_many_streams', { retryAfterSeconds })
    if ((this.perClient.get(client) ?? 0) >= this.limits.maxPerClient) {
      throw apiError('too_many_streams_for_client', { max: this.limits.maxPerClient, retryAfterSeconds })
    }
    this.openCount++
    this.perClient.set(client, (this.perClient.get(client) ?? 0) + 1)
  }

  /** A place given back (a stream that never started, or one removed). */
  release(client: string): void {
    this.openCount--
    const left = (this.perClient.get(client) ?? 1) - 1
    if (left === 0) this.perClient.delete(client)
    else this.perClient.set(client, left)
    if (this.openCount === 0 && this.timer !== null) {
      clearInterval(this.timer)
      this.timer = null
    }
  }

  /** A started stream, subscribed to its topics (it holds the place its open took). */
  add(conn: Connection): void {
    for (const topic of conn.topics) {
      const name = topicName(topic)
      let set = this.byTopic.get(name)
      if (set === undefined) this.byTopic.set(name, (set = new Set()))
      set.add(conn)
    }
    this.timer ??= setInterval(() => {
      for (const c of this.all()) this.write(c, HEARTBEAT_FRAME)
    }, this.heartbeatMs)
  }

  remove(conn: Connection, reason: string): void {
    if (conn.closed) return
    conn.closed = true
    for (const topic of conn.topics) {
      const name = topicName(topic)
      const set = this.byTopic.get(name)
      set?.delete(conn)
      if (set?.size === 0) this.byTopic.delete(name)
    }
    this.release(conn.client)
    this.closedReasons[reason] = (this.closedReasons[reason] ?? 0) + 1
    // Sampled: a churn of short streams would write a line each (the metrics count every close by reason).
    this.logger.sampled(
      'stream closed',
      'info',
      { client: conn.client, topics: conn.topics.map(topicName), seconds: Math.round((Date.now() - conn.openedAt) / 100) / 10, events: conn.events, reason },
      'stream closed',
    )
  }

  subscribers(topic: string): Iterable<Connection> {
    return this.byTopic.get(topic) ?? []
  }

  *all(): Iterable<Connection> {
    const seen = new Set<Connection>()
    for (const set of this.byTopic.values()) for (const conn of set) if (!seen.has(conn)) seen.add(conn), yield conn
  }

  /**
   * Queue a frame; a reader whose unread bytes pass the bound is dropped (it reconnects and resumes). `bounded`
   * false: the stream's first writes, which may exceed the bound.
   */
  write(conn: Connection, frame: Uint8Array, bounded = true): void {
    if (conn.closed) return
    try {
      conn.controller.enqueue(frame)
    } catch {
      this.remove(conn, 'client closed')
      return
    }
    conn.events++
    if (bounded && -(conn.controller.desiredSize ?? 0) > this.limits.maxBacklogBytes + conn.allowance) {
      this.remove(conn, 'slow reader')
      // error() discards the queued bytes at once (close() would keep them until written).
      conn.controller.error(new Error('stream dropped: the client left too much unread'))
    }
  }

  /** End every stream and the heartbeat (before the server stops: open streams would hold it). */
  closeAll(): void {
    for (const conn of [...this.all()]) {
      this.remove(conn, 'server stopping')
      try {
        conn.controller.close()
      } catch {}
    }
  }
}
