/**
 * The live stream (GET /api/v1/stream), against the service as its own process:
 * - memory (RSS) for 2,000 idle streams;
 * - time from a refresh to the event at 1,000 connected clients: the service's scheduled core refresh picks up a
 *   price moved in the fake upstreams; each client notes when the `token` event arrived, against the event's
 *   own `updatedAt` (when the refresh built the figures; same machine, same clock);
 * - the cached GET figure with 2,000 streams open against none (alternating rounds).
 * Streams are opened over raw sockets (Bun's fetch caps concurrent connections per host).
 */
import type { Socket } from 'bun'
import { alternate, CONNECTIONS, fmt, HOT_PATH, type Figure } from './figures'
import { median, runLoad } from './lib/load'

const SNEK = '279c909f348e533da5808898f87f9a14bb2c3dfbbacccd631d927a3f534e454b'
const IDLE = 2000
const FAN_OUT = 1000
const REFRESHES = 3

interface OpenStreams {
  sockets: Socket[]
  close(): Promise<void>
}

/** `count` streams of `path` over raw sockets; `onData(i, text)` for what each receives. */
async function openStreams(url: string, path: string, count: number, onData: (i: number, text: string) => void = () => {}): Promise<OpenStreams> {
  const { hostname, port } = new URL(url)
  const request = `GET ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAccept: text/event-stream\r\n\r\n`
  const decoder = new TextDecoder()
  const sockets: Socket[] = []
  let firstBytes = 0
  for (let start = 0; start < count; start += 100) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(100, count - start) }, (_, k) =>
        Bun.connect({
          hostname,
          port: Number(port),
          socket: {
            open: (socket) => void socket.write(request),
            data: (_socket, data) => {
              const text = decoder.decode(data)
              if (text.includes('event: snapshot')) firstBytes++
              onData(start + k, text)
            },
          },
        }),
      ),
    )
    sockets.push(...batch)
  }
  const deadline = Date.now() + 30_000
  while (firstBytes < count && Date.now() < deadline) await Bun.sleep(20)
  if (firstBytes < count) throw new Error(`only ${firstBytes} of ${count} streams got their snapshot`)
  return {
    sockets,
    async close() {
      for (const socket of sockets) socket.end()
      await Bun.sleep(500)
    },
  }
}

const rssAfterSettling = async (rss: () => Promise<number>) => {
  Bun.gc(true)
  await Bun.sleep(1500)
  return rss()
}

export const streamFigure: Figure = {
  name: 'stream',
  title: '11. Live stream: memory of idle streams, refresh-to-event time, and the cached GET with streams open',
  async run({ startService, fake }) {
    const service = await startService({ STREAM_MAX_PER_CLIENT: '100000', LOG_LEVEL: 'warn' })
    const lines = []
    try {
      // The first core refresh has run once the screener answers.
      await fetch(service.url + HOT_PATH)
      await Bun.sleep(1000)

      // 1. Memory for 2,000 idle streams.
      const before = await rssAfterSettling(() => service.rss())
      const idle = await openStreams(service.url, `/api/v1/stream?topics=token:${SNEK}`, IDLE)
      const after = await rssAfterSettling(() => service.rss())
      await idle.close()
      lines.push({
        label: `RSS for ${fmt(IDLE)} idle streams (token topic)`,
        value: `+${fmt((after - before) / 2 ** 20, 1)} MB`,
        note: `${fmt(before / 2 ** 20, 1)} → ${fmt(after / 2 ** 20, 1)} MB, ${fmt((after - before) / IDLE / 1024, 1)} KB a stream`,
      })

      // 2. Refresh to event at 1,000 clients, over a few scheduled refreshes.
      const arrivals: number[] = []
      const clients = await openStreams(service.url, `/api/v1/stream?topics=token:${SNEK}`, FAN_OUT, (i, text) => {
        const at = Date.now()
        for (const match of text.matchAll(/event: token\ndata: \{[^\n]*?"updatedAt":"([^"]+)"/g)) {
          arrivals.push(at - Date.parse(match[1]))
        }
      })
      for (let r = 0; r < REFRESHES; r++) {
        const expected = arrivals.length + FAN_OUT
        for (const pair of fake.world.dexscreener.pairs) {
          if ((pair.baseToken as { address?: string }).address === SNEK) pair.priceUsd = String(0.001 + (r + 1) * 0.0001)
        }
        const deadline = Date.now() + 75_000
        while (arrivals.length < expected && Date.now() < deadline) await Bun.sleep(50)
      }
      await clients.close()
      const sorted = [...arrivals].sort((a, b) => a - b)
      lines.push({
        label: `refresh → event at ${fmt(FAN_OUT)} clients, median`,
        value: `${fmt(median(sorted), 1)} ms`,
        note: `p99 ${fmt(sorted[Math.floor(sorted.length * 0.99)] ?? NaN, 1)} ms, max ${fmt(sorted.at(-1) ?? NaN, 1)} ms over ${fmt(arrivals.length)} deliveries (${REFRESHES} refreshes; updatedAt to arrival)`,
      })

      // 3. The cached GET with 2,000 streams open, against none.
      let open: OpenStreams | null = null
      const load = () => runLoad({ url: service.url + HOT_PATH, connections: CONNECTIONS, seconds: 4 })
      const { a: without, b: withStreams, perRound } = await alternate(
        async () => {
          await open?.close()
          open = null
          return load()
        },
        async () => {
          open = await openStreams(service.url, '/api/v1/stream?topics=screener', IDLE)
          return load()
        },
      )
      await (open as OpenStreams | null)?.close()
      lines.push(
        { label: `service GET ${HOT_PATH} (cached), no stream open`, value: `${fmt(without.rps)} req/s`, note: `p50 ${fmt(without.p50, 2)} ms, p99 ${fmt(without.p99, 2)} ms` },
        { label: `the same with ${fmt(IDLE)} screener streams open`, value: `${fmt(withStreams.rps)} req/s`, note: `p50 ${fmt(withStreams.p50, 2)} ms, p99 ${fmt(withStreams.p99, 2)} ms` },
        { label: 'ratio with / without streams (target ≈ 1)', value: fmt(withStreams.rps / without.rps, 2), note: `per round: ${perRound.map((r) => fmt(r, 2)).join(', ')}` },
      )
      return lines
    } finally {
      await service.stop()
    }
  },
}
