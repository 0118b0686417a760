/**
 * Comments through HTTP, against a database file: every status of POST /community/comments/{unit}, the
 * 10-a-day limit under 50 simultaneous posts, replays, and what GET /community/comments/{unit} returns.
 */
import { afterAll, describe, expect, it } from 'bun:test'
import { commentPayload, HOSKY, MIN, SNEK, startCommunity } from './helpers'
import { TestWallet } from './wallet'

const h = await startCommunity()
afterAll(() => h.stop())
const MINUTE = 60 * 1000
const commentsPath = (unit: string) => `/api/v1/community/comments/${unit}`

describe('POST /community/comments/{unit}', () => {
  it('answers 201 with the saved comment, which the next read shows first', async () => {
    const wallet = await h.wallet()
    const before = await h.svc.json(commentsPath(HOSKY))
    expect(before.body).toEqual({ unit: HOSKY, count: 0, comments: [] })

    const { status, body, res } = await h.post(commentsPath(HOSKY), await wallet.sign(commentPayload(HOSKY, 'first!', h.now())))
    expect(status).toBe(201)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(body).toEqual({
      id: expect.any(Number),
      stakeAddress: wallet.stakeAddress,
      // First 9 and last 4 characters of the stake address.
      stakeShort: `${wallet.stakeAddress.slice(0, 9)}…${wallet.stakeAddress.slice(-4)}`,
      body: 'first!',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    })
    expect(Math.abs(Date.parse(body.createdAt) - h.now())).toBeLessThan(5000)

    const after = await h.svc.json(commentsPath(HOSKY))
    expect(after.res.headers.get('x-cache')).toBe('MISS')
    expect(after.body).toEqual({ unit: HOSKY, count: 1, comments: [body] })
  })

  it('keeps the body exactly as signed: markup, quotes, newlines and emoji', async () => {
    const wallet = await h.wallet()
    const text = '<script>alert("x")</script> & \'quotes\'\nline two 🚀 \\ \u00e9'
    const { status, body } = await h.post(commentsPath(MIN), await wallet.sign(commentPayload(MIN, text, h.now())))
    expect(status).toBe(201)
    expect(body.body).toBe(text)
    const raw = await (await h.svc.get(commentsPath(MIN))).text()
    // JSON-escaped by the serializer only: no HTML entities.
    expect(raw).toContain('"<script>alert(\\"x\\")</script> & \'quotes\'\\nline two 🚀 \\\\ é"')
    expect(JSON.parse(raw).comments[0].body).toBe(text)
  })

  it('counts the body in Unicode code points: 500 emoji pass, 501 characters do not, blank is refused', async () => {
    const wallet = await h.wallet()
    // 500 rockets are 1000 UTF-16 units and 2000 UTF-8 bytes, but 500 characters.
    const rockets = '🚀'.repeat(500)
    expect((await h.post(commentsPath(SNEK), await wallet.sign(commentPayload(SNEK, rockets, h.now())))).status).toBe(201)
    for (const text of ['a'.repeat(501), '', '   \n\t ']) {
      const { status, body } = await h.post(commentsPath(SNEK), await wallet.sign(commentPayload(SNEK, text, h.now())))
      expect(status).toBe(400)
      expect(body.error).toBe('Invalid signed payload')
      expect(body.hint).toContain('1 to 500 characters')
    }
  })

  it('accepts ts up to 5 minutes either side of server time and answers 400 beyond, asking to re-sign', async () => {
    const wallet = await h.wallet()
    for (const ts of [h.now() - 5 * MINUTE + 1000, h.now() + 5 * MINUTE - 1000]) {
      expect((await h.post(commentsPath(SNEK), await wallet.sign(commentPayload(SNEK, `at ${ts}`, ts)))).status).toBe(201)
    }
    for (const ts of [h.now() - 5 * MINUTE - 1000, h.now() + 5 * MINUTE + 1000]) {
      const { status, body } = await h.post(commentsPath(SNEK), await wallet.sign(commentPayload(SNEK, 'late', ts)))
      expect(status).toBe(400)
      expect(body.error).toBe('Stale signed payload')
      expect(body.hint).toContain('within 5 minutes')
      expect(body.hint).toContain('Sign the comment again')
    }
  })

  it('answers 400 when the signed unit is not the URL unit, or the payload is not a comment', async () => {
    const wallet = await h.wallet()
    const other = await h.post(commentsPath(SNEK), await wallet.sign(commentPayload(HOSKY, 'wrong thread', h.now())))
    expect(other.status).toBe(400)
    expect(other.body).toEqual({ code: 'payload_url_mismatch', error: 'Payload does not match the URL', hint: expect.stringContaining(`/api/v1/community/comments/${HOSKY}`) })

    const cases: Array<[string, string]> = [
      ['{"action":"comment"', 'payload is not JSON'],
      [JSON.stringify({ action: 'boost', unit: SNEK, body: 'x', ts: new Date(h.now()).toISOString() }), 'action must be "comment"'],
      [JSON.stringify({ action: 'comment', unit: SNEK, body: 'x', ts: 'yesterday' }), 'ts must be an ISO 8601 time'],
      [JSON.stringify({ action: 'comment', unit: SNEK, body: 'x', ts: new Date(h.now()).toISOString().slice(0, 19) }), 'ts must be an ISO 8601 time'],
      [JSON.stringify({ action: 'comment', unit: SNEK, body: 42, ts: new Date(h.now()).toISOString() }), 'body must be a string'],
      [JSON.stringify({ action: 'comment', unit: SNEK, body: 'lone \ud800 surrogate', ts: new Date(h.now()).toISOString() }), 'unpaired UTF-16 surrogate'],
    ]
    for (const [payload, hint] of cases) {
      const { status, body } = await h.post(commentsPath(SNEK), await wallet.sign(payload))
      expect({ hint, status, error: body.error }).toEqual({ hint, status: 400, error: 'Invalid signed payload' })
      expect(body.hint).toContain(hint)
    }
  })

  it('answers 401 for a tampered payload, a foreign key, and testnet, script and enterprise addresses', async () => {
    const wallet = await h.wallet()
    const other = await TestWallet.create()
    const payload = commentPayload(SNEK, 'hello', h.now())
    const signed = await wallet.sign(payload)
    const cases = [
      { ...signed, payload: payload.replace('hello', 'hello ') },
      { ...signed, key: (await other.sign(payload)).key },
      await (await TestWallet.create('testnet')).sign(payload),
      await wallet.signEnvelope(payload, { addressHex: `f1${wallet.rewardAddressHex.slice(2)}` }),
      await wallet.signWithEnterpriseAddress(payload),
    ]
    for (const body of cases) {
      const res = await h.post(commentsPath(SNEK), body)
      expect(res.status).toBe(401)
      expect(res.body.error).toBe('Signature verification failed')
    }
  })

  it('accepts a hashed payload (Ledger style)', async () => {
    const wallet = await h.wallet()
    const { status, body } = await h.post(commentsPath(SNEK), await wallet.signEnvelope(commentPayload(SNEK, 'signed on a Ledger', h.now()), { hashed: true }))
    expect(status).toBe(201)
    expect(body.body).toBe('signed on a Ledger')
  })

  it('answers a replayed comment with the original, once, without saving a duplicate', async () => {
    const wallet = await h.wallet()
    const signed = await wallet.sign(commentPayload(MIN, 'say it once', h.now()))
    const first = await h.post(commentsPath(MIN), signed)
    expect(first.status).toBe(201)
    h.advance(2 * MINUTE)
    const replay = await h.post(commentsPath(MIN), signed)
    expect(replay.status).toBe(200)
    expect(replay.body).toEqual(first.body)
    // Re-wrapping the same signature (the unprotected header is not signed) is still the same comment.
    const rewrapped = { ...signed, signature: signed.signature.replace('a166686173686564f4', 'a266686173686564f4617801') }
    expect(rewrapped.signature).not.toBe(signed.signature)
    expect((await h.post(commentsPath(MIN), rewrapped)).body).toEqual(first.body)
    const list = (await h.svc.json(commentsPath(MIN))).body
    expect(list.comments.filter((c: { body: string }) => c.body === 'say it once')).toHaveLength(1)
  })

  it('gives exactly ten 201 and forty 429 for 50 simultaneous comments from one stake address', async () => {
    const wallet = await h.wallet()
    const bodies = []
    for (let i = 0; i < 50; i++) bodies.push(await wallet.sign(commentPayload(SNEK, `burst ${i}`, h.now())))
    const results = await Promise.all(bodies.map((body) => h.post(commentsPath(SNEK), body)))
    const statuses = results.map((r) => r.status)
    expect(statuses.filter((s) => s === 201)).toHaveLength(10)
    expect(statuses.filter((s) => s === 429)).toHaveLength(40)
    const refused = results.find((r) => r.status === 429)!
    expect(refused.body).toEqual({ code: 'daily_comment_limit_reached', error: 'Daily comment limit reached', hint: expect.stringContaining('10 comments today') })
    // The clock is pinned at 12:00 UTC (plus the 2 minutes a test above moved it): about 12 h to the next UTC day.
    expect(Number(refused.res.headers.get('retry-after'))).toBeGreaterThan(11 * 3600)

    // The limit is per stake address and day, across tokens; a replay of a saved one still answers it.
    expect((await h.post(commentsPath(HOSKY), await wallet.sign(commentPayload(HOSKY, 'elsewhere', h.now())))).status).toBe(429)
    const saved = bodies[statuses.indexOf(201)]
    expect((await h.post(commentsPath(SNEK), saved)).status).toBe(200)
    const mine = (await h.svc.json(commentsPath(SNEK))).body.comments.filter((c: { stakeAddress: string }) => c.stakeAddress === wallet.stakeAddress)
    expect(mine).toHaveLength(10)
  })
})

describe('GET /community/comments/{unit}', () => {
  it('returns the latest 50, newest first, with count the number returned', async () => {
    const local = await startCommunity()
    try {
      const wallets = await Promise.all(Array.from({ length: 6 }, () => local.wallet()))
      // 6 wallets x 9 comments = 54 comments, posted one after the other.
      for (let i = 0; i < 54; i++) {
        const wallet = wallets[i % 6]
        const { status } = await local.post(commentsPath(SNEK), await wallet.sign(commentPayload(SNEK, `comment ${i}`, local.now())))
        expect(status).toBe(201)
      }
      const { status, body, res } = await local.svc.json(commentsPath(SNEK.toUpperCase()))
      expect(status).toBe(200)
      expect(res.headers.get('cache-control')).toBe('public, s-maxage=15')
      expect(body.unit).toBe(SNEK)
      expect(body.count).toBe(50)
      // Newest first: comments 53 down to 4.
      expect(body.comments.map((c: { body: string }) => c.body)).toEqual(Array.from({ length: 50 }, (_, i) => `comment ${53 - i}`))
      const ids = body.comments.map((c: { id: number }) => c.id)
      expect([...ids].sort((a, b) => b - a)).toEqual(ids)
    } finally {
      await local.stop()
    }
  })

  it('answers 400 for a malformed unit', async () => {
    const { status, body } = await h.svc.json('/api/v1/community/comments/not-a-unit')
    expect(status).toBe(400)
    expect(body.error).toBe('Invalid asset unit')
    expect(body.hint).toContain('56-hex-character policy id')
  })
})
