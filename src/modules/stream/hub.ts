/**
 * The live stream's hub: what the service's own refreshes computed, held and pushed to every open stream. It puts
 * the parts together, each in its own file:
 * - screener-state.ts, held-trades.ts, held-new-pools.ts: what the stream holds (the screener's rows, each asset's
 *   recent trades, the newest pools) and the snapshots read from it;
 * - event-ids.ts, relay-messages.ts: the ids every instance agrees on, and the changes told to the others;
 * - ring.ts: the last events, for a reconnect with Last-Event-ID;
 * - connections.ts: the open streams, their caps, the unread-bytes bound and the heartbeat;
 * - frames.ts, topics.ts: the SSE framing and the topics.
 *
 * Producers are the refreshes (no upstream call of its own): `publishScreener` from each screener build
 * (TokenService.onScreener), `publishTrades` / `rollbackTrades` from the chain follower's records (wired in
 * modules/trades/live.ts; `recordsTrades` gives the snapshots the recent trades from the records), and
 * `publishNewPools` for `pools:new` (modules/pools/live.ts; `recordsNewPools` likewise), `publishChainTokens` for
 * `chain:tokens` (modules/chain-tokens/live.ts; `recordsChainTokens` gives its snapshot). A producer's
 * change is delivered here at once and published over the relay (Redis) for the other instances, which deliver it
 * to their own clients. Unchanged rows make no event, so two instances that built the same screener send one change.
 */
import type { StreamRelay } from '../../cluster/stream-relay'
import type { Logger } from '../../observability/logger'
import type { ScreenerBody } from '../tokens/schemas'
import { Connection, Connections, type StreamLimits } from './connections'
import { EventIds } from './event-ids'
import { eventFrame, retryFrame } from './frames'
import { HeldNewPools, type NewPoolRow } from './held-new-pools'
import { HeldTrades, TRADES_KEPT, type TradeRow } from './held-trades'
import { HeldChainTokens, type ChainTokensAnswer } from './held-chain-tokens'
import { readRelayMessage, type ChainTokensMessage, type NewPoolsMessage, type RelayMessage, type RollbackMessage, type ScreenerMessage, type TradesMessage } from './relay-messages'
import { ResumeRing } from './ring'
import { ScreenerState, streamRows, type Freshness } from './screener-state'
import { CHAIN_TOKENS_TOPIC, NEW_POOLS_TOPIC, topicName, type Topic } from './topics'


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
  tradesKept: TRADES_KEPT,
  retryAfterSeconds: 30,
} as const

export class StreamHub {
  private readonly ids: EventIds
  private lastId: string
  private readonly ring: ResumeRing
  private readonly screener = new ScreenerState()
  private readonly trades = new HeldTrades()
  private readonly newPools = new HeldNewPools()
  private readonly chainTokens = new HeldChainTokens()
  private readonly connections: Connections
  private producing: Promise<void> = Promise.resolve()

  constructor(private readonly options: StreamHubOptions) {
    this.ids = new EventIds(options.relay ?? null)
    this.lastId = this.ids.start
    this.ring = new ResumeRing(this.ids.start, { events: STREAM_DEFAULTS.ringEvents, bytes: STREAM_DEFAULTS.ringBytes })
    this.connections = new Connections(options.limits, options.logger, options.heartbeatMs ?? STREAM_DEFAULTS.heartbeatMs, STREAM_DEFAULTS.retryAfterSeconds)
    options.relay?.listen(
      (message) => this.fromRelay(message),
      () => this.resetAll('the instances lost touch for a while: events may have been missed'),
    )
  }

  /** Open streams now, and streams closed so far by reason (metrics, bench). */
  stats(): { open: number; closed: Record<string, number> } {
    return this.connections.stats()
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
      const tokens = streamRows(body, this.options.publicBaseUrl)
      const { changed, removed } = this.screener.diff(tokens)
      const freshness = { updatedAt: body.updatedAt, sourcesAsOf: body.sourcesAsOf, stale }
      if (changed.length === 0 && removed.length === 0) {
        // Nothing to tell; snapshots still say when the figures were last confirmed.
        this.screener.confirm(freshness)
        return
      }
      const units = [...changed, ...removed]
      const ids = await this.ids.reserve(1 + units.length)
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
    this.trades.recordedBy(recent)
  }

  /**
   * Trades the chain follower recorded for one asset, newest first (one call per poll batch; an empty list is
   * not sent). Kept: the last few per asset, for the snapshot.
   */
  publishTrades(asset: string, trades: readonly TradeRow[]): void {
    if (trades.length === 0) return
    this.produce(async () => {
      const [id] = await this.ids.reserve(1)
      const message: TradesMessage = { kind: 'trades', id, unit: asset.toLowerCase(), recordedAt: this.nowIso(), trades: [...trades] }
      this.applyTrades(message)
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
      const ids = await this.ids.reserve(units.length)
      const message: RollbackMessage = {
        kind: 'rollback',
        fromHeight,
        recordedAt: this.nowIso(),
        ids: Object.fromEntries(units.map((unit, i) => [unit, ids[i]])),
      }
      this.applyRollback(message)
      this.options.relay?.publish(message)
    })
  }

  /** This deployment records new pools: `pools:new` snapshots give the newest from `recent` (the REST rows). */
  recordsNewPools(recent: () => Promise<NewPoolRow[]>): void {
    this.newPools.recordedBy(recent)
  }

  /** Pools the chain follower saw created (the REST rows of /pools/new, newest first): one `pool` event. */
  publishNewPools(pools: readonly NewPoolRow[]): void {
    if (pools.length === 0) return
    this.produce(async () => {
      const [id] = await this.ids.reserve(1)
      const message: NewPoolsMessage = { kind: 'new-pools', id, recordedAt: this.nowIso(), pools: [...pools] }
      this.applyNewPools(message)
      this.options.relay?.publish(message)
    })
  }

  /** This deployment records chain figures: `chain:tokens` snapshots read the first page of GET /chain/tokens. */
  recordsChainTokens(read: () => Promise<ChainTokensAnswer>): void {
    this.chainTokens.recordedBy(read)
  }

  /**
   * The chain figures a block batch changed: the rows still listed (GET /chain/tokens rows, logo URLs on the
   * configured base) and the units no longer listed. One `chain-tokens` event; nothing when both are empty.
   */
  publishChainTokens(change: { changed: readonly ChainTokensAnswer['tokens'][number][]; removed: readonly string[]; asOf: unknown }): void {
    if (change.changed.length === 0 && change.removed.length === 0) return
    this.produce(async () => {
      const [id] = await this.ids.reserve(1)
      const message: ChainTokensMessage = { kind: 'chain-tokens', id, recordedAt: this.nowIso(), asOf: change.asOf, changed: [...change.changed], removed: [...change.removed] }
      this.applyChainTokens(message)
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
  open(topics: Topic[], client: string, lastEventId: string | null, signal?: AbortSignal, origin = ''): Response {
    const connections = this.connections
    connections.take(client)
    let placeHeld = true
    const giveBack = () => {
      if (placeHeld) connections.release(client)
      placeHeld = false
    }
    let connection: Connection | null = null
    const body = new ReadableStream<Uint8Array>(
      {
        start: async (controller) => {
          // The recorded trades and pools first (reads of the records): nothing is written to this stream meanwhile.
          await this.trades.seed(tradeUnits(topics), (unit, error) =>
            this.options.logger.warn({ err: error instanceof Error ? error.message : String(error), unit }, 'stream: recorded trades could not be read'),
          )
          if (topics.some((t) => t.kind === 'new-pools')) {
            await this.newPools.seed((error) =>
              this.options.logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'stream: recorded new pools could not be read'),
            )
          }
          if (topics.some((t) => t.kind === 'chain-tokens')) {
            await this.chainTokens.refresh((error) =>
              this.options.logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'stream: chain figures could not be read'),
            )
          }
          if (signal?.aborted) return giveBack()
          const conn = new Connection(client, topics, controller, origin)
          connection = conn
          // The connection holds the place from here; remove() gives it back.
          placeHeld = false
          connections.add(conn)
          // What a stream starts with may exceed the backlog bound (a screener snapshot, a replay): the bound
          // applies from the first event after it.
          const first = (frame: Uint8Array) => connections.write(conn, frame, false)
          // A little jitter spreads the reconnections after an instance restarts.
          first(retryFrame(STREAM_DEFAULTS.retryMs + Math.floor(Math.random() * 1000)))
          // A replay larger than a stream may leave unread is not worth it: reset and snapshots (ring.ts).
          const missed = lastEventId === null ? null : this.ring.since(lastEventId, new Set(topics.map(topicName)), this.options.limits.maxBacklogBytes)
          if (missed === null) {
            if (lastEventId !== null) first(eventFrame(this.lastId, 'reset', { reason: 'the events after your Last-Event-ID are no longer held, or more than a replay sends' }))
            this.snapshots(conn, first)
          } else {
            for (const entry of missed) first(entry.frame)
          }
          conn.allowance = -(conn.controller.desiredSize ?? 0)
        },
        cancel: () => {
          if (connection !== null) connections.remove(connection, 'client closed')
        },
      },
      // The queue counts bytes: desiredSize is minus what the client has left unread.
      { highWaterMark: 0, size: (chunk) => chunk?.byteLength ?? 0 },
    )
    signal?.addEventListener('abort', () => {
      if (connection !== null) connections.remove(connection, 'client closed')
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
    this.connections.closeAll()
  }

  private produce(step: () => Promise<void>): void {
    this.producing = this.producing.then(step).catch((error) => {
      this.options.logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'stream: a change could not be published')
    })
  }

  private nowIso(): string {
    return new Date((this.options.now ?? Date.now)()).toISOString()
  }

  private applyScreener(message: ScreenerMessage): void {
    const freshness: Freshness = { updatedAt: message.updatedAt, sourcesAsOf: message.sourcesAsOf, stale: message.stale }
    const { changedHere, removedHere } = this.screener.apply(freshness, message.coverage, message.tokens, message.changed, message.removed)
    if (changedHere.length === 0 && removedHere.length === 0) return
    this.emit(message.ids.screener, 'screener', 'screener', {
      topic: 'screener',
      ...freshness,
      coverage: message.coverage,
      count: message.tokens.length,
      changed: message.changed.flatMap((unit) => this.screener.row(unit) ?? []),
      removed: message.removed,
    })
    for (const unit of [...changedHere, ...removedHere]) {
      const id = message.ids.tokens[unit]
      if (id !== undefined) this.emit(id, 'token', `token:${unit}`, { topic: `token:${unit}`, ...freshness, token: this.screener.row(unit) })
    }
  }

  private applyTrades(message: TradesMessage): void {
    this.trades.add(message.unit, message.recordedAt, message.trades)
    const topic = `trades:${message.unit}`
    this.emit(message.id, 'trade', topic, { topic, recordedAt: message.recordedAt, trades: message.trades })
  }

  private applyNewPools(message: NewPoolsMessage): void {
    this.newPools.add(message.recordedAt, message.pools)
    this.emit(message.id, 'pool', NEW_POOLS_TOPIC, { topic: NEW_POOLS_TOPIC, recordedAt: message.recordedAt, pools: message.pools })
  }

  private applyChainTokens(message: ChainTokensMessage): void {
    const data = { topic: CHAIN_TOKENS_TOPIC, recordedAt: message.recordedAt, asOf: message.asOf, changed: message.changed, removed: message.removed }
    this.emit(message.id, 'chain-tokens', CHAIN_TOKENS_TOPIC, data)
  }

  private applyRollback(message: RollbackMessage): void {
    const reason = `a chain rollback replaced the blocks from height ${message.fromHeight}: trades from there on are void; their replacements follow as trade events`
    for (const [unit, id] of Object.entries(message.ids)) {
      const trades = this.trades.rollBack(unit, message.fromHeight, message.recordedAt)
      const topic = `trades:${unit}`
      this.emit(id, 'reset', topic, { topic, reason, fromHeight: message.fromHeight, recordedAt: message.recordedAt, trades })
    }
  }

  private fromRelay(value: unknown): void {
    try {
      const message: RelayMessage | null = readRelayMessage(value)
      if (message?.kind === 'screener') this.applyScreener(message)
      else if (message?.kind === 'trades') this.applyTrades(message)
      else if (message?.kind === 'rollback') this.applyRollback(message)
      else if (message?.kind === 'new-pools') this.applyNewPools(message)
      else if (message?.kind === 'chain-tokens') this.applyChainTokens(message)
    } catch (error) {
      this.options.logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'stream: a relayed change could not be read')
    }
  }

  private emit(id: string, event: string, topic: string, data: unknown): void {
    const frame = eventFrame(id, event, data)
    this.lastId = id
    this.ring.push({ id, topic, frame })
    for (const conn of this.connections.subscribers(topic)) this.connections.write(conn, frame)
  }

  private snapshots(conn: Connection, write = (frame: Uint8Array) => this.connections.write(conn, frame)): void {
    for (const topic of conn.topics) write(eventFrame(this.lastId, 'snapshot', this.snapshotOf(topic, conn.origin)))
  }

  private snapshotOf(topic: Topic, origin: string): Record<string, unknown> {
    const name = topicName(topic)
    // Rows hold PUBLIC_BASE_URL's logo URLs, or paths without it: a snapshot, written for one client, then gets
    // absolute URLs on that client's origin, as the REST answers do.
    const base = this.options.publicBaseUrl === null ? origin : ''
    if (topic.kind === 'screener') return this.screener.snapshot(name, base)
    if (topic.kind === 'token') return this.screener.tokenSnapshot(name, topic.unit, base)
    if (topic.kind === 'new-pools') return this.newPools.snapshot(name)
    if (topic.kind === 'chain-tokens') return this.chainTokens.snapshot(name, base)
    return this.trades.snapshot(name, topic.unit)
  }

  private resetAll(reason: string): void {
    for (const conn of this.connections.all()) {
      this.connections.write(conn, eventFrame(this.lastId, 'reset', { reason }))
      this.snapshots(conn)
    }
  }
}

const tradeUnits = (topics: readonly Topic[]): string[] => topics.flatMap((topic) => (topic.kind === 'trades' ? [topic.unit] : []))
