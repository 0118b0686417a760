/** DATABASE_URL=off: the four community endpoints answer 503 with a clear reason; the rest of the API is unaffected. */
import { afterAll, describe, expect, it } from 'bun:test'
import { startService } from '../helpers'
import { boostPayload, SNEK } from './helpers'
import { TestWallet } from './wallet'

const svc = await startService({ env: { DATABASE_URL: 'off' } })
afterAll(() => svc.stop())

describe('without a community database', () => {
  it('answers 503 on all four community endpoints, even to a well-signed write', async () => {
    const wallet = await TestWallet.create()
    const signed = JSON.stringify(await wallet.sign(boostPayload(SNEK, new Date().toISOString().slice(0, 10))))
    const post = { method: 'POST', headers: { 'content-type': 'application/json' }, body: signed }
    const answers = [
      await svc.get(`/api/v1/community/boosts?units=${SNEK}`),
      await svc.request('/api/v1/community/boosts', post),
      await svc.get(`/api/v1/community/comments/${SNEK}`),
      await svc.request(`/api/v1/community/comments/${SNEK}`, post),
    ]
    for (const res of answers) {
      expect(res.status).toBe(503)
      expect(await res.json()).toEqual({ code: 'database_not_configured', error: 'Community database not configured', hint: expect.stringContaining('DATABASE_URL=off') })
    }
  })

  it('serves the rest of the API and reports the database as disabled, not unready', async () => {
    const index = await svc.json('/api/v1/')
    expect(index.status).toBe(200)
    expect(index.body.endpoints.map((e: { operationId: string }) => e.operationId)).toEqual(
      expect.arrayContaining(['getBoosts', 'castBoost', 'getComments', 'postComment']),
    )
    const ready = await svc.json('/readyz')
    expect(ready.status).toBe(200)
    expect(ready.body.database).toBe('disabled')
  })
})
