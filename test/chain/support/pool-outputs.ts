/**
 * Realistic pool outputs per DEX for tests and the fake Koios chain: address with the DEX's payment credential,
 * identity tokens, LP remainder and a datum encoded with @cardano-sdk/core (not with the readers' decoder).
 * The value is built from the tradeable reserves by adding back what each DEX keeps out of them (min-ADA, treasuries,
 * protocol fees), per shared/chain/README.md §3; the per-DEX tests check the readers on hand-written values instead.
 */
import { createHash } from 'node:crypto'
import { Cardano } from '@cardano-sdk/core'
import { LOVELACE, type ChainOutput, type DexId } from '../../../src/chain/types'
import { assetClass, assetTuple, bytes, cbor, constr, datumHash, int, list, policyAndName, type PD } from './plutus'

export const MAX_INT64 = 2n ** 63n - 1n

export const CREDENTIALS = {
  'minswap-v1': 'e1317b152faac13426e6a83e06ff88a4d62cce3c1634ab0a5ec13309',
  'minswap-v2': 'ea07b733d932129c378af627436e7cbc2ef0bf96e0036bb51b3bde6b',
  'sundaeswap-v1': '4020e7fc2de75a0729c3cc3af715b34d98381e0cdbcfa99c950bc3ac',
  'sundaeswap-v3': 'e0302560ced2fdcbfcb2602697df970cd0d6a38f94b32703f51c312b',
  'wingriders-v1': 'e6c90a5923713af5786963dee0fdffd830ca7e0c86a041d9e5833e91',
  'wingriders-v2': 'af97793b8702f381976cec83e303e9ce17781458c73c4bb16fe02b83',
} as const

export const SPLASH_KINDS = {
  constFnPoolV1: 'e628bfd68c07a7a38fcd7d8df650812a9dfdbee54b1ed4c25c87ffbf',
  constFnPoolV2: '6b9c456aa650cb808a9ab54326e039d5235ed69f069c9664a8fe5b69',
  constFnPoolFeeSwitch: 'f002facfd69d51b63e7046c6d40349b0b17c8dd775ee415c66af3ccc',
  constFnPoolFeeSwitchV2: '9dee0659686c3ab807895c929e3284c11222affd710b09be690f924d',
  constFnPoolFeeSwitchBidirFee: '680f52841c06f32cecdcdeff2c20ce6b70c2a5249b94d1a2b4eff294',
} as const
export type SplashKind = keyof typeof SPLASH_KINDS

const MINSWAP_V1_FACTORY = '13aa2accf2e1561723aa26871e071fdf32c867cff7e7d50ad470d62f4d494e53574150'
const MINSWAP_V1_NFT = '0be55d262b29f564998ff81efe21bdc0022621c12f15af08d0f2ddb1'
const MINSWAP_V1_LP = 'e4214b7cce62ac6fbba385d164df48e157eae5863521b4b67ca71d86'
const MINSWAP_V2_POLICY = 'f5808c2c990d86da54bfc97d89cee6efa20cd8461616359478d96b4c'
const SUNDAE_V1_POLICY = '0029cb7c88c7567b63d1a512c0ed626aa169688ec980730c0473b913'
const SUNDAE_V3_POLICY = 'e0302560ced2fdcbfcb2602697df970cd0d6a38f94b32703f51c312b'
const WR_V1_POLICY = '026a18d04a0c642759bb3d83b12e3344894e5c1c7b2aeb1a2113a570'
const WR_V2_POLICY = '6fdc63a1d71dc2c65502b79baae7fb543185702b12c3c5fb639ed737'
/** Stake script of Sundae V3 pool addresses (plutus.json `pool_stake.stake`). */
const SUNDAE_V3_STAKE = '4399813dad91bb78a5eb17c26ff50852bc75d3fa7b6e9ae87232ccc1'
/** Stake key of the default Minswap V2 pool address (params.mainnet.json). */
const MINSWAP_V2_STAKE = '52563c5410bff6a0d43ccebb7c37e1f69f5eb260552521adff33b9c2'
/** Stake script both Spectrum pool addresses carry (README §3.7). */
const SPLASH_STAKE = 'b2f6abf60ccde92eae1a2f4fdf65f2eaf6208d872c6f0e597cc10b07'

export interface PoolOutputSpec {
  dex: DexId
  /** The pair in DEX order (ADA first, else lexicographic). */
  assetA: string
  assetB: string
  /** Tradeable reserves: what the reader must return. */
  reserveA: bigint
  reserveB: bigint
  /** LP tokens in circulation. */
  lpSupply: bigint
  /** Kept out of the reserves: WingRiders treasuries, Splash treasuryX/Y, Sundae V3 protocol fees (ADA, as treasuryA). */
  treasuryA?: bigint
  treasuryB?: bigint
  /** Trading fee in basis points (default 30; WingRiders V1 is always 35, Minswap V1 30). */
  feeBps?: number
  /** Distinguishes pools of the same pair (default: derived from the pair). */
  ident?: string
  splashKind?: SplashKind
  /** Datum-hash DEXes: false leaves datumCbor null, as Koios shows such an output before datum_info. */
  withDatum?: boolean
  /** Lovelace beyond the rule (e.g. Minswap V2 fee-sharing earnings not yet withdrawn). */
  extraLovelace?: bigint
  txHash?: string
  index?: number
}

export interface PoolFixture {
  output: ChainOutput
  /** The pool id the reader must return (LP unit). */
  poolId: string
  identityUnit: string
  /** The datum as CBOR hex, also when the output itself leaves datumCbor null (the datum_info body). */
  datumCbor: string
}

const hash = (seed: string, bytesLength: number): string =>
  createHash('sha256').update(seed).digest('hex').slice(0, bytesLength * 2)

const sha3 = (hex: string) => createHash('sha3-256').update(Buffer.from(hex, 'hex')).digest()

/** Minswap V2 LP name, computed here on its own (the reader's copy is checked against a real pool elsewhere). */
/** A Minswap V2 pool's id: its LP unit, which is also source B's address of the pool. */
export const minswapV2PoolId = (assetA: string, assetB: string): string => MINSWAP_V2_POLICY + minswapV2LpName(assetA, assetB)

export function minswapV2LpName(assetA: string, assetB: string): string {
  const raw = (u: string) => (u === LOVELACE ? '' : u)
  return createHash('sha3-256').update(Buffer.concat([sha3(raw(assetA)), sha3(raw(assetB))])).digest('hex')
}

export function scriptAddress(paymentScript: string, stake: { script?: string; key?: string } | null): string {
  const payment = { type: Cardano.CredentialType.ScriptHash, hash: paymentScript as Cardano.Credential['hash'] }
  if (stake === null) return Cardano.EnterpriseAddress.fromCredentials(Cardano.NetworkId.Mainnet, payment).toAddress().toBech32()
  const stakeCred = stake.script
    ? { type: Cardano.CredentialType.ScriptHash, hash: stake.script as Cardano.Credential['hash'] }
    : { type: Cardano.CredentialType.KeyHash, hash: stake.key as Cardano.Credential['hash'] }
  return Cardano.BaseAddress.fromCredentials(Cardano.NetworkId.Mainnet, payment, stakeCred).toAddress().toBech32()
}

function stakeAddressOf(bech32: string): string | null {
  const base = Cardano.Address.fromBech32(bech32).asBase()
  if (!base) return null
  return Cardano.RewardAddress.fromCredentials(Cardano.NetworkId.Mainnet, base.getStakeCredential()).toAddress().toBech32()
}

/** Build the pool output of `spec` and what the reader must say about it. */
export function poolFixture(spec: PoolOutputSpec): PoolFixture {
  const seed = spec.ident ?? `${spec.dex}:${spec.assetA}:${spec.assetB}`
  const tA = spec.treasuryA ?? 0n
  const tB = spec.treasuryB ?? 0n
  const fee = spec.feeBps ?? 30
  const assets = new Map<string, bigint>()
  let lovelace = 0n
  const hold = (unit: string, qty: bigint) => {
    if (unit === LOVELACE) lovelace += qty
    else assets.set(unit, (assets.get(unit) ?? 0n) + qty)
  }
  let datum: PD
  let poolId: string
  let identityUnit: string
  let address: string
  let byHash = false
  const minAdaIfNonAda = () => {
    if (spec.assetA !== LOVELACE) hold(LOVELACE, 2_000_000n)
  }

  switch (spec.dex) {
    case 'minswap-v1': {
      const name = hash(seed, 32)
      identityUnit = MINSWAP_V1_NFT + name
      poolId = MINSWAP_V1_LP + name
      hold(MINSWAP_V1_FACTORY, 1n)
      hold(identityUnit, 1n)
      hold(spec.assetA, spec.reserveA)
      hold(spec.assetB, spec.reserveB)
      minAdaIfNonAda()
      datum = constr(0, assetClass(spec.assetA), assetClass(spec.assetB), int(spec.lpSupply), int(0), constr(1))
      address = scriptAddress(CREDENTIALS['minswap-v1'], { key: hash(`${seed}:stake`, 28) })
      byHash = true
      break
    }
    case 'minswap-v2': {
      poolId = minswapV2PoolId(spec.assetA, spec.assetB)
      identityUnit = poolId
      hold(MINSWAP_V2_POLICY + '4d5350', 1n)
      hold(poolId, MAX_INT64 - spec.lpSupply)
      hold(spec.assetA, spec.reserveA)
      hold(spec.assetB, spec.reserveB)
      hold(LOVELACE, 4_500_000n) // min_pool_ada, outside reserveA (or the whole ADA of a non-ADA pool)
      const feeNum = BigInt(fee) // per 10,000
      datum = constr(
        0,
        constr(0, constr(1, bytes(hash(`${seed}:batching`, 28)))),
        assetClass(spec.assetA),
        assetClass(spec.assetB),
        int(spec.lpSupply),
        int(spec.reserveA),
        int(spec.reserveB),
        int(feeNum),
        int(feeNum),
        constr(1),
        constr(0),
      )
      address = scriptAddress(CREDENTIALS['minswap-v2'], { key: MINSWAP_V2_STAKE })
      break
    }
    case 'sundaeswap-v1': {
      const ident = hash(seed, 2)
      identityUnit = SUNDAE_V1_POLICY + '7020' + ident
      poolId = SUNDAE_V1_POLICY + '6c7020' + ident
      hold(identityUnit, 1n)
      hold(spec.assetA, spec.reserveA)
      hold(spec.assetB, spec.reserveB)
      minAdaIfNonAda()
      datum = constr(
        0,
        constr(0, assetClass(spec.assetA), assetClass(spec.assetB)),
        bytes(ident),
        int(spec.lpSupply),
        constr(0, int(fee), int(10_000)),
      )
      address = scriptAddress(CREDENTIALS['sundaeswap-v1'], null)
      byHash = true
      break
    }
    case 'sundaeswap-v3': {
      const ident = hash(seed, 28)
      identityUnit = SUNDAE_V3_POLICY + '000de140' + ident
      poolId = SUNDAE_V3_POLICY + '0014df10' + ident
      hold(identityUnit, 1n)
      hold(spec.assetA, spec.reserveA)
      hold(spec.assetB, spec.reserveB)
      hold(LOVELACE, tA) // protocol fees, in ADA
      minAdaIfNonAda()
      datum = constr(
        0,
        bytes(ident),
        list(assetTuple(spec.assetA), assetTuple(spec.assetB)),
        int(spec.lpSupply),
        int(fee),
        int(fee),
        constr(1), // fee_manager: None
        int(0),
        int(tA),
      )
      address = scriptAddress(CREDENTIALS['sundaeswap-v3'], { script: SUNDAE_V3_STAKE })
      break
    }
    case 'wingriders-v1':
    case 'wingriders-v2': {
      const v1 = spec.dex === 'wingriders-v1'
      const policy = v1 ? WR_V1_POLICY : WR_V2_POLICY
      poolId = policy + hash(seed, 32)
      identityUnit = poolId
      hold(policy + '4c', 1n)
      hold(poolId, MAX_INT64 - spec.lpSupply)
      hold(spec.assetA, spec.reserveA + tA)
      hold(spec.assetB, spec.reserveB + tB)
      hold(LOVELACE, 3_000_000n) // pool oil: outside the ADA reserve, or the min-ADA of a non-ADA pool
      if (v1) {
        datum = constr(
          0,
          bytes('86ae9eebd8b97944a45201e4aec1330a72291af2d071644bba015959'),
          constr(0, constr(0, assetClass(spec.assetA), assetClass(spec.assetB)), int(1_700_000_000_000n), int(tA), int(tB)),
        )
        byHash = true
      } else {
        const [pA, nA] = policyAndName(spec.assetA)
        const [pB, nB] = policyAndName(spec.assetB)
        datum = constr(
          0,
          bytes('c134d839a64a5dfb9b155869ef3f34280751a622f69958baa8ffd29c'),
          pA,
          nA,
          pB,
          nB,
          int(fee - 5), // swap fee to LPs
          int(5), // protocol fee
          int(0),
          int(0),
          int(10_000),
          int(2_000_000),
          int(1_700_000_000_000n),
          int(tA),
          int(tB),
          int(0),
          int(0),
          int(0),
          int(0),
          constr(1),
          constr(1),
          constr(0),
        )
      }
      address = scriptAddress(CREDENTIALS[spec.dex], { script: hash(`${seed}:stake`, 28) })
      break
    }
    case 'splash': {
      const kind = spec.splashKind ?? 'constFnPoolFeeSwitch'
      const policy = hash(`${seed}:policy`, 28)
      identityUnit = policy + Buffer.from('POOL_NFT').toString('hex')
      poolId = policy + Buffer.from('POOL_LQ').toString('hex')
      hold(identityUnit, 1n)
      hold(poolId, MAX_INT64 - spec.lpSupply)
      hold(spec.assetA, spec.reserveA + tA)
      hold(spec.assetB, spec.reserveB + tB)
      minAdaIfNonAda()
      const head = [assetClass(identityUnit), assetClass(spec.assetA), assetClass(spec.assetB), assetClass(poolId)]
      if (kind === 'constFnPoolV1' || kind === 'constFnPoolV2') {
        datum = constr(0, ...head, int(1000 - fee / 10), list(), int(0))
      } else if (kind === 'constFnPoolFeeSwitchBidirFee') {
        const kept = int(100_000 - fee * 10)
        datum = constr(0, ...head, kept, kept, int(0), int(tA), int(tB), list(), int(0), bytes(hash('treasury', 28)))
      } else {
        datum = constr(0, ...head, int(100_000 - fee * 10), int(0), int(tA), int(tB), list(), int(0), bytes(hash('treasury', 28)))
      }
      address = scriptAddress(SPLASH_KINDS[kind], { script: SPLASH_STAKE })
      break
    }
  }
  if (spec.extraLovelace) hold(LOVELACE, spec.extraLovelace)
  const datumCbor = cbor(datum)
  const inline = !byHash || spec.withDatum !== false
  return {
    output: {
      txHash: spec.txHash ?? hash(`${seed}:tx`, 32),
      index: spec.index ?? 0,
      address,
      paymentCred: Cardano.Address.fromBech32(address).getProps().paymentPart?.hash ?? '',
      stakeAddress: stakeAddressOf(address),
      lovelace,
      assets,
      datumHash: byHash ? datumHash(datum) : null,
      datumCbor: inline ? datumCbor : null,
    },
    poolId,
    identityUnit,
    datumCbor,
  }
}

/** Just the output. */
export const poolOutput = (spec: PoolOutputSpec): ChainOutput => poolFixture(spec).output
