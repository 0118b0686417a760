import { RedisClient } from 'bun'
import type { Logger } from '../observability/logger'

/** Thrown instead of waiting when Redis is down, slow or not yet back: callers fall back to local behaviour. */
export class RedisUnavailable extends Error {
  override name = 'RedisUnavailable'
}

export type RedisHealth = { state: 'ok' } | { state: 'unavailable'; reason: string; since: number }

/** How often a lost Redis is tried again. */
const RECONNECT_EVERY_MS = 1000

/**
 * The one connection to the Redis the instances share, plus a second one for subscriptions (a subscribed
 * connection can run nothing else).
 *
 * Redis failing must never stall a request: every command is bounded by `timeoutMs`; the first failure or
 * timeout marks Redis unavailable and closes both connections, and from then on commands fail at once
 * (RedisUnavailable) without touching the network, so callers use their local fallbacks. A timer reconnects
 * every second and marks Redis available again once both connections answer, then re-subscribes and tells
 * `onResume` listeners (what was published meanwhile is lost).
 *
 * Bun's client reconnects by itself, but queues commands while it does (or, without the offline queue, gives up
 * after its retries) and has no per-command timeout: this class owns both concerns instead.
 */
export class SharedRedis {
  private client: RedisClient | null = null
  private subscriber: RedisClient | null = null
  private health: RedisHealth = { state: 'unavailable', reason: 'not connected yet', since: Date.now() }
  private readonly channels = new Map<string, (message: string) => void>()
  private readonly resumeListeners: Array<() => void> = []
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null
  private connecting: Promise<boolean> | null = null
  private closed = false

  constructor(
    private readonly url: string,
    private readonly timeoutMs: number,
    private readonly logger: Logger,
  ) {}

  get available(): boolean {
    return this.health.state === 'ok'
  }

  status(): RedisHealth {
    return this.health
  }

  /** First connection; a Redis that is not there yet is not an error (the instance starts degraded). */
  async start(): Promise<void> {
    if (!(await this.connect(false))) this.scheduleReconnect()
  }

  /** One command, bounded by the timeout. Any failure marks Redis unavailable and throws RedisUnavailable. */
  async send(command: string, args: string[]): Promise<unknown> {
    const client = this.client
    if (client === null || this.health.state !== 'ok') throw new RedisUnavailable(this.reason())
    try {
      return await withTimeout(client.send(command, args), this.timeoutMs, `${command} took over ${this.timeoutMs} ms`)
    } catch (error) {
      this.lost(client, describe(error))
      throw new RedisUnavailable(this.reason())
    }
  }

  /** Fire and forget: a publish that cannot be delivered is dropped (the cache lifetime bounds what it costs). */
  publish(channel: string, message: string): void {
    this.send('PUBLISH', [channel, message]).catch(() => {})
  }

  /** Messages of a channel, for as long as the process runs (re-subscribed after each reconnection). */
  subscribe(channel: string, listener: (message: string) => void): void {
    this.channels.set(channel, listener)
    const subscriber = this.subscriber
    if (subscriber !== null && this.available) {
      subscriber.subscribe(channel, listener).catch((error) => this.lost(subscriber, describe(error)))
    }
  }

  /**
   * Called each time Redis becomes available after the start: after it was lost, or when it was not there at the
   * start (in both cases this instance may have missed what others published meanwhile).
   */
  onResume(listener: () => void): void {
    this.resumeListeners.push(listener)
  }

  close(): void {
    this.closed = true
    if (this.reconnectTimer !== null) clearTimeout(this.reconnectTimer)
    this.reconnectTimer = null
    this.client?.close()
    this.subscriber?.close()
    this.client = null
    this.subscriber = null
  }

  private reason(): string {
    return this.health.state === 'ok' ? 'ok' : this.health.reason
  }

  private connect(resumed: boolean): Promise<boolean> {
    this.connecting ??= this.openBoth(resumed).finally(() => {
      this.connecting = null
    })
    return this.connecting
  }

  private async openBoth(resumed: boolean): Promise<boolean> {
    const options = { autoReconnect: false, enableOfflineQueue: false, connectionTimeout: this.timeoutMs * 4 }
    const client = new RedisClient(this.url, options)
    const subscriber = new RedisClient(this.url, options)
    try {
      const bound = this.timeoutMs * 4
      await withTimeout(Promise.all([client.connect(), subscriber.connect()]), bound, 'connection timed out')
      await withTimeout(client.send('PING', []), this.timeoutMs, `PING took over ${this.timeoutMs} ms`)
      for (const [channel, listener] of this.channels) {
        await withTimeout(subscriber.subscribe(channel, listener), this.timeoutMs, 'SUBSCRIBE timed out')
      }
    } catch (error) {
      client.close()
      subscriber.close()
      if (this.health.state === 'unavailable') this.health = { ...this.health, reason: describe(error) }
      return false
    }
    if (this.closed) {
      client.close()
      subscriber.close()
      return false
    }
    client.onclose = (error) => this.lost(client, `connection closed: ${describe(error)}`)
    subscriber.onclose = (error) => this.lost(subscriber, `subscription closed: ${describe(error)}`)
    this.client = client
    this.subscriber = subscriber
    this.health = { state: 'ok' }
    this.logger.info({ resumed }, 'redis available: sharing budgets, answers and write notices')
    if (resumed) for (const listener of this.resumeListeners) listener()
    return true
  }

  /** A connection failed: drop both (the other may be half-broken too) and retry on a timer. */
  private lost(connection: RedisClient, reason: string): void {
    if (connection !== this.client && connection !== this.subscriber) return
    const { client, subscriber } = this
    this.client = null
    this.subscriber = null
    if (client !== null) client.onclose = null
    if (subscriber !== null) subscriber.onclose = null
    client?.close()
    subscriber?.close()
    if (this.closed) return
    this.health = { state: 'unavailable', reason, since: Date.now() }
    this.logger.warn({ reason }, 'redis unavailable: answering from local memory with the local budget share')
    this.scheduleReconnect()
  }

  private scheduleReconnect(): void {
    if (this.closed || this.reconnectTimer !== null) return
    this.reconnectTimer = setTimeout(async () => {
      this.reconnectTimer = null
      if (this.closed || this.available) return
      if (!(await this.connect(true))) this.scheduleReconnect()
    }, RECONNECT_EVERY_MS)
    // A process waiting only for Redis to come back may exit.
    this.reconnectTimer.unref?.()
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
