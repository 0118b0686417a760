/**
 * The 8 KB limit on community POST bodies: measured on the bytes received (also chunked, with no
 * Content-Length), checked before anything else, and without reading past the limit.
 */
import { afterAll, describe, expect, it } from 'bun:test'
import { startServer } from '../../src/server'
import { boostPayload, commentPayload, SNEK, startCommunity } from './helpers'

const h = await startCommunity()
afterAll(() => h.stop())

/** A signed body padded with trailing JSON whitespace to exactly `size` bytes. */
function padded(body: object, size: number): Uint8Array<ArrayBuffer> {
  const json = JSON.stringify(body)
  const bytes = Buffer.byteLength(json)
  expect(bytes).toBeLessThan(size)
  return new TextEncoder().encode(json + ' '.repeat(size - bytes))
}

function chunked(bytes: Uint8Array<ArrayBuffer>, chunkSize = 1000): ReadableStream<Uint8Array> {
  let offset = 0
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) return controller.close()
      controller.enqueue(bytes.slice(offset, offset + chunkSize))
      offset += chunkSize
    },
  })
}

const post = (path: string, body: BodyInit, headers: Record<string, string> = {}) =>
  h.svc.request(path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body })

describe('the 8 KB body limit', () => {
  it('lets 8192 bytes through the size check and refuses 8193 with 413', async () => {
    const wallet = await h.wallet()
    const signed = await wallet.sign(boostPayload(SNEK, h.today()))
    const over = await post('/api/v1/community/boosts', padded(signed, 8193))
    expect(over.status).toBe(413)
    expect(await over.json()).toEqual({ code: 'body_too_large', error: 'Body too large', hint: expect.stringContaining('8192 bytes') })
    // Exactly 8192 bytes: the same signed boost goes all the way through.
    const atLimit = await post('/api/v1/community/boosts', padded(signed, 8192))
    expect(atLimit.status).toBe(201)
  })

  it('measures chunked bodies with no Content-Length on the bytes received', async () => {
    const wallet = await h.wallet()
    const signed = await wallet.sign(commentPayload(SNEK, 'streamed', h.now()))
    // A stream body carries no Content-Length: only the bytes received can be counted.
    expect(new Request('http://localhost/', { method: 'POST', body: chunked(padded(signed, 8193)) }).headers.get('content-length')).toBe(null)
    const over = await post(`/api/v1/community/comments/${SNEK}`, chunked(padded(signed, 8193)))
    expect(over.status).toBe(413)
    expect((await post(`/api/v1/community/comments/${SNEK}`, chunked(padded(signed, 8192)))).status).toBe(201)
  })

  it('stops reading at the first chunk past the limit', async () => {
    let pulled = 0
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1000
        controller.enqueue(new Uint8Array(1000).fill(0x20))
      },
    })
    const res = await post('/api/v1/community/boosts', endless)
    expect(res.status).toBe(413)
    // 9 chunks of 1000 bytes cross 8192; the stream may have queued one more ahead of the reader.
    expect(pulled).toBeLessThanOrEqual(10_000)
  })

  it('refuses a declared Content-Length over the limit before reading', async () => {
    let pulled = 0
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1
        controller.enqueue(new Uint8Array(10))
        controller.close()
      },
    })
    const res = await post('/api/v1/community/boosts', body, { 'content-length': '9000' })
    expect(res.status).toBe(413)
    expect(pulled).toBeLessThanOrEqual(1)
  })

  it('checks the size before the shape: an oversized body that is not JSON is a 413, not a 400', async () => {
    const res = await post('/api/v1/community/boosts', 'x'.repeat(9000))
    expect(res.status).toBe(413)
  })

  it('holds over a real socket for a chunked upload that never ends', async () => {
    const server = await startServer({ ...h.svc.config, port: 0, host: '127.0.0.1', logLevel: 'silent' })
    try {
      let pulled = 0
      const endless = new ReadableStream<Uint8Array>({
        async pull(controller) {
          pulled += 1000
          await Bun.sleep(1)
          controller.enqueue(new Uint8Array(1000).fill(0x20))
        },
      })
      const res = await fetch(`${server.url}/api/v1/community/boosts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: endless,
        duplex: 'half',
      } as RequestInit)
      expect(res.status).toBe(413)
      expect((await res.json()).error).toBe('Body too large')
      // The answer came while the upload was still going; the client stops sending then.
      expect(pulled).toBeLessThan(1_000_000)
    } finally {
      await server.stop()
    }
  })
})
