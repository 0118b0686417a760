/**
 * The community tests' harness: the real app (test/helpers.ts) on a fresh database file in a temporary folder,
 * with its clock pinned to 12:00 UTC of the current day so that no test can straddle a UTC midnight. Writers
 * must be registered on chain with enough ADA: `h.wallet()` makes a key and lists it so on the fake chain.
 * Every request of `svc.request` comes from one client (no socket): the per-client write limit is off unless
 * a test sets WRITES_PER_CLIENT_PER_HOUR (test/community/write-limits.test.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { createClient } from '@libsql/client'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { koiosAccount } from '../fake-upstreams/builders'
import type { World } from '../fake-upstreams/world'
import { startService, type TestService } from '../helpers'
import { TestWallet, type SignedWriteBody } from './wallet'

export const SNEK = '279c909f348e533da5808898f87f9a14bb2c3dfbbacccd631d927a3f534e454b'
export const HOSKY = 'a0028f350aaabe0545fdcb56b039bfb08e4bb4d8c4d7c3c7d481c235484f534b59'
export const MIN = '29d222ce763455e3d7a09a665ce554f00ac89d2e99a1a83d267170c64d494e'

export interface CommunityHarness {
  svc: TestService
  /** The service's clock. */
  now(): number
  /** Today in UTC by the service's clock, YYYY-MM-DD. */
  today(): string
  /** Move the service's clock (and its caches') forward. */
  advance(ms: number): void
  post(path: string, body: SignedWriteBody | string): Promise<{ status: number; body: any; res: Response }>
  /** A new key whose stake address the fake chain lists (registered, 100 ADA unless said). */
  wallet(standing?: Standing): Promise<TestWallet>
  /** Rows in a community table, read from the database file by a connection of its own. */
  rows(table: 'boosts' | 'comments'): Promise<number>
  databaseFile: string
  stop(): Promise<void>
}

export function freshDatabaseDir(): string {
  return mkdtempSync(join(tmpdir(), 'community-test-'))
}

export interface Standing {
  ada?: number
  status?: 'registered' | 'not registered'
}

/** Lists a stake address on the fake chain's `account_info`: registered with 100 ADA unless said otherwise. */
export function putOnChain(world: World, stakeAddress: string, standing: Standing = {}): void {
  const lovelace = BigInt(Math.round((standing.ada ?? 100) * 1_000_000))
  world.koios.accounts.push(koiosAccount({ stakeAddress, lovelace, status: standing.status }))
}

/** A new wallet that may write: registered on the fake chain with enough ADA. */
export async function eligibleWallet(world: World, standing: Standing = {}): Promise<TestWallet> {
  const wallet = await TestWallet.create()
  putOnChain(world, wallet.stakeAddress, standing)
  return wallet
}

/** `options.ledgerOnClock`: the upstream budgets on the moved clock too (a cool-down after a 429 then ends with it). */
export async function startCommunity(env: Record<string, string> = {}, options: { ledgerOnClock?: boolean } = {}): Promise<CommunityHarness> {
  const dir = freshDatabaseDir()
  const databaseFile = join(dir, 'nested', 'community.db')
  const svc = await startService({ env: { DATABASE_URL: `file:${databaseFile}`, WRITES_PER_CLIENT_PER_HOUR: '0', ...env }, ledgerOnClock: options.ledgerOnClock })
  const start = new Date()
  let offset = Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate(), 12) - Date.now()
  svc.advance(offset)
  const now = () => Date.now() + offset
  return {
    svc,
    now,
    today: () => new Date(now()).toISOString().slice(0, 10),
    advance(ms) {
      offset += ms
      svc.advance(ms)
    },
    async post(path, body) {
      const res = await svc.request(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      })
      const text = await res.text()
      return { status: res.status, body: text === '' ? null : JSON.parse(text), res }
    },
    wallet: (standing) => eligibleWallet(svc.fake.world, standing),
    async rows(table) {
      const client = createClient({ url: svc.config.databaseUrl! })
      try {
        return Number((await client.execute(`SELECT count(*) FROM ${table}`)).rows[0][0])
      } finally {
        client.close()
      }
    },
    databaseFile,
    async stop() {
      await svc.stop()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

export const boostPayload = (unit: string, day: string) => JSON.stringify({ action: 'boost', unit, day })

export const commentPayload = (unit: string, body: string, ts: number | string) =>
  JSON.stringify({ action: 'comment', unit, body, ts: typeof ts === 'number' ? new Date(ts).toISOString() : ts })
