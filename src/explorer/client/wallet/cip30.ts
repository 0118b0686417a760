/**
 * CIP-30 (cardano-foundation/CIPs CIP-0030): discovery of injected wallets, enable, network and reward address,
 * signData. No SDK: the page needs no CBOR or bech32, the server verifies and names the stake address.
 */
export interface Cip30Wallet {
  name: string
  icon: string
  apiVersion: string
  enable(options?: { extensions: { cip: number }[] }): Promise<Cip30Api>
}

export interface Cip30Api {
  getNetworkId(): Promise<number>
  getRewardAddresses(): Promise<string[]>
  signData(address: string, payloadHex: string): Promise<{ signature: string; key: string }>
}

/** An injected wallet under its `window.cardano` key. */
export interface FoundWallet {
  key: string
  wallet: Cip30Wallet
}

declare global {
  interface Window {
    cardano?: Record<string, unknown>
  }
}

/** Entries of `window.cardano` that look like CIP-30 wallets (a callable enable, a name, an icon, a version). */
export function walletsNow(): FoundWallet[] {
  const namespace = window.cardano
  if (typeof namespace !== 'object' || namespace === null) return []
  const found: FoundWallet[] = []
  for (const [key, value] of Object.entries(namespace)) {
    const w = value as Partial<Cip30Wallet> | null
    if (w && typeof w.enable === 'function' && typeof w.name === 'string' && typeof w.icon === 'string' && typeof w.apiVersion === 'string') {
      found.push({ key, wallet: w as Cip30Wallet })
    }
  }
  return found
}

/**
 * Wallet extensions inject late (from a content script, after load): look every 200 ms for up to `ms`,
 * answering as soon as one is there.
 */
export async function discoverWallets(ms = 3000): Promise<FoundWallet[]> {
  const until = Date.now() + ms
  for (;;) {
    const found = walletsNow()
    if (found.length > 0 || Date.now() >= until) return found
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

/** A CIP-30 error as thrown: a plain object `{code, info}`. */
function cip30Code(error: unknown): number | null {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'number' ? code : null
}

/** Words for a failed `enable()` (APIError codes). */
export function enableErrorText(error: unknown): string {
  switch (cip30Code(error)) {
    case -3:
      return 'The wallet refused the connection. Nothing was sent.'
    case -4:
      return 'The wallet account changed. Connect again.'
    default:
      return 'The wallet could not connect. Nothing was sent.'
  }
}

/** Words for a failed `signData()` (DataSignError codes), or null when it is not a wallet refusal. */
export function signErrorText(error: unknown): string {
  switch (cip30Code(error)) {
    case 3:
      return 'You declined to sign in your wallet. Nothing was sent.'
    case 1:
    case 2:
      return 'This wallet cannot sign with its stake key, so it cannot boost or comment. Nothing was sent.'
    case -4:
      return 'The wallet account changed. Connect again.'
    default:
      return 'The wallet did not sign. Nothing was sent.'
  }
}

/** UTF-8 bytes of the exact payload string, as hex: what signData signs and the server compares byte for byte. */
export function utf8Hex(text: string): string {
  return Array.from(new TextEncoder().encode(text), (b) => b.toString(16).padStart(2, '0')).join('')
}
