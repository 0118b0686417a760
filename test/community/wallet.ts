/**
 * A wallet-style signer for the community tests, independent of the verifier under test: keys come from a
 * BIP-39 mnemonic through @cardano-sdk/key-management's InMemoryKeyAgent and signatures from its CIP-8 signer
 * (`signCip8Data`, what the Lace wallet runs for CIP-30 `signData`). The few envelopes that signer cannot make
 * (a hashed payload as Ledger produces, a script reward address) are built with emurgo's
 * cardano-message-signing, the library behind Nami, Yoroi and cardano-signer, and signed by the key agent.
 */
import {
  AlgorithmId,
  CBORValue,
  COSESign1Builder,
  HeaderMap,
  Headers,
  Label,
  ProtectedHeaderMap,
} from '@emurgo/cardano-message-signing-nodejs'
import { Cardano } from '@cardano-sdk/core'
import * as Crypto from '@cardano-sdk/crypto'
import { AddressType, InMemoryKeyAgent, KeyRole, util as keyUtil, type GroupedAddress } from '@cardano-sdk/key-management'
import type { HexBlob } from '@cardano-sdk/util'

export interface SignedWriteBody {
  payload: string
  signature: string
  key: string
  rewardAddressHex: string
}

await Crypto.ready()
const bip32Ed25519 = await Crypto.SodiumBip32Ed25519.create()
const silent = { debug() {}, info() {}, warn() {}, error() {}, trace() {} }
const hexOf = (text: string) => Buffer.from(text, 'utf8').toString('hex') as HexBlob

export class TestWallet {
  private constructor(
    private readonly agent: InMemoryKeyAgent,
    readonly grouped: GroupedAddress,
  ) {}

  /** A new key, or the one of `mnemonic` (BIP-39 words, account 0, address 0, as examples/sign-and-boost.ts derives it). */
  static async create(network: 'mainnet' | 'testnet' = 'mainnet', mnemonic?: string): Promise<TestWallet> {
    const agent = await InMemoryKeyAgent.fromBip39MnemonicWords(
      {
        chainId: network === 'mainnet' ? Cardano.ChainIds.Mainnet : Cardano.ChainIds.Preprod,
        mnemonicWords: mnemonic?.split(' ') ?? keyUtil.generateMnemonicWords(),
        getPassphrase: async () => Buffer.from('test passphrase'),
      },
      { bip32Ed25519, logger: silent as never },
    )
    const grouped = await agent.deriveAddress({ index: 0, type: AddressType.External }, 0)
    return new TestWallet(agent, grouped)
  }

  /** `stake1…` (or `stake_test1…`). */
  get stakeAddress(): string {
    return this.grouped.rewardAccount
  }

  /** What `getRewardAddresses()[0]` returns: the reward address bytes in hex. */
  get rewardAddressHex(): string {
    return Cardano.Address.fromBech32(this.grouped.rewardAccount).toBytes()
  }

  /** CIP-30 `signData(rewardAddress, hex(utf8(payload)))` as Lace's software wallet does it. */
  async sign(payload: string): Promise<SignedWriteBody> {
    const { signature, key } = await this.agent.signCip8Data({
      knownAddresses: [this.grouped],
      signWith: this.grouped.rewardAccount as Cardano.RewardAccount,
      payload: hexOf(payload),
    })
    return { payload, signature, key, rewardAddressHex: this.rewardAddressHex }
  }

  /** signData with the wallet's enterprise address (header 61: payment key, no stake part). */
  async signWithEnterpriseAddress(payload: string): Promise<SignedWriteBody> {
    const payment = Cardano.Address.fromBech32(this.grouped.address).asBase()!.getPaymentCredential()
    const enterprise = Cardano.EnterpriseAddress.fromCredentials(Cardano.NetworkId.Mainnet, payment).toAddress()
    const known = { ...this.grouped, address: enterprise.toBech32() as Cardano.PaymentAddress }
    const { signature, key } = await this.agent.signCip8Data({
      knownAddresses: [known],
      signWith: known.address,
      payload: hexOf(payload),
    })
    return { payload, signature, key, rewardAddressHex: enterprise.toBytes() }
  }

  /**
   * A COSE_Sign1 made with the stake key over an arbitrary `address` header, optionally with the payload hashed
   * (blake2b-224, `hashed: true` in the unprotected header), as a Ledger through Lace or Eternl produces it.
   */
  async signEnvelope(payload: string, options: { addressHex?: string; hashed?: boolean } = {}): Promise<SignedWriteBody> {
    const addressHex = options.addressHex ?? this.rewardAddressHex
    const addressBytes = Buffer.from(addressHex, 'hex')
    const protectedHeaders = HeaderMap.new()
    protectedHeaders.set_algorithm_id(Label.from_algorithm_id(AlgorithmId.EdDSA))
    protectedHeaders.set_header(Label.new_text('address'), CBORValue.new_bytes(addressBytes))
    const builder = COSESign1Builder.new(
      Headers.new(ProtectedHeaderMap.new(protectedHeaders), HeaderMap.new()),
      Buffer.from(payload, 'utf8'),
      false,
    )
    if (options.hashed) builder.hash_payload()
    const toSign = Buffer.from(builder.make_data_to_sign().to_bytes()).toString('hex') as HexBlob
    const { signature, publicKey } = await this.agent.signBlob({ index: 0, role: KeyRole.Stake }, toSign)
    const coseSign1 = builder.build(Buffer.from(signature, 'hex'))
    return {
      payload,
      signature: Buffer.from(coseSign1.to_bytes()).toString('hex'),
      key: coseKeyHex(publicKey),
      rewardAddressHex: addressHex,
    }
  }
}

/** COSE_Key {1: 1 (OKP), 3: -8 (EdDSA), -1: 6 (Ed25519), -2: x}, the four entries emurgo-based wallets send. */
function coseKeyHex(publicKeyHex: string): string {
  return `a4010103272006215820${publicKeyHex}`
}
