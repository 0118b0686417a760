import type { TokenDetailBody } from '../../modules/tokens/schemas'
import { el, scrollRegion } from './dom'
import { changeClass, formatChange, formatInteger, formatPrice, formatUnits, formatUsd } from './format'

const ADA_DECIMALS = 6

/** ADA with its USD value when known: "1,234 ADA ($800)". */
const adaAndUsd = (ada: number, usd: number | null) => `${formatInteger(ada)} ADA${usd === null ? '' : ` (${formatUsd(usd)})`}`

/**
 * A followed token's figures from the chain follower alone (the detail's `chain`, its GET /chain/tokens row): the
 * deepest pool's price and 24 h change, liquidity, volume and trades over its followed pools, each pool linked to
 * its pool page; the coverage line says what they cover. Null for a token the follower has no pool of.
 */
export function chainFiguresSection(t: TokenDetailBody): HTMLElement | null {
  const c = t.chain
  if (c === null) return null
  const perUnit = c.decimalsSource === 'unknown' ? ' per base unit' : ''
  const fact = (term: string, ...value: (Node | string)[]) => [el('dt', {}, term), el('dd', {}, ...value)]
  return el('section', { id: 'chain-figures', 'aria-labelledby': 'chain-figures-h' },
    el('h2', { id: 'chain-figures-h' }, 'On chain'),
    el('dl', { class: 'facts' },
      ...fact('Price (deepest pool)', `${formatPrice(c.priceAda, 'ADA')}${perUnit}`, c.priceUsd === null ? '' : ` (${formatPrice(c.priceUsd)})`, ' in ',
        el('a', { href: `/pool/${c.topPairAddress}` }, 'its deepest pool')),
      ...fact('24h change (deepest pool)', el('span', { class: changeClass(c.change24h) }, formatChange(c.change24h))),
      ...fact('Liquidity (followed pools)', adaAndUsd(c.liquidityAda, c.liquidityUsd)),
      ...fact('24h volume (followed pools)', adaAndUsd(c.volume24hAda, c.volume24h)),
      ...fact('24h trades', `${formatInteger(c.txns24h)} (${formatInteger(c.buys24h)} buys, ${formatInteger(c.sells24h)} sells)`),
      ...fact('Read up to', c.asOf === null ? '—' : `block ${formatInteger(c.asOf.blockHeight)}`),
    ),
    el('details', {}, el('summary', {}, 'What the chain figures cover'), el('p', { class: 'muted', id: 'chain-coverage' }, c.coverage)),
    t.chainPools.length === 0 ? null : scrollRegion('Pools followed on chain', el('table', { class: 'chain-pools' },
      el('caption', {}, `Its ${t.chainPools.length} pool${t.chainPools.length === 1 ? '' : 's'} followed on chain, deepest first`),
      el('thead', {}, el('tr', {}, ...['Pool', 'Price', 'ADA reserve', 'DEX'].map((h) => el('th', { scope: 'col' }, h)))),
      el('tbody', {}, ...t.chainPools.map((p) =>
        el('tr', { 'data-pool': p.address },
          el('th', { scope: 'row' }, el('a', { href: `/pool/${p.address}` }, p.name)),
          el('td', { class: 'num' }, `${formatPrice(p.priceAda, 'ADA')}${perUnit}`),
          el('td', { class: 'num' }, `${formatUnits(p.reserveAda, ADA_DECIMALS)} ADA`),
          el('td', {}, p.dexId),
        ))),
    )),
  )
}
