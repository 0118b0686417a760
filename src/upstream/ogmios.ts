/**
 * A small Ogmios v6 chain-synchronization client over Bun's built-in WebSocket (no dependency): one connection,
 * `findIntersection`, then `nextBlock` pipelined (several requests in flight; Ogmios answers them in order, and at
 * the tip holds each until a block comes). Messages are read by ogmios-chain.ts with exact integers.
 *
 * Why not `@cardano-ogmios/client`: it works, but brings ws, isomorphic-ws, cross-fetch and a pure-JS big-number
 * JSON parser (several times slower than the runtime's parser with source access, which keeps integers exact
 * here), and its chain-sync helper owns reconnection and pipelining, which the follower must own to resume
 * from its own cursor with its own back-off. See docs/guide/internals.md.
 *
 * Faults never throw out of a callback: a connection that fails, closes or times out rejects what waits on it
 * (the follower reconnects); a message that cannot be read is handed to `onMalformed` and skipped.
 */
import {
  OgmiosShapeError,
  readIntersection,
  readMessage,
  readNextBlock,
  type Intersection,
  type NextBlock,
  type PointOrOrigin,
  type RpcMessage,
} from './ogmios-chain'

export class OgmiosUnavailable extends Error {
  override name = 'OgmiosUnavailable'
}

/** One answer of the pipeline: a block or rollback, or a message that could not be read (skipped). */
export type SyncAnswer = NextBlock | { direction: 'malformed'; reason: string }

export interface ChainSyncOptions {
  /** The payment credentials whose outputs are read whole. */
  credentials: ReadonlySet<string>
  /** Longest the connection may take to open, and a findIntersection to answer. */
  timeoutMs: number
  /** A message that could not be read (it is skipped). */
  onMalformed?: (reason: string) => void
}

interface Waiter {
  resolve: (message: RpcMessage) => void
  reject: (error: Error) => void
}

export class ChainSync {
  private readonly waiting = new Map<number, Waiter>()
  private nextId = 1
  private readonly answers: SyncAnswer[] = []
  private wake: (() => void) | null = null
  private inFlight = 0
  private closedWith: Error | null = null
  private pipelining = false

  private constructor(
    private readonly socket: WebSocket,
    private readonly options: ChainSyncOptions,
  ) {}

  /** Open the connection; rejects with OgmiosUnavailable when it cannot be opened in time. */
  static connect(url: string, options: ChainSyncOptions): Promise<ChainSync> {
    return new Promise((resolve, reject) => {
      let socket: WebSocket
      try {
        socket = new WebSocket(url)
      } catch (error) {
        reject(new OgmiosUnavailable(`cannot open ${redacted(url)}: ${error instanceof Error ? error.message : String(error)}`))
        return
      }
      const sync = new ChainSync(socket, options)
      const timer = setTimeout(() => {
        socket.close()
        reject(new OgmiosUnavailable(`no connection to ${redacted(url)} within ${options.timeoutMs} ms`))
      }, options.timeoutMs)
      socket.addEventListener('open', () => {
        clearTimeout(timer)
        resolve(sync)
      })
      socket.addEventListener('message', (event) => sync.onMessage(event.data))
      socket.addEventListener('close', (event) => {
        clearTimeout(timer)
        const error = new OgmiosUnavailable(`connection closed (${event.code}${event.reason ? `: ${event.reason}` : ''})`)
        reject(error)
        sync.fail(error)
      })
      socket.addEventListener('error', () => {
        clearTimeout(timer)
        const error = new OgmiosUnavailable(`cannot reach ${redacted(url)}`)
        reject(error)
        sync.fail(error)
      })
    })
  }

  /** Ask for an intersection with the first of `points` (newest first) that is on the node's chain. */
  async findIntersection(points: readonly PointOrOrigin[]): Promise<Intersection> {
    const message = await this.request('findIntersection', { points })
    return readIntersection(message)
  }

  /**
   * Start the pipeline: `depth` nextBlock requests in flight, each answer read replaced by a new request. Then
   * `take()` the answers in chain order.
   */
  pipeline(depth: number): void {
    this.pipelining = true
    while (this.inFlight < depth) this.requestNext()
  }

  /**
   * The answers that have arrived (at most `max`, at least one): waits for one when none has; rejects once the
   * connection is gone. Each answer taken is replaced by a new request, so `depth` stay in flight.
   */
  async take(max: number): Promise<SyncAnswer[]> {
    while (this.answers.length === 0) {
      if (this.closedWith !== null) throw this.closedWith
      await new Promise<void>((resolve) => (this.wake = resolve))
      this.wake = null
    }
    // Messages already received wait in the event loop's queue behind the caller's work (a local database answers
    // within microtasks): one turn lets them in, so a catch-up takes its blocks in batches, not one by one.
    if (this.answers.length < max) await new Promise<void>((resolve) => setImmediate(resolve))
    const taken = this.answers.splice(0, max)
    for (let i = 0; i < taken.length; i++) this.requestNext()
    return taken
  }

  close(): void {
    this.fail(new OgmiosUnavailable('closed by the follower'))
    try {
      this.socket.close(1000, 'follower stopped')
    } catch {
      // already closed
    }
  }

  private requestNext(): void {
    if (!this.pipelining || this.closedWith !== null) return
    this.inFlight += 1
    this.send('nextBlock', undefined, this.nextId++)
  }

  private request(method: string, params: unknown): Promise<RpcMessage> {
    const id = this.nextId++
    return new Promise<RpcMessage>((resolve, reject) => {
      if (this.closedWith !== null) return reject(this.closedWith)
      const timer = setTimeout(() => {
        this.waiting.delete(id)
        reject(new OgmiosUnavailable(`${method}: no answer within ${this.options.timeoutMs} ms`))
      }, this.options.timeoutMs)
      this.waiting.set(id, {
        resolve: (m) => (clearTimeout(timer), resolve(m)),
        reject: (e) => (clearTimeout(timer), reject(e)),
      })
      this.send(method, params, id)
    })
  }

  private send(method: string, params: unknown, id: number): void {
    try {
      this.socket.send(JSON.stringify(params === undefined ? { jsonrpc: '2.0', method, id } : { jsonrpc: '2.0', method, params, id }))
    } catch (error) {
      this.fail(new OgmiosUnavailable(`send failed: ${error instanceof Error ? error.message : String(error)}`))
    }
  }

  private onMessage(data: unknown): void {
    const text = typeof data === 'string' ? data : data instanceof ArrayBuffer || ArrayBuffer.isView(data) ? Buffer.from(data as ArrayBuffer).toString('utf8') : null
    let message: RpcMessage
    try {
      if (text === null) throw new OgmiosShapeError('not a text message')
      message = readMessage(text)
    } catch (error) {
      // Unreadable: if it was a nextBlock answer, its pipeline slot is spent; count it as one.
      return this.malformed(error, this.inFlight > 0)
    }
    const id = typeof message.id === 'number' ? message.id : null
    const waiter = id === null ? undefined : this.waiting.get(id)
    if (waiter !== undefined) {
      this.waiting.delete(id!)
      return waiter.resolve(message)
    }
    if (message.method !== 'nextBlock' || this.inFlight === 0) return this.malformed(new OgmiosShapeError(`unexpected ${message.method ?? 'message'}`), false)
    this.inFlight -= 1
    try {
      this.push(readNextBlock(message, this.options.credentials))
    } catch (error) {
      if (!(error instanceof OgmiosShapeError)) throw error
      this.push({ direction: 'malformed', reason: error.message })
    }
  }

  private malformed(error: unknown, inPipeline: boolean): void {
    const reason = error instanceof Error ? error.message : String(error)
    if (inPipeline) {
      this.inFlight -= 1
      this.push({ direction: 'malformed', reason })
    } else this.options.onMalformed?.(reason)
  }

  private push(answer: SyncAnswer): void {
    this.answers.push(answer)
    this.wake?.()
  }

  private fail(error: Error): void {
    if (this.closedWith !== null) return
    this.closedWith = error
    for (const waiter of this.waiting.values()) waiter.reject(error)
    this.waiting.clear()
    this.wake?.()
  }
}

/** A URL as logs may show it: scheme, host's last label and port only (a hosted Ogmios carries its key in the host). */
export function redacted(url: string): string {
  try {
    const u = new URL(url)
    const named = /[a-z]/i.test(u.hostname.replace(/^\[.*\]$/, ''))
    const host = named && u.hostname.split('.').length > 2 ? `…${u.hostname.slice(u.hostname.indexOf('.'))}` : u.hostname
    return `${u.protocol}//${host}${u.port ? `:${u.port}` : ''}`
  } catch {
    return 'the configured OGMIOS_URL'
  }
}
