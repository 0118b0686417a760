import type { WalletOverview } from '../../modules/wallet/schemas'
import { apiGet } from './api'
import { el, fill, main, scrollRegion, section } from './dom'
import { formatInteger, formatPrice, formatUnits, formatUsd, UNKNOWN } from './format'

/** /wallet/{input}: an address, a stake address or a $handle, read from GET /api/v1/wallet/{input}. */
export async function walletPage(input: string): Promise<void> {
  const root = main()
  const heading = el('h1', {}, `Wallet ${input}`)
  const body = el('div', {}, el('p', { class: 'muted' }, 'Loading wallet…'))
  fill(root, heading, body)
  const res = await apiGet<WalletOverview>(`/wallet/${encodeURIComponent(input)}`)
  if (!res.ok) {
    fill(body, el('p', { class: 'error', role: 'alert' }, `${res.error.error}. ${res.error.hint}`))
    return
  }
  const w = res.body
  const ada = (n: number | null) => (n === null ? UNKNOWN : `${n.toLocaleString('en-US', { maximumFractionDigits: 6 })} ADA`)
  fill(body,
    el('dl', { class: 'facts' },
      el('dt', {}, 'Stake address'), el('dd', {}, w.stakeAddress ?? 'none (an address without a stake part)'),
      el('dt', {}, 'ADA balance'), el('dd', {}, ada(w.adaBalance)),
      el('dt', {}, 'Rewards available'), el('dd', {}, ada(w.rewards)),
      el('dt', {}, 'Delegated to'), el('dd', {}, w.pool ?? 'not delegated'),
      el('dt', {}, 'ADA value'), el('dd', {}, formatUsd(w.adaValueUsd)),
      el('dt', {}, 'Priced holdings'), el('dd', {}, `${formatUsd(w.holdingsValueUsd)} (${formatInteger(w.unpricedHoldings)} ${w.unpricedHoldings === 1 ? 'holding' : 'holdings'} unpriced)`),
      el('dt', {}, 'Total value'), el('dd', {}, formatUsd(w.totalValueUsd)),
    ),
    el('p', { class: 'muted' }, w.coverage),
    // Value, the key column, right after the token: on a phone it needs no sideways scrolling.
    section('holdings', 'Holdings',
      scrollRegion('Holdings', el('table', { class: 'holdings' },
        el('caption', {}, `${w.holdings.length} native assets, by value`),
        el('thead', {}, el('tr', {}, ...['Token', 'Value', 'Quantity', 'Price'].map((h) => el('th', { scope: 'col' }, h)))),
        el('tbody', {}, ...w.holdings.map((h) =>
          el('tr', {},
            el('th', { scope: 'row' }, el('a', { href: `/token/${h.unit}` }, h.ticker || h.name)),
            el('td', { class: 'num value' }, formatUsd(h.valueUsd)),
            el('td', { class: 'num' }, formatUnits(h.quantity, h.decimals)),
            el('td', { class: 'num', title: h.priceSource }, formatPrice(h.priceUsd)),
          ))),
      ))),
  )
}
