import { mkdirSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { createClient, LibsqlError, type Client } from '@libsql/client'
import { drizzle, type LibSQLDatabase } from 'drizzle-orm/libsql'
import type { Logger } from '../observability/logger'
import { applyMigrations } from './migrate'
import * as schema from './schema'

export type Db = LibSQLDatabase<typeof schema>
/** What a `db.transaction(async (tx) => …)` callback receives: statements that commit together. */
export type DbTransaction = Parameters<Parameters<Db['transaction']>[0]>[0]

export interface DatabaseSettings {
  /** `file:<path>`, `:memory:`, `libsql://…`, `http(s)://…`, `ws(s)://…`. */
  url: string
  authToken: string | null
  /** How long a write waits for another process's lock before failing (ms). */
  busyTimeoutMs?: number
}

/** The database could not serve a statement (lock held too long, connection lost): nothing was written. */
export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError'
}

/**
 * Runs a statement, turning a database that could not run it (lock held too long, connection lost) into the
 * caller's own error (a 503 naming what was not done); any other error passes as it is.
 */
export async function orWhenUnavailable<T>(work: () => Promise<T>, unavailable: () => Error): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (error instanceof DatabaseUnavailableError) throw unavailable()
    throw error
  }
}

const DEFAULT_BUSY_TIMEOUT_MS = 5000

/**
 * The community database: one libSQL client behind Drizzle, migrated at open.
 *
 * Two measured libSQL hazards shape it:
 * - the default busy timeout of a `file:` client is 0, so the `timeout` option is always set;
 * - after one SQLITE_BUSY a pooled connection can be wedged in an open transaction whose later INSERTs
 *   "succeed" but are never committed. So any libSQL error discards the whole client and opens a fresh one,
 *   and the caller answers that request 503 (nothing written). A 201 therefore only follows a statement that
 *   completed on a healthy connection in autocommit mode, i.e. a committed one.
 * Writes are serialised in this process (one statement at a time), so no write ever runs beside another on the
 * same pool; writers in other processes wait on the file lock instead.
 */
export class CommunityDatabase {
  private client: Client
  private db: Db
  private writeQueue: Promise<unknown> = Promise.resolve()
  private closed = false

  private constructor(
    private readonly settings: DatabaseSettings,
    private readonly logger: Logger,
  ) {
    this.client = connect(settings)
    this.db = drizzle(this.client, { schema })
  }

  /** Open (creating the folder of a file database), switch a file to WAL, and apply the migrations in drizzle/. */
  static async open(settings: DatabaseSettings, logger: Logger): Promise<CommunityDatabase> {
    const filePath = localFilePath(settings.url)
    if (filePath !== null) mkdirSync(dirname(resolve(filePath)), { recursive: true })
    const database = new CommunityDatabase(settings, logger)
    try {
      await database.prepare(filePath !== null)
    } catch (error) {
      database.client.close()
      throw error
    }
    return database
  }

  /** A read statement (or several) on the current client. */
  read<T>(work: (db: Db) => Promise<T>): Promise<T> {
    return this.guard(work)
  }

  /** A write, run after every earlier write of this process has finished. */
  write<T>(work: (db: Db) => Promise<T>): Promise<T> {
    const result = this.writeQueue.then(() => this.guard(work))
    this.writeQueue = result.catch(() => undefined)
    return result
  }

  async ping(): Promise<void> {
    await this.read((db) => db.run('SELECT 1'))
  }

  async close(): Promise<void> {
    if (this.closed) return
    this.closed = true
    await this.writeQueue
    this.client.close()
  }

  private async prepare(isFile: boolean): Promise<void> {
    // Several processes may start on one fresh file at once: switching to WAL needs the file to itself (it
    // answers SQLITE_BUSY at once, busy timeout or not, while another process holds it), and the losers of the
    // migration race fail on CREATE TABLE and, on a fresh client, find the migrations already recorded.
    for (let attempt = 1; ; attempt++) {
      try {
        // WAL lets readers and one writer (of any process sharing the file) proceed together; it is persistent.
        if (isFile) await this.client.execute('PRAGMA journal_mode = WAL')
        await applyMigrations(this.db)
        return
      } catch (error) {
        if (attempt >= 10) throw error
        this.logger.info({ attempt, err: describe(error) }, 'community database preparation failed (another process may be migrating): retrying')
        this.recycle()
        await Bun.sleep(50 * attempt + Math.floor(Math.random() * 50))
      }
    }
  }

  private async guard<T>(work: (db: Db) => Promise<T>): Promise<T> {
    if (this.closed) throw new DatabaseUnavailableError('the community database is closed')
    try {
      return await work(this.db)
    } catch (error) {
      if (!isLibsqlFailure(error)) throw error
      this.logger.warn({ err: describe(error) }, 'community database statement failed: reopening the client')
      this.recycle()
      throw new DatabaseUnavailableError(describe(error))
    }
  }

  /** Drop every pooled connection (one may be wedged) and continue on a fresh client. */
  private recycle(): void {
    // An in-memory database has one connection and no other writer: reopening would only lose it.
    if (this.closed || isInMemory(this.settings.url)) return
    const old = this.client
    this.client = connect(this.settings)
    this.db = drizzle(this.client, { schema })
    old.close()
  }
}

function connect(settings: DatabaseSettings): Client {
  return createClient({
    url: settings.url,
    authToken: settings.authToken ?? undefined,
    timeout: settings.busyTimeoutMs ?? DEFAULT_BUSY_TIMEOUT_MS,
  })
}

/** The path of a `file:` URL (relative or absolute), or null for in-memory and remote databases. */
export function localFilePath(url: string): string | null {
  if (!url.startsWith('file:')) return null
  let path = url.slice('file:'.length).replace(/\?.*$/, '')
  if (path.startsWith('//')) path = path.replace(/^\/\/(localhost)?/, '')
  return path === '' || path === ':memory:' ? null : decodeURIComponent(path)
}

function isInMemory(url: string): boolean {
  return url === ':memory:' || url === 'file::memory:' || url.startsWith('file::memory:?')
}

function isLibsqlFailure(error: unknown): boolean {
  if (error instanceof LibsqlError) return true
  // Drizzle wraps driver errors in DrizzleQueryError with the driver error as `cause`.
  return error instanceof Error && error.cause instanceof LibsqlError
}

function describe(error: unknown): string {
  const libsql = error instanceof LibsqlError ? error : (error as Error).cause
  if (libsql instanceof LibsqlError) return `${libsql.code}: ${libsql.message}`
  return error instanceof Error ? error.message : String(error)
}
