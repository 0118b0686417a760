import { el, fill, statusLine } from '../dom'
import { connect, connectedWallet, findWallets } from './session'

/**
 * The "Connect wallet" control: looks for injected wallets (for a few seconds: they inject late), lists them by
 * their own name and icon, and connects the one picked. `onChange` runs after a connection.
 */
export function connectControl(onChange: () => void): HTMLElement {
  const button = el('button', { type: 'button', class: 'primary' }, 'Connect wallet')
  const list = el('ul', { class: 'wallet-list', 'aria-label': 'Wallets found' })
  const status = statusLine('wallet-status')
  const box = el('div', { class: 'wallet-connect' }, button, list, status)

  const show = () => {
    const name = connectedWallet()
    if (name !== null) status.textContent = `Connected: ${name}. Your wallet signs each boost or comment; nothing is sent without it.`
  }

  button.addEventListener('click', async () => {
    button.disabled = true
    status.textContent = 'Looking for Cardano wallets…'
    const found = await findWallets()
    button.disabled = false
    if (found.length === 0) {
      fill(list)
      status.textContent = 'No Cardano wallet found. Boosting and commenting need a desktop browser with a CIP-30 wallet extension (Eternl, Lace, Nami, Yoroi…).'
      return
    }
    status.textContent = 'Pick a wallet:'
    fill(list, ...found.map((entry) => {
      const pick = el('button', { type: 'button' }, el('img', { src: entry.wallet.icon, alt: '', width: 20, height: 20 }), entry.wallet.name)
      pick.addEventListener('click', async () => {
        status.textContent = `Asking ${entry.wallet.name} to connect…`
        const result = await connect(entry)
        if (!result.ok) {
          status.textContent = result.message
          return
        }
        fill(list)
        show()
        onChange()
      })
      return el('li', {}, pick)
    }))
  })
  show()
  return box
}
