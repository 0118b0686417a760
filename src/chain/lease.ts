/**
 * Exactly one instance follows the chain: it holds a lease, renewed at every poll, in Redis when REDIS_URL is
 * set (cluster/lease.ts), else in the database (one conditional upsert: taken when free, expired or already
 * ours). An instance that dies stops renewing; another takes the lease once it expires, within one lease period.
 * While Redis cannot answer, the database lease stands in.
 */
import { sql } from 'drizzle-orm'
import type { CommunityDatabase } from '../db/client'
import { chainLeases } from '../db/schema'

export const LEASE_NAME = 'chain-follower'

export interface Lease {
  /** True when this holder holds the lease for the next `ttlMs` (taken or renewed now). */
  acquire(ttlMs: number): Promise<boolean>
}

export function databaseLease(database: CommunityDatabase, holder: string, now: () => number): Lease {
  return {
    async acquire(ttlMs) {
      const at = now()
      const result = await database.write((db) =>
        db
          .insert(chainLeases)
          .values({ name: LEASE_NAME, holder, expiresAtMs: at + ttlMs })
          .onConflictDoUpdate({
            target: chainLeases.name,
            set: { holder, expiresAtMs: at + ttlMs },
            setWhere: sql`${chainLeases.holder} = ${holder} OR ${chainLeases.expiresAtMs} < ${at}`,
          }),
      )
      return result.rowsAffected > 0
    },
  }
}

export function redisLease(
  cluster: { lease(name: string, holder: string, ttlMs: number): Promise<boolean | null> },
  fallback: Lease,
  holder: string,
): Lease {
  return {
    async acquire(ttlMs) {
      const held = await cluster.lease(LEASE_NAME, holder, ttlMs)
      return held ?? fallback.acquire(ttlMs)
    },
  }
}
