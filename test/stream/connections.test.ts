/** The open streams: caps taken at open, topics, the unread-bytes bound, and closing with a reason. */
import { describe, expect, it } from 'bun:test'
import { Connection, Connections } from '../../src/modules/stream/connections'
import { Logger, memorySink } from '../../src/observability/logger'

const limits = { maxPerClient: 2, maxTotal: 3, maxBacklogBytes: 100 }

/** A stream whose reader never reads: its queue counts bytes, as the hub's does. */
function stream(connections: Connections, client: string, topics = [{ kind: 'screener' } as const]) {
  let controller!: ReadableStreamDefaultController<Uint8Array>
  new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) }, { highWaterMark: 0, size: (chunk) => chunk?.byteLength ?? 0 })
  const conn = new Connection(client, [...topics], controller)
  connections.add(conn)
  return conn
}

describe('Connections', () => {
  it('refuses past the per-client and the per-process caps, and gives places back', () => {
    const connections = new Connections(limits, new Logger('silent'), 60_000, 30)
    connections.take('a')
    connections.take('a')
    expect(() => connections.take('a')).toThrow('Too many open streams from this address')
    connections.take('b')
    expect(() => connections.take('c')).toThrow('Too many open streams')
    connections.release('a')
    connections.take('c')
    expect(connections.stats().open).toBe(3)
  })

  it('drops a reader that leaves more than the bound unread (plus what it started with), and logs why', () => {
    const sink = memorySink()
    const connections = new Connections(limits, new Logger('info', sink), 60_000, 30)
    connections.take('a')
    const conn = stream(connections, 'a')
    connections.write(conn, new Uint8Array(500), false)
    conn.allowance = 500
    connections.write(conn, new Uint8Array(100))
    expect(conn.closed).toBe(false)
    connections.write(conn, new Uint8Array(1))
    expect(conn.closed).toBe(true)
    expect(connections.stats()).toEqual({ open: 0, closed: { 'slow reader': 1 } })
    expect(JSON.parse(sink.lines[0])).toMatchObject({ msg: 'stream closed', reason: 'slow reader', client: 'a', events: 3 })
  })

  it('finds a stream by each of its topics, and forgets it once removed', () => {
    const connections = new Connections(limits, new Logger('silent'), 60_000, 30)
    connections.take('a')
    const conn = stream(connections, 'a', [{ kind: 'screener' }, { kind: 'token', unit: 'u' }] as never)
    expect([...connections.subscribers('token:u')]).toEqual([conn])
    expect([...connections.all()]).toEqual([conn])
    connections.remove(conn, 'client closed')
    expect([...connections.subscribers('screener')]).toEqual([])
    expect(connections.stats()).toEqual({ open: 0, closed: { 'client closed': 1 } })
  })
})
