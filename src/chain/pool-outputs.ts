/**
 * The followed pools' outputs an Ogmios follower may see spent. Ogmios gives a transaction's inputs as references
 * only; a pool update compares the pool's output with the pool input it spent (tx-updates.ts), so the follower
 * keeps every followed pool output it records or discovers, by reference, in memory and in the database
 * (`chain_pool_outputs`), to resolve the next transaction that spends it without asking anyone.
 *
 * A reference is looked up whether spent or not (a rollback may spend it again on the new branch); spent outputs
 * are forgotten once 2,160 blocks deep (k, the deepest rollback), and outputs created in orphaned blocks when a
 * rollback removes them.
 */
import { and, eq, gte, isNotNull, lt } from 'drizzle-orm'
import type { CommunityDatabase } from '../db/client'
import { chainPoolOutputs } from '../db/schema'
import type { ChainOutput } from './types'

/** The deepest rollback the node follows (k), in blocks. */
export const SECURITY_PARAMETER = 2160

const INSERT_CHUNK = 100

export interface KeptOutput {
  poolId: string
  height: number
  output: ChainOutput
}

export const refOf = (o: Pick<ChainOutput, 'txHash' | 'index'>) => `${o.txHash}#${o.index}`

function serialise(o: ChainOutput): string {
  return JSON.stringify({ ...o, lovelace: String(o.lovelace), assets: Object.fromEntries([...o.assets].map(([u, q]) => [u, String(q)])) })
}

function deserialise(text: string): ChainOutput {
  const o = JSON.parse(text) as Omit<ChainOutput, 'lovelace' | 'assets'> & { lovelace: string; assets: Record<string, string> }
  return { ...o, lovelace: BigInt(o.lovelace), assets: new Map(Object.entries(o.assets).map(([u, q]) => [u, BigInt(q)])) }
}

export class PoolOutputs {
  private readonly byRef = new Map<string, KeptOutput>()

  constructor(private readonly database: CommunityDatabase) {}

  /** Read what the database keeps (at the start of a session, and after a rollback). */
  async load(): Promise<void> {
    const rows = await this.database.read((db) => db.select().from(chainPoolOutputs))
    this.byRef.clear()
    for (const r of rows) this.byRef.set(r.ref, { poolId: r.poolId, height: r.height, output: deserialise(r.output) })
  }

  get(ref: string): ChainOutput | undefined {
    return this.byRef.get(ref)?.output
  }

  get size(): number {
    return this.byRef.size
  }

  /** Keep new pool outputs and mark the spent ones, in one transaction (idempotent: a block read again changes nothing). */
  async update(created: readonly KeptOutput[], spent: ReadonlyArray<{ ref: string; height: number }>): Promise<void> {
    const fresh = created.filter((c) => !this.byRef.has(refOf(c.output)))
    // Outputs created and spent in the same batch are marked spent too.
    const freshRefs = new Set(fresh.map((c) => refOf(c.output)))
    const spending = spent.filter((s) => this.byRef.has(s.ref) || freshRefs.has(s.ref))
    if (fresh.length === 0 && spending.length === 0) return
    await this.database.write((db) =>
      db.transaction(async (tx) => {
        for (let i = 0; i < fresh.length; i += INSERT_CHUNK) {
          const rows = fresh.slice(i, i + INSERT_CHUNK).map((c) => ({ ref: refOf(c.output), poolId: c.poolId, height: c.height, spentHeight: null, output: serialise(c.output) }))
          await tx.insert(chainPoolOutputs).values(rows).onConflictDoNothing()
        }
        for (const s of spending) {
          await tx.update(chainPoolOutputs).set({ spentHeight: s.height }).where(eq(chainPoolOutputs.ref, s.ref))
        }
      }),
    )
    for (const c of fresh) this.byRef.set(refOf(c.output), c)
  }

  /** A rollback to below `fromHeight`: outputs created from there are gone (spends from there are undone by the new branch's reading). */
  async rollback(fromHeight: number): Promise<void> {
    await this.database.write((db) => db.delete(chainPoolOutputs).where(gte(chainPoolOutputs.height, fromHeight)))
    for (const [ref, kept] of this.byRef) if (kept.height >= fromHeight) this.byRef.delete(ref)
  }

  /** Forget outputs spent more than k blocks below `height`. */
  async prune(height: number): Promise<void> {
    const below = height - SECURITY_PARAMETER
    const gone = await this.database.write((db) =>
      db.delete(chainPoolOutputs).where(and(isNotNull(chainPoolOutputs.spentHeight), lt(chainPoolOutputs.spentHeight, below))).returning({ ref: chainPoolOutputs.ref }),
    )
    for (const g of gone) this.byRef.delete(g.ref)
  }
}
