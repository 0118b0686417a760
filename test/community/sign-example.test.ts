/**
 * examples/sign-and-boost.ts, the "sign from code" recipe of the signing guide, run as a newcomer runs it: a
 * separate process against a running server (a child process with its own database) whose chain API is the
 * demo's fake one. A new key is refused 403 (not registered, no ADA) and the example says why; the demo writer's
 * published mnemonic (listed on the demo's chain as registered with 1,000 ADA) gets 201 for its boost and its
 * comment, and signs as the same stake address on the next run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DEMO_MNEMONIC, DEMO_STAKE_ADDRESS } from '../fake-upstreams/demo-wallet'
import { FakeUpstreams } from '../fake-upstreams/server'
import { startServerProcess, type ServerProcess } from '../support/processes'

const ROOT = new URL('../..', import.meta.url).pathname
const SNEK = '279c909f348e533da5808898f87f9a14bb2c3dfbbacccd631d927a3f534e454b'
const dir = mkdtempSync(join(tmpdir(), 'sign-example-'))
let fake: FakeUpstreams
let server: ServerProcess

beforeAll(async () => {
  fake = await FakeUpstreams.start()
  server = await startServerProcess({ ...fake.env(), DATABASE_URL: `file:${join(dir, 'community.db')}` })
})
afterAll(async () => {
  await server?.stop()
  await fake?.stop()
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
  it('with a new key, prints its words and is refused 403: the key is not registered and holds no ADA', async () => {
    const run = await runExample({})
    expect(run.code).toBe(1)
    expect(run.stderr.split('\n')[1].trim().split(' ')).toHaveLength(24)
    expect(run.stdout).toContain('POST /api/v1/community/boosts → 403')
    expect(run.stdout).toContain('"code":"writer_not_eligible"')
    expect(run.stdout).toContain('has never been seen on chain')
    expect(run.stderr).toContain('refused: this stake address may not write here')
  }, 60_000)

  it("with the demo writer's mnemonic, signs as its stake address and gets 201 for the boost and the comment", async () => {
    const run = await runExample({ MNEMONIC: DEMO_MNEMONIC })
    expect(run.stdout).toContain(`signing as ${DEMO_STAKE_ADDRESS}`)
    expect(run.stdout).toContain('POST /api/v1/community/boosts → 201')
    expect(run.stdout).toContain(`POST /api/v1/community/comments/${SNEK} → 201`)
    expect(run.code).toBe(0)
  }, 60_000)

  it('wrote what the reads then show: the boost counted, the comment under its stake address', async () => {
    const boosts = await (await fetch(`${server.url}/api/v1/community/boosts?units=${SNEK}`)).json()
    expect(boosts.summaries[0].boostsToday).toBe(1)
    const comments = await (await fetch(`${server.url}/api/v1/community/comments/${SNEK}`)).json()
    expect(comments.comments[0].body).toBe('gm from a bot (examples/sign-and-boost.ts)')
    expect(comments.comments[0].stakeAddress).toBe(DEMO_STAKE_ADDRESS)
  })

  it('with the same MNEMONIC again: the second boost of the day is 409, the comment 201', async () => {
    const run = await runExample({ MNEMONIC: DEMO_MNEMONIC, COMMENT: 'second run' })
    expect(run.stdout).toContain('POST /api/v1/community/boosts → 409')
    expect(run.stdout).toContain('→ 201')
    expect(run.code).toBe(0)
  }, 60_000)
})

describe('the demo writer', () => {
  it('is the one the signing guide publishes', () => {
    const guide = readFileSync(join(ROOT, 'docs', 'guide', 'community-signing.md'), 'utf8')
    expect(guide).toContain(DEMO_MNEMONIC)
    expect(guide).toContain(DEMO_STAKE_ADDRESS)
  })
})
