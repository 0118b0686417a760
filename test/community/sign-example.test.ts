/**
 * examples/sign-and-boost.ts, the "sign from code" recipe of the signing guide, run as a newcomer runs it: a
 * separate process against a running server (a child process with its own database). It must get 201 for
 * its boost and its comment, and with the same MNEMONIC sign as the same stake address again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { communityOnlyEnv, startServerProcess, type ServerProcess } from '../support/processes'

const ROOT = new URL('../..', import.meta.url).pathname
const SNEK = '279c909f348e533da5808898f87f9a14bb2c3dfbbacccd631d927a3f534e454b'
const dir = mkdtempSync(join(tmpdir(), 'sign-example-'))
let server: ServerProcess

beforeAll(async () => {
  server = await startServerProcess(communityOnlyEnv(join(dir, 'community.db')))
})
afterAll(async () => {
  await server?.stop()
  rmSync(dir, { recursive: true, force: true })
})

async function runExample(env: Record<string, string>) {
  const child = Bun.spawn(['bun', 'examples/sign-and-boost.ts'], {
    cwd: ROOT,
    env: { ...process.env, API_URL: server.url, ...env },
    stdout: 'pipe',
    stderr: 'pipe',
  })
  const [stdout, stderr, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited])
  return { stdout, stderr, code }
}

describe('examples/sign-and-boost.ts', () => {
  let words = ''
  let stakeAddress = ''

  it('creates a key, signs a boost and a comment CIP-8 with the reward address, and gets 201 for both', async () => {
    const run = await runExample({})
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('POST /api/v1/community/boosts → 201')
    expect(run.stdout).toContain(`POST /api/v1/community/comments/${SNEK} → 201`)
    words = run.stderr.trim().split('\n').at(-1)!.trim()
    expect(words.split(' ')).toHaveLength(24)
    stakeAddress = /signing as (stake1\w+)/.exec(run.stdout)![1]
  }, 60_000)

  it('wrote what the reads then show: the boost counted, the comment under its stake address', async () => {
    const boosts = await (await fetch(`${server.url}/api/v1/community/boosts?units=${SNEK}`)).json()
    expect(boosts.summaries[0].boostsToday).toBe(1)
    const comments = await (await fetch(`${server.url}/api/v1/community/comments/${SNEK}`)).json()
    expect(comments.comments[0].body).toBe('gm from a bot (examples/sign-and-boost.ts)')
    expect(stakeAddress.startsWith(comments.comments[0].stakeShort.split('…')[0])).toBe(true)
  })

  it('with MNEMONIC signs as the same stake address: the second boost of the day is 409, the comment 201', async () => {
    const run = await runExample({ MNEMONIC: words, COMMENT: 'second run' })
    expect(run.stdout).toContain(`signing as ${stakeAddress}`)
    expect(run.stdout).toContain('POST /api/v1/community/boosts → 409')
    expect(run.stdout).toContain('→ 201')
    expect(run.code).toBe(0)
  }, 60_000)
})
