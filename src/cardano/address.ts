/**
 * What a Cardano address's payment part is, read from its bech32 text with @cardano-sdk/core (no network call).
 */
import { Cardano } from '@cardano-sdk/core'

/**
 * Mainnet addresses whose payment part is a script: header types 1, 3, 5 and 7 (CIP-19), whose header byte puts
 * z, x, 2 or w right after `addr1`. Every other address is told apart by its first letter without decoding it
 * (a holder list is mostly key addresses, addr1q…; decoding costs about 40 µs).
 */
const SCRIPT_PAYMENT = /^addr1[zx2w]/

/** The script hash of the address's payment credential, lowercase; null for a key credential or an unreadable address. */
export function paymentScriptHash(bech32: string): string | null {
  if (!SCRIPT_PAYMENT.test(bech32)) return null
  try {
    const payment = Cardano.Address.fromBech32(bech32).getProps().paymentPart
    return payment?.type === Cardano.CredentialType.ScriptHash ? payment.hash.toLowerCase() : null
  } catch {
    return null
  }
}
