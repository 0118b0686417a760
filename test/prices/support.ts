/**
 * A fake chain of three days for prices at past moments: SNEK's Minswap V2 pool (its deepest, the default chart
 * pool, which source B lists too) and a shallower SundaeSwap V3 pool of SNEK at another price, both created in the
 * first block and swapping every hour or so; a pool of a token outside the registry that source B does not know,
 * created five hours ago. A block every 10 minutes. Every pool move is logged with its block time, reserves and transaction,
 * so a test works out the expected price from the chain's own swaps, not from the service's records.
 */
import { LOVELACE } from '../../src/chain/types'
import { FakeChain, type FakePool } from '../fake-upstreams/chain'
import { SAMPLE } from '../fake-upstreams/world'

export const HOUR = 3600
export const DAY = 86_400
export const BLOCK_SECONDS = 600
/** A token outside the registry that only the chain knows. */
export const PLAIN = `${'e5'.repeat(28)}${Buffer.from('PLAIN').toString('hex')}`

export interface Move {
  poolId: string
  kind: 'created' | 'swap'
  /** Block time, Unix seconds. */
  time: number
  txHash: string
  reserveAda: bigint
  reserveToken: bigint
}

export interface PriceChain {
  chain: FakeChain
  minswap: FakePool
  sundae: FakePool
  plain: FakePool
  moves: Move[]
  /** The block time of PLAIN's pool's creation. */
  plainCreated: number
}

/** ADA per whole token after a move (SNEK has no decimals; PLAIN's are unknown to the chain API: per base unit). */
export const adaPerToken = (m: Pick<Move, 'reserveAda' | 'reserveToken'>) => Number(m.reserveAda) / 1e6 / Number(m.reserveToken)

/** Three days of blocks ending about now, the first at `now − 3 days`. */
export function priceChain(now: number): PriceChain {
  const chain = new FakeChain(30_000_000, now - 3 * DAY, BLOCK_SECONDS)
  const minswap = chain.pool({ dex: 'minswap-v2', assetA: LOVELACE, assetB: SAMPLE.snek, reserveA: 400_000_000_000n, reserveB: 300_000_000_000n, lpSupply: 10_000_000_000n })
  const sundae = chain.pool({ dex: 'sundaeswap-v3', assetA: LOVELACE, assetB: SAMPLE.snek, reserveA: 20_000_000_000n, reserveB: 10_000_000_000n, lpSupply: 1_000_000_000n })
  const plain = chain.pool({ dex: 'wingriders-v2', assetA: LOVELACE, assetB: PLAIN, reserveA: 3_000_000_000n, reserveB: 9_000_000n, lpSupply: 60_000_000n })
  const moves: Move[] = []
  const log = (pool: FakePool, kind: Move['kind'], reserveAda: bigint, reserveToken: bigint) => {
    const tx = chain.txs[chain.txs.length - 1]
    moves.push({ poolId: pool.poolId, kind, time: tx.block.time, txHash: tx.txHash, reserveAda, reserveToken })
  }
  chain.addBlock([[{ pool: minswap, reserveA: minswap.spec.reserveA, reserveB: minswap.spec.reserveB }]])
  log(minswap, 'created', minswap.spec.reserveA, minswap.spec.reserveB)
  chain.addBlock([[{ pool: sundae, reserveA: sundae.spec.reserveA, reserveB: sundae.spec.reserveB }]])
  log(sundae, 'created', sundae.spec.reserveA, sundae.spec.reserveB)
  let plainCreated = 0
  const last = chain.firstHeight + (3 * DAY) / BLOCK_SECONDS
  for (let height = chain.firstHeight + 2; height <= last; height++) {
    const step = height - chain.firstHeight
    // A swap of the Minswap pool every 70 minutes, buys and sells in turn (the product of the reserves kept).
    if (step % 7 === 0) {
      const k = minswap.spec.reserveA * minswap.spec.reserveB
      const ada = minswap.spec.reserveA + (step % 14 === 0 ? -1n : 1n) * BigInt(1 + (step % 5)) * 1_000_000_000n
      chain.addBlock([[{ pool: minswap, reserveA: ada, reserveB: k / ada }]])
      log(minswap, 'swap', ada, k / ada)
    } else if (step % 11 === 0) {
      const k = sundae.spec.reserveA * sundae.spec.reserveB
      const ada = sundae.spec.reserveA + (step % 22 === 0 ? -1n : 1n) * 100_000_000n
      chain.addBlock([[{ pool: sundae, reserveA: ada, reserveB: k / ada }]])
      log(sundae, 'swap', ada, k / ada)
    } else if (step === 400) {
      chain.addBlock([[{ pool: plain, reserveA: plain.spec.reserveA, reserveB: plain.spec.reserveB }]])
      log(plain, 'created', plain.spec.reserveA, plain.spec.reserveB)
      plainCreated = chain.tip!.time
    } else chain.addBlock([])
  }
  return { chain, minswap, sundae, plain, moves, plainCreated }
}

/** The last move of a pool matching `pick` at or before `time` (by block time, then chain order). */
export function lastMove(moves: readonly Move[], poolId: string, time: number, pick: (m: Move) => boolean = () => true): Move | undefined {
  return moves.filter((m) => m.poolId === poolId && m.time <= time && pick(m)).at(-1)
}
