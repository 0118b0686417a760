import { apiError } from '../../http/error-catalogue'
import { EVEN_HEX_RE, verifyCip8, type Cip8Failure } from './cip8'
import type { SignedWrite } from './schemas'


/** Who wrote: the stake address the signature proves. */
export interface Writer {
  stakeAddress: string
}

const FIELDS = ['payload', 'signature', 'key', 'rewardAddressHex'] as const
const FIELD_FORMAT: Record<(typeof FIELDS)[number], { test: (value: string) => boolean; hint: string }> = {
  payload: { test: () => true, hint: '' },
  signature: {
    test: (v) => EVEN_HEX_RE.test(v),
    hint: 'signature is the COSE_Sign1 CBOR hex returned by signData: non-empty, even-length hex.',
  },
  key: {
    test: (v) => EVEN_HEX_RE.test(v),
    hint: 'key is the COSE_Key CBOR hex returned by signData: non-empty, even-length hex.',
  },
  rewardAddressHex: {
    test: (v) => /^[0-9a-fA-F]{58}$/.test(v),
    hint: 'rewardAddressHex is the 29-byte reward address in hex: e1 followed by 56 hex characters (the first entry of the wallet\'s getRewardAddresses()).',
  },
}

/** The request shape (400 when wrong): a JSON object with the four fields, strings, hex where hex is due. */
export function parseSignedWrite(bytes: Uint8Array): SignedWrite {
  let value: unknown
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes))
  } catch {
    throw apiError('invalid_request_body', { detail: 'The body is not JSON.' })
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw apiError('invalid_request_body', { detail: 'The body is not a JSON object.' })
  }
  const body = value as Record<string, unknown>
  for (const field of FIELDS) {
    if (!(field in body)) throw apiError('missing_body_field', { field })
    if (typeof body[field] !== 'string') throw apiError('invalid_body_field', { field })
    if (!FIELD_FORMAT[field].test(body[field] as string)) throw apiError('invalid_body_field', { field, hint: FIELD_FORMAT[field].hint })
  }
  return {
    payload: body.payload as string,
    signature: body.signature as string,
    key: body.key as string,
    rewardAddressHex: body.rewardAddressHex as string,
  }
}

const SIGN_AGAIN = 'Call signData(rewardAddressHex, hex(UTF-8 bytes of payload)) and send its signature and key unchanged.'

const FAILURE_HINTS: Record<Cip8Failure, string> = {
  BAD_INPUT: `signature and key must be the hex strings signData returned. ${SIGN_AGAIN}`,
  BAD_REWARD_ADDRESS: 'rewardAddressHex is not a reward (stake) address. Use the first entry of the wallet\'s getRewardAddresses() (e1…).',
  SCRIPT_REWARD_ADDRESS: 'rewardAddressHex is a script reward address (f0/f1), which has no key to sign with. Use a key-based stake address (e1…).',
  WRONG_NETWORK: 'rewardAddressHex is not a mainnet address (it must start with e1). Switch the wallet to mainnet and sign again.',
  BAD_COSE_SIGN1: `signature is not a COSE_Sign1 as CIP-30 wallets produce it. ${SIGN_AGAIN}`,
  BAD_PROTECTED_HEADER: `The signature's protected header is malformed. ${SIGN_AGAIN}`,
  BAD_ALG: `The signature does not use EdDSA. ${SIGN_AGAIN}`,
  MISSING_ADDRESS_HEADER: `The signature does not name the address it was made with. ${SIGN_AGAIN}`,
  BAD_UNPROTECTED_HEADER: `The signature's unprotected header is malformed. ${SIGN_AGAIN}`,
  BAD_COSE_KEY: 'key is not an Ed25519 COSE_Key as signData returns it. Send the key from the same signData call.',
  ADDRESS_MISMATCH: 'The signature was made with another address than rewardAddressHex: call signData with the reward (stake) address, not a payment address.',
  KEY_ADDRESS_MISMATCH: 'key does not belong to rewardAddressHex. Send the key returned by the same signData call, made with that reward address.',
  HASHED_NOT_ALLOWED: `Hashed payloads are not accepted here. ${SIGN_AGAIN}`,
  DETACHED_NOT_ALLOWED: 'The signature carries no payload (detached). Sign the payload itself.',
  PAYLOAD_MISMATCH: 'The signed bytes are not payload. Send exactly the string that was signed, byte for byte: no re-serialisation, no added or removed whitespace.',
  BAD_SIGNATURE: `The signature does not verify for this payload and key. ${SIGN_AGAIN}`,
}

/**
 * Who signed the write (401 when the CIP-8 signature does not prove it, with a hint per failure);
 * `onRefused` hears the precise failure code, for the log.
 */
export function authenticate(write: SignedWrite, onRefused?: (code: Cip8Failure, detail: string) => void): Writer {
  const result = verifyCip8(write)
  if (!result.ok) {
    onRefused?.(result.code, result.detail)
    throw apiError('signature_verification_failed', { reason: FAILURE_HINTS[result.code] })
  }
  return { stakeAddress: result.stakeAddress }
}
