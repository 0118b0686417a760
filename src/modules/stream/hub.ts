/**
 * The live stream's hub: what the service's own refreshes computed, held and pushed to every open stream.
 *
 * - Producers are the refreshes (no upstream call of its own): `publishScreener` from each screener build
 *   (TokenService.onScreener), `publishTrades` / `rollbackTrades` from the chain follower's records (wired in
 *   modules/trades/live.ts; `recordsTrades` gives the snapshots the recent trades from the records), and
 *   `publishNewPools` for `pools:new` (modules/pools/live.ts; `recordsNewPools` likewise). A producer's
 *   change is delivered here at once and published over the relay (Redis) for the other instances, which
 *   deliver it to their own clients. Unchanged rows make no event, so two instances that built the same
 *   screener send one change.
 * - Every event has an id (from one Redis counter with a relay, else `<process start>-<n>`), and the last
 *   events are kept in a bounded ring: a reconnect with Last-Event-ID gets what it missed when the ring still
 *   holds it, else `event: reset` and fresh snapshots.
 * - Each stream is a raw ReadableStream (no generator: a parked generator keeps its subscription after the
 *   client left). Its queue counts bytes; a reader that leaves more than `maxBacklogBytes` unread is dropped.
 * - One timer writes a comment heartbeat to every stream (the server's idle timeout is also switched off per
 *   stream by the route).
 */
import type { StreamRelay } from '../../cluster/stream-relay'
import { apiError } from '../../http/error-catalogue'
import type { Logger } from '../../observability/logger'
import { logoUrl } from '../tokens/service'
import type { ScreenerBody, ScreenerRow } from '../tokens/schemas'
import { eventFrame, HEARTBEAT_FRAME, retryFrame } from './frames'
import { NEW_POOLS_TOPIC, topicName, type Topic } from './topics'

/** One trade as the chain follower records it (its fields are the follower's REST row). */
export type TradeRow = { readonly [field: string]: unknown }

export interface StreamLimits {
  maxPerClient: number
  maxTotal: number
  maxBacklogBytes: number
}

export interface StreamHubOptions {
  logger: Logger
  limits: StreamLimits
  /** Absolute base of the logo URLs in rows ('' gives paths): rows are built once for every client. */
  publicBaseUrl: string | null
  isCurated: (unit: string) => boolean
  relay?: StreamRelay | null
  heartbeatMs?: number
  /** The service's clock (trades' `recordedAt`). */
  now?: () => number
}

/** The documented figures (docs/guide/live-stream.md quotes them). */
export const STREAM_DEFAULTS = {
  heartbeatMs: 15_000,
  retryMs: 3000,
  ringEvents: 2000,
  ringBytes: 8 * 1024 * 1024,
  tradesKept: 20,
  retryAfterSeconds: 30,
} as const

/** How fresh an event's figures are: the refresh that computed them and the upstream reads behind it. */
interface Freshness {
  updatedAt: string | null
  sourcesAsOf: ScreenerBody['sourcesAsOf'] | null
  stale: boolean
}

interface ScreenerMessage extends Freshness {
  kind: 'screener'
  coverage: string
  tokens: ScreenerRow[]
  changed: string[]
  removed: string[]
  ids: { screener: string; tokens: Record<string, string> }
}

interface TradesMessage {
  kind: 'trades'
  id: string
  unit: string
  recordedAt: string
  trades: TradeRow[]
}

/** A chain rollback removed the trades of these assets from `fromHeight` on: one `reset` per asset's topic. */
interface RollbackMessage {
  kind: 'rollback'
  fromHeight: number
  recordedAt: string
  ids: Record<string, string>
}

/** Pools the chain follower saw created: one `pool` event on pools:new. */
interface NewPoolsMessage {
  kind: 'new-pools'
  id: string
  recordedAt: string
  pools: TradeRow[]
}

type Message = ScreenerMessage | TradesMessage | RollbackMessage | NewPoolsMessage

/** The trades held for an asset's topic, newest first; `seeded` once they were merged with the records. */
interface HeldTrades {
  recordedAt: string | null
  trades: TradeRow[]
  seeded: boolean
}

interface RingEntry {
  id: string
  topic: string
  frame: Uint8Array
}

class Connection {
  readonly openedAt = Date.now()
  events = 0
  closed = false
  /** Bytes of the stream's first writes (snapshots, replay), allowed on top of the backlog bound. */
  allowance = 0
  constructor(
    readonly client: string,
    readonly topics: Topic[],
    readonly controller: ReadableStreamDefaultController<Uint8Array>,
  ) {}
}

export class StreamHub {
  private readonly epoch = Date.now().toString(36)
  private localCount = 0
  private lastId: string
  private ringBase: string
  private ring: RingEntry[] = []
  private ringBytes = 0
  private screener: Freshness & { coverage: string | null; tokens: ScreenerRow[]; rows: Map<string, ScreenerRow> } = {
    updatedAt: null,
    sourcesAsOf: null,
    stale: false,
    coverage: null,
    tokens: [],
    rows: new Map(),
  }
  private readonly trades = new Map<string, HeldTrades>()
  /** The newest pools:new rows (newest first), with the time of the last event; seeded from the records once. */
  private newPools: { recordedAt: string | null; pools: TradeRow[]; seeded: boolean } = { recordedAt: null, pools: [], seeded: false }
  private recentNewPools: (() => Promise<TradeRow[]>) | null = null
  private tradesRecorded = false
  /** The recorded recent trades of an asset (newest first), when this deployment records trades. */
  private recentTrades: ((unit: string) => Promise<TradeRow[]>) | null = null
  private readonly byTopic = new Map<string, Set<Connection>>()
  private readonly perClient = new Map<string, number>()
  private openCount = 0
  private timer: ReturnType<typeof setInterval> | null = null
  private producing: Promise<void> = Promise.resolve()
  private closedReasons: Record<string, number> = {}

  constructor(private readonly options: StreamHubOptions) {
    this.lastId = this.ringBase = `${this.epoch}-0`
    options.relay?.listen(
      (message) => this.fromRelay(message),
      () => this.resetAll('the instances lost touch for a while: events may have been missed'),
    )
  }

  /** Open streams now, and streams closed so far by reason (metrics, bench). */
  stats(): { open: number; closed: Record<string, number> } {
    return { open: this.openCount, closed: { ...this.closedReasons } }
  }

  /** The id of the last event this instance delivered (a snapshot sent now would carry it). */
  lastEventId(): string {
    return this.lastId
  }

  isCurated(unit: string): boolean {
    return this.options.isCurated(unit)
  }

  /** A screener build (any: the scheduled core refresh or a request's). Rows that changed become events. */
  publishScreener(body: ScreenerBody, stale: boolean): void {
    this.produce(async () => {
      const base = this.options.publicBaseUrl ?? ''
      const tokens = body.tokens.map((row) => ({ ...row, imageUrl: logoUrl(base, row.address) }))
      const rows = new Map(tokens.map((row) => [row.address, row]))
      const changed = tokens.filter((row) => !sameRow(this.screener.rows.get(row.address), row)).map((row) => row.address)
      const removed = [...this.screener.rows.keys()].filter((unit) => !rows.has(unit))
      const freshness = { updatedAt: body.updatedAt, sourcesAsOf: body.sourcesAsOf, stale }
      if (changed.length === 0 && removed.length === 0) {
        // Nothing to tell; snapshots still say when the figures were last confirmed.
        Object.assign(this.screener, freshness)
        return
      }
      const units = [...changed, ...removed]
      const ids = await this.reserveIds(1 + units.length)
      const message: ScreenerMessage = {
        kind: 'screener',
        ...freshness,
        coverage: body.coverage,
        tokens,
        changed,
        removed,
        ids: { screener: ids[0], tokens: Object.fromEntries(units.map((unit, i) => [unit, ids[i + 1]])) },
      }
      this.applyScreener(message)
      this.options.relay?.publish(message)
    })
  }

  /**
   * This deployment records trades (the chain follower is on): `trades:` snapshots say `recorded: true` and give
   * the asset's recent trades from `recent` (the REST rows, newest first), merged with those heard since.
   */
  recordsTrades(recent: (unit: string) => Promise<TradeRow[]>): void {
    this.recentTrades = recent
  }

  /**
   * Trades the chain follower recorded for one asset, newest first (one call per poll batch; an empty list is
   * not sent). Kept: the last few per asset, for the snapshot.
   */
  publishTrades(asset: string, trades: readonly TradeRow[]): void {
    if (trades.length === 0) return
    this.produce(async () => {
      const [id] = await this.reserveIds(1)
      const message: TradesMessage = { kind: 'trades', id, unit: asset.toLowerCase(), recordedAt: new Date((this.options.now ?? Date.now)()).toISOString(), trades: [...trades] }
      this.applyTrades(message)
      this.options.relay?.publish(message)
    })
  }

  /** This deployment records new pools: `pools:new` snapshots give the newest from `recent` (the REST rows). */
  recordsNewPools(recent: () => Promise<TradeRow[]>): void {
    this.recentNewPools = recent
  }

  /** Pools the chain follower saw created (the REST rows of /pools/new): one `pool` event. */
  publishNewPools(pools: readonly TradeRow[]): void {
    if (pools.length === 0) return
    this.produce(async () => {
      const [id] = await this.reserveIds(1)
      const message: NewPoolsMessage = { kind: 'new-pools', id, recordedAt: new Date((this.options.now ?? Date.now)()).toISOString(), pools: [...pools] }
      this.applyNewPools(message)
      this.options.relay?.publish(message)
    })
  }

  /**
   * A chain rollback removed the recorded trades of these assets from block `fromHeight` on: each asset's
   * `trades:` topic gets `event: reset` with the trades still held (those below that height); the replacements
   * follow as `trade` events.
   */
  rollbackTrades(assets: readonly string[], fromHeight: number): void {
    if (assets.length === 0) return
    this.produce(async () => {
      const units = [...new Set(assets.map((a) => a.toLowerCase()))]
      const ids = await this.reserveIds(units.length)
      const message: RollbackMessage = {
        kind: 'rollback',
        fromHeight,
        recordedAt: new Date((this.options.now ?? Date.now)()).toISOString(),
        ids: Object.fromEntries(units.map((unit, i) => [unit, ids[i]])),
      }
      this.applyRollback(message)
      this.options.relay?.publish(message)
    })
  }

  /** Resolves once every change published so far has been delivered here (tests, bench). */
  settled(): Promise<void> {
    return this.producing
  }

  /**
   * A stream for these topics. Over a cap: 429 (thrown). `lastEventId` resumes; `signal` ends the stream when
   * the request is aborted.
   */
  open(topics: Topic[], client: string, lastEventId: string | null, signal?: AbortSignal): Response {
    const { limits } = this.options
    const retryAfterSeconds = STREAM_DEFAULTS.retryAfterSeconds
    if (this.openCount >= limits.maxTotal) throw apiError('too_many_streams', { retryAfterSeconds })
    if ((this.perClient.get(client) ?? 0) >= limits.maxPerClient) {
      throw apiError('too_many_streams_for_client', { max: limits.maxPerClient, retryAfterSeconds })
    }
    // The place is taken now, not when the body starts (Bun may start it later, and the start waits for the
    // recorded trades): a burst of opens from one address cannot pass the caps meanwhile.
    this.take(client)
    let placeHeld = true
    const giveBack = () => {
      if (placeHeld) this.release(client)
      placeHeld = false
    }
    let connection: Connection | null = null
    const body = new ReadableStream<Uint8Array>(
      {
        start: async (controller) => {
          // The recorded trades first (a read of the records): nothing is written to this stream meanwhile.
          await this.seedTrades(topics)
          if (signal?.aborted) return giveBack()
          const conn = new Connection(client, topics, controller)
          connection = conn
          // The connection holds the place from here; remove() gives it back.
          placeHeld = false
          this.add(conn)
          // What a stream starts with may exceed the backlog bound (a screener snapshot, a long replay): the
          // bound applies from the first event after it.
          const first = (frame: Uint8Array) => this.write(conn, frame, false)
          // A little jitter spreads the reconnections after an instance restarts.
          first(retryFrame(STREAM_DEFAULTS.retryMs + Math.floor(Math.random() * 1000)))
          const missed = lastEventId === null ? null : this.since(lastEventId, conn)
          if (missed === null) {
            if (lastEventId !== null) first(eventFrame(this.lastId, 'reset', { reason: 'the events after your Last-Event-ID are no longer held' }))
            this.snapshots(conn, first)
          } else {
            for (const entry of missed) first(entry.frame)
          }
          conn.allowance = -(conn.controller.desiredSize ?? 0)
        },
        cancel: () => {
          if (connection !== null) this.remove(connection, 'client closed')
        },
      },
      // The queue counts bytes: desiredSize is minus what the client has left unread.
      { highWaterMark: 0, size: (chunk) => chunk?.byteLength ?? 0 },
    )
    signal?.addEventListener('abort', () => {
      if (connection !== null) this.remove(connection, 'client closed')
      else giveBack()
    })
    return new Response(body, {
      headers: {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        'x-accel-buffering': 'no',
      },
    })
  }

  /** End every stream and the heartbeat (before the server stops: open streams would hold it). */
  close(): void {
    for (const conn of [...this.connections()]) {
      this.remove(conn, 'server stopping')
      try {
        conn.controller.close()
      } catch {}
    }
  }

  private produce(step: () => Promise<void>): void {
    this.producing = this.producing.then(step).catch((error) => {
      this.options.logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'stream: a change could not be published')
    })
  }

  /** `count` ids: shared by the instances when the relay can give them, else this process's own. */
  private async reserveIds(count: number): Promise<string[]> {
    const first = (await this.options.relay?.reserveIds(count)) ?? null
    if (first !== null) return Array.from({ length: count }, (_, i) => String(first + i))
    return Array.from({ length: count }, () => `${this.epoch}-${++this.localCount}`)
  }

  private applyScreener(message: ScreenerMessage): void {
    const held = this.screener.rows
    const rows = new Map(message.tokens.map((row) => [row.address, row]))
    // Another instance may have told this change already (both refreshed): only what differs here is sent.
    const changedHere = message.changed.filter((unit) => !sameRow(held.get(unit), rows.get(unit)))
    const removedHere = message.removed.filter((unit) => held.has(unit) && !rows.has(unit))
    const freshness: Freshness = { updatedAt: message.updatedAt, sourcesAsOf: message.sourcesAsOf, stale: message.stale }
    this.screener = { ...freshness, coverage: message.coverage, tokens: message.tokens, rows }
    if (changedHere.length === 0 && removedHere.length === 0) return
    this.emit(message.ids.screener, 'screener', 'screener', {
      topic: 'screener',
      ...freshness,
      coverage: message.coverage,
      count: message.tokens.length,
      changed: message.changed.flatMap((unit) => rows.get(unit) ?? []),
      removed: message.removed,
    })
    for (const unit of [...changedHere, ...removedHere]) {
      const id = message.ids.tokens[unit]
      if (id !== undefined) this.emit(id, 'token', `token:${unit}`, { topic: `token:${unit}`, ...freshness, token: rows.get(unit) ?? null })
    }
  }

  private applyTrades(message: TradesMessage): void {
    this.tradesRecorded = true
    const held = this.trades.get(message.unit)
    this.hold(message.unit, { recordedAt: message.recordedAt, trades: newestTrades(message.trades, held?.trades ?? []), seeded: held?.seeded ?? false })
    const topic = `trades:${message.unit}`
    this.emit(message.id, 'trade', topic, { topic, recordedAt: message.recordedAt, trades: message.trades })
  }

  private applyNewPools(message: NewPoolsMessage): void {
    this.newPools = { ...this.newPools, recordedAt: message.recordedAt, pools: [...message.pools, ...this.newPools.pools].slice(0, STREAM_DEFAULTS.tradesKept) }
    this.emit(message.id, 'pool', NEW_POOLS_TOPIC, { topic: NEW_POOLS_TOPIC, recordedAt: message.recordedAt, pools: message.pools })
  }

  private applyRollback(message: RollbackMessage): void {
    const reason = `a chain rollback replaced the blocks from height ${message.fromHeight}: trades from there on are void; their replacements follow as trade events`
    for (const [unit, id] of Object.entries(message.ids)) {
      const held = this.trades.get(unit)
      const trades = (held?.trades ?? []).filter((t) => !(typeof t.blockHeight === 'number' && t.blockHeight >= message.fromHeight))
      if (held !== undefined) this.hold(unit, { ...held, recordedAt: message.recordedAt, trades })
      const topic = `trades:${unit}`
      this.emit(id, 'reset', topic, { topic, reason, fromHeight: message.fromHeight, recordedAt: message.recordedAt, trades })
    }
  }

  /** Held trades of an asset; bounded: the assets traded (or asked for) most recently. */
  private hold(unit: string, held: HeldTrades): void {
    this.trades.delete(unit)
    this.trades.set(unit, held)
    if (this.trades.size > 5000) this.trades.delete(this.trades.keys().next().value!)
  }

  /** Merges each asked asset's recorded recent trades into what is held, once per asset. */
  private async seedTrades(topics: readonly Topic[]): Promise<void> {
    const recent = this.recentTrades
    if (recent === null) return
    if (this.recentNewPools !== null && !this.newPools.seeded && topics.some((t) => t.kind === 'new-pools')) {
      try {
        const recorded = await this.recentNewPools()
        const heard = new Set(this.newPools.pools.map((p) => p.poolId))
        this.newPools = { ...this.newPools, pools: [...this.newPools.pools, ...recorded.filter((p) => !heard.has(p.poolId))].slice(0, STREAM_DEFAULTS.tradesKept), seeded: true }
      } catch (error) {
        this.options.logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'stream: recorded new pools could not be read')
      }
    }
    for (const topic of topics) {
      if (topic.kind !== 'trades' || this.trades.get(topic.unit)?.seeded) continue
      try {
        const recorded = await recent(topic.unit)
        const held = this.trades.get(topic.unit)
        this.hold(topic.unit, { recordedAt: held?.recordedAt ?? null, trades: newestTrades(held?.trades ?? [], recorded), seeded: true })
      } catch (error) {
        this.options.logger.warn({ err: error instanceof Error ? error.message : String(error), unit: topic.unit }, 'stream: recorded trades could not be read')
      }
    }
  }

  private fromRelay(message: unknown): void {
    const m = message as Partial<Message> | null
    try {
      if (m?.kind === 'screener' && Array.isArray(m.tokens) && Array.isArray(m.changed) && Array.isArray(m.removed) && m.ids !== undefined) {
        this.applyScreener(m as ScreenerMessage)
      } else if (m?.kind === 'trades' && typeof m.unit === 'string' && Array.isArray(m.trades) && typeof m.id === 'string') {
        this.applyTrades(m as TradesMessage)
      } else if (m?.kind === 'rollback' && typeof m.fromHeight === 'number' && typeof m.ids === 'object' && m.ids !== null) {
        this.applyRollback(m as RollbackMessage)
      } else if (m?.kind === 'new-pools' && Array.isArray(m.pools) && typeof m.id === 'string') {
        this.applyNewPools(m as NewPoolsMessage)
      }
    } catch (error) {
      this.options.logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'stream: a relayed change could not be read')
    }
  }

  private emit(id: string, event: string, topic: string, data: unknown): void {
    const frame = eventFrame(id, event, data)
    this.lastId = id
    this.ring.push({ id, topic, frame })
    this.ringBytes += frame.byteLength
    while (this.ring.length > STREAM_DEFAULTS.ringEvents || this.ringBytes > STREAM_DEFAULTS.ringBytes) {
      const dropped = this.ring.shift()!
      this.ringBytes -= dropped.frame.byteLength
      this.ringBase = dropped.id
    }
    for (const conn of this.byTopic.get(topic) ?? []) this.write(conn, frame)
  }

  /** The held events after `lastEventId` for this stream's topics; null when they are not all held. */
  private since(lastEventId: string, conn: Connection): RingEntry[] | null {
    const start = lastEventId === this.ringBase ? 0 : this.ring.findIndex((entry) => entry.id === lastEventId) + 1
    if (start === 0 && lastEventId !== this.ringBase) return null
    const names = new Set(conn.topics.map(topicName))
    return this.ring.slice(start).filter((entry) => names.has(entry.topic))
  }

  private snapshots(conn: Connection, write = (frame: Uint8Array) => this.write(conn, frame)): void {
    for (const topic of conn.topics) write(eventFrame(this.lastId, 'snapshot', this.snapshotOf(topic)))
  }

  private snapshotOf(topic: Topic): Record<string, unknown> {
    const name = topicName(topic)
    const { updatedAt, sourcesAsOf, stale } = this.screener
    if (topic.kind === 'screener') {
      const { coverage, tokens } = this.screener
      return { topic: name, updatedAt, sourcesAsOf, stale, coverage, count: tokens.length, tokens }
    }
    if (topic.kind === 'token') return { topic: name, updatedAt, sourcesAsOf, stale, token: this.screener.rows.get(topic.unit) ?? null }
    if (topic.kind === 'new-pools') return { topic: name, recorded: this.recentNewPools !== null, recordedAt: this.newPools.recordedAt, pools: this.newPools.pools }
    const held = this.trades.get(topic.unit)
    if (!this.tradesRecorded && this.recentTrades === null) {
      return {
        topic: name,
        recorded: false,
        note: 'Trades are not recorded yet on this service: its chain follower is off (CHAIN_FOLLOW=off, or no database). This topic stays open and carries event: trade if another instance records them.',
        recordedAt: null,
        trades: [],
      }
    }
    return { topic: name, recorded: true, recordedAt: held?.recordedAt ?? null, trades: held?.trades ?? [] }
  }

  private resetAll(reason: string): void {
    for (const conn of this.connections()) {
      this.write(conn, eventFrame(this.lastId, 'reset', { reason }))
      this.snapshots(conn)
    }
  }

  private *connections(): Iterable<Connection> {
    const seen = new Set<Connection>()
    for (const set of this.byTopic.values()) for (const conn of set) if (!seen.has(conn)) seen.add(conn), yield conn
  }

  /** Queue a frame; a reader whose unread bytes pass the bound is dropped (it reconnects and resumes). */
  private write(conn: Connection, frame: Uint8Array, bounded = true): void {
    if (conn.closed) return
    try {
      conn.controller.enqueue(frame)
    } catch {
      this.remove(conn, 'client closed')
      return
    }
    conn.events++
    if (bounded && -(conn.controller.desiredSize ?? 0) > this.options.limits.maxBacklogBytes + conn.allowance) {
      this.remove(conn, 'slow reader')
      // error() discards the queued bytes at once (close() would keep them until written).
      conn.controller.error(new Error('stream dropped: the client left too much unread'))
    }
  }

  /** One place under the caps, for a stream about to open. */
  private take(client: string): void {
    this.openCount++
    this.perClient.set(client, (this.perClient.get(client) ?? 0) + 1)
  }

  private release(client: string): void {
    this.openCount--
    const left = (this.perClient.get(client) ?? 1) - 1
    if (left === 0) this.perClient.delete(client)
    else this.perClient.set(client, left)
    if (this.openCount === 0 && this.timer !== null) {
      clearInterval(this.timer)
      this.timer = null
    }
  }

  private add(conn: Connection): void {
    for (const topic of conn.topics) {
      const name = topicName(topic)
      let set = this.byTopic.get(name)
      if (set === undefined) this.byTopic.set(name, (set = new Set()))
      set.add(conn)
    }
    this.timer ??= setInterval(() => {
      for (const c of this.connections()) this.write(c, HEARTBEAT_FRAME)
    }, this.options.heartbeatMs ?? STREAM_DEFAULTS.heartbeatMs)
  }

  private remove(conn: Connection, reason: string): void {
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
    this.options.logger.info(
      { client: conn.client, topics: conn.topics.map(topicName), seconds: Math.round((Date.now() - conn.openedAt) / 100) / 10, events: conn.events, reason },
      'stream closed',
    )
  }
}

/** Rows are built field by field in one order, so equal figures give equal JSON. */
const sameRow = (a: ScreenerRow | undefined, b: ScreenerRow | undefined) => JSON.stringify(a) === JSON.stringify(b)

/**
 * The newest `tradesKept` of two newest-first lists of REST trade rows, each trade (tx, pool) once (`newer`
 * wins), ordered by block height.
 */
function newestTrades(newer: readonly TradeRow[], older: readonly TradeRow[]): TradeRow[] {
  const key = (t: TradeRow) => (typeof t.txHash === 'string' ? `${t.txHash}|${String((t.pool as { address?: unknown } | null)?.address)}` : null)
  const seen = new Set(newer.map(key))
  const merged = [...newer, ...older.filter((t) => {
    const k = key(t)
    return k === null || !seen.has(k)
  })]
  const height = (t: TradeRow) => (typeof t.blockHeight === 'number' ? t.blockHeight : null)
  // Stable: rows without a height keep their place relative to each other.
  merged.sort((a, b) => {
    const [ha, hb] = [height(a), height(b)]
    return ha === null || hb === null ? 0 : hb - ha
  })
  return merged.slice(0, STREAM_DEFAULTS.tradesKept)
}
