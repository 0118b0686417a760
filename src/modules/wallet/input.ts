/**
 * What GET /wallet/{address} accepts, classified before any upstream is called: a Shelley mainnet payment
 * address (`addr1…`), a mainnet stake address (`stake1…`) or a handle (`$name`, sent as `%24name`). Shared by
 * the REST route and the MCP tool, which answer a bad input with the same error and hint: the parameter schema
 * bounds the length, parseWalletInput classifies.
 */
import { Cardano } from '@cardano-sdk/core'
import { t } from 'elysia'
import { param } from '../../catalogue/types'
import { apiError } from '../../http/error-catalogue'
import { invalid } from '../../http/errors'

export type WalletInput =
  | { kind: 'payment'; address: string; input: string }
  | { kind: 'stake'; stakeAddress: string; input: string }
  | { kind: 'handle'; name: string; input: string }

/** Handles are 1–15 characters of a-z 0-9 . _ -, compared lowercase. */
const HANDLE_RE = /^[a-z0-9._-]{1,15}$/
/** bech32 strings are 8–1023 characters (BIP-173, CIP-5); nothing longer is worth decoding. */
const MAX_BECH32 = 1023

const PAYMENT_TYPES = new Set<Cardano.AddressType>([
  Cardano.AddressType.BasePaymentKeyStakeKey,
  Cardano.AddressType.BasePaymentScriptStakeKey,
  Cardano.AddressType.BasePaymentKeyStakeScript,
  Cardano.AddressType.BasePaymentScriptStakeScript,
  Cardano.AddressType.PointerKey,
  Cardano.AddressType.PointerScript,
  Cardano.AddressType.EnterpriseKey,
  Cardano.AddressType.EnterpriseScript,
])
const STAKE_TYPES = new Set<Cardano.AddressType>([Cardano.AddressType.RewardKey, Cardano.AddressType.RewardScript])

/** The 400 of a wallet input; the detail says what was wrong with this one. */
export const invalidWalletInput = (detail?: string) => apiError('invalid_wallet_input', { detail })

export const SAMPLE_STAKE = 'stake1uysgy0rkqvwka7hfd8ks5aw7fqzghk00vus5csjllwfra3cn3p0a7'

export const addressParam = param({
  name: 'address',
  in: 'path',
  required: true,
  description: 'addr1… payment address, stake1… stake address, or %24name handle',
  schema: t.String({
    minLength: 1,
    maxLength: MAX_BECH32,
    examples: [SAMPLE_STAKE, '%24snekfan'],
    error: invalid(invalidWalletInput()),
  }),
})

/** Classify a wallet input (already URL-decoded); throws the 400 ApiError for anything else. */
export function parseWalletInput(raw: string): WalletInput {
  const text = raw.trim()
  if (text.startsWith('$')) {
    const name = text.slice(1).toLowerCase()
    if (!HANDLE_RE.test(name)) throw invalidWalletInput(`"${clip(text)}" is not a valid handle.`)
    return { kind: 'handle', name, input: `$${name}` }
  }
  const lower = text.toLowerCase()
  if (lower.startsWith('addr_test1') || lower.startsWith('stake_test1')) {
    throw invalidWalletInput('Testnet addresses are not supported: this API reads Cardano mainnet.')
  }
  const kind = lower.startsWith('addr1') ? 'payment' : lower.startsWith('stake1') ? 'stake' : null
  if (kind === null) throw invalidWalletInput(`"${clip(text)}" is neither an address nor a handle.`)
  if (classifyAddress(text) !== kind) throw invalidWalletInput(`"${clip(text)}" is not a valid mainnet ${kind} address (bad checksum or contents).`)
  return kind === 'payment' ? { kind, address: lower, input: lower } : { kind, stakeAddress: lower, input: lower }
}

/**
 * What a bech32 string is on mainnet: a payment address, a stake address, or null (invalid checksum, wrong
 * network, prefix that does not match the address type, Byron).
 */
export function classifyAddress(text: string): 'payment' | 'stake' | null {
  if (text.length > MAX_BECH32) return null
  let address: Cardano.Address
  try {
    address = Cardano.Address.fromBech32(text)
  } catch {
    return null
  }
  if (address.getNetworkId() !== Cardano.NetworkId.Mainnet) return null
  const lower = text.toLowerCase()
  const type = address.getType()
  if (lower.startsWith('addr1') && PAYMENT_TYPES.has(type)) return 'payment'
  if (lower.startsWith('stake1') && STAKE_TYPES.has(type)) return 'stake'
  return null
}

/** Echo at most a readable prefix of what the caller sent. */
function clip(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text
}
