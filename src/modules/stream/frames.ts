/**
 * Server-Sent Events framing, written by hand rather than with Elysia's `sse()` helper, which cannot write
 * comment lines and breaks framing on a newline in a string (design/stream-and-explorer.md §1). The data is
 * always one JSON text: JSON.stringify never emits a raw CR or LF, so one `data:` line holds it whole.
 */
const encoder = new TextEncoder()

/** One event: `id`, `event` and one `data` line, ended by a blank line. */
export function eventFrame(id: string, event: string, data: unknown): Uint8Array {
  return encoder.encode(`id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`)
}

/** The comment line sent every heartbeat: clients ignore it, proxies and idle timers see bytes. */
export const HEARTBEAT_FRAME = encoder.encode(': hb\n\n')

/** The reconnection delay the client should wait, in ms (sent first on every stream). */
export const retryFrame = (ms: number) => encoder.encode(`retry: ${ms}\n\n`)
