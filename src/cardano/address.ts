/**
 * What a Shelley address (bech32, CIP-19) says about who may spend it: its payment credential, and for a base
 * address its stake address. Ogmios names outputs by address only, where Koios also gives the credential; the
 * chain follower recognises pools by payment credential (shared/chain/README.md, "Two findings").
 *
 * Header byte (CIP-19): type in the high nibble (0–3 base, 4–5 pointer, 6–7 enterprise, 14–15 reward), network
 * in the low one; the payment credential is the 28 bytes after it. Byron addresses (base58) have none: null.
 */
import { Cardano } from '@cardano-sdk/core'

const CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l'
const VALUES = new Int8Array(128).fill(-1)
for (let i = 0; i < CHARSET.length; i++) VALUES[CHARSET.charCodeAt(i)] = i
const CREDENTIAL_BYTES = 28

/** The first `count` bytes of a bech32 string's data part (no checksum check: the node wrote it), or null. */
function leadingBytes(address: string, count: number): Uint8Array | null {
  const separator = address.lastIndexOf('1')
  if (separator < 1) return null
  const out = new Uint8Array(count)
  let acc = 0
  let bits = 0
  let n = 0
  for (let i = separator + 1; i < address.length - 6 && n < count; i++) {
    const code = address.charCodeAt(i)
    const value = code < 128 ? VALUES[code] : -1
    if (value < 0) return null
    acc = (acc << 5) | value
    bits += 5
    if (bits >= 8) {
      bits -= 8
      out[n++] = (acc >> bits) & 0xff
    }
  }
  return n === count ? out : null
}

const hex = (bytes: Uint8Array, from: number, to: number) => Buffer.from(bytes.buffer, bytes.byteOffset + from, to - from).toString('hex')

/** A Shelley payment address's header byte and payment credential; null for Byron, reward or malformed ones. */
function paymentPart(address: string): { script: boolean; hash: string } | null {
  if (!address.startsWith('addr')) return null
  const bytes = leadingBytes(address, 1 + CREDENTIAL_BYTES)
  if (bytes === null || bytes[0] >> 4 > 7) return null
  // Header types 1, 3, 5 and 7 have a script payment credential (CIP-19): the type's low bit.
  return { script: ((bytes[0] >> 4) & 1) === 1, hash: hex(bytes, 1, 1 + CREDENTIAL_BYTES) }
}

/** The payment credential (28-byte hash, hex) of a Shelley payment address; null for Byron, reward or malformed ones. */
export function paymentCredential(address: string): string | null {
  return paymentPart(address)?.hash ?? null
}

/** The script hash of the address's payment credential; null for a key credential or an unreadable address. */
export function paymentScriptHash(address: string): string | null {
  const part = paymentPart(address)
  return part?.script ? part.hash : null
}

/** The stake address (bech32 `stake1…`) of a base address; null for any other address (read with the Cardano SDK: rare, pool outputs only). */
export function stakeAddressOf(address: string): string | null {
  try {
    const parsed = Cardano.Address.fromBech32(address)
    const base = parsed.asBase()
    if (!base) return null
    return Cardano.RewardAddress.fromCredentials(parsed.getNetworkId(), base.getStakeCredential()).toAddress().toBech32()
  } catch {
    return null
  }
}
