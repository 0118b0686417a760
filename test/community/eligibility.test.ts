/**
 * Who may write (COMMUNITY_MIN_ADA, default 25): a stake address registered on chain that controls at least the
 * minimum, read from the fake chain API's account_info once per address per UTC day, only after the signature
 * and payload are valid; the chain API failing is a 503; nothing is stored when a write is refused. And the
 * token must be one the service can find (curated or known to the chain API) unless COMMUNITY_ANY_UNIT=1.
 */
import { afterAll, describe, expect, it } from 'bun:test'
import { koiosAsset } from '../fake-upstreams/builders'
import { boostPayload, commentPayload, HOSKY, MIN, putOnChain, SNEK, startCommunity } from './helpers'
import { TestWallet } from './wallet'

const h = await startCommunity()
afterAll(() => h.stop())
const BOOSTS = '/api/v1/community/boosts'
const comments = (unit: string) => `/api/v1/community/comments/${unit}`

/** The stake addresses the fake chain API was asked about, one entry per address per call. */
const askedAbout = () => h.svc.fake.callsTo('koios', '/account_info').flatMap((call) => (call.body as { _stake_addresses: string[] })._stake_addresses)

describe('fresh keys', () => {
  it('count for nothing: 50 boosts from 50 new keys are 50 times 403, at most one chain API look-up per address', async () => {
    h.svc.fake.resetCalls()
    const wallets = await Promise.all(Array.from({ length: 50 }, () => TestWallet.create()))
    const signed = await Promise.all(wallets.map((w) => w.sign(boostPayload(SNEK, h.today()))))
    const answers = await Promise.all(signed.map((body) => h.post(BOOSTS, body)))
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(403))
    for (const { body } of answers) {
      expect(body.code).toBe('writer_not_eligible')
      expect(body.hint).toContain('registered on chain and controls at least 25 ADA')
      expect(body.hint).toContain('has never been seen on chain: it is not registered and controls 0 ADA')
    }
    expect(await h.rows('boosts')).toBe(0)
    expect((await h.svc.json(`/api/v1/community/boosts?units=${SNEK}`)).body.summaries[0].boostsToday).toBe(0)

    const asked = askedAbout()
    expect(new Set(asked)).toEqual(new Set(wallets.map((w) => w.stakeAddress)))
    expect(asked).toHaveLength(50)
    // Addresses waiting together went out together: fewer calls than addresses, none over the 1 KB body.
    const calls = h.svc.fake.callsTo('koios', '/account_info')
    expect(calls.length).toBeLessThan(50)
    for (const call of calls) expect(JSON.stringify(call.body).length).toBeLessThanOrEqual(1024)

    // Signing again the same day asks the chain API nothing more.
    const again = await h.post(BOOSTS, await wallets[0].sign(boostPayload(HOSKY, h.today())))
    expect(again.status).toBe(403)
    expect(askedAbout()).toHaveLength(50)
  }, 60_000)
})

describe('registered stake addresses', () => {
  it('write with enough ADA, and the second write of the day costs no chain API call', async () => {
    const wallet = await h.wallet({ ada: 25 })
    h.svc.fake.resetCalls()
    expect((await h.post(BOOSTS, await wallet.sign(boostPayload(SNEK, h.today())))).status).toBe(201)
    expect(askedAbout()).toEqual([wallet.stakeAddress])
    expect((await h.post(comments(HOSKY), await wallet.sign(commentPayload(HOSKY, 'funded and registered', h.now())))).status).toBe(201)
    expect(askedAbout()).toEqual([wallet.stakeAddress])
  })

  it('are refused with their balance named when it is under the minimum, or when the key is not registered', async () => {
    const poor = await h.wallet({ ada: 24.5 })
    const refused = await h.post(BOOSTS, await poor.sign(boostPayload(SNEK, h.today())))
    expect(refused.status).toBe(403)
    expect(refused.body).toEqual({
      code: 'writer_not_eligible',
      error: 'Writer not eligible',
      hint: expect.stringContaining(`${poor.stakeAddress} is registered and controls 24.5 ADA`),
    })
    const unregistered = await h.wallet({ ada: 5000, status: 'not registered' })
    const second = await h.post(comments(SNEK), await unregistered.sign(commentPayload(SNEK, 'rich but unregistered', h.now())))
    expect(second.status).toBe(403)
    expect(second.body.hint).toContain(`${unregistered.stakeAddress} is not registered on chain and controls 5000 ADA`)
    expect(second.body.hint).toContain('after 00:00 UTC')
    expect(await h.rows('comments')).toBe(1)
  })

  it('are read again on the next UTC day: a wallet funded since then writes', async () => {
    const local = await startCommunity()
    try {
      const wallet = await TestWallet.create()
      expect((await local.post(BOOSTS, await wallet.sign(boostPayload(SNEK, local.today())))).status).toBe(403)
      putOnChain(local.svc.fake.world, wallet.stakeAddress, { ada: 30 })
      // Still the same day: the refusal stands (one read per address per day).
      expect((await local.post(BOOSTS, await wallet.sign(boostPayload(SNEK, local.today())))).status).toBe(403)
      local.advance(12 * 60 * 60 * 1000 + 1)
      expect((await local.post(BOOSTS, await wallet.sign(boostPayload(SNEK, local.today())))).status).toBe(201)
      expect(local.svc.fake.count('koios', '/account_info')).toBe(2)
    } finally {
      await local.stop()
    }
  })
})

describe('the chain API failing', () => {
  for (const fault of ['rate_limited', 'down', 'server_error'] as const) {
    it(`(${fault}) answers 503 with Retry-After and stores nothing`, async () => {
      const local = await startCommunity({ UPSTREAM_TIMEOUT_MS: '1500' }, { ledgerOnClock: true })
      try {
        const wallet = await local.wallet()
        local.svc.fake.fail('koios', fault)
        const boost = await local.post(BOOSTS, await wallet.sign(boostPayload(SNEK, local.today())))
        const comment = await local.post(comments(SNEK), await wallet.sign(commentPayload(SNEK, 'while the chain API is away', local.now())))
        for (const answer of [boost, comment]) {
          expect(answer.status).toBe(503)
          expect(['chain_check_unavailable', 'upstream_quota_exhausted']).toContain(answer.body.code)
          expect(Number(answer.res.headers.get('retry-after'))).toBeGreaterThan(0)
        }
        expect(boost.body.code).toBe('chain_check_unavailable')
        expect(boost.body.hint).toContain("read the writer's stake address")
        expect([await local.rows('boosts'), await local.rows('comments')]).toEqual([0, 0])
        // Once it answers again, the same wallet writes.
        local.svc.fake.heal('koios')
        local.advance(61_000)
        expect((await local.post(BOOSTS, await wallet.sign(boostPayload(SNEK, local.today())))).status).toBe(201)
      } finally {
        await local.stop()
      }
    }, 30_000)
  }

  it('is asked only once the signature and the payload are valid', async () => {
    const wallet = await TestWallet.create()
    h.svc.fake.resetCalls()
    const signed = await wallet.sign(boostPayload(SNEK, h.today()))
    expect((await h.post(BOOSTS, { ...signed, payload: `${signed.payload} ` })).status).toBe(401)
    expect((await h.post(BOOSTS, await wallet.sign(boostPayload(SNEK, '2001-01-01')))).status).toBe(400)
    const twice = `{"action":"boost","unit":"${SNEK}","unit":"${HOSKY}","day":"${h.today()}"}`
    expect((await h.post(BOOSTS, await wallet.sign(twice))).status).toBe(400)
    expect(h.svc.fake.count('koios')).toBe(0)
    expect((await h.post(BOOSTS, signed)).status).toBe(403)
    expect(h.svc.fake.count('koios')).toBe(1)
  })
})

describe('the token written about', () => {
  const MADE_UP = `${'ab'.repeat(28)}${Buffer.from('NOPE').toString('hex')}`

  it('must be one the service can find: a made-up unit is 404 token_not_found, nothing stored', async () => {
    const wallet = await h.wallet()
    const before = [await h.rows('boosts'), await h.rows('comments')]
    const boost = await h.post(BOOSTS, await wallet.sign(boostPayload(MADE_UP, h.today())))
    expect(boost.status).toBe(404)
    expect(boost.body.code).toBe('token_not_found')
    const comment = await h.post(comments(MADE_UP), await wallet.sign(commentPayload(MADE_UP, 'about nothing', h.now())))
    expect(comment.status).toBe(404)
    expect(comment.body.code).toBe('token_not_found')
    expect([await h.rows('boosts'), await h.rows('comments')]).toEqual(before)
    // The token detail gives the same answer for it.
    expect((await h.svc.json(`/api/v1/tokens/${MADE_UP}`)).body.code).toBe('token_not_found')
    // The wallet's boost of the day was not used.
    expect((await h.post(BOOSTS, await wallet.sign(boostPayload(MIN, h.today())))).status).toBe(201)
  })

  it('may be outside the curated list when the chain API knows it, read through the cache the detail uses', async () => {
    const unit = `${'cd'.repeat(28)}${Buffer.from('REAL').toString('hex')}`
    const wallet = await h.wallet()
    // Unknown to the chain API at first: refused like a made-up unit.
    expect((await h.post(comments(unit), await wallet.sign(commentPayload(unit, 'too early', h.now())))).status).toBe(404)
    h.svc.fake.world.koios.assets.push(koiosAsset({ policyId: unit.slice(0, 56), assetNameHex: unit.slice(56), totalSupply: '1000' }))
    // Once the detail's cached look-up has expired (10 minutes), the token is found, by the detail and by writes.
    h.advance(11 * 60 * 1000)
    expect((await h.svc.json(`/api/v1/tokens/${unit}`)).status).toBe(200)
    h.svc.fake.resetCalls()
    expect((await h.post(comments(unit), await wallet.sign(commentPayload(unit, 'a real token', h.now())))).status).toBe(201)
    // The asset came from the detail's cached look-up: no asset_info call of its own.
    expect(h.svc.fake.count('koios', '/asset_info')).toBe(0)
  })

  it('may be any well-formed unit with COMMUNITY_ANY_UNIT=1 (the default refuses it)', async () => {
    const local = await startCommunity({ COMMUNITY_ANY_UNIT: '1' })
    try {
      const wallet = await local.wallet()
      putOnChain(h.svc.fake.world, wallet.stakeAddress)
      expect((await h.post(BOOSTS, await wallet.sign(boostPayload(MADE_UP, h.today())))).status).toBe(404)
      expect((await local.post(BOOSTS, await wallet.sign(boostPayload(MADE_UP, local.today())))).status).toBe(201)
      expect(local.svc.fake.count('koios', '/asset_info')).toBe(0)
    } finally {
      await local.stop()
    }
  })
})

describe('COMMUNITY_MIN_ADA=0', () => {
  it('asks the chain API nothing about writers: a new key the default refuses writes (the unsafe setting)', async () => {
    const local = await startCommunity({ COMMUNITY_MIN_ADA: '0' })
    try {
      const wallet = await TestWallet.create()
      expect((await h.post(BOOSTS, await wallet.sign(boostPayload(SNEK, h.today())))).status).toBe(403)
      expect((await local.post(BOOSTS, await wallet.sign(boostPayload(SNEK, local.today())))).status).toBe(201)
      expect(local.svc.fake.count('koios', '/account_info')).toBe(0)
    } finally {
      await local.stop()
    }
  })
})
