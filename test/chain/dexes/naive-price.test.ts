/**
 * shared/chain/README.md §8: mainnet pool UTxOs with the naive price Orcfax's collector tests expect (whole value, no
 * subtractions; ross-spencer/cnt-collector-node tests/test_cnt_parse_utxo.py). Each UTxO is rebuilt from the listed
 * lovelace and token quantity; its datum is not published, so treasuries and protocol fees are chosen here (stated per
 * case). The naive ratio must match the listed one, and the per-DEX price must differ from it by exactly the DEX's
 * subtractions.
 */
import { describe, expect, test } from 'bun:test'
import { readPool } from '../../../src/chain/dexes'
import { derivePoolUpdate } from '../../../src/chain/pool-update'
import type { ChainOutput } from '../../../src/chain/types'
import { assetClass, assetTuple, bytes, cbor, constr, int, list, policyAndName } from '../support/plutus'

const MAX = 9_223_372_036_854_775_807n
const DJED = '8db269c3ec630e06ae29f74bc39edd1f87c819f1056206e879a1cd61446a65644d6963726f555344'
const FACT = 'a3931691f5c4e65d01c429e473d0dd24c51afdb6daf88e632a6c1e516f7263666178746f6b656e'
const IUSD = 'f66d78b4a3cb3d37afa0ec36461e51ecbde00f26c8f0a68f94b6988069555344'
const IAG = '5d16cc1a177b5d9ba9cfa9793b07e60f1fb70fea1f8aef064415d114494147'
const SNEK = '279c909f348e533da5808898f87f9a14bb2c3dfbbacccd631d927a3f534e454b'
const RSERG = '04b95368393c821f180deee8229fbd941baaf9bd748ebcdbf7adbb147273455247'

const utxo = (ref: string, paymentCred: string, lovelace: bigint, assets: [string, bigint][], datumCbor: string | null): ChainOutput => {
  const [txHash, index] = ref.split('#')
  return { txHash, index: Number(index), address: 'addr1', paymentCred, stakeAddress: null, lovelace, assets: new Map(assets), datumHash: null, datumCbor }
}

/** ADA per whole token from the reader's tradeable reserves. */
function perDexPrice(output: ChainOutput, token: string, decimals: number): number | null {
  const next = readPool(output)
  if (next === null) throw new Error('not read as a pool')
  return derivePoolUpdate({ previous: null, next, base: { unit: token, decimals }, quoteDecimals: 6 }).price
}

const close = (actual: number | null, expected: number) => expect(Math.abs((actual ?? NaN) / expected - 1)).toBeLessThan(1e-12)

describe('§8 naive prices, and the per-DEX price the subtractions give', () => {
  test('Minswap V1 ADA/DJED 9af15344…#0: no subtraction, so per-DEX = naive', () => {
    const L = 15_851_844_464n
    const T = 12_563_856_040n
    const naive = Number(T) / Number(L) // DJED per ADA, as listed
    close(naive, 0.7925800728447017)
    const name = '77'.repeat(32)
    const o = utxo('9af1534482e82fa941a5e9b8c9df0e780ee92d6f6ddccc9d7283b7f801732219#0', 'e1317b152faac13426e6a83e06ff88a4d62cce3c1634ab0a5ec13309', L, [
      ['13aa2accf2e1561723aa26871e071fdf32c867cff7e7d50ad470d62f4d494e53574150', 1n],
      ['0be55d262b29f564998ff81efe21bdc0022621c12f15af08d0f2ddb1' + name, 1n],
      [DJED, T],
    ], null)
    close(perDexPrice(o, DJED, 6), 1 / naive)
  })

  test('Minswap V1 rsERG/ADA a54e4e4a…#0: 9 decimals against ADA', () => {
    const L = 6_230_107n
    const T = 7_199_617_831n
    // the README gives this ref only as a54e4e4a…fe69c#0: a placeholder hash stands in
    const o = utxo('00'.repeat(32) + '#0', 'e1317b152faac13426e6a83e06ff88a4d62cce3c1634ab0a5ec13309', L, [
      ['13aa2accf2e1561723aa26871e071fdf32c867cff7e7d50ad470d62f4d494e53574150', 1n],
      ['0be55d262b29f564998ff81efe21bdc0022621c12f15af08d0f2ddb1' + '88'.repeat(32), 1n],
      [RSERG, T],
    ], null)
    close(perDexPrice(o, RSERG, 9), 0.8653385702188947)
  })

  test('Sundae V3 FACT/ADA e36bc756…#0: protocol fees (chosen: 2.5 ADA) leave the ADA side', () => {
    const L = 3_235_058_618n
    const T = 660_985_870_918n
    const fees = 2_500_000n
    const naive = Number(L) / Number(T)
    close(naive, 0.00489429314654947)
    const ident = 'a5b624b9'.padEnd(56, '0')
    const datum = cbor(constr(0, bytes(ident), list(assetTuple('lovelace'), assetTuple(FACT)), int(1n), int(30), int(30), constr(1), int(0), int(fees)))
    const o = utxo('e36bc756f4a94b40abda2a0a85ed8a1eb1f19c2e760a0ead6d4bfc51878945b4#0', 'e0302560ced2fdcbfcb2602697df970cd0d6a38f94b32703f51c312b', L, [
      ['e0302560ced2fdcbfcb2602697df970cd0d6a38f94b32703f51c312b000de140' + ident, 1n],
      [FACT, T],
    ], datum)
    const price = perDexPrice(o, FACT, 6)
    close(price, Number(L - fees) / Number(T))
    close((price ?? NaN) / naive, Number(L - fees) / Number(L)) // differs by exactly the subtraction
  })

  test('WingRiders V1 ADA/iUSD 4187d973…#0: treasuries (chosen: 5 ADA, 1 iUSD) and 3 ADA; LP from the real share remainder', () => {
    const L = 3_251_272_289n
    const T = 2_584_583_824n
    const naive = Number(T) / Number(L)
    close(naive, 0.7949453611573534)
    const share = '026a18d04a0c642759bb3d83b12e3344894e5c1c7b2aeb1a2113a570' + '99'.repeat(32)
    const datum = cbor(
      constr(0, bytes('86ae9eebd8b97944a45201e4aec1330a72291af2d071644bba015959'), constr(0, constr(0, assetClass('lovelace'), assetClass(IUSD)), int(0), int(5_000_000n), int(1_000_000n))),
    )
    const o = utxo('4187d9731293502ff1c0b4ef67e07893f57a08f4859c4c909e952cd1980b2e4c#0', 'e6c90a5923713af5786963dee0fdffd830ca7e0c86a041d9e5833e91', L, [
      ['026a18d04a0c642759bb3d83b12e3344894e5c1c7b2aeb1a2113a5704c', 1n],
      [share, 9_223_372_034_407_162_828n],
      [IUSD, T],
    ], datum)
    expect(readPool(o)?.lpSupply).toBe(MAX - 9_223_372_034_407_162_828n)
    expect(readPool(o)?.lpSupply).toBe(2_447_612_979n)
    const price = perDexPrice(o, IUSD, 6)
    close(price, Number(L - 8_000_000n) / Number(T - 1_000_000n))
    close((price ?? NaN) * naive, (Number(L - 8_000_000n) / Number(L)) / (Number(T - 1_000_000n) / Number(T)))
  })

  test('WingRiders V2 IAG/ADA c230d186…#0: three treasuries per side (chosen) and 3 ADA pool oil', () => {
    const L = 288_052_828_506n
    const T = 1_953_183_438_367n
    const naive = Number(L) / Number(T)
    close(naive, 0.14747863556882942)
    const [pA, nA] = policyAndName('lovelace')
    const [pB, nB] = policyAndName(IAG)
    // treasuryA 10 ADA, projectTreasuryA 2 ADA, reserveTreasuryA 1 ADA; treasuryB 400 IAG, project 0, reserve 100 IAG
    const datum = cbor(
      constr(0, bytes('c134d839a64a5dfb9b155869ef3f34280751a622f69958baa8ffd29c'), pA, nA, pB, nB, int(30), int(5), int(0), int(0), int(10_000), int(2_000_000), int(0),
        int(10_000_000n), int(400_000_000n), int(2_000_000n), int(0), int(1_000_000n), int(100_000_000n), constr(1), constr(1), constr(0)),
    )
    const share = '6fdc63a1d71dc2c65502b79baae7fb543185702b12c3c5fb639ed737' + '33'.repeat(32)
    const o = utxo('c230d1867357bd292ac8a97440a62504cfa6bd0b4643251db061d44c43233eb4#0', 'af97793b8702f381976cec83e303e9ce17781458c73c4bb16fe02b83', L, [
      ['6fdc63a1d71dc2c65502b79baae7fb543185702b12c3c5fb639ed7374c', 1n],
      [share, MAX - 1_000_000n],
      [IAG, T],
    ], datum)
    const cutA = 10_000_000n + 2_000_000n + 1_000_000n + 3_000_000n
    const cutB = 500_000_000n
    close(perDexPrice(o, IAG, 6), Number(L - cutA) / Number(T - cutB))
  })

  test('Spectrum SNEK/ADA 9b066734…#3 (legacy datum, 0 decimals): no treasury, per-DEX = naive', () => {
    const L = 1_977_157_659n
    const T = 397_918n
    const nft = 'aa'.repeat(28) + Buffer.from('SNEK_ADA_NFT').toString('hex')
    const lq = 'bb'.repeat(28) + Buffer.from('SNEK_ADA_LQ').toString('hex')
    const datum = cbor(constr(0, assetClass(nft), assetClass('lovelace'), assetClass(SNEK), assetClass(lq), int(997), list(), int(0)))
    const o = utxo('9b0667342374d69e282874d8b494dbaef8922fa057dc6943462be2809912e1a5#3', '6b9c456aa650cb808a9ab54326e039d5235ed69f069c9664a8fe5b69', L, [
      [nft, 1n],
      [lq, MAX - 10n ** 9n],
      [SNEK, T],
    ], datum)
    close(perDexPrice(o, SNEK, 0), 0.0049687565252137375)
  })
})
