/**
 * The community database itself: opened in a folder that does not exist yet, WAL, migrations applied once, and
 * the libSQL lock hazard: a write that meets another writer's lock past the busy timeout is a 503 with nothing
 * saved, and the next write on the fresh client really commits.
 */
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'bun:test'
import { createClient } from '@libsql/client'
import journal from '../../drizzle/meta/_journal.json'
import { loadConfig } from '../../src/config'
import { CommunityDatabase, localFilePath } from '../../src/db/client'
import { buildDeps } from '../../src/deps'
import { CommunityService } from '../../src/modules/community/service'
import { Logger, memorySink } from '../../src/observability/logger'
import { communityOnlyEnv } from '../support/processes'
import { boostPayload, freshDatabaseDir, SNEK, startCommunity } from './helpers'
import { TestWallet } from './wallet'

const dir = freshDatabaseDir()
afterAll(() => rmSync(dir, { recursive: true, force: true }))
/** The migrations drizzle-kit has generated (drizzle/meta/_journal.json). */
const MIGRATIONS = journal.entries.length
const silent = () => new Logger('silent', memorySink())

describe('opening the database', () => {
  it('creates the folder, switches to WAL and applies the migrations once', async () => {
    const url = `file:${join(dir, 'a', 'b', 'community.db')}`
    const first = await CommunityDatabase.open({ url, authToken: null }, silent())
    await first.close()
    const second = await CommunityDatabase.open({ url, authToken: null }, silent())
    await second.close()
    const raw = createClient({ url })
    try {
      expect((await raw.execute('PRAGMA journal_mode')).rows[0][0]).toBe('wal')
      // Every migration in drizzle/, each recorded once although the database was opened twice.
      expect((await raw.execute('SELECT count(*) FROM __drizzle_migrations')).rows[0][0]).toBe(MIGRATIONS)
      const tables = (await raw.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name IN ('boosts', 'comments') ORDER BY name")).rows
      expect(tables.map((r) => r[0])).toEqual(['boosts', 'comments'])
    } finally {
      raw.close()
    }
  })

  it('lets several openers race on a fresh file: every one starts, the migration is applied once', async () => {
    const url = `file:${join(dir, 'raced.db')}`
    const sink = memorySink()
    const logger = new Logger('info', sink)
    const openers = await Promise.all([1, 2, 3].map(() => CommunityDatabase.open({ url, authToken: null }, logger)))
    await Promise.all(openers.map((d) => d.close()))
    // The losers met the winner's lock or tables, said so, and found the migration recorded on their retry.
    expect(sink.lines.filter((l) => l.includes('preparation failed')).length).toBeGreaterThanOrEqual(1)
    const raw = createClient({ url })
    try {
      expect((await raw.execute('SELECT count(*) FROM __drizzle_migrations')).rows[0][0]).toBe(MIGRATIONS)
    } finally {
      raw.close()
    }
  })

  it('reads the path of file URLs in their usual spellings', () => {
    expect(localFilePath('file:./data/community.db')).toBe('./data/community.db')
    expect(localFilePath('file:///var/lib/x.db')).toBe('/var/lib/x.db')
    expect(localFilePath('file:/var/lib/x.db?mode=rwc')).toBe('/var/lib/x.db')
    expect(localFilePath(':memory:')).toBe(null)
    expect(localFilePath('libsql://db.example.turso.io')).toBe(null)
  })

  it('reports the database in readiness', async () => {
    const h = await startCommunity()
    try {
      expect((await h.svc.json('/readyz')).body.database).toBe('ok')
    } finally {
      await h.stop()
    }
  })

  it('serves the community from an in-memory database', async () => {
    const h = await startCommunity({ DATABASE_URL: ':memory:' })
    try {
      const wallet = await h.wallet()
      expect((await h.post('/api/v1/community/boosts', await wallet.sign(boostPayload(SNEK, h.today())))).status).toBe(201)
      expect((await h.svc.json(`/api/v1/community/boosts?units=${SNEK}`)).body.summaries[0].boostsToday).toBe(1)
    } finally {
      await h.stop()
    }
  })
})

describe('a write that meets another writer\'s lock', () => {
  it('answers 503 with nothing saved, then commits the retry on a fresh client', async () => {
    const url = `file:${join(dir, 'locked.db')}`
    const database = await CommunityDatabase.open({ url, authToken: null, busyTimeoutMs: 100 }, silent())
    // The service as a deployment builds it (its upstreams nowhere: a curated token from a writer the chain
    // API is not asked about, COMMUNITY_MIN_ADA=0, needs no call), on this database.
    const deps = await buildDeps(loadConfig({ ...communityOnlyEnv(join(dir, 'unused.db')), DATABASE_URL: 'off' }), { logger: silent() })
    const service = new CommunityService({ ...deps, database, now: Date.now })
    const wallet = await TestWallet.create()
    const signed = await wallet.sign(boostPayload(SNEK, new Date().toISOString().slice(0, 10)))
    const other = createClient({ url })
    try {
      // Another process holds the write lock (BEGIN IMMEDIATE) for longer than the 100 ms busy timeout.
      const lock = await other.transaction('write')
      const refused = await service.castBoost(signed).then(() => null, (error: unknown) => error)
      expect(refused).toMatchObject({ status: 503, error: 'Community database busy' })
      await lock.rollback()

      expect(await service.castBoost(signed)).toEqual({ ok: true, stakeAddress: wallet.stakeAddress, unit: SNEK })
      // Committed: another connection sees exactly one row, even after the service's client is gone.
      await database.close()
      expect((await other.execute('SELECT count(*) FROM boosts')).rows[0][0]).toBe(1)
    } finally {
      other.close()
    }
  })
})
