/** Records what a real `eventsource` client receives, by event type, and waits for what a test expects. */
import { EventSource } from 'eventsource'
import { waitFor } from './support'

export interface Received {
  type: string
  id: string
  data: any
}

export class Collector {
  readonly events: Received[] = []
  readonly errors: Array<{ status?: number; message?: string }> = []
  opens = 0
  readonly source: EventSource

  constructor(url: string, options: { lastEventId?: string; headers?: Record<string, string> } = {}) {
    const headers = { ...options.headers, ...(options.lastEventId === undefined ? {} : { 'last-event-id': options.lastEventId }) }
    this.source = new EventSource(url, {
      // The client's own reconnections send its Last-Event-ID itself; these headers start a first connection.
      fetch: (input, init) => fetch(input, { ...init, headers: { ...headers, ...(init.headers as Record<string, string>) } }),
    })
    for (const type of ['snapshot', 'screener', 'token', 'trade', 'pool', 'chain-tokens', 'reset']) {
      this.source.addEventListener(type, (event) => this.events.push({ type, id: event.lastEventId, data: JSON.parse(event.data) }))
    }
    this.source.onopen = () => void this.opens++
    this.source.onerror = (event) => void this.errors.push({ status: (event as { code?: number }).code, message: (event as { message?: string }).message })
  }

  of(type: string): Received[] {
    return this.events.filter((e) => e.type === type)
  }

  async next(type: string, match: (e: Received) => boolean = () => true, timeoutMs = 5000): Promise<Received> {
    let found: Received | undefined
    await waitFor(() => (found = this.events.find((e) => e.type === type && match(e))) !== undefined, `event: ${type}`, timeoutMs)
    return found!
  }

  close(): void {
    this.source.close()
  }
}
