import { createPublicKey, verify as verifyEd25519 } from 'node:crypto'
import { Cardano, Serialization } from '@cardano-sdk/core'
import { blake2b } from '@cardano-sdk/crypto'
import { HexBlob } from '@cardano-sdk/util'
import { CoseFormatError, parseCoseKey, parseCoseSign1, type CoseFailure } from './cose'

/**
 * Verification of a CIP-30 `signData` signature (CIP-8 COSE_Sign1) made with a reward (stake) address: cheap
 * checks first, Ed25519 last, the first failure wins (docs/guide/community-signing.md). Pure: no I/O,
 * no clock. What the payload *means* (action, day, timestamp) is the caller's business, after this succeeds.
 */

export type Cip8Failure =
  | 'BAD_INPUT'
  | 'BAD_REWARD_ADDRESS'
  | 'SCRIPT_REWARD_ADDRESS'
  | 'WRONG_NETWORK'
  | CoseFailure
  | 'ADDRESS_MISMATCH'
  | 'KEY_ADDRESS_MISMATCH'
  | 'HASHED_NOT_ALLOWED'
  | 'DETACHED_NOT_ALLOWED'
  | 'PAYLOAD_MISMATCH'
  | 'BAD_SIGNATURE'

export interface Cip8Input {
  /** The exact string that was signed (its UTF-8 bytes, or their blake2b-224 when `hashed`). */
  payload: string
  /** COSE_Sign1, CBOR hex. */
  signature: string
  /** COSE_Key, CBOR hex. */
  key: string
  /** The 29-byte reward address the wallet signed with, hex. */
  rewardAddressHex: string
}

export interface Cip8Options {
  /** Network id the reward address must carry: 1 mainnet (default), 0 testnets. */
  networkId?: 0 | 1
  /** Accept `hashed: true` (Ledger through Lace or Eternl hashes longer payloads). Default true. */
  allowHashed?: boolean
  /** Accept a nil payload, substituting the expected bytes. Default false. */
  allowDetached?: boolean
}

export type Cip8Result =
  | {
      ok: true
      /** Bech32 reward address (`stake1…`): the writer's identity. */
      stakeAddress: string
      /** blake2b-224 of the public key, hex. */
      stakeKeyHash: string
      hashed: boolean
    }
  | { ok: false; code: Cip8Failure; detail: string }

/** Non-empty, even-length hex: whole bytes. */
export const EVEN_HEX_RE = /^(?:[0-9a-fA-F]{2})+$/
/** Size caps on the CBOR hex (the endpoints' 8 KB body limit is tighter still). */
const MAX_SIGNATURE_HEX = 64 * 1024
const MAX_KEY_HEX = 1024

export function verifyCip8(input: Cip8Input, options: Cip8Options = {}): Cip8Result {
  const { networkId = 1, allowHashed = true, allowDetached = false } = options
  const failure = (code: Cip8Failure, detail: string): Cip8Result => ({ ok: false, code, detail })

  // 1. Input shape.
  for (const field of ['payload', 'signature', 'key', 'rewardAddressHex'] as const) {
    if (typeof input[field] !== 'string') return failure('BAD_INPUT', `${field} is not a string`)
  }
  if (!EVEN_HEX_RE.test(input.signature) || input.signature.length > MAX_SIGNATURE_HEX) {
    return failure('BAD_INPUT', 'signature is not even-length hex within 64 KiB')
  }
  if (!EVEN_HEX_RE.test(input.key) || input.key.length > MAX_KEY_HEX) return failure('BAD_INPUT', 'key is not even-length hex within 1 KiB')

  // 2. The reward address: a mainnet (or the expected network's) key-hash reward address, nothing else.
  const addressHex = input.rewardAddressHex.toLowerCase()
  if (!/^[0-9a-f]{58}$/.test(addressHex)) return failure('BAD_REWARD_ADDRESS', 'rewardAddressHex is not 29 bytes of hex')
  let address: Cardano.Address
  try {
    address = Cardano.Address.fromBytes(HexBlob(addressHex))
  } catch {
    return failure('BAD_REWARD_ADDRESS', 'rewardAddressHex is not a Cardano address')
  }
  const type = address.getType()
  if (type === Cardano.AddressType.RewardScript) return failure('SCRIPT_REWARD_ADDRESS', 'a script reward address has no key to sign with')
  if (type !== Cardano.AddressType.RewardKey) return failure('BAD_REWARD_ADDRESS', `address type ${type} is not a reward address`)
  if (address.getNetworkId() !== networkId) return failure('WRONG_NETWORK', `network id ${address.getNetworkId()}, expected ${networkId}`)
  const stakeKeyHash = address.asReward()!.getPaymentCredential().hash.toLowerCase()

  // 3–6. COSE_Sign1, its headers, COSE_Key.
  let cose: ReturnType<typeof parseCoseSign1>
  let publicKey: Uint8Array
  try {
    cose = parseCoseSign1(input.signature)
  } catch (error) {
    if (error instanceof CoseFormatError) return failure(error.code, error.message)
    throw error
  }
  if (toHex(cose.address) !== addressHex) {
    return failure('ADDRESS_MISMATCH', 'the protected "address" header is not rewardAddressHex')
  }
  try {
    publicKey = parseCoseKey(input.key)
  } catch (error) {
    if (error instanceof CoseFormatError) return failure(error.code, error.message)
    throw error
  }

  // 7. Key binding: the key must be the one the reward address names.
  if (blake2b224(publicKey) !== stakeKeyHash) {
    return failure('KEY_ADDRESS_MISMATCH', 'the key does not hash to the stake credential of the address')
  }

  // 8. Payload binding, on bytes: the exact UTF-8 of `payload`, or its blake2b-224 when hashed.
  if (!input.payload.isWellFormed()) return failure('PAYLOAD_MISMATCH', 'payload contains lone UTF-16 surrogates')
  const utf8 = new TextEncoder().encode(input.payload)
  if (cose.hashed && !allowHashed) return failure('HASHED_NOT_ALLOWED', 'hashed payloads are not accepted')
  const expected = cose.hashed ? Buffer.from(blake2b224(utf8), 'hex') : utf8
  let signedPayload: Uint8Array
  if (cose.payload === null) {
    if (!allowDetached) return failure('DETACHED_NOT_ALLOWED', 'the COSE_Sign1 payload is detached (nil)')
    signedPayload = expected
  } else {
    if (!bytesEqual(cose.payload, expected)) return failure('PAYLOAD_MISMATCH', 'the signed bytes are not the payload')
    signedPayload = cose.payload
  }

  // 9. Ed25519 over Sig_structure = ["Signature1", protected (raw), external_aad h'', payload].
  const sigStructure = sigStructureBytes(cose.protectedBytes, signedPayload)
  let valid = false
  try {
    const keyObject = createPublicKey({
      key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(publicKey).toString('base64url') },
      format: 'jwk',
    })
    valid = verifyEd25519(null, sigStructure, keyObject, cose.signature)
  } catch {
    valid = false
  }
  if (!valid) return failure('BAD_SIGNATURE', 'the Ed25519 signature does not verify')

  return { ok: true, stakeAddress: address.toBech32(), stakeKeyHash, hashed: cose.hashed }
}

function sigStructureBytes(protectedBytes: Uint8Array, payload: Uint8Array): Uint8Array {
  const writer = new Serialization.CborWriter()
  writer.writeStartArray(4)
  writer.writeTextString('Signature1')
  writer.writeByteString(protectedBytes)
  writer.writeByteString(new Uint8Array(0))
  writer.writeByteString(payload)
  return writer.encode()
}

function blake2b224(bytes: Uint8Array): string {
  return blake2b.hash(HexBlob.fromBytes(bytes), 28)
}

function toHex(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('hex')
}

function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && Buffer.from(a).equals(Buffer.from(b))
}
