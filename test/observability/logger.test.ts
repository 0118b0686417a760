import { describe, expect, it } from 'bun:test'
import { Logger, stdoutSink } from '../../src/observability/logger'

function fakeStream(writableLength = 0) {
  const chunks: string[] = []
  return { chunks, writableLength, write: (chunk: string) => void chunks.push(chunk) }
}

describe('the log sink', () => {
  it('writes many lines in one write, at flush or past 64 KB, as JSON lines', () => {
    const stream = fakeStream()
    const logger = new Logger('info', stdoutSink(stream, 60_000))
    logger.request('r-1', 'GET', '/api/v1/', 200, 0.4, 'HIT', '203.0.113.7')
    logger.request('r-2', 'GET', '/api/v1/', 200, 0.4, null, '"a\\b')
    logger.info({ n: 2 }, 'second')
    expect(stream.chunks).toHaveLength(0)
    logger.flush()
    expect(stream.chunks).toHaveLength(1)
    const lines = stream.chunks[0].trimEnd().split('\n').map((l) => JSON.parse(l))
    expect(lines).toMatchObject([
      { level: 'info', msg: 'request', reqId: 'r-1', method: 'GET', route: '/api/v1/', status: 200, ms: 0.4, cache: 'HIT', client: '203.0.113.7' },
      { reqId: 'r-2', client: '"a\\b' },
      { level: 'info', msg: 'second', n: 2 },
    ])
    for (let i = 0; i < 1000; i++) logger.info({ i, padding: 'x'.repeat(100) }, 'bulk')
    expect(stream.chunks.length).toBeGreaterThan(1) // 1000 lines of ~150 bytes pass 64 KB before any flush
  })

  it('drops and counts lines while the reader is more than 16 MB behind, then says so', () => {
    const stream = fakeStream(17 * 1024 * 1024)
    const logger = new Logger('info', stdoutSink(stream, 60_000))
    logger.info({}, 'lost one')
    logger.info({}, 'lost two')
    logger.flush()
    expect(stream.chunks).toHaveLength(0)
    stream.writableLength = 0
    logger.info({}, 'kept')
    logger.flush()
    const lines = stream.chunks.join('').trimEnd().split('\n').map((l) => JSON.parse(l))
    expect(lines).toMatchObject([{ level: 'warn', msg: 'log lines dropped: stdout too slow', dropped: 2 }, { msg: 'kept' }])
  })
})
