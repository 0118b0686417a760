import { discoverWallets, enableErrorText, signErrorText, utf8Hex, type Cip30Api, type FoundWallet } from './cip30'

/** The four fields both community POSTs take. */
export interface SignedWrite {
  payload: string
  signature: string
  key: string
  rewardAddressHex: string
}

export type Outcome<T> = { ok: true; value: T } | { ok: false; message: string }

/**
 * The connected wallet of this page: kept in memory only (the API object is a live capability); the last
 * wallet's key is remembered in localStorage so the picker can put it first.
 */
interface Session {
  name: string
  api: Cip30Api
  rewardAddressHex: string
}

let session: Session | null = null
const LAST_WALLET = 'explorer.lastWallet'

export const connectedWallet = (): string | null => session?.name ?? null

export function findWallets(): Promise<FoundWallet[]> {
  return discoverWallets().then((found) => {
    const last = localStorage.getItem(LAST_WALLET)
    return found.sort((a, b) => Number(b.key === last) - Number(a.key === last))
  })
}

/** enable() (on a click only), mainnet only, first reward address. */
export async function connect(found: FoundWallet): Promise<Outcome<string>> {
  let api: Cip30Api
  try {
    api = await found.wallet.enable()
  } catch (error) {
    return { ok: false, message: enableErrorText(error) }
  }
  try {
    if ((await api.getNetworkId()) !== 1) {
      return { ok: false, message: 'The wallet is on a test network. Switch it to mainnet and connect again; nothing was sent.' }
    }
    const [reward] = await api.getRewardAddresses()
    if (typeof reward !== 'string' || reward === '') {
      return { ok: false, message: 'This wallet has no stake address, so it cannot boost or comment.' }
    }
    session = { name: found.wallet.name, api, rewardAddressHex: reward }
    localStorage.setItem(LAST_WALLET, found.key)
    return { ok: true, value: found.wallet.name }
  } catch (error) {
    return { ok: false, message: enableErrorText(error) }
  }
}

/**
 * signData(rewardAddressHex, hex(utf8(payload))) and the four fields, carrying the very string that was
 * signed (re-stringifying it would break byte equality on the server).
 */
export async function sign(payload: string): Promise<Outcome<SignedWrite>> {
  if (session === null) return { ok: false, message: 'Connect a wallet first.' }
  const { api, rewardAddressHex } = session
  try {
    const signed = await api.signData(rewardAddressHex, utf8Hex(payload))
    if (typeof signed?.signature !== 'string' || typeof signed?.key !== 'string') {
      return { ok: false, message: 'The wallet answered signData without a signature and key (an old wallet version?). Nothing was sent.' }
    }
    return { ok: true, value: { payload, signature: signed.signature, key: signed.key, rewardAddressHex } }
  } catch (error) {
    if ((error as { code?: unknown } | null)?.code === -4) session = null
    return { ok: false, message: signErrorText(error) }
  }
}
