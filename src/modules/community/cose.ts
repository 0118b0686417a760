import { Serialization } from '@cardano-sdk/core'
import { HexBlob } from '@cardano-sdk/util'

/**
 * Strict parsing of the two CBOR structures a CIP-30 `signData` returns (CIP-8 / RFC 8152), with
 * @cardano-sdk/core's CBOR reader. Only what verification needs is kept; everything that no wallet emits and
 * that could make two parties read one structure differently is refused: tags, indefinite lengths, duplicate
 * labels, trailing bytes, `crit`, private keys.
 */

const { CborReader, CborReaderState } = Serialization
type Reader = InstanceType<typeof CborReader>

export type CoseFailure =
  | 'BAD_COSE_SIGN1'
  | 'BAD_PROTECTED_HEADER'
  | 'BAD_ALG'
  | 'MISSING_ADDRESS_HEADER'
  | 'BAD_UNPROTECTED_HEADER'
  | 'BAD_COSE_KEY'

export class CoseFormatError extends Error {
  override name = 'CoseFormatError'
  constructor(readonly code: CoseFailure, detail: string) {
    super(detail)
  }
}

export interface CoseSign1 {
  /** The protected header exactly as received: the Sig_structure must use these bytes, never a re-encoding. */
  protectedBytes: Uint8Array
  /** The protected `address` header (raw address bytes). */
  address: Uint8Array
  /** The unprotected `hashed` flag; absent means false. */
  hashed: boolean
  /** The signed payload, or null when detached. */
  payload: Uint8Array | null
  /** 64-byte Ed25519 signature. */
  signature: Uint8Array
}

/** EdDSA in COSE (RFC 8152 table 5). */
const ALG_EDDSA = -8n

/** Parse a COSE_Sign1 given as CBOR hex: an untagged definite array [protected, unprotected, payload, signature]. */
export function parseCoseSign1(hex: string): CoseSign1 {
  const fail = (detail: string) => new CoseFormatError('BAD_COSE_SIGN1', detail)
  let protectedBytes: Uint8Array
  let hashed: boolean
  let payload: Uint8Array | null
  let signature: Uint8Array
  try {
    const reader = new CborReader(HexBlob(hex))
    if (reader.peekState() !== CborReaderState.StartArray) throw fail('not an untagged CBOR array')
    if (reader.readStartArray() !== 4) throw fail('not a definite array of 4 items')
    protectedBytes = reader.readDefiniteLengthByteString()
    hashed = readUnprotected(reader)
    const payloadState = reader.peekState()
    if (payloadState === CborReaderState.Null) {
      reader.readNull()
      payload = null
    } else if (payloadState === CborReaderState.ByteString) {
      payload = reader.readDefiniteLengthByteString()
    } else {
      throw fail('the payload is neither a byte string nor nil')
    }
    signature = reader.readDefiniteLengthByteString()
    reader.readEndArray()
    if (reader.peekState() !== CborReaderState.Finished) throw fail('trailing bytes after the COSE_Sign1')
  } catch (error) {
    if (error instanceof CoseFormatError) throw error
    throw fail(`unreadable CBOR: ${(error as Error).message}`)
  }
  if (signature.length !== 64) throw fail(`the signature is ${signature.length} bytes, not 64`)
  const address = readProtected(protectedBytes)
  return { protectedBytes, address, hashed, payload, signature }
}

/** Parse a COSE_Key (CBOR hex) and return its Ed25519 public key `x`. */
export function parseCoseKey(hex: string): Uint8Array {
  const fail = (detail: string) => new CoseFormatError('BAD_COSE_KEY', detail)
  const fields = new Map<string, unknown>()
  try {
    const reader = new CborReader(HexBlob(hex))
    readMap(reader, fail, (label) => {
      if (label === 'i:-2') return reader.readDefiniteLengthByteString()
      if (label === 'i:1' || label === 'i:3' || label === 'i:-1') return readIntValue(reader)
      if (label === 'i:-4') throw fail('the key carries a private key (d)')
      reader.skipValue()
      return undefined
    }, fields)
    if (reader.peekState() !== CborReaderState.Finished) throw fail('trailing bytes after the COSE_Key')
  } catch (error) {
    if (error instanceof CoseFormatError) throw error
    throw fail(`unreadable CBOR: ${(error as Error).message}`)
  }
  if (fields.get('i:1') !== 1n) throw fail('kty is not OKP (1)')
  if (fields.get('i:3') !== ALG_EDDSA) throw fail('alg is not EdDSA (-8)')
  if (fields.get('i:-1') !== 6n) throw fail('crv is not Ed25519 (6)')
  const x = fields.get('i:-2')
  if (!(x instanceof Uint8Array) || x.length !== 32) throw fail('x is not a 32-byte public key')
  return x
}

function readUnprotected(reader: Reader): boolean {
  const fail = (detail: string) => new CoseFormatError('BAD_UNPROTECTED_HEADER', detail)
  if (reader.peekState() !== CborReaderState.StartMap) throw fail('the unprotected header is not a map')
  const fields = new Map<string, unknown>()
  readMap(reader, fail, (label) => {
    if (label === 't:hashed') {
      if (reader.peekState() !== CborReaderState.Boolean) throw fail('"hashed" is not a boolean')
      return reader.readBoolean()
    }
    // Anything else here is unsigned (an "address" included) and therefore ignored.
    reader.skipValue()
    return undefined
  }, fields)
  return fields.get('t:hashed') === true
}

function readProtected(bytes: Uint8Array): Uint8Array {
  const fail = (detail: string) => new CoseFormatError('BAD_PROTECTED_HEADER', detail)
  // A zero-length protected header stands for the empty map (RFC 8152 section 3).
  if (bytes.length === 0) throw new CoseFormatError('BAD_ALG', 'the protected header is empty: no alg')
  const fields = new Map<string, unknown>()
  try {
    const reader = new CborReader(HexBlob.fromBytes(bytes))
    readMap(reader, fail, (label) => {
      if (label === 'i:1') return readIntValue(reader)
      if (label === 'i:2') throw fail('crit is present')
      if (label === 't:address') {
        if (reader.peekState() !== CborReaderState.ByteString) throw fail('"address" is not a byte string')
        return reader.readDefiniteLengthByteString()
      }
      // kid (4) and anything else: read past, never relied on.
      reader.skipValue()
      return undefined
    }, fields)
    if (reader.peekState() !== CborReaderState.Finished) throw fail('trailing bytes after the protected header')
  } catch (error) {
    if (error instanceof CoseFormatError) throw error
    throw fail(`unreadable CBOR: ${(error as Error).message}`)
  }
  if (fields.get('i:1') !== ALG_EDDSA) throw new CoseFormatError('BAD_ALG', 'alg is not EdDSA (-8)')
  const address = fields.get('t:address')
  if (!(address instanceof Uint8Array)) throw new CoseFormatError('MISSING_ADDRESS_HEADER', 'no "address" in the protected header')
  return address
}

/**
 * Read a definite map whose labels are integers or text, refusing duplicates. `readValue` consumes the value
 * for a label (`i:<int>` or `t:<text>`) and returns what to keep.
 */
function readMap(
  reader: Reader,
  fail: (detail: string) => CoseFormatError,
  readValue: (label: string) => unknown,
  into: Map<string, unknown>,
): void {
  if (reader.peekState() !== CborReaderState.StartMap) throw fail('not a CBOR map')
  const size = reader.readStartMap()
  if (size === null) throw fail('an indefinite-length map')
  const seen = new Set<string>()
  for (let i = 0; i < size; i++) {
    const label = readLabel(reader, fail)
    if (seen.has(label)) throw fail(`duplicate label ${label.slice(2)}`)
    seen.add(label)
    const value = readValue(label)
    if (value !== undefined) into.set(label, value)
  }
  reader.readEndMap()
}

function readLabel(reader: Reader, fail: (detail: string) => CoseFormatError): string {
  const state = reader.peekState()
  if (state === CborReaderState.UnsignedInteger || state === CborReaderState.NegativeInteger) return `i:${reader.readInt()}`
  if (state === CborReaderState.TextString) return `t:${reader.readDefiniteLengthTextString()}`
  throw fail('a label is neither an integer nor text')
}

function readIntValue(reader: Reader): bigint | null {
  const state = reader.peekState()
  if (state === CborReaderState.UnsignedInteger || state === CborReaderState.NegativeInteger) return reader.readInt()
  reader.skipValue()
  return null
}
