/**
 * The chain follower over Ogmios chain-sync (CHAIN_SOURCE=ogmios): blocks as the node adopts them, rollbacks as
 * they happen, no quota. One session at a time on the instance holding the lease:
 *
 * 1. Connect (OGMIOS_URL) and find an intersection. The first start asks the chain API once for the block
 *    CHAIN_BACKFILL_HOURS back (`GET /blocks`, offset below the tip) and runs the discovery pass (every pool's
 *    current UTxO, as the Koios follower does); every later start resumes from its cursor, sending the cursor
 *    and older kept blocks (1, 2, 4 … 2,048 below it, newest first: the newest may have been rolled back).
 * 2. `nextBlock`, pipelined. Forward blocks are processed in the batches that arrive together: each valid
 *    transaction (`spends: "inputs"`) with an output at a followed pool script, or spending a kept pool output, is
 *    turned into the ChainTx the Koios follower reads (pool inputs resolved from the kept outputs, pool-outputs.ts)
 *    and recorded through the shared recorder (recorder.ts): the same updates, candles, pools, token notes and
 *    listener events. A pool output whose previous state the follower never saw (its pool last moved before the
 *    follower started) is completed from the chain API: `tx_info` for up to 13 such transactions a call, and
 *    `datum_info` for datum-hash datums the block's witnesses lacked. No call per block otherwise.
 * 3. A backward answer undoes everything after its point (recorder.rollback); a point no longer held (deeper
 *    than the kept blocks) is found by its time, logged, and everything after it is rebuilt.
 *
 * Faults: Ogmios absent, closing, restarting, or not answering end the session; the follower reconnects with
 * back-off doubling from 1 s to at most 30 s and resumes from its cursor (re-delivered blocks insert nothing).
 * Meanwhile the source is marked down in the position (`/readyz` degraded with the reason; everything recorded
 * is still served). A message that cannot be read is logged once and skipped.
 */
import { unixToSlot, slotToUnix } from '../cardano/slot-time'
import { asCore } from '../upstream/call-context'
import { BATCH, type ChainTx } from '../upstream/koios-chain'
import { PAGE_SIZE } from '../upstream/koios'
import { ChainSync, OgmiosUnavailable, redacted, type SyncAnswer } from '../upstream/ogmios'
import type { OgmiosBlock, OgmiosTip, PointOrOrigin } from '../upstream/ogmios-chain'
import { fillDatums } from './datums'
import { discoveryPage } from './discovery'
import { BLOCKS_PER_HOUR, type FollowerDeps } from './follower'
import { refOf, SECURITY_PARAMETER, type KeptOutput, type PoolOutputs } from './pool-outputs'
import type { ChainPositionStore } from './position'
import type { Cursor } from './store'
import { followed, hasPoolInput } from './tx-updates'
import { ChainDecodeError, type ChainOutput, type PoolState } from './types'

/** nextBlock requests kept in flight (indexers keep 50–100 while catching up; at the tip they wait at the node). */
export const PIPELINE_DEPTH = 100
export const BACKOFF = { minMs: 1000, maxMs: 30_000 }
/** Spent pool outputs deeper than k are forgotten every this many blocks. */
const PRUNE_EVERY_BLOCKS = 100
/** datum_info calls a batch of blocks may make for datums their witnesses lacked. */
const DATUM_CALLS_PER_BATCH = 4

export interface OgmiosFollowerDeps extends Omit<FollowerDeps, 'callsPerPoll' | 'position'> {
  url: string
  /** The followed pool outputs kept, to resolve the inputs Ogmios gives as references. */
  outputs: PoolOutputs
  position: ChainPositionStore
  /** Longest a connection may take to open and findIntersection to answer. */
  timeoutMs?: number
  backoff?: { minMs: number; maxMs: number }
}

export class OgmiosFollower {
  private running: Promise<void> | null = null
  private stopped = false
  private sync: ChainSync | null = null
  private wakeSleep: (() => void) | null = null
  private readonly credentials: ReadonlySet<string>
  /** Sessions that failed in a row (the back-off doubles with each). */
  private failures = 0
  /** Height of the last pruning of spent pool outputs. */
  private prunedAt = 0

  constructor(private readonly deps: OgmiosFollowerDeps) {
    this.credentials = new Set(deps.readers.credentials)
  }

  get following(): boolean {
    return this.running !== null
  }

  /** Follow until stop(): sessions one after another, reconnecting with back-off. */
  start(): void {
    if (this.running !== null) return
    this.stopped = false
    this.running = this.loop().finally(() => (this.running = null))
  }

  async stop(): Promise<void> {
    this.stopped = true
    this.sync?.close()
    this.wakeSleep?.()
    await this.running
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      try {
        await this.session()
      } catch (error) {
        if (this.stopped) break
        const reason = error instanceof Error ? error.message : String(error)
        this.failures += 1
        this.deps.metrics?.chainEvent('poll_failed')
        this.deps.logger.sampled('chain poll', 'warn', { err: reason, url: redacted(this.deps.url), attempt: this.failures }, 'chain follower: Ogmios session ended: reconnecting with back-off')
        await this.deps.position.health(false, error instanceof OgmiosUnavailable ? `Ogmios: ${reason}` : reason).catch(() => {})
      }
      if (this.stopped) break
      await this.sleep(backoffMs(this.failures, this.deps.backoff ?? BACKOFF))
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms)
      this.wakeSleep = () => (clearTimeout(timer), resolve())
    })
  }

  private async session(): Promise<void> {
    const { store, position } = this.deps
    const timeoutMs = this.deps.timeoutMs ?? 10_000
    const sync = await ChainSync.connect(this.deps.url, {
      credentials: this.credentials,
      timeoutMs,
      onMalformed: (reason) => this.malformed(reason),
    })
    this.sync = sync
    try {
      if (this.stopped) return
      await this.deps.outputs.load()
      let cursor = await store.cursor()
      if (cursor === null) cursor = await this.firstStart()
      const found = await sync.findIntersection(await this.resumePoints(cursor))
      if (!found.found) {
        const tip = found.tip === null ? 'no block yet' : `tip at height ${found.tip.height}`
        throw new OgmiosUnavailable(`none of the follower's recent blocks is on the node's chain (${tip}: still syncing, or another network?)`)
      }
      this.failures = 0
      await position.health(true, null)
      if (found.tip !== null) {
        await position.sawTip(seen(found.tip))
        // The first start's replay (its history) lasts until the tip the node showed then.
        if (cursor.backfill !== null && cursor.backfill.top < found.tip.height) {
          cursor = { ...cursor, backfill: { ...cursor.backfill, top: found.tip.height } }
          await store.setCursor(cursor, this.deps.now())
        }
      }
      this.deps.logger.info({ url: redacted(this.deps.url), from: cursor.height }, 'chain follower: following through Ogmios')
      sync.pipeline(PIPELINE_DEPTH)
      while (!this.stopped) await this.apply(await sync.take(PIPELINE_DEPTH))
    } finally {
      sync.close()
      this.sync = null
    }
  }

  /**
   * The first start: the block CHAIN_BACKFILL_HOURS back (one chain API call; the chain's first block when it is
   * shorter) and the discovery pass. The cursor is set there, so a reconnection does not ask again.
   */
  private async firstStart(): Promise<Cursor> {
    const back = Math.max(1, this.deps.backfillHours * BLOCKS_PER_HOUR)
    const start = await asCore(() => this.deps.koios.blockBelowTip(back))
    await this.discover()
    const cursor: Cursor = {
      height: start?.height ?? 0,
      hash: start?.hash ?? null,
      time: start?.time ?? null,
      // The replay up to the tip is history (the Koios follower's backfill): not told to live listeners.
      backfill: { bottom: start?.height ?? 0, top: start?.height ?? 0, offsets: [], done: [] },
      discovery: null,
      gaps: [],
    }
    await this.deps.store.setCursor(cursor, this.deps.now())
    this.deps.logger.info({ height: cursor.height, hours: this.deps.backfillHours }, 'chain follower: first start through Ogmios: replaying from this block')
    return cursor
  }

  /** Every pool's current UTxO (Koios credential_utxos, all pages): recorded, and kept to resolve its next spend. */
  private async discover(): Promise<void> {
    const creds = this.deps.readers.credentials
    for (let i = 0; i < creds.length; i += BATCH.credentialTxs) {
      const group = creds.slice(i, i + BATCH.credentialTxs)
      for (let offset = 0; ; offset += PAGE_SIZE) {
        const page = await asCore(() => discoveryPage(this.deps.koios, [...group], offset, this.deps.readers, this.deps.followsToken))
        await this.deps.store.record([], page.found.map((f) => f.pool))
        await this.deps.outputs.update(
          page.found.map((f) => ({ poolId: f.pool.poolId, height: f.height, output: f.output })),
          [],
        )
        if (page.rows < PAGE_SIZE) break
      }
    }
  }

  /** The cursor's block and kept blocks 1, 2, 4 … 2,048 below it, newest first. */
  private async resumePoints(cursor: Cursor): Promise<PointOrOrigin[]> {
    const points: PointOrOrigin[] = []
    if (cursor.hash !== null && cursor.time !== null) points.push({ slot: unixToSlot(cursor.time), id: cursor.hash })
    else if (cursor.height > 0) {
      // A cursor without its hash (left by the Koios follower mid-catch-up): its block, from the chain API.
      const [block] = await asCore(() => this.deps.koios.blocksFrom(cursor.height, 1))
      if (block !== undefined && block.height === cursor.height) points.push({ slot: unixToSlot(block.time), id: block.hash })
    }
    const kept = (await this.deps.store.recentBlocks(SECURITY_PARAMETER)).filter((b) => b.height < cursor.height)
    for (let back = 1; back <= SECURITY_PARAMETER; back *= 2) {
      const b = kept.find((k) => k.height <= cursor.height - back)
      if (b !== undefined && !points.some((p) => p !== 'origin' && p.id === b.hash)) points.push({ slot: unixToSlot(b.time), id: b.hash })
    }
    return points.length === 0 ? ['origin'] : points
  }

  /** One batch of answers, in order: forward blocks together, each rollback between them. */
  private async apply(answers: readonly SyncAnswer[]): Promise<void> {
    let forward: OgmiosBlock[] = []
    let tip: OgmiosTip | null = null
    for (const answer of answers) {
      if (answer.direction === 'malformed') {
        this.malformed(answer.reason)
        continue
      }
      tip = answer.tip ?? tip
      if (answer.direction === 'forward') forward.push(answer.block)
      else {
        await this.forward(forward)
        forward = []
        await this.backward(answer.point)
      }
    }
    await this.forward(forward)
    if (tip !== null) await this.deps.position.sawTip(seen(tip))
  }

  private malformed(reason: string): void {
    this.deps.metrics?.chainEvent('skipped_message')
    this.deps.logger.sampled('chain message', 'warn', { reason }, 'chain follower: an Ogmios message could not be read: skipped')
  }

  /** Record a run of forward blocks (one batch), keep their pool outputs and blocks, move the cursor past them. */
  private async forward(blocks: readonly OgmiosBlock[]): Promise<void> {
    if (blocks.length === 0) return
    const { store, outputs } = this.deps
    let cursor = (await store.cursor())!
    const fresh = blocks.filter((b) => b.height > cursor.height)
    if (fresh.length === 0) return
    const live = cursor.backfill === null
    // The batch's transactions in chain order, with their spent references; outputs first (datums filled), since a
    // transaction may spend a pool output an earlier one of the same batch created.
    const built: Array<{ tx: ChainTx; refs: readonly string[] }> = []
    for (const block of fresh) {
      block.transactions.forEach((tx, blockIndex) => {
        // spends "collaterals": the scripts failed; no pool was spent or recreated.
        if (!tx.valid) return
        built.push({
          tx: { txHash: tx.id, blockHash: block.hash, blockHeight: block.height, blockTime: block.time, blockIndex, inputs: [], outputs: tx.outputs, minted: tx.minted, partialInputs: true },
          refs: tx.inputs,
        })
      })
    }
    const withOutputs = built.filter((b) => b.tx.outputs.length > 0).map((b) => b.tx)
    await fillDatums(withOutputs, this.deps.readers, this.readDatums, DATUM_CALLS_PER_BATCH).catch((error) => this.chainApiFailed('datum_info', error))
    const created = new Map<string, ChainOutput>(withOutputs.flatMap((tx) => tx.outputs.map((o) => [refOf(o), o])))
    const txs: ChainTx[] = []
    const spent: Array<{ ref: string; height: number }> = []
    for (const { tx, refs } of built) {
      for (const ref of refs) {
        const kept = created.get(ref) ?? outputs.get(ref)
        if (kept === undefined) continue
        tx.inputs.push(kept)
        spent.push({ ref, height: tx.blockHeight })
      }
      if (tx.inputs.length > 0 || tx.outputs.length > 0) txs.push(tx)
    }
    await this.completed(txs)
    await this.deps.recorder.record(txs, live)
    await outputs.update(this.poolOutputs(txs), spent)
    const last = fresh[fresh.length - 1]
    await store.saveBlocks(fresh, last.height - SECURITY_PARAMETER)
    const history = cursor.backfill !== null && last.height < cursor.backfill.top ? { ...cursor.backfill, bottom: last.height } : null
    if (cursor.backfill !== null && history === null) this.deps.logger.info({ height: last.height }, 'chain follower: Ogmios replay reached the tip: following live')
    cursor = { ...cursor, height: last.height, hash: last.hash, time: last.time, backfill: history }
    await store.setCursor(cursor, this.deps.now())
    if (last.height - this.prunedAt >= PRUNE_EVERY_BLOCKS) {
      await outputs.prune(last.height)
      this.prunedAt = last.height
    }
  }

  /**
   * The previous state of pools last moved before the follower started: such a
   * pool output has no kept pool input, and (no mint of its identity unit) is no creation. Their transactions are
   * read from the chain API (tx_info gives every input whole); one that it cannot give (not indexed yet, or the
   * budget refused) is recorded without its previous state, as an update and no trade.
   */
  private async completed(txs: ChainTx[]): Promise<void> {
    const { koios, readers } = this.deps
    const unknown = txs.filter((tx) => this.pools(tx).some((state) => !hasPoolInput(tx, state, readers) && (tx.minted.get(state.identityUnit) ?? 0n) <= 0n))
    for (let i = 0; i < unknown.length; i += BATCH.txInfo) {
      const batch = unknown.slice(i, i + BATCH.txInfo)
      try {
        const read = new Map((await asCore(() => koios.txInfo(batch.map((t) => t.txHash)))).map((t) => [t.txHash, t]))
        const whole: ChainTx[] = []
        for (const tx of batch) {
          const known = read.get(tx.txHash)
          if (known === undefined) continue
          tx.inputs = known.inputs
          tx.partialInputs = false
          whole.push(tx)
        }
        await fillDatums(whole, readers, this.readDatums, DATUM_CALLS_PER_BATCH)
        const left = batch.length - whole.length
        if (left > 0) this.deps.logger.info({ transactions: left }, 'chain follower: the chain API has not indexed a transaction yet: its pool is recorded without its previous state')
      } catch (error) {
        this.chainApiFailed('tx_info', error)
      }
    }
  }

  private readonly readDatums = (hashes: string[]) => asCore(() => this.deps.koios.datumInfo(hashes))

  private chainApiFailed(call: string, error: unknown): void {
    this.deps.logger.sampled('chain poll', 'warn', { call, err: error instanceof Error ? error.message : String(error) }, 'chain follower: a chain API read for Ogmios blocks failed: recorded without it')
  }

  /** The followed pools a transaction's outputs are (unreadable ones are the recorder's to skip and report). */
  private pools(tx: ChainTx): PoolState[] {
    const states: PoolState[] = []
    for (const output of tx.outputs) {
      try {
        const state = this.deps.readers.read(output)
        if (state !== null && followed(state, this.deps.followsToken)) states.push(state)
      } catch (error) {
        if (!(error instanceof ChainDecodeError)) throw error
      }
    }
    return states
  }

  /** The followed pool outputs of the transactions: kept, to resolve the transactions that spend them. */
  private poolOutputs(txs: readonly ChainTx[]): KeptOutput[] {
    const kept: KeptOutput[] = []
    for (const tx of txs) {
      for (const output of tx.outputs) {
        const state = this.pools({ ...tx, outputs: [output] })[0]
        if (state !== undefined) kept.push({ poolId: state.poolId, height: tx.blockHeight, output })
      }
    }
    return kept
  }

  /**
   * A rollback to `point`: everything after it is undone. The answer to the intersection (the cursor's own block)
   * undoes nothing. A point no longer held is found by its time (everything recorded after it goes).
   */
  private async backward(point: PointOrOrigin): Promise<void> {
    const { store } = this.deps
    const cursor = await store.cursor()
    if (cursor === null) return
    if (point === 'origin' ? cursor.hash === null : point.id === cursor.hash) return
    const time = point === 'origin' ? 0 : slotToUnix(point.slot)
    const held = point === 'origin' ? undefined : (await store.recentBlocks(SECURITY_PARAMETER)).find((b) => b.hash === point.id)
    let fromHeight: number | null
    if (held !== undefined) fromHeight = held.height + 1
    else {
      fromHeight = await store.firstHeightAfter(time)
      this.deps.logger.warn({ point, fromHeight }, 'chain follower: Ogmios rolled back to a block the follower no longer holds: rebuilding from it')
    }
    if (fromHeight === null || fromHeight > cursor.height) return
    const back: Cursor = {
      ...cursor,
      height: fromHeight - 1,
      hash: point === 'origin' ? null : point.id,
      time: point === 'origin' ? null : time,
      backfill: cursor.backfill === null ? null : { ...cursor.backfill, bottom: Math.min(cursor.backfill.bottom, fromHeight - 1) },
    }
    await this.deps.recorder.rollback(fromHeight, back, this.deps.now())
    await this.deps.outputs.rollback(fromHeight)
  }
}

const seen = (tip: OgmiosTip) => ({ height: tip.height, hash: tip.id, slot: tip.slot, time: slotToUnix(tip.slot) })

/** Doubling from `minMs` after each failure in a row, at most `maxMs`, with ±20 % jitter (never above the cap). */
export function backoffMs(failures: number, limits: { minMs: number; maxMs: number }): number {
  const base = Math.min(limits.maxMs, limits.minMs * 2 ** Math.max(0, failures - 1))
  return Math.min(limits.maxMs, Math.round(base * (0.8 + Math.random() * 0.4)))
}
