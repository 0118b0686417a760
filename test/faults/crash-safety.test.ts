/**
 * Crash safety of the community layer: a server process (src/server.ts in a child, embedded database file)
 * receives a stream of signed boosts and comments and is killed with SIGKILL in the middle of it. Restarted on
 * the same file, it must still hold every write it answered 201, hold none twice, and keep the daily limits:
 * one boost per stake address, ten comments.
 */
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { boostPayload, commentPayload } from '../community/helpers'
import { TestWallet, type SignedWriteBody } from '../community/wallet'
import { communityOnlyEnv, startServerProcess, type ServerProcess } from '../support/processes'
import { awayFromUtcMidnight, madeUpUnit, today } from './support'

const WALLETS = 4
const COMMENTS_PER_DAY = 10
/** The kill comes when this many writes have been answered 201 (of 44). */
const KILL_AFTER_CREATED = 20
/** Writes in flight at once, so several are unanswered when the process dies. */
const IN_FLIGHT = 8

const dir = mkdtempSync(join(tmpdir(), 'crash-safety-'))
const env = communityOnlyEnv(join(dir, 'community.db'))

/** Each wallet boosts a unit of its own; the comments spread over three units (at most 40 each, under the 50 shown). */
const boostUnit = (w: number) => madeUpUnit(`boost-${w}`)
const COMMENT_UNITS = [0, 1, 2].map((i) => madeUpUnit(`comments-${i}`))

interface Write {
  wallet: number
  kind: 'boost' | 'comment'
  unit: string
  path: string
  body: SignedWriteBody
  /** A number for an answer, 'no answer' when the process died with it in flight, 'not sent' after the kill. */
  outcome: number | 'no answer' | 'not sent'
  answer?: any
}

let server: ServerProcess
let wallets: TestWallet[] = []
const writes: Write[] = []
const processes: ServerProcess[] = []

async function send(url: string, path: string, body: SignedWriteBody): Promise<{ status: number; body: any }> {
  const res = await fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  const text = await res.text()
  return { status: res.status, body: text === '' ? null : JSON.parse(text) }
}

async function comment(wallet: TestWallet, unit: string, text: string): Promise<SignedWriteBody> {
  return wallet.sign(commentPayload(unit, text, Date.now()))
}

beforeAll(async () => {
  await awayFromUtcMidnight()
  wallets = await Promise.all(Array.from({ length: WALLETS }, () => TestWallet.create()))
  // Signed before the stream starts, so the stream is as fast as the server takes it. Wallet 0 goes first and
  // whole (its ten comments are all answered before the kill); the others interleave.
  const perWallet: Write[][] = []
  for (let w = 0; w < WALLETS; w++) {
    const own: Write[] = [
      { wallet: w, kind: 'boost', unit: boostUnit(w), path: '/api/v1/community/boosts', body: await wallets[w].sign(boostPayload(boostUnit(w), today())), outcome: 'not sent' },
    ]
    for (let i = 0; i < COMMENTS_PER_DAY; i++) {
      const unit = COMMENT_UNITS[i % COMMENT_UNITS.length]
      own.push({ wallet: w, kind: 'comment', unit, path: `/api/v1/community/comments/${unit}`, body: await comment(wallets[w], unit, `wallet ${w} comment ${i}`), outcome: 'not sent' })
    }
    perWallet.push(own)
  }
  writes.push(...perWallet[0])
  for (let i = 0; i <= COMMENTS_PER_DAY; i++) for (let w = 1; w < WALLETS; w++) writes.push(perWallet[w][i])
  server = await startServerProcess(env)
  processes.push(server)
}, 30_000)

afterAll(async () => {
  for (const p of processes) await p.stop()
  rmSync(dir, { recursive: true, force: true })
})

describe('SIGKILL in the middle of a stream of community writes', () => {
  it('kills the server with writes answered, in flight and not yet sent', async () => {
    let created = 0
    let killed = false
    let next = 0
    const worker = async () => {
      while (!killed && next < writes.length) {
        const write = writes[next++]
        write.outcome = 'no answer'
        try {
          const answer = await send(server.url, write.path, write.body)
          write.outcome = answer.status
          write.answer = answer.body
        } catch {
          continue // the connection died with the process
        }
        if (write.outcome === 201 && ++created === KILL_AFTER_CREATED && !killed) {
          killed = true
          server.child.kill('SIGKILL')
        }
      }
    }
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker))
    await server.child.exited
    expect(server.child.signalCode).toBe('SIGKILL')

    const outcomes = writes.map((w) => w.outcome)
    expect(outcomes.filter((o) => o === 201).length).toBeGreaterThanOrEqual(KILL_AFTER_CREATED)
    // Nothing but successes before the kill: every write in this stream is valid and within the limits.
    for (const o of outcomes) expect([201, 'no answer', 'not sent']).toContain(o)
    expect(outcomes.filter((o) => o === 'no answer').length).toBeGreaterThan(0)
  }, 20_000)

  it('restarted on the same file, holds every write answered 201, none twice', async () => {
    server = await startServerProcess(env)
    processes.push(server)

    const listed = new Map<string, any[]>()
    for (const unit of COMMENT_UNITS) {
      const res = await fetch(`${server.url}/api/v1/community/comments/${unit}`)
      expect(res.status).toBe(200)
      listed.set(unit, (await res.json()).comments)
    }
    for (const write of writes.filter((w) => w.kind === 'comment' && w.outcome === 201)) {
      // The saved comment, exactly as answered: same id, author, body and time.
      expect(listed.get(write.unit)).toContainEqual(write.answer)
    }
    const bodies = [...listed.values()].flat().map((c) => c.body)
    expect(new Set(bodies).size).toBe(bodies.length)

    const units = wallets.map((_, w) => boostUnit(w))
    const summaries = (await (await fetch(`${server.url}/api/v1/community/boosts?units=${units.join(',')}`)).json()).summaries
    for (const write of writes.filter((w) => w.kind === 'boost' && w.outcome === 201)) {
      expect(write.answer).toEqual({ ok: true, stakeAddress: wallets[write.wallet].stakeAddress, unit: write.unit })
      expect(summaries.find((s: any) => s.unit === write.unit).boostsToday).toBe(1)
    }
    // A write that died in flight is saved whole or not at all: at most one boost per unit.
    for (const s of summaries) expect(s.boostsToday).toBeLessThanOrEqual(1)
  })

  it('keeps the daily limits after the restart: a second boost is 409, the eleventh comment 429', async () => {
    const listed = (
      await Promise.all(COMMENT_UNITS.map(async (unit) => (await (await fetch(`${server.url}/api/v1/community/comments/${unit}`)).json()).comments))
    ).flat()
    const units = wallets.map((_, w) => boostUnit(w))
    const summaries = (await (await fetch(`${server.url}/api/v1/community/boosts?units=${units.join(',')}`)).json()).summaries

    await Promise.all(
      wallets.map(async (wallet, w) => {
        // A boost on another token: 409 when the first one was saved (answered or not), else this is the one.
        const boostSaved = summaries.find((s: any) => s.unit === boostUnit(w)).boostsToday === 1
        const again = madeUpUnit(`again-${w}`)
        const second = await send(server.url, '/api/v1/community/boosts', await wallet.sign(boostPayload(again, today())))
        expect(second.status).toBe(boostSaved ? 409 : 201)
        if (boostSaved) expect(second.body.error).toBe('Already boosted today')
        const third = await send(server.url, '/api/v1/community/boosts', await wallet.sign(boostPayload(madeUpUnit(`third-${w}`), today())))
        expect(third.status).toBe(409)

        // Comments: the saved ones count; the rest of the ten go through, the next is 429.
        const saved = listed.filter((c: any) => c.stakeAddress === wallet.stakeAddress).length
        expect(saved).toBeLessThanOrEqual(COMMENTS_PER_DAY)
        const answered = writes.filter((x) => x.wallet === w && x.kind === 'comment' && x.outcome === 201).length
        expect(saved).toBeGreaterThanOrEqual(answered)
        for (let i = saved; i < COMMENTS_PER_DAY; i++) {
          const posted = await send(server.url, `/api/v1/community/comments/${COMMENT_UNITS[0]}`, await comment(wallet, COMMENT_UNITS[0], `wallet ${w} after restart ${i}`))
          expect(posted.status).toBe(201)
        }
        const over = await send(server.url, `/api/v1/community/comments/${COMMENT_UNITS[1]}`, await comment(wallet, COMMENT_UNITS[1], `wallet ${w} one too many`))
        expect(over.status).toBe(429)
        expect(over.body.error).toBe('Daily comment limit reached')
      }),
    )
  }, 20_000)

  it('still answers liveness', async () => {
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
    expect(server.child.exitCode).toBe(null)
  })
})
