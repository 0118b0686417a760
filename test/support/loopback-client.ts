/**
 * A GET from a chosen loopback address (127.0.0.2, 127.0.0.3, …), so a test or benchmark can be several clients
 * as the service sees them: by socket address. One connection per request (Connection: close).
 */
import { connect } from 'node:net'

export interface LoopbackAnswer {
  status: number
  headers: Record<string, string>
  body: string
}

export function getFrom(localAddress: string, port: number, path: string): Promise<LoopbackAnswer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    const socket = connect({ host: '127.0.0.1', port, localAddress })
    socket.on('connect', () => socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`))
    socket.on('data', (chunk: Buffer) => chunks.push(chunk))
    socket.on('error', reject)
    socket.on('close', () => {
      const raw = Buffer.concat(chunks)
      const split = raw.indexOf('\r\n\r\n')
      const [statusLine, ...lines] = raw.subarray(0, split).toString('latin1').split('\r\n')
      const headers: Record<string, string> = {}
      for (const line of lines) {
        const colon = line.indexOf(':')
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
      }
      const rest = raw.subarray(split + 4)
      const body = headers['transfer-encoding'] === 'chunked' ? unchunk(rest) : rest
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: body.toString('utf8') })
    })
  })
}

function unchunk(bytes: Buffer): Buffer {
  const parts: Buffer[] = []
  let at = 0
  for (;;) {
    const eol = bytes.indexOf('\r\n', at)
    const size = parseInt(bytes.subarray(at, eol).toString('latin1'), 16)
    if (!(size > 0)) return Buffer.concat(parts)
    parts.push(bytes.subarray(eol + 2, eol + 2 + size))
    at = eol + 2 + size + 2
  }
}
