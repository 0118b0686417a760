/**
 * Three server processes sharing one database file, started at the same moment on a fresh file (so their
 * migrations race too): the daily limits hold across them because the database enforces them.
 */
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { boostPayload, commentPayload, freshDatabaseDir, HOSKY, SNEK } from './helpers'
import { communityOnlyEnv, startServerProcess, type ServerProcess } from '../support/processes'
import { TestWallet } from './wallet'

const dir = freshDatabaseDir()
let servers: ServerProcess[] = []
let urls: string[] = []

beforeAll(async () => {
  // Started at the same moment on a fresh file, so their migrations race too.
  const env = communityOnlyEnv(join(dir, 'shared.db'))
  servers = await Promise.all([0, 1, 2].map(() => startServerProcess(env)))
  urls = servers.map((s) => s.url)
}, 30_000)

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()))
  rmSync(dir, { recursive: true, force: true })
})

const post = async (url: string, body: object) => {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  await res.arrayBuffer()
  return res.status
}

describe('three processes on one database file', () => {
  it('all started, each on its own port', () => {
    expect(new Set(urls).size).toBe(3)
  })

  it('gives exactly one 201 for 50 simultaneous boosts from one stake address spread over the three', async () => {
    const wallet = await TestWallet.create()
    const signed = await wallet.sign(boostPayload(SNEK, new Date().toISOString().slice(0, 10)))
    const statuses = await Promise.all(
      Array.from({ length: 50 }, (_, i) => post(`${urls[i % 3]}/api/v1/community/boosts`, signed)),
    )
    expect(statuses.filter((s) => s === 201)).toHaveLength(1)
    expect(statuses.filter((s) => s === 409)).toHaveLength(49)
    for (const url of urls) {
      const summary = (await (await fetch(`${url}/api/v1/community/boosts?units=${SNEK}`)).json()).summaries[0]
      expect(summary).toEqual({ unit: SNEK, boosts24h: 1, boosts7d: 1, boostsToday: 1 })
    }
  }, 30_000)

  it('gives exactly ten 201 for 50 simultaneous comments from one stake address spread over the three', async () => {
    const wallet = await TestWallet.create()
    const bodies = []
    for (let i = 0; i < 50; i++) bodies.push(await wallet.sign(commentPayload(HOSKY, `from afar ${i}`, Date.now())))
    const statuses = await Promise.all(bodies.map((body, i) => post(`${urls[i % 3]}/api/v1/community/comments/${HOSKY}`, body)))
    expect(statuses.filter((s) => s === 201)).toHaveLength(10)
    expect(statuses.filter((s) => s === 429)).toHaveLength(40)
    for (const url of urls) {
      const list = await (await fetch(`${url}/api/v1/community/comments/${HOSKY}`)).json()
      expect(list.count).toBe(10)
      expect(new Set(list.comments.map((c: { body: string }) => c.body)).size).toBe(10)
    }
  }, 30_000)
})
