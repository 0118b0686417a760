/*
 * Changes for 20b (additive only, by 20a):
 * - PoolState.feeBpsBToA (optional): the fee for selling asset B when the DEX charges the two directions differently
 *   (Minswap V2 baseFeeB, Sundae V3 askFees, Splash BidirFee); feeBps is then the fee for selling asset A.
 * - DexReader.read throws ChainDecodeError for a datum-hash pool whose price needs the datum (WingRiders V1
 *   treasuries) while datumCbor is null: fetch datum_info first. Minswap V1 and Sundae V1 read the price from the
 *   value alone and return lpSupply null without the datum.
 */

/**
 * The contract between the per-DEX pool readers (src/chain/dexes/, pure) and the chain follower (src/chain/, I/O).
 * Quantities are bigint throughout: LP remainders sit near 2^63 (shared/chain/README.md §7 pitfall 10).
 * A unit is policy id hex + asset name hex; ADA is 'lovelace'.
 */

/** The DEXes whose constant-product pools the follower reads (shared/chain/README.md §3). */
export const DEX_IDS = ['minswap-v1', 'minswap-v2', 'sundaeswap-v1', 'sundaeswap-v3', 'wingriders-v1', 'wingriders-v2', 'splash'] as const
export type DexId = (typeof DEX_IDS)[number]

export const LOVELACE = 'lovelace'

/** One transaction output as the follower reads it from Koios (tx_info outputs, utxo_info rows), normalised. */
export interface ChainOutput {
  txHash: string
  index: number
  /** Bech32 address. */
  address: string
  /** Payment credential (28-byte hash, hex) as Koios gives it (`payment_addr.cred` / `payment_cred`). */
  paymentCred: string
  /** Stake address (bech32) or null for an enterprise address. */
  stakeAddress: string | null
  lovelace: bigint
  /** Native assets by unit. */
  assets: ReadonlyMap<string, bigint>
  datumHash: string | null
  /** CBOR hex of the datum: the inline datum's bytes, or the `datum_info` body of a datum-hash output; null when unknown. */
  datumCbor: string | null
}

/** A pool as one of its outputs shows it, after the DEX's own tradeable-reserve rules. */
export interface PoolState {
  dex: DexId
  /** The pool's identity: its LP-token unit (for Minswap V2 also source B's pool address). */
  poolId: string
  /** A unit only this pool's outputs hold (pool NFT or share token; Minswap V2: the LP unit): for `asset_txs` backfill. */
  identityUnit: string
  /** The pool's two assets as the DEX orders them (ADA first, else lexicographic). */
  assetA: string
  assetB: string
  /** Tradeable reserves: what the swap math uses (min-ADA, treasuries and protocol fees taken out). */
  reserveA: bigint
  reserveB: bigint
  /** LP tokens in circulation when the output tells (datum or held remainder); null when it does not. */
  lpSupply: bigint | null
  /** The LP fee in basis points when known (for selling asset A when the two directions differ). */
  feeBps: number | null
  /** The fee for selling asset B, when the DEX sets it apart from feeBps (else absent: the same fee). */
  feeBpsBToA?: number | null
}

/** One DEX's pool reader: pure, no I/O. */
export interface DexReader {
  dex: DexId
  /** Payment credentials of the DEX's constant-product pool scripts: what `credential_txs` follows. */
  credentials: readonly string[]
  /** True when pool outputs carry a datum hash whose body comes from `datum_info` (Minswap V1, Sundae V1, WingRiders V1). */
  datumByHash: boolean
  /**
   * The pool this output is, or null when it is not a pool output of this DEX (wrong credential, no identity
   * token, a stable or weighted pool, a farm). Throws ChainDecodeError when it is a pool output whose datum cannot
   * be read (the follower skips it with a warning and a metric).
   */
  read(output: ChainOutput): PoolState | null
}

export class ChainDecodeError extends Error {
  override name = 'ChainDecodeError'
}

/** What one pool output changed, against the pool's previous state. */
export type PoolUpdateKind = 'swap' | 'deposit' | 'withdrawal' | 'created' | 'other'
