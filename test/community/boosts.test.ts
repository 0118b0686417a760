/**
 * Boosts through HTTP, against a database file: every status of POST /community/boosts in the order the
 * checks run, the one-a-day limit under 50 simultaneous requests, and the counts GET /community/boosts gives.
 */
import { afterAll, describe, expect, it } from 'bun:test'
import { boostPayload, HOSKY, MIN, SNEK, startCommunity } from './helpers'
import { TestWallet } from './wallet'

const h = await startCommunity()
afterAll(() => h.stop())
const HOUR = 60 * 60 * 1000

describe('POST /community/boosts', () => {
  it('answers 201 with the stake address and unit, then 409 for a second boost that day on any token', async () => {
    const wallet = await h.wallet()
    const first = await h.post('/api/v1/community/boosts', await wallet.sign(boostPayload(SNEK, h.today())))
    expect(first.status).toBe(201)
    expect(first.body).toEqual({ ok: true, stakeAddress: wallet.stakeAddress, unit: SNEK })
    expect(first.res.headers.get('cache-control')).toBe('no-store')

    const again = await h.post('/api/v1/community/boosts', await wallet.sign(boostPayload(HOSKY, h.today())))
    expect(again.status).toBe(409)
    expect(again.body).toEqual({ code: 'already_boosted_today', error: 'Already boosted today', hint: expect.stringContaining('00:00 UTC') })
    // The clock is pinned at 12:00 UTC: 12 hours (43200 s) to the next UTC day.
    expect(again.res.headers.get('retry-after')).toBe('43200')
  })

  it('accepts a boost whose payload the wallet hashed (Ledger style), and stores the unit lowercase', async () => {
    const wallet = await h.wallet()
    const { status, body } = await h.post('/api/v1/community/boosts', await wallet.signEnvelope(boostPayload(MIN.toUpperCase(), h.today()), { hashed: true }))
    expect(status).toBe(201)
    expect(body.unit).toBe(MIN)
  })

  it('answers 400 for a day other than today (UTC), asking to re-sign', async () => {
    const wallet = await h.wallet()
    const yesterday = new Date(h.now() - 24 * HOUR).toISOString().slice(0, 10)
    const { status, body } = await h.post('/api/v1/community/boosts', await wallet.sign(boostPayload(SNEK, yesterday)))
    expect(status).toBe(400)
    expect(body.error).toBe('Stale signed payload')
    expect(body.hint).toContain(`today in UTC (${h.today()})`)
    expect(body.hint).toContain('Sign a new boost')
  })

  it('answers 400 for a signed payload that is not a boost', async () => {
    const wallet = await h.wallet()
    const cases: Array<[string, string]> = [
      ['not json', 'payload is not JSON'],
      ['[1,2]', 'payload is not a JSON object'],
      [JSON.stringify({ action: 'comment', unit: SNEK, day: h.today() }), 'action must be "boost"'],
      [JSON.stringify({ action: 'boost', unit: 'abc', day: h.today() }), 'unit is not an asset unit'],
      [JSON.stringify({ action: 'boost', unit: SNEK, day: '31/01/2026' }), 'day must be a UTC date'],
      [JSON.stringify({ action: 'boost', unit: SNEK }), 'day must be a UTC date'],
    ]
    for (const [payload, hint] of cases) {
      const { status, body } = await h.post('/api/v1/community/boosts', await wallet.sign(payload))
      expect(status).toBe(400)
      expect(body.error).toBe('Invalid signed payload')
      expect(body.hint).toContain(hint)
    }
    // None of these used the wallet's boost.
    expect((await h.post('/api/v1/community/boosts', await wallet.sign(boostPayload(SNEK, h.today())))).status).toBe(201)
  })

  it('answers 401 with a reason for signatures that do not prove the address', async () => {
    const wallet = await h.wallet()
    const other = await TestWallet.create()
    const payload = boostPayload(SNEK, h.today())
    const signed = await wallet.sign(payload)
    const testnet = await TestWallet.create('testnet')
    const cases: Array<[string, object, string]> = [
      ['tampered payload (one space)', { ...signed, payload: payload.replace(':', ': ') }, 'byte for byte'],
      ["another wallet's key", { ...signed, key: (await other.sign(payload)).key }, 'key does not belong to rewardAddressHex'],
      ['testnet reward address', await testnet.sign(payload), 'not a mainnet address'],
      ['script reward address', await wallet.signEnvelope(payload, { addressHex: `f1${wallet.rewardAddressHex.slice(2)}` }), 'script reward address'],
      ['enterprise address', await wallet.signWithEnterpriseAddress(payload), 'not a reward (stake) address'],
      ['signed with another address', { ...(await other.sign(payload)), rewardAddressHex: wallet.rewardAddressHex }, 'not a payment address'],
    ]
    for (const [label, body, hint] of cases) {
      const res = await h.post('/api/v1/community/boosts', body as never)
      expect({ label, status: res.status, error: res.body.error }).toEqual({ label, status: 401, error: 'Signature verification failed' })
      expect(res.body.hint).toContain(hint)
    }
    // Operators see which check refused each one.
    for (const code of ['PAYLOAD_MISMATCH', 'KEY_ADDRESS_MISMATCH', 'WRONG_NETWORK', 'SCRIPT_REWARD_ADDRESS', 'BAD_REWARD_ADDRESS', 'ADDRESS_MISMATCH']) {
      expect(h.svc.logLines.some((line) => line.includes(`"code":"${code}"`))).toBe(true)
    }
    // The refused attempts saved nothing: the wallet's own boost still goes through.
    expect((await h.post('/api/v1/community/boosts', signed)).status).toBe(201)
  })

  it('answers 400 for a body that is not the four strings, before looking at the signature', async () => {
    const wallet = await h.wallet()
    const signed = await wallet.sign(boostPayload(SNEK, h.today()))
    const cases: Array<[string, string]> = [
      ['{"payload":', 'Invalid request body'],
      ['"a string"', 'Invalid request body'],
      ['', 'Invalid request body'],
      [JSON.stringify({ ...signed, key: undefined }), "Missing body field 'key'"],
      [JSON.stringify({ ...signed, payload: { action: 'boost' } }), "Invalid body field 'payload'"],
      [JSON.stringify({ ...signed, signature: 'zz' + signed.signature.slice(2) }), "Invalid body field 'signature'"],
      [JSON.stringify({ ...signed, signature: signed.signature.slice(1) }), "Invalid body field 'signature'"],
      [JSON.stringify({ ...signed, key: '' }), "Invalid body field 'key'"],
      [JSON.stringify({ ...signed, rewardAddressHex: signed.rewardAddressHex.slice(2) }), "Invalid body field 'rewardAddressHex'"],
    ]
    for (const [text, error] of cases) {
      const { status, body } = await h.post('/api/v1/community/boosts', text)
      expect({ text: text.slice(0, 30), status, error: body.error }).toEqual({ text: text.slice(0, 30), status: 400, error })
      expect(body.hint.length).toBeGreaterThan(20)
    }
  })

  it('gives one 201 and 49 times 409 for 50 simultaneous boosts from one stake address', async () => {
    const wallet = await h.wallet()
    const units = [SNEK, HOSKY, MIN]
    // Different tokens, one stake address: the limit is per address and day, across tokens.
    const bodies = await Promise.all(units.map((unit) => wallet.sign(boostPayload(unit, h.today()))))
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => h.post('/api/v1/community/boosts', bodies[i % bodies.length])),
    )
    const statuses = results.map((r) => r.status)
    expect(statuses.filter((s) => s === 201)).toHaveLength(1)
    expect(statuses.filter((s) => s === 409)).toHaveLength(49)
  })
})

describe('GET /community/boosts', () => {
  it('counts rolling 24 h and 7 days and the UTC day, in the order asked, with zeros for the rest', async () => {
    const local = await startCommunity()
    try {
      const boost = async (unit: string) => {
        const wallet = await local.wallet()
        expect((await local.post('/api/v1/community/boosts', await wallet.sign(boostPayload(unit, local.today())))).status).toBe(201)
      }
      // Day 1, 12:00 UTC: two SNEK boosts, one HOSKY.
      await boost(SNEK)
      await boost(SNEK)
      await boost(HOSKY)
      // Day 2, 00:30 UTC (12.5 h later): one SNEK boost.
      local.advance(12.5 * HOUR)
      await boost(SNEK)
      const read = async () => (await local.svc.json(`/api/v1/community/boosts?units=${SNEK},${MIN},${HOSKY}`)).body
      // At day 2 00:30: all four inside 24 h; only the last one today.
      expect(await read()).toEqual({
        summaries: [
          { unit: SNEK, boosts24h: 3, boosts7d: 3, boostsToday: 1 },
          { unit: MIN, boosts24h: 0, boosts7d: 0, boostsToday: 0 },
          { unit: HOSKY, boosts24h: 1, boosts7d: 1, boostsToday: 0 },
        ],
      })
      // Day 2, 13:00 (25 h after the day-1 boosts): those leave the 24 h window, stay in the 7 days.
      local.advance(12.5 * HOUR)
      expect((await read()).summaries).toEqual([
        { unit: SNEK, boosts24h: 1, boosts7d: 3, boostsToday: 1 },
        { unit: MIN, boosts24h: 0, boosts7d: 0, boostsToday: 0 },
        { unit: HOSKY, boosts24h: 0, boosts7d: 1, boostsToday: 0 },
      ])
      // Day 8, 13:00 (7 days + 1 h after the day-1 boosts, 6 days 12.5 h after the day-2 one).
      local.advance(6 * 24 * HOUR)
      expect((await read()).summaries[0]).toEqual({ unit: SNEK, boosts24h: 0, boosts7d: 1, boostsToday: 0 })
      expect((await read()).summaries[2]).toEqual({ unit: HOSKY, boosts24h: 0, boosts7d: 0, boostsToday: 0 })
    } finally {
      await local.stop()
    }
  })

  it('lets the same stake address boost again on the next UTC day', async () => {
    const local = await startCommunity()
    try {
      const wallet = await local.wallet()
      expect((await local.post('/api/v1/community/boosts', await wallet.sign(boostPayload(SNEK, local.today())))).status).toBe(201)
      local.advance(12 * HOUR + 1)
      expect((await local.post('/api/v1/community/boosts', await wallet.sign(boostPayload(SNEK, local.today())))).status).toBe(201)
      expect((await local.svc.json(`/api/v1/community/boosts?units=${SNEK}`)).body.summaries[0]).toMatchObject({ boosts24h: 2, boostsToday: 1 })
    } finally {
      await local.stop()
    }
  })

  it("shows the writer's boost on the next read although the answer was cached", async () => {
    const path = `/api/v1/community/boosts?units=${HOSKY},${SNEK}`
    const before = await h.svc.json(path)
    expect((await h.svc.get(path)).headers.get('x-cache')).toBe('HIT')
    expect(before.res.headers.get('cache-control')).toBe('public, s-maxage=30')
    const wallet = await h.wallet()
    expect((await h.post('/api/v1/community/boosts', await wallet.sign(boostPayload(HOSKY, h.today())))).status).toBe(201)
    const after = await h.svc.json(path)
    expect(after.res.headers.get('x-cache')).toBe('MISS')
    expect(after.body.summaries[0].boostsToday).toBe(before.body.summaries[0].boostsToday + 1)
    expect(after.body.summaries[1]).toEqual(before.body.summaries[1])
  })

  it('collapses duplicates, folds case and ignores blanks around commas', async () => {
    const { status, body } = await h.svc.json(`/api/v1/community/boosts?units=${MIN}, ${SNEK.toUpperCase()},${MIN},`)
    expect(status).toBe(200)
    expect(body.summaries.map((s: { unit: string }) => s.unit)).toEqual([MIN, SNEK])
  })

  it('answers 400 for no units, more than 60, or an entry that is not a unit', async () => {
    const sixtyOne = Array.from({ length: 61 }, (_, i) => SNEK.slice(0, 56) + i.toString(16).padStart(2, '0')).join(',')
    const sixty = sixtyOne.split(',').slice(0, 60).join(',')
    for (const query of ['', '?units=', '?units=,', `?units=${sixtyOne}`, `?units=${SNEK},nope`]) {
      const { status, body } = await h.svc.json(`/api/v1/community/boosts${query}`)
      expect({ query: query.slice(0, 20), status, error: body.error }).toEqual({ query: query.slice(0, 20), status: 400, error: "Invalid query parameter 'units'" })
      expect(body.hint).toBeString()
    }
    const ok = await h.svc.json(`/api/v1/community/boosts?units=${sixty}`)
    expect(ok.status).toBe(200)
    expect(ok.body.summaries).toHaveLength(60)
    // 61 entries that are 60 distinct units: the limit counts units, after duplicates collapse.
    const repeated = await h.svc.json(`/api/v1/community/boosts?units=${sixty},${SNEK.slice(0, 56)}00`)
    expect(repeated.status).toBe(200)
    expect(repeated.body.summaries).toHaveLength(60)
  })
})
