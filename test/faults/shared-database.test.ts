/**
 * Three server processes on one database file, several stake addresses writing at once, boosts (each on
 * several different tokens) mixed with comments, spread over the three. test/community/processes.test.ts
 * proves the limits for one address at a time; this covers the rest of the sentence: exactly one boost per
 * address per day, on any token, and at most ten comments per address, whatever the interleaving.
 *
 * A 503 (`Community database busy`) means nothing was written; the client here retries it as a client
 * should, so the counts below are exact.
 */
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { boostPayload, commentPayload } from '../community/helpers'
import { TestWallet, type SignedWriteBody } from '../community/wallet'
import { communityOnlyEnv, startServerProcess, type ServerProcess } from '../support/processes'
import { awayFromUtcMidnight, madeUpUnit, today } from './support'

const WALLETS = 3
const BOOSTS_EACH = 4
const COMMENTS_EACH = 13
const COMMENTS_PER_DAY = 10

const dir = mkdtempSync(join(tmpdir(), 'shared-database-'))
const env = communityOnlyEnv(join(dir, 'shared.db'))

const boostUnit = (w: number, i: number) => madeUpUnit(`shared-boost-${w}-${i}`)
const COMMENT_UNITS = [madeUpUnit('shared-comments-0'), madeUpUnit('shared-comments-1')]

interface Write {
  wallet: number
  kind: 'boost' | 'comment'
  path: string
  body: SignedWriteBody
  status?: number
  answer?: any
}

let servers: ServerProcess[] = []
let wallets: TestWallet[] = []
const writes: Write[] = []

beforeAll(async () => {
  await awayFromUtcMidnight()
  wallets = await Promise.all(Array.from({ length: WALLETS }, () => TestWallet.create()))
  const perWallet: Write[][] = []
  for (let w = 0; w < WALLETS; w++) {
    const own: Write[] = []
    for (let i = 0; i < COMMENTS_EACH; i++) {
      const unit = COMMENT_UNITS[i % 2]
      own.push({ wallet: w, kind: 'comment', path: `/api/v1/community/comments/${unit}`, body: await wallets[w].sign(commentPayload(unit, `w${w} c${i}`, Date.now())) })
      // A boost (on a token of its own) after every third comment: boosts and comments of one address interleave.
      if (i % 3 === 0 && i / 3 < BOOSTS_EACH) {
        const unit = boostUnit(w, i / 3)
        own.push({ wallet: w, kind: 'boost', path: '/api/v1/community/boosts', body: await wallets[w].sign(boostPayload(unit, today())) })
      }
    }
    perWallet.push(own)
  }
  // Round robin over the addresses, so their writes reach the processes side by side.
  for (let i = 0; i < perWallet[0].length; i++) for (const own of perWallet) writes.push(own[i])
  servers = await Promise.all([0, 1, 2].map(() => startServerProcess(env)))
}, 30_000)

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()))
  rmSync(dir, { recursive: true, force: true })
})

async function post(url: string, write: Write): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const res = await fetch(`${url}${write.path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(write.body) })
    write.status = res.status
    write.answer = await res.json()
    if (res.status !== 503) return
    await Bun.sleep(50)
  }
}

describe('three processes, several stake addresses, boosts and comments at once', () => {
  it('gives each address exactly one boost, on any token, and exactly ten comments', async () => {
    await Promise.all(writes.map((write, i) => post(servers[i % servers.length].url, write)))
    for (let w = 0; w < WALLETS; w++) {
      const boosts = writes.filter((x) => x.wallet === w && x.kind === 'boost').map((x) => x.status)
      const comments = writes.filter((x) => x.wallet === w && x.kind === 'comment').map((x) => x.status)
      expect(boosts.filter((s) => s === 201)).toHaveLength(1)
      expect(boosts.filter((s) => s === 409)).toHaveLength(BOOSTS_EACH - 1)
      expect(comments.filter((s) => s === 201)).toHaveLength(COMMENTS_PER_DAY)
      expect(comments.filter((s) => s === 429)).toHaveLength(COMMENTS_EACH - COMMENTS_PER_DAY)
    }
  }, 30_000)

  it('shows the same counts from every process', async () => {
    const allBoostUnits = wallets.flatMap((_, w) => Array.from({ length: BOOSTS_EACH }, (_, i) => boostUnit(w, i)))
    for (const server of servers) {
      const { summaries } = await (await fetch(`${server.url}/api/v1/community/boosts?units=${allBoostUnits.join(',')}`)).json()
      for (let w = 0; w < WALLETS; w++) {
        const own = summaries.filter((s: any) => allBoostUnits.indexOf(s.unit) >= w * BOOSTS_EACH && allBoostUnits.indexOf(s.unit) < (w + 1) * BOOSTS_EACH)
        // One boost on one of the address's four tokens; the winning token is the one answered 201.
        const won = writes.find((x) => x.wallet === w && x.kind === 'boost' && x.status === 201)!
        expect(own.reduce((sum: number, s: any) => sum + s.boostsToday, 0)).toBe(1)
        expect(own.find((s: any) => s.unit === won.answer.unit).boostsToday).toBe(1)
      }
      const comments = (
        await Promise.all(COMMENT_UNITS.map(async (unit) => (await (await fetch(`${server.url}/api/v1/community/comments/${unit}`)).json()).comments))
      ).flat()
      for (let w = 0; w < WALLETS; w++) {
        const own = comments.filter((c: any) => c.stakeAddress === wallets[w].stakeAddress)
        expect(own).toHaveLength(COMMENTS_PER_DAY)
        const created = writes.filter((x) => x.wallet === w && x.kind === 'comment' && x.status === 201).map((x) => x.answer)
        expect(new Set(own.map((c: any) => c.id))).toEqual(new Set(created.map((c) => c.id)))
      }
    }
  })
})
