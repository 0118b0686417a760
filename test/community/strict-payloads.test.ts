/**
 * What a write must look like beyond a valid signature: sent as JSON (415 otherwise), a signed payload naming
 * each field once (a duplicate key is how a wallet can show one unit and a server read another), and comment
 * text that shows something and cannot reorder itself on screen, stored in NFC. Nothing is stored for a refusal.
 */
import { afterAll, describe, expect, it } from 'bun:test'
import { boostPayload, commentPayload, HOSKY, SNEK, startCommunity } from './helpers'

const h = await startCommunity()
afterAll(() => h.stop())
const BOOSTS = '/api/v1/community/boosts'
const comments = (unit: string) => `/api/v1/community/comments/${unit}`
const stored = async () => [await h.rows('boosts'), await h.rows('comments')]

describe('the signed payload', () => {
  it('answers 400 duplicate_payload_key when a key appears twice, however it is spelled, and stores nothing', async () => {
    const wallet = await h.wallet()
    const before = await stored()
    const cases = [
      `{"action":"boost","unit":"${SNEK}","unit":"${HOSKY}","day":"${h.today()}"}`,
      // The same key written with an escape: JSON.parse reads both as "unit".
      `{"action":"boost","unit":"${SNEK}","\\u0075nit":"${HOSKY}","day":"${h.today()}"}`,
      `{"action":"boost","day":"${h.today()}","unit":"${SNEK}","day":"${h.today()}"}`,
    ]
    for (const payload of cases) {
      const { status, body } = await h.post(BOOSTS, await wallet.sign(payload))
      expect(status).toBe(400)
      expect(body.code).toBe('duplicate_payload_key')
      expect(body.hint).toContain('each field once')
    }
    const comment = `{"action":"comment","unit":"${SNEK}","body":"one","body":"two","ts":"${new Date(h.now()).toISOString()}"}`
    const refused = await h.post(comments(SNEK), await wallet.sign(comment))
    expect(refused.status).toBe(400)
    expect(refused.body).toEqual({ code: 'duplicate_payload_key', error: 'Duplicate key in signed payload', hint: expect.stringContaining('"body" appears more than once') })
    expect(await stored()).toEqual(before)
    // Equal keys in different objects, and key-like text inside values, are no duplicates.
    const nested = `{"action":"comment","unit":"${SNEK}","body":"\\"unit\\":\\"x\\", {\\"body\\"","ts":"${new Date(h.now()).toISOString()}","extra":{"unit":1,"body":[{"unit":2}]}}`
    const accepted = await h.post(comments(SNEK), await wallet.sign(nested))
    expect(accepted.status).toBe(201)
    expect(accepted.body.body).toBe('"unit":"x", {"body"')
  })
})

describe('comment text', () => {
  it('answers 400 for text made only of whitespace and invisible characters, and stores nothing', async () => {
    const wallet = await h.wallet()
    const before = await stored()
    for (const text of ['\u200b', '\u200b\u200c\u200d\u2060\ufeff', ' \u200b \u00ad\n', '\u3164\u115f', '\u200e\u200f']) {
      const { status, body } = await h.post(comments(SNEK), await wallet.sign(commentPayload(SNEK, text, h.now())))
      expect({ text: escape(text), status, code: body.code }).toEqual({ text: escape(text), status: 400, code: 'invalid_signed_payload' })
      expect(body.hint).toContain('invisible characters')
    }
    expect(await stored()).toEqual(before)
  })

  it('answers 400 for bidi embeddings, overrides and isolates, naming the character, and stores nothing', async () => {
    const wallet = await h.wallet()
    const before = await stored()
    for (const code of [0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069]) {
      const text = `send to ${String.fromCodePoint(code)}1qdda`
      const { status, body } = await h.post(comments(SNEK), await wallet.sign(commentPayload(SNEK, text, h.now())))
      expect(status).toBe(400)
      expect(body.code).toBe('invalid_signed_payload')
      expect(body.hint).toContain(`U+${code.toString(16).toUpperCase()}`)
    }
    expect(await stored()).toEqual(before)
  })

  it('keeps visible text with invisible characters inside it, stored in NFC', async () => {
    const wallet = await h.wallet()
    // "é" as e + combining acute (NFD), a zero-width joiner inside an emoji sequence, and a right-to-left mark.
    const text = 'cafe\u0301 👩\u200d🚀 \u200fשלום'
    const { status, body } = await h.post(comments(HOSKY), await wallet.sign(commentPayload(HOSKY, text, h.now())))
    expect(status).toBe(201)
    expect(body.body).toBe(text.normalize('NFC'))
    expect(body.body).toContain('caf\u00e9')
    const listed = (await h.svc.json(comments(HOSKY))).body.comments[0]
    expect(listed.body).toBe(text.normalize('NFC'))
  })
})

describe('Content-Type', () => {
  it('answers 415 on both endpoints unless it is application/json, before reading the body, and stores nothing', async () => {
    const wallet = await h.wallet()
    const boost = JSON.stringify(await wallet.sign(boostPayload(SNEK, h.today())))
    const comment = JSON.stringify(await wallet.sign(commentPayload(SNEK, 'typed', h.now())))
    const before = await stored()
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/jsonx', null]) {
      for (const [path, body] of [[BOOSTS, boost], [comments(SNEK), comment]] as const) {
        const headers: Record<string, string> = type === null ? {} : { 'content-type': type }
        const res = await h.svc.request(path, { method: 'POST', headers, body: type === null ? new Blob([body]) : body })
        expect({ type, path, status: res.status }).toEqual({ type, path, status: 415 })
        const error = await res.json()
        expect(error.code).toBe('unsupported_media_type')
        expect(error.hint).toContain('Content-Type: application/json')
      }
    }
    expect(await stored()).toEqual(before)
    // With the type (any case, a charset parameter), the same bodies are taken.
    const json = { method: 'POST', headers: { 'content-type': 'Application/JSON; charset=utf-8' } }
    expect((await h.svc.request(BOOSTS, { ...json, body: boost })).status).toBe(201)
    expect((await h.svc.request(comments(SNEK), { ...json, body: comment })).status).toBe(201)
  })
})
