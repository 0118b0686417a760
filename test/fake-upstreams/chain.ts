/**
 * A fake Cardano chain for the fake Koios: blocks (height, hash, time) and DEX batch transactions whose pool
 * outputs are built by test/chain/support/pool-outputs.ts (real addresses, identity tokens, CBOR datums). Each
 * pool move spends the pool's previous output and recreates it, as a batcher does; a rollback drops blocks above
 * a height and the next blocks get new hashes (a new branch). Rows are served in Koios' shapes by routes/koios.ts.
 */
import { createHash } from 'node:crypto'
import type { ChainOutput } from '../../src/chain/types'
import { poolFixture, type PoolOutputSpec } from '../chain/support/pool-outputs'
import type { Raw } from './builders'

export interface FakeBlock {
  hash: string
  height: number
  time: number
}

export interface FakeTx {
  txHash: string
  block: FakeBlock
  blockIndex: number
  inputs: ChainOutput[]
  outputs: ChainOutput[]
  /** Net mint per unit (LP of Minswap V1 / Sundae pools). */
  minted: Map<string, bigint>
}

/** A pool as the chain holds it: its spec (the reserves now) and its current output. */
export interface FakePool {
  spec: PoolOutputSpec
  poolId: string
  identityUnit: string
  output: ChainOutput | null
  /** Its outputs so far with their heights (a rollback goes back through them). */
  history: Array<{ height: number; output: ChainOutput; spec: PoolOutputSpec }>
}

/** One pool's new tradeable reserves (and LP supply) in a tx. */
export interface PoolMove {
  pool: FakePool
  reserveA: bigint
  reserveB: bigint
  lpSupply?: bigint
}

const sha = (s: string) => createHash('sha256').update(s).digest('hex')

export class FakeChain {
  readonly blocks: FakeBlock[] = []
  readonly txs: FakeTx[] = []
  /** datum_info bodies by datum hash. */
  readonly datums = new Map<string, string>()
  /** Tx hashes tx_info leaves out (a Koios instance that has not indexed them yet). */
  readonly withheld = new Set<string>()
  /**
   * Txs whose scripts failed (Ogmios `spends: "collaterals"`): their pool inputs were not spent and their outputs
   * not created, so the pools did not move; Koios (db-sync) keeps no pool output of theirs.
   */
  readonly failed = new Set<string>()
  private branch = 0

  constructor(
    readonly firstHeight = 10_000_000,
    /** Unix seconds of the block at firstHeight. */
    readonly firstTime = Math.floor(Date.now() / 1000) - 6 * 3600,
    readonly blockSeconds = 20,
  ) {}

  get tip(): FakeBlock | undefined {
    return this.blocks[this.blocks.length - 1]
  }

  /** A pool not on chain yet: its first move creates it (no input). */
  pool(spec: Omit<PoolOutputSpec, 'txHash' | 'index'>): FakePool {
    const f = poolFixture(spec)
    return { spec: { ...spec }, poolId: f.poolId, identityUnit: f.identityUnit, output: null, history: [] }
  }

  /**
   * Append a block holding one tx per entry (in block order); returns it. `{ failed }`: a tx that tried those pool
   * moves and failed its scripts (the pools stay as they were). `height` skips ahead to it (the blocks between are
   * not on this chain: nothing at the followed credentials happened in them).
   */
  addBlock(txs: Array<PoolMove[] | { raw: (txHash: string) => ChainOutput[] } | { failed: PoolMove[] }>, options: { time?: number; height?: number } = {}): FakeBlock {
    const next = this.tip === undefined ? this.firstHeight : this.tip.height + 1
    if (options.height !== undefined && options.height < next) throw new RangeError(`height ${options.height} is below the next block, ${next}`)
    const height = options.height ?? next
    const block: FakeBlock = {
      height,
      hash: sha(`block:${height}:${this.branch}`),
      time: options.time ?? this.firstTime + (height - this.firstHeight) * this.blockSeconds,
    }
    this.blocks.push(block)
    txs.forEach((entry, blockIndex) => {
      const txHash = sha(`tx:${height}:${blockIndex}:${this.branch}`)
      const tx: FakeTx = { txHash, block, blockIndex, inputs: [], outputs: [], minted: new Map() }
      if ('raw' in entry) tx.outputs.push(...entry.raw(txHash))
      else if ('failed' in entry) {
        entry.failed.forEach((move, index) => {
          if (move.pool.output !== null) tx.inputs.push(move.pool.output)
          tx.outputs.push(poolFixture({ ...move.pool.spec, reserveA: move.reserveA, reserveB: move.reserveB, txHash, index, withDatum: false }).output)
        })
        this.failed.add(txHash)
      } else entry.forEach((move, index) => this.move(tx, move, index))
      this.txs.push(tx)
    })
    return block
  }

  /**
   * One more transaction in a block already on the chain (after its others): a past pool move, for a pool whose
   * later moves are added in height order after it (a new pool's history). Returns the transaction.
   */
  addTx(height: number, moves: PoolMove[]): FakeTx {
    const block = this.blocks.find((b) => b.height === height)
    if (block === undefined) throw new RangeError(`no block at height ${height}`)
    const blockIndex = this.txs.filter((t) => t.block === block).length
    const tx: FakeTx = { txHash: sha(`tx:${height}:${blockIndex}:${this.branch}`), block, blockIndex, inputs: [], outputs: [], minted: new Map() }
    moves.forEach((move, index) => this.move(tx, move, index))
    this.txs.push(tx)
    return tx
  }

  /** Empty blocks up to `height`. */
  growTo(height: number): void {
    while ((this.tip?.height ?? this.firstHeight - 1) < height) this.addBlock([])
  }

  /**
   * Drop every block above `height` (db-sync deletes the rolled-back blocks); blocks added next belong to a new
   * branch (new hashes). Pools go back to their last output at or below `height`.
   */
  rollbackTo(height: number, pools: readonly FakePool[]): void {
    this.branch += 1
    while (this.tip !== undefined && this.tip.height > height) this.blocks.pop()
    for (let i = this.txs.length - 1; i >= 0; i--) if (this.txs[i].block.height > height) this.txs.splice(i, 1)
    for (const pool of pools) {
      while (pool.history.length > 0 && pool.history[pool.history.length - 1].height > height) pool.history.pop()
      const last = pool.history[pool.history.length - 1]
      pool.output = last?.output ?? null
      if (last) pool.spec = last.spec
    }
  }

  private move(tx: FakeTx, move: PoolMove, index: number): void {
    const { pool } = move
    const before = pool.spec.lpSupply
    pool.spec = { ...pool.spec, reserveA: move.reserveA, reserveB: move.reserveB, lpSupply: move.lpSupply ?? pool.spec.lpSupply }
    const fixture = poolFixture({ ...pool.spec, txHash: tx.txHash, index, withDatum: false })
    if (pool.output !== null) tx.inputs.push(pool.output)
    tx.outputs.push(fixture.output)
    if (fixture.output.datumHash !== null) this.datums.set(fixture.output.datumHash, fixture.datumCbor)
    const minted = pool.output === null ? pool.spec.lpSupply : pool.spec.lpSupply - before
    if (minted !== 0n) tx.minted.set(pool.poolId, minted)
    // A pool's identity token (its NFT, or share token) is minted by the transaction that creates the pool.
    if (pool.output === null && pool.identityUnit !== pool.poolId) tx.minted.set(pool.identityUnit, 1n)
    pool.output = fixture.output
    pool.history.push({ height: tx.block.height, output: fixture.output, spec: pool.spec })
  }
}

/** Outputs at the credentials no later tx spent (credential_utxos), in (tx hash, index) order. */
export function unspent(chain: FakeChain, creds: ReadonlySet<string>): Array<{ output: ChainOutput; tx: FakeTx }> {
  const applied = chain.txs.filter((t) => !chain.failed.has(t.txHash))
  const spent = new Set(applied.flatMap((t) => t.inputs.map((i) => `${i.txHash}#${i.index}`)))
  return applied
    .flatMap((tx) => tx.outputs.filter((o) => creds.has(o.paymentCred) && !spent.has(`${o.txHash}#${o.index}`)).map((output) => ({ output, tx })))
    .sort((a, b) => (a.output.txHash < b.output.txHash ? -1 : a.output.txHash > b.output.txHash ? 1 : a.output.index - b.output.index))
}

/** A ChainOutput as a Koios tx_info input/output item (quantities as strings). */
export function koiosItem(o: ChainOutput, bytecode: boolean, assets: boolean): Raw {
  return {
    payment_addr: { bech32: o.address, cred: o.paymentCred },
    stake_addr: o.stakeAddress,
    tx_hash: o.txHash,
    tx_index: o.index,
    value: String(o.lovelace),
    datum_hash: o.datumHash,
    inline_datum: o.datumCbor === null ? null : { bytes: bytecode ? o.datumCbor : null, value: {} },
    reference_script: null,
    asset_list: assets
      ? [...o.assets].map(([unit, qty]) => ({ policy_id: unit.slice(0, 56), asset_name: unit.slice(56), fingerprint: null, decimals: 0, quantity: String(qty) }))
      : null,
  }
}

export function koiosTx(tx: FakeTx, flags: { inputs: boolean; assets: boolean; bytecode: boolean }): Raw {
  return {
    tx_hash: tx.txHash,
    block_hash: tx.block.hash,
    block_height: tx.block.height,
    epoch_no: 600,
    tx_timestamp: tx.block.time,
    tx_block_index: tx.blockIndex,
    inputs: flags.inputs ? tx.inputs.map((o) => koiosItem(o, flags.bytecode, flags.assets)) : null,
    outputs: tx.outputs.map((o) => koiosItem(o, flags.bytecode, flags.assets)),
    assets_minted: flags.assets
      ? [...tx.minted].map(([unit, qty]) => ({ policy_id: unit.slice(0, 56), asset_name: unit.slice(56), quantity: String(qty) }))
      : null,
  }
}

/** A tx at the credentials as Koios lists it: a failed tx created no output and spent no input there. */
export const touches = (tx: FakeTx, creds: ReadonlySet<string>, failed: ReadonlySet<string> = new Set()) =>
  !failed.has(tx.txHash) && (tx.inputs.some((o) => creds.has(o.paymentCred)) || tx.outputs.some((o) => creds.has(o.paymentCred)))
