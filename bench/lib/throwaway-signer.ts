/**
 * What a script flooding the community endpoints would use: a new Ed25519 key per write, made on the spot with
 * node:crypto (no mnemonic, no derivation: about a hundred times faster than a wallet's key agent), its reward
 * address the blake2b-224 of the public key behind `e1`, and the CIP-8 COSE_Sign1 built by emurgo's
 * cardano-message-signing (the library behind Nami and Yoroi), independent of the server's verifier.
 */
import { generateKeyPairSync, sign } from 'node:crypto'
import { AlgorithmId, CBORValue, COSESign1Builder, HeaderMap, Headers, Label, ProtectedHeaderMap } from '@emurgo/cardano-message-signing-nodejs'
import { Cardano } from '@cardano-sdk/core'
import { blake2b } from '@cardano-sdk/crypto'
import { HexBlob } from '@cardano-sdk/util'
import type { SignedWriteBody } from '../../test/community/wallet'

export interface ThrowawayKey {
  /** bech32 `stake1…` of the key's reward address. */
  stakeAddress: string
  sign(payload: string): SignedWriteBody
}

/** A new key, able to sign any number of payloads. */
export function throwawayKey(): ThrowawayKey {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519')
  const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url')
  const addressHex = `e1${blake2b.hash(HexBlob.fromBytes(raw), 28)}`
  return {
    stakeAddress: Cardano.Address.fromBytes(HexBlob(addressHex)).toBech32(),
    sign(payload) {
      const protectedHeaders = HeaderMap.new()
      protectedHeaders.set_algorithm_id(Label.from_algorithm_id(AlgorithmId.EdDSA))
      protectedHeaders.set_header(Label.new_text('address'), CBORValue.new_bytes(Buffer.from(addressHex, 'hex')))
      const builder = COSESign1Builder.new(Headers.new(ProtectedHeaderMap.new(protectedHeaders), HeaderMap.new()), Buffer.from(payload, 'utf8'), false)
      const signature = sign(null, builder.make_data_to_sign().to_bytes(), privateKey)
      return {
        payload,
        signature: Buffer.from(builder.build(signature).to_bytes()).toString('hex'),
        // COSE_Key {1: 1 (OKP), 3: -8 (EdDSA), -1: 6 (Ed25519), -2: x}.
        key: `a4010103272006215820${raw.toString('hex')}`,
        rewardAddressHex: addressHex,
      }
    },
  }
}

/** A payload signed by a key that exists only for it. */
export const signWithFreshKey = (payload: string): SignedWriteBody => throwawayKey().sign(payload)
