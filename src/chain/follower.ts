/**
 * The chain follower: one poll reads what is new on the followed DEXes' pool credentials, records one update per
 * pool output of a token against ADA (every token's pools, or the curated ones with CHAIN_POOLS=curated: the same
 * calls either way, since every transaction at the pool scripts is read to find them), and moves the cursor
 * (height + hash, in the database). Every poll:
 *
 * 1. `GET /blocks` (newest first): the tip and the provisional window's hashes. A stored hash that changed is a
 *    rollback: updates from that height are deleted and read again; a tip below the cursor is a lagging Koios
 *    instance, and the poll waits for the next.
 * 2. `credential_txs` per group of 15 credentials (one group for the 11 followed), from the cursor up, oldest first.
 * 3. `tx_info` in batches of 13 (inputs, assets, inline datums), `datum_info` for datum-hash pools.
 * 4. With calls left, one page of the first start's discovery pass (`credential_utxos`: every pool's current
 *    UTxO, so pools that did not trade lately are known too), then of its backfill (CHAIN_BACKFILL_HOURS), newest
 *    first.
 *
 * A poll never makes more than CHAIN_FOLLOWER_CALLS_PER_POLL calls (the core plan's figure): what does not fit
 * waits for the next poll, and the cursor stops before the first transaction not read. A Koios fault ends the
 * poll; what was recorded stays (re-reading it is a no-op) and the rest is read at the next poll.
 */
import type { Logger } from '../observability/logger'
import { CHAIN_FOLLOWER_CALLS_PER_POLL } from '../upstream/core-plan'
import { asCore } from '../upstream/call-context'
import { BudgetRefusal } from '../upstream/errors'
import type { Koios } from '../upstream/koios'
import { BATCH, type ChainBlock, type TxRef } from '../upstream/koios-chain'
import { PAGE_SIZE } from '../upstream/koios'
import { forkHeight, PROVISIONAL_BLOCKS } from './rollback'
import type { ChainPositionStore } from './position'
import type { ChainRecorder, FollowerMetrics, NewPoolsListener, RollbackListener, TradesListener } from './recorder'
import type { Backfill, ChainStore, Cursor, Discovery } from './store'
import { fillDatums } from './datums'
import { discoveryPage } from './discovery'
import type { FollowsToken, PoolReaders } from './tx-updates'

/** Blocks per hour at one block per 20 s on average (shared/chain/README.md §5). */
export const BLOCKS_PER_HOUR = 180
/** Calls a tx_info batch may need after it: the batch's datum_info calls (datum-hash pools). */
const DATUM_CALLS_PER_BATCH = 2

export interface FollowerDeps {
  koios: Koios
  store: ChainStore
  /** Records what the transactions changed and tells the listeners (shared with the Ogmios follower). */
  recorder: ChainRecorder
  /** Where the tip last seen and Koios's health are written (GET /chain/tip, /readyz). */
  position?: ChainPositionStore
  readers: PoolReaders
  /** Whether a token's ADA pools are recorded (every token by default; CHAIN_POOLS=curated: the registry's). */
  followsToken: FollowsToken
  logger: Logger
  metrics?: FollowerMetrics
  backfillHours: number
  now: () => number
  callsPerPoll?: number
}

export interface PollReport {
  calls: number
  recorded: number
  skipped: number
  rolledBackFrom: number | null
  /** Pools found by the discovery pass in this poll. */
  discovered: number
  cursor: Cursor | null
}

/** Counts a poll's Koios calls against its allowance. */
class Allowance {
  used = 0
  constructor(readonly total: number) {}
  get left(): number {
    return this.total - this.used
  }
  take(): void {
    if (this.used >= this.total) throw new RangeError('chain follower: call allowance exceeded')
    this.used += 1
  }
}

export class ChainFollower {
  private readonly groups: string[][]

  constructor(private readonly deps: FollowerDeps) {
    const creds = deps.readers.credentials
    this.groups = []
    for (let i = 0; i < creds.length; i += BATCH.credentialTxs) this.groups.push([...creds.slice(i, i + BATCH.credentialTxs)])
  }

  /** The recorder's events: whichever source records (CHAIN_SOURCE), listeners subscribe here (recorder.ts). */
  onTrades(listener: TradesListener): () => void {
    return this.deps.recorder.onTrades(listener)
  }

  onNewPools(listener: NewPoolsListener): () => void {
    return this.deps.recorder.onNewPools(listener)
  }

  onRollback(listener: RollbackListener): () => void {
    return this.deps.recorder.onRollback(listener)
  }

  /**
   * One poll; a Koios fault is logged and counted, and the poll is simply tried again next time. A 429 needs no
   * pause here: every call goes through the shared HTTP client and budget ledger (core lane), which believe it
   * (`Exceeded Tier Limit`: no call until the UTC day's reset but one probe per 5 min; any other 429: its
   * Retry-After or 60 s) for every Koios caller at once. Meanwhile the ledger refuses the poll's first call
   * before it leaves (BudgetRefusal), so a waiting follower costs nothing.
   */
  async poll(): Promise<PollReport> {
    const calls = new Allowance(this.deps.callsPerPoll ?? CHAIN_FOLLOWER_CALLS_PER_POLL)
    const report: PollReport = { calls: 0, recorded: 0, skipped: 0, rolledBackFrom: null, discovered: 0, cursor: null }
    try {
      await asCore(() => this.step(calls, report))
      this.deps.metrics?.chainEvent('poll')
      await this.deps.position?.health(true, null)
    } catch (error) {
      this.deps.metrics?.chainEvent('poll_failed')
      const err = error instanceof Error ? error.message : String(error)
      // The budget's own pacing is no fault of the source.
      if (!(error instanceof BudgetRefusal)) await this.deps.position?.health(false, `Koios: ${err}`).catch(() => {})
      // A refusal is the ledger keeping the quota (a spent day, a cool-down): expected, not a fault to warn of.
      if (error instanceof BudgetRefusal) this.deps.logger.sampled('chain poll', 'info', { err, reason: error.reason }, 'chain follower poll refused by the Koios budget: retried at the next poll')
      else this.deps.logger.sampled('chain poll', 'warn', { err }, 'chain follower poll failed: retried at the next poll')
    }
    report.calls = calls.used
    return report
  }

  private async step(calls: Allowance, report: PollReport): Promise<void> {
    const { koios, store } = this.deps
    calls.take()
    const recent = await koios.latestBlocks(PROVISIONAL_BLOCKS + 2)
    if (recent.length === 0) return
    const tip = recent.reduce((a, b) => (b.height > a.height ? b : a))
    await this.deps.position?.sawTip({ height: tip.height, hash: tip.hash, slot: null, time: tip.time })
    let cursor = await store.cursor()
    if (cursor === null) {
      // First start: the tip block is read live, the backfill covers the heights below it, newest first.
      const blocks = this.deps.backfillHours * BLOCKS_PER_HOUR
      const top = tip.height - 1
      const pages = () => ({ offsets: this.groups.map(() => 0), done: this.groups.map(() => false) })
      cursor = {
        height: top,
        hash: null,
        time: null,
        backfill: blocks > 0 ? { bottom: tip.height - blocks, top, ...pages() } : null,
        discovery: pages(),
      }
    } else {
      if (tip.height < cursor.height) {
        this.deps.logger.info({ tip: tip.height, cursor: cursor.height }, 'chain follower: Koios is behind the cursor (a lagging instance): waiting')
        report.cursor = cursor
        return
      }
      const windowFrom = tip.height - PROVISIONAL_BLOCKS - 2
      const fork = forkHeight(recent, await store.blocks(windowFrom), await store.updateBlocks(windowFrom))
      if (fork !== null) {
        const below = recent.find((b) => b.height === fork - 1)
        cursor = { ...cursor, height: Math.min(cursor.height, fork - 1), hash: below?.hash ?? null, time: below?.time ?? null }
        await this.deps.recorder.rollback(fork, cursor, this.deps.now())
        report.rolledBackFrom = fork
      }
    }
    await store.saveBlocks(recent, tip.height - PROVISIONAL_BLOCKS - 2)

    cursor = await this.live(cursor, tip, recent, calls, report)
    await store.setCursor(cursor, this.deps.now())
    if (cursor.discovery !== null && calls.left >= 1) {
      cursor = { ...cursor, discovery: await this.discover(cursor.discovery, calls, report) }
      await store.setCursor(cursor, this.deps.now())
    }
    // A gap left by an earlier poll is read once the span before it is done, newest first.
    if (cursor.backfill === null && (cursor.gaps?.length ?? 0) > 0) cursor = { ...cursor, backfill: cursor.gaps![0], gaps: cursor.gaps!.slice(1) }
    if (cursor.backfill !== null && calls.left >= 2 + DATUM_CALLS_PER_BATCH) {
      cursor = { ...cursor, backfill: await this.backfill(cursor.backfill, calls, report) }
      await store.setCursor(cursor, this.deps.now())
    }
    report.cursor = cursor
  }

  /**
   * New transactions from the cursor to the tip, the tip first: the newest page of each credential group, read in
   * batches from the newest block down. When the poll's calls end before the oldest (or a page could not hold them
   * all), the cursor still moves to the tip, and the heights below the last block read whole are left as a gap
   * (cursor.gaps), read newest first with the calls later polls have left; the position says `behind`.
   */
  private async live(cursor: Cursor, tip: ChainBlock, recent: readonly ChainBlock[], calls: Allowance, report: PollReport): Promise<Cursor> {
    if (cursor.height >= tip.height) return cursor
    const refs = new Map<string, TxRef>()
    // Heights at or below `floor` are not all in the pages read (a full page's oldest block may be cut).
    let floor = cursor.height
    for (const group of this.groups) {
      calls.take()
      const rows = await this.deps.koios.credentialTxs(group, cursor.height + 1, { order: 'desc', maxHeight: tip.height })
      for (const r of rows) if (r.blockHeight <= tip.height) refs.set(r.txHash, r)
      if (rows.length >= PAGE_SIZE) floor = Math.max(floor, rows[rows.length - 1].blockHeight)
    }
    const newestFirst = [...refs.values()].filter((r) => r.blockHeight > floor).sort((a, b) => b.blockHeight - a.blockHeight || (a.txHash < b.txHash ? -1 : 1))
    const { read, hashes } = await this.readTxs(newestFirst, calls, report, true)
    if (read === 0 && newestFirst.length > 0) return cursor
    // Not all read: the block of the first one left (perhaps read in part) and everything below it wait.
    if (read < newestFirst.length) floor = Math.max(floor, newestFirst[read].blockHeight)
    const gaps = floor > cursor.height ? [this.gap(cursor.height, floor), ...(cursor.gaps ?? [])] : (cursor.gaps ?? [])
    if (floor > cursor.height) this.deps.logger.warn({ from: cursor.height + 1, to: floor, tip: tip.height }, 'chain follower: more transactions than a poll can read: the tip first, these blocks later')
    const block = recent.find((b) => b.height === tip.height)
    return { ...cursor, height: tip.height, hash: block?.hash ?? hashes.get(tip.height) ?? null, time: block?.time ?? tip.time, gaps }
  }

  /** Heights (bottom, top] left unread, to be read like the backfill, newest first. */
  private gap(bottom: number, top: number): Backfill {
    return { bottom, top, offsets: this.groups.map(() => 0), done: this.groups.map(() => false), gap: true }
  }

  /**
   * One page of the discovery pass: the pool credentials' current UTxOs, each recognised followed pool recorded with its current reserves (no update: nothing is known about the transaction before it). Outputs
   * whose datum sits behind a hash and is needed (WingRiders V1) are left to be found when they next trade.
   */
  private async discover(state: Discovery, calls: Allowance, report: PollReport): Promise<Discovery | null> {
    const g = state.done.findIndex((d) => !d)
    if (g < 0) return null
    calls.take()
    const page = await discoveryPage(this.deps.koios, this.groups[g], state.offsets[g], this.deps.readers, this.deps.followsToken)
    const pools = page.found.map((f) => f.pool)
    await this.deps.store.record([], pools)
    report.discovered += pools.length
    const offsets = [...state.offsets]
    const done = [...state.done]
    offsets[g] += page.rows
    if (page.rows < PAGE_SIZE) done[g] = true
    return done.every(Boolean) ? null : { offsets, done }
  }

  /** One step of the first start's backfill, newest first: one page of one credential group. */
  private async backfill(state: Backfill, calls: Allowance, report: PollReport): Promise<Backfill | null> {
    const g = state.done.findIndex((d) => !d)
    if (g < 0) return null
    calls.take()
    const rows = await this.deps.koios.credentialTxs(this.groups[g], state.bottom + 1, { order: 'desc', offset: state.offsets[g], maxHeight: state.top })
    const { read } = await this.readTxs(rows, calls, report, false)
    const offsets = [...state.offsets]
    const done = [...state.done]
    offsets[g] += read
    if (read === rows.length && rows.length < PAGE_SIZE) done[g] = true
    if (done.every(Boolean)) {
      this.deps.logger.info({ bottom: state.bottom, top: state.top }, 'chain follower: backfill done')
      return null
    }
    return { ...state, offsets, done }
  }

  /**
   * tx_info (and datum_info) for the refs in order, batch by batch while the allowance lasts; records the
   * updates. Returns how many refs were read (a prefix) and the block hash of each height read.
   */
  private async readTxs(refs: readonly TxRef[], calls: Allowance, report: PollReport, live: boolean): Promise<{ read: number; hashes: Map<number, string> }> {
    const hashes = new Map<number, string>()
    let read = 0
    while (read < refs.length && calls.left >= 1 + DATUM_CALLS_PER_BATCH) {
      const batch = refs.slice(read, read + BATCH.txInfo)
      calls.take()
      const txs = await this.deps.koios.txInfo(batch.map((r) => r.txHash))
      // A tx credential_txs listed but tx_info did not return (a Koios instance behind the other, or a tx a
      // rollback just removed): stop before it, so it is asked again at the next poll rather than passed over.
      const returned = new Set(txs.map((t) => t.txHash))
      const missing = batch.findIndex((r) => !returned.has(r.txHash))
      await fillDatums(txs, this.deps.readers, (hashes) => (calls.take(), this.deps.koios.datumInfo(hashes)), DATUM_CALLS_PER_BATCH)
      for (const tx of txs) hashes.set(tx.blockHeight, tx.blockHash)
      const { recorded, skipped } = await this.deps.recorder.record(txs, live)
      report.recorded += recorded
      report.skipped += skipped
      if (missing >= 0) {
        this.deps.logger.info({ txHash: batch[missing].txHash }, 'chain follower: tx_info did not return a listed tx: asked again at the next poll')
        read += missing
        break
      }
      read += batch.length
    }
    return { read, hashes }
  }
}
