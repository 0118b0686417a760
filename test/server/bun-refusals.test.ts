/**
 * What Bun refuses before the app sees a request, against the service as its own process (server.ts's listen
 * options): a Content-Length over the body bound is the app's JSON 413 with a code and CORS (Bun's own limit is lifted
 * so the app answers it); a malformed Content-Length and headers over 16 KiB stay Bun's bare 400 and 431, which no
 * hook can reach, and the errors guide lists them.
 */
import { afterAll, describe, expect, it } from 'bun:test'
import { readFileSync } from 'node:fs'
import { connect } from 'node:net'
import { join } from 'node:path'
import { MAX_REQUEST_BODY_BYTES } from '../../src/http/observe'
import { NOWHERE, startServerProcess } from '../support/processes'

const server = await startServerProcess({ DATABASE_URL: 'off', DEXSCREENER_URL: NOWHERE, GECKOTERMINAL_URL: NOWHERE, KOIOS_URL: NOWHERE, COINGECKO_URL: NOWHERE, HANDLE_URL: NOWHERE })
afterAll(() => server.stop())

/** One raw HTTP/1.1 exchange (fetch would not send a malformed or untrue Content-Length). */
function raw(text: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(server.port, '127.0.0.1', () => socket.write(text))
    let out = ''
    socket.on('data', (chunk) => {
      out += chunk.toString()
    })
    socket.on('close', () => resolve(out))
    socket.on('error', () => resolve(out))
    setTimeout(() => {
      socket.destroy()
      resolve(out)
    }, 3000)
  })
}

const split = (answer: string) => {
  const [head, ...rest] = answer.split('\r\n\r\n')
  const [status, ...lines] = head.split('\r\n')
  const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]))
  return { status, headers, body: rest.join('\r\n\r\n') }
}

describe('refusals before the body is read', () => {
  for (const length of [String(MAX_REQUEST_BODY_BYTES + 1), '200000000', '9007199254740991']) {
    it(`answers Content-Length: ${length} with the JSON 413, its code and CORS`, async () => {
      const answer = split(await raw(`POST /api/mcp HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n{"jsonrpc"`))
      expect(answer.status).toBe('HTTP/1.1 413 Payload Too Large')
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8')
      expect(answer.headers['access-control-allow-origin']).toBe('*')
      expect(answer.headers['x-request-id']).toBeTruthy()
      expect(JSON.parse(answer.body)).toMatchObject({ code: 'request_too_large', error: 'Request body too large' })
    })
  }

  it('still reads a body within the bound', async () => {
    const body = '{"jsonrpc":"2.0","id":1,"method":"tools/list"}'
    const answer = split(await raw(`POST /api/mcp HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nAccept: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`))
    expect(answer.status).toBe('HTTP/1.1 200 OK')
  })

  it('leaves to Bun what it refuses in its parser (a malformed Content-Length, headers over 16 KiB), and the guide says so', async () => {
    expect(split(await raw('POST /api/mcp HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n')).status).toBe('HTTP/1.1 400 Bad Request')
    expect(split(await raw(`GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`)).status).toBe('HTTP/1.1 431 Request Header Fields Too Large')
    const guide = readFileSync(join(import.meta.dir, '..', '..', 'docs', 'guide', 'errors.md'), 'utf8')
    for (const fact of ['| 431 |', 'a malformed `Content-Length`', '2^53']) expect(guide).toContain(fact)
  })
})
