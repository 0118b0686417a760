/**
 * A fake Ogmios v6 (chain synchronization only) over a real WebSocket on a loopback port, serving the same
 * FakeChain as the fake Koios (chain.ts): the same blocks, transactions, pool outputs and rollbacks, in the
 * message shapes of Ogmios's schema and test vectors (test/fixtures/ogmios/). Requests are JSON-RPC 2.0
 * `findIntersection` and `nextBlock`, answered in order; at the tip a nextBlock waits until the chain grows
 * (checked every 10 ms, or at once with `deliver()`). A chain that lost blocks the session was given (a rollback)
 * answers `backward` to the highest block the session still shares with it, then goes forward on the new branch.
 *
 * Faults on demand: `closeSockets()` (the socket closed mid-stream), `stop()` then `start()` on the same port (a
 * restart; down in between), `sendGarbage(n)` (the next n answers preceded by a message that is not JSON-RPC),
 * `failTxs` (transactions served with `spends: "collaterals"`).
 */
import { createHash } from 'node:crypto'
import type { Server, ServerWebSocket } from 'bun'
import { unixToSlot } from '../../src/cardano/slot-time'
import type { ChainOutput } from '../../src/chain/types'
import { LOVELACE } from '../../src/chain/types'
import type { FakeBlock, FakeChain, FakeTx } from './chain'

interface Session {
  /** Blocks given to this client, in order (height and hash): where it stands. */
  given: Array<{ height: number; hash: string }>
  /** Next block to give: its index in chain.blocks. */
  next: number
  /** An intersection was found and its backward not sent yet. */
  pendingBackward: { slot: number; id: string } | 'origin' | null
  /** nextBlock ids waiting for a block. */
  waiting: unknown[]
}

const BIG = /"__big:(-?\d+)"/g

/** JSON with bigint written as plain JSON numbers, exactly as Ogmios writes quantities past 2^53. */
export function ogmiosJson(value: unknown): string {
  return JSON.stringify(value, (_k, v) => (typeof v === 'bigint' ? `__big:${v}` : v)).replace(BIG, '$1')
}

const sha = (s: string) => createHash('sha256').update(s).digest('hex')
const point = (b: FakeBlock) => ({ slot: unixToSlot(b.time), id: b.hash })

function value(o: ChainOutput): Record<string, unknown> {
  const v: Record<string, Record<string, bigint>> = { ada: { lovelace: o.lovelace } }
  for (const [unit, qty] of o.assets) {
    if (unit === LOVELACE) continue
    const policy = unit.slice(0, 56)
    v[policy] = { ...(v[policy] ?? {}), [unit.slice(56)]: qty }
  }
  return v
}

function ogmiosOutput(o: ChainOutput): Record<string, unknown> {
  const out: Record<string, unknown> = { address: o.address, value: value(o) }
  if (o.datumHash !== null) out.datumHash = o.datumHash
  else if (o.datumCbor !== null) out.datum = o.datumCbor
  return out
}

const USER_ADDRESS = 'addr1q9d34spgg2kdy47n82e7x9pdd6vql6d2engxmpj20jmhuc2047yqd4xnh7u6u5jp4t0q3fkxzckph4tgnzvamlu7k5psuahzcp'

/** A FakeTx as Ogmios shows it: references for inputs (plus an order UTxO), the pool outputs then a payment. */
export function ogmiosTx(tx: FakeTx, chain: FakeChain, failed: boolean): Record<string, unknown> {
  const datums: Record<string, string> = {}
  for (const o of [...tx.inputs, ...tx.outputs]) {
    const body = o.datumHash === null ? undefined : chain.datums.get(o.datumHash)
    if (body !== undefined) datums[o.datumHash!] = body
  }
  const mint: Record<string, Record<string, bigint>> = {}
  for (const [unit, qty] of tx.minted) mint[unit.slice(0, 56)] = { ...(mint[unit.slice(0, 56)] ?? {}), [unit.slice(56)]: qty }
  const outputs = [...tx.outputs].sort((a, b) => a.index - b.index).map(ogmiosOutput)
  outputs.push({ address: USER_ADDRESS, value: { ada: { lovelace: 2_000_000n } } })
  return {
    id: tx.txHash,
    spends: failed ? 'collaterals' : 'inputs',
    inputs: [...tx.inputs.map((o) => ({ transaction: { id: o.txHash }, index: o.index })), { transaction: { id: sha(`order:${tx.txHash}`) }, index: 0 }],
    ...(failed ? { collaterals: [{ transaction: { id: sha(`collateral:${tx.txHash}`) }, index: 1 }], collateralReturn: { address: USER_ADDRESS, value: { ada: { lovelace: 3_000_000n } } } } : {}),
    outputs,
    ...(Object.keys(mint).length > 0 ? { mint } : {}),
    ...(Object.keys(datums).length > 0 ? { datums } : {}),
    fee: { ada: { lovelace: 250_000n } },
    validityInterval: {},
    signatories: [],
  }
}

export function ogmiosBlock(block: FakeBlock, chain: FakeChain, failed: ReadonlySet<string>): Record<string, unknown> {
  const txs = chain.txs.filter((t) => t.block === block).sort((a, b) => a.blockIndex - b.blockIndex)
  return {
    type: 'praos',
    era: 'conway',
    id: block.hash,
    ancestor: sha(`ancestor:${block.hash}`),
    height: block.height,
    slot: unixToSlot(block.time),
    size: { bytes: 1024 },
    protocol: { version: { major: 10, minor: 0 } },
    issuer: { verificationKey: '00'.repeat(32), vrfVerificationKey: '00'.repeat(32), operationalCertificate: { count: 1, kes: { period: 1, verificationKey: '00'.repeat(32) } }, leaderValue: {} },
    transactions: txs.map((t) => ogmiosTx(t, chain, failed.has(t.txHash) || chain.failed.has(t.txHash))),
  }
}

export class FakeOgmios {
  private server: Server<Session> | null = null
  private readonly sockets = new Set<ServerWebSocket<Session>>()
  private timer: ReturnType<typeof setInterval> | null = null
  private garbage = 0
  /** Extra transactions served as failed (besides chain.failed). */
  readonly failTxs = new Set<string>()
  /** When each block was first sent to a client (ms), by hash: the live tests measure from it. */
  readonly deliveredAt = new Map<string, number>()
  /** Requests received, by method. */
  readonly requests: Array<{ method: string; params: unknown; at: number }> = []
  /** Connections accepted. */
  connections = 0

  private constructor(
    readonly chain: FakeChain,
    private port: number,
  ) {}

  static async start(chain: FakeChain, port = 0): Promise<FakeOgmios> {
    const fake = new FakeOgmios(chain, port)
    fake.start()
    return fake
  }

  get url(): string {
    return `ws://127.0.0.1:${this.port}`
  }

  /** Listen (again, on the same port after a stop). */
  start(): void {
    if (this.server !== null) return
    this.server = Bun.serve<Session>({
      hostname: '127.0.0.1',
      port: this.port,
      fetch: (req, server) => {
        // Ogmios's HTTP health page (clients such as @cardano-ogmios/client read it before connecting).
        if (new URL(req.url).pathname === '/health') return Response.json(this.health())
        return server.upgrade(req, { data: { given: [], next: 0, pendingBackward: null, waiting: [] } }) ? undefined : new Response('Ogmios speaks WebSocket', { status: 426 })
      },
      websocket: {
        open: (ws) => {
          this.connections += 1
          this.sockets.add(ws)
        },
        close: (ws) => void this.sockets.delete(ws),
        message: (ws, message) => this.onMessage(ws, String(message)),
      },
    })
    this.port = this.server.port!
    this.timer = setInterval(() => this.deliver(), 10)
  }

  /** Stop listening and drop every connection (Ogmios down). */
  async stop(): Promise<void> {
    if (this.timer !== null) clearInterval(this.timer)
    this.timer = null
    this.closeSockets()
    await this.server?.stop(true)
    this.server = null
  }

  /** Close every open socket (Ogmios restarting, a proxy dropping the connection). */
  closeSockets(): void {
    for (const ws of this.sockets) ws.close(1001, 'going away')
    this.sockets.clear()
  }

  /** The next `n` answers are each preceded by a message that is not JSON-RPC. */
  sendGarbage(n = 1): void {
    this.garbage += n
  }

  /** Answer the waiting nextBlock requests with what the chain has now. */
  deliver(): void {
    for (const ws of this.sockets) this.answerWaiting(ws)
  }

  private onMessage(ws: ServerWebSocket<Session>, text: string): void {
    let request: { jsonrpc?: string; method?: string; params?: { points?: unknown[] }; id?: unknown }
    try {
      request = JSON.parse(text)
    } catch {
      return void ws.send(ogmiosJson({ jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' }, id: null }))
    }
    this.requests.push({ method: String(request.method), params: request.params, at: Date.now() })
    if (request.method === 'findIntersection') return this.findIntersection(ws, request.params?.points ?? [], request.id)
    if (request.method === 'nextBlock') {
      ws.data.waiting.push(request.id)
      return this.answerWaiting(ws)
    }
    ws.send(ogmiosJson({ jsonrpc: '2.0', method: request.method, error: { code: -32601, message: 'Method not found' }, id: request.id }))
  }

  private health(): Record<string, unknown> {
    const tip = this.tip()
    return { connectionStatus: 'connected', lastKnownTip: tip, networkSynchronization: 1, currentEra: 'conway', network: 'mainnet', version: 'fake' }
  }

  private tip(): { slot: number; id: string; height: number } | 'origin' {
    const t = this.chain.tip
    return t === undefined ? 'origin' : { ...point(t), height: t.height }
  }

  private findIntersection(ws: ServerWebSocket<Session>, points: unknown[], id: unknown): void {
    for (const p of points) {
      if (p === 'origin') {
        ws.data = { given: [], next: 0, pendingBackward: 'origin', waiting: [] }
        return void ws.send(ogmiosJson({ jsonrpc: '2.0', method: 'findIntersection', result: { intersection: 'origin', tip: this.tip() }, id }))
      }
      const { slot, id: hash } = (p ?? {}) as { slot?: number; id?: string }
      const at = this.chain.blocks.findIndex((b) => b.hash === hash && unixToSlot(b.time) === slot)
      if (at < 0) continue
      const block = this.chain.blocks[at]
      ws.data = { given: this.chain.blocks.slice(0, at + 1).map((b) => ({ height: b.height, hash: b.hash })), next: at + 1, pendingBackward: point(block), waiting: [] }
      return void ws.send(ogmiosJson({ jsonrpc: '2.0', method: 'findIntersection', result: { intersection: point(block), tip: this.tip() }, id }))
    }
    ws.send(ogmiosJson({ jsonrpc: '2.0', method: 'findIntersection', error: { code: 1000, message: 'No intersection found.', data: { tip: this.tip() } }, id }))
  }

  private answerWaiting(ws: ServerWebSocket<Session>): void {
    const s = ws.data
    while (s.waiting.length > 0) {
      const answer = this.nextAnswer(s)
      if (answer === null) return
      const id = s.waiting.shift()
      if (this.garbage > 0) {
        this.garbage -= 1
        ws.send('{"jsonrpc":"2.0","method":"nextBlock","result":{"direction":"sideways"}')
      }
      ws.send(ogmiosJson({ jsonrpc: '2.0', method: 'nextBlock', result: answer, id }))
    }
  }

  /** The session's next answer, or null at the tip. */
  private nextAnswer(s: Session): Record<string, unknown> | null {
    if (s.pendingBackward !== null) {
      const p = s.pendingBackward
      s.pendingBackward = null
      return { direction: 'backward', point: p, tip: this.tip() }
    }
    // A rollback: the chain no longer holds the last block given. Go back to the highest one it still holds.
    const last = s.given[s.given.length - 1]
    if (last !== undefined && this.chain.blocks.find((b) => b.height === last.height)?.hash !== last.hash) {
      while (s.given.length > 0) {
        const g = s.given[s.given.length - 1]
        if (this.chain.blocks.find((b) => b.height === g.height)?.hash === g.hash) break
        s.given.pop()
      }
      const back = s.given[s.given.length - 1]
      const block = back === undefined ? undefined : this.chain.blocks.find((b) => b.hash === back.hash)
      s.next = block === undefined ? 0 : this.chain.blocks.indexOf(block) + 1
      return { direction: 'backward', point: block === undefined ? 'origin' : point(block), tip: this.tip() }
    }
    const block = this.chain.blocks[s.next]
    if (block === undefined) return null
    s.next += 1
    s.given.push({ height: block.height, hash: block.hash })
    if (!this.deliveredAt.has(block.hash)) this.deliveredAt.set(block.hash, Date.now())
    return { direction: 'forward', block: ogmiosBlock(block, this.chain, this.failTxs), tip: this.tip() }
  }
}
