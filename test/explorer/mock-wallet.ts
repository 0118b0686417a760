/**
 * A mock CIP-30 wallet for the browser tests: the page side (an init script) injects `window.cardano.mockwallet`
 * late, as extensions do; its `signData` calls a binding on the test side that signs with the project's
 * independent wallet-style signer (test/community/wallet.ts, Lace's CIP-8 signer). Errors travel as values and
 * the page side throws them, so the page sees CIP-30's `{code, info}` shape (a throwing binding would lose it).
 */
import type { BrowserContext } from 'playwright-core'
import type { TestWallet } from '../community/wallet'

/** sign: as a wallet should; decline: the user refuses (DataSignError 3); payment-key: signs with the payment key (a buggy wallet). */
export type SignMode = 'sign' | 'decline' | 'payment-key'

export interface MockWallet {
  /** What the next signData call does. */
  mode: SignMode
  /** Every payload the wallet was asked to sign, decoded. */
  signed: string[]
}

interface InitArgs {
  rewardHex: string
  delayMs: number
  networkId: number
}

/** Runs in the page before its scripts: plain JS, no imports. */
function injectWallet({ rewardHex, delayMs, networkId }: InitArgs) {
  const icon = 'data:image/svg+xml,' + encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20"><circle cx="10" cy="10" r="9" fill="#f59e0b"/></svg>')
  const api = {
    getNetworkId: async () => networkId,
    getRewardAddresses: async () => [rewardHex],
    getUsedAddresses: async () => [],
    getUnusedAddresses: async () => [],
    getChangeAddress: async () => rewardHex,
    getExtensions: async () => [],
    signData: async (address: string, payloadHex: string) => {
      const sign = (window as unknown as { __mockWalletSignData(a: string, p: string): Promise<{ ok?: unknown; error?: unknown }> }).__mockWalletSignData
      const result = await sign(address, payloadHex)
      if (result.error !== undefined) throw result.error
      return result.ok
    },
  }
  setTimeout(() => {
    const w = window as unknown as { cardano?: Record<string, unknown> }
    w.cardano = w.cardano ?? {}
    w.cardano.mockwallet = {
      name: 'Mock Wallet',
      icon,
      apiVersion: '1',
      supportedExtensions: [],
      isEnabled: async () => false,
      enable: async () => api,
    }
  }, delayMs)
}

export async function installMockWallet(context: BrowserContext, wallet: TestWallet, options: { delayMs?: number; networkId?: number } = {}): Promise<MockWallet> {
  const state: MockWallet = { mode: 'sign', signed: [] }
  await context.exposeFunction('__mockWalletSignData', async (address: string, payloadHex: string) => {
    const payload = Buffer.from(payloadHex, 'hex').toString('utf8')
    state.signed.push(payload)
    if (state.mode === 'decline') return { error: { code: 3, info: 'user declined' } }
    if (address !== wallet.rewardAddressHex) return { error: { code: 1, info: 'unknown address' } }
    const { signature, key } = state.mode === 'payment-key' ? await wallet.signWithEnterpriseAddress(payload) : await wallet.sign(payload)
    return { ok: { signature, key } }
  })
  await context.addInitScript(injectWallet, { rewardHex: wallet.rewardAddressHex, delayMs: options.delayMs ?? 300, networkId: options.networkId ?? 1 })
  return state
}
