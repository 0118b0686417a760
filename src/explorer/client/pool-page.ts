import type { PoolBody } from '../../modules/pools/schemas'
import type { MarketOverview } from '../../modules/ada-market/schemas'
import { apiGet } from './api'
import { chartSection } from './chart'
import { el, fill, main } from './dom'
import { formatDate, formatInteger, formatPrice, formatUnits, formatUsd, UNKNOWN } from './format'
import { openLive } from './live'
import { tradesSection } from './trades'

const ADA_DECIMALS = 6
/** A pool created less than this long ago is charted at 5 minutes first. */
const YOUNG_POOL_S = 6 * 3600

/** A fee in basis points as a percent ("0.30 %"), "—" when unknown. */
const feeText = (bps: number | null) => (bps === null ? UNKNOWN : `${(bps / 100).toFixed(2)} %`)

/** Where a pool state was read or created: block, time and transaction. */
function readAt(block: number, time: number | null, txHash: string | null): string {
  return `block ${formatInteger(block)}, ${formatDate(time)}${txHash === null ? '' : `, tx ${txHash}`}`
}

/**
 * /pool/{poolId}: one pool the chain follower records (GET /api/v1/pools/{poolId}): its token, reserves, price,
 * liquidity (twice the ADA reserve), LP supply, fee, creation and the state read; its own candle chart and its
 * trades. USD figures use ADA's price from GET /api/v1/market. A pool the follower has not recorded gets one error.
 */
export async function poolPage(poolId: string): Promise<void> {
  const root = main()
  const heading = el('h1', {}, `Pool ${poolId}`)
  const facts = el('div', { id: 'pool-facts' }, el('p', { class: 'muted' }, 'Loading pool…'))
  fill(root, heading, facts)
  const [res, market] = await Promise.all([apiGet<PoolBody>(`/pools/${encodeURIComponent(poolId)}`), apiGet<MarketOverview>('/market')])
  if (!res.ok) {
    fill(facts, el('p', { class: 'error', role: 'alert', id: 'pool-error' }, `${res.error.error}. ${res.error.hint}`))
    return
  }
  const p = res.body
  const adaUsd = market.ok ? market.body.ada.priceUsd : null
  const perUnit = p.token.decimalsSource === 'unknown'
  const decimals = p.token.decimals ?? 0
  const ticker = p.token.ticker ?? p.name.replace(/ \/ ADA$/, '')
  const inUsd = (ada: number | null, format: (usd: number) => string) => (ada === null || adaUsd === null ? '' : ` (${format(ada * adaUsd)})`)
  const liquidityAda = (2 * Number(p.reserves.ada)) / 10 ** ADA_DECIMALS
  document.title = `${p.name} on ${p.dexId} · cardano-market-api`
  fill(heading, `${p.name} `, el('span', { class: 'muted' }, p.dexId))
  const fact = (term: string, ...value: (Node | string)[]) => [el('dt', {}, term), el('dd', {}, ...value)]
  fill(facts,
    el('p', { class: 'price', id: 'price' }, formatPrice(p.priceAda, 'ADA'), perUnit ? ' per base unit' : '', inUsd(p.priceAda, formatPrice)),
    el('dl', { class: 'facts' },
      ...fact('Token', el('a', { href: `/token/${p.token.unit}` }, ticker), p.token.name === null ? '' : ` (${p.token.name})`),
      ...fact('Liquidity', `${formatUnits(String(2n * BigInt(p.reserves.ada)), ADA_DECIMALS)} ADA${inUsd(liquidityAda, formatUsd)}: twice the ADA reserve`),
      ...fact('ADA reserve', `${formatUnits(p.reserves.ada, ADA_DECIMALS)} ADA`),
      ...fact(`${ticker} reserve`, perUnit ? `${formatUnits(p.reserves.token, 0)} base units` : formatUnits(p.reserves.token, decimals)),
      ...fact('Decimals', perUnit ? 'unknown: prices and amounts per base unit' : `${decimals} (from ${p.token.decimalsSource})`),
      ...fact('LP tokens', p.lpSupply === null ? UNKNOWN : formatUnits(p.lpSupply, 0)),
      ...fact('Fee', `${feeText(p.feeBps.adaIn)} buying ${ticker}, ${feeText(p.feeBps.tokenIn)} selling it`),
      ...fact('Created', p.created === null ? 'before the blocks the chain follower has read' : readAt(p.created.blockHeight, p.created.time, p.created.txHash)),
      ...fact('State read at', readAt(p.lastUpdate.blockHeight, p.lastUpdate.time, p.lastUpdate.txHash)),
      ...fact('Pool id', p.poolId),
    ),
    el('p', { class: 'muted' }, `From this service's chain follower, read up to ${p.asOf === null ? UNKNOWN : `block ${formatInteger(p.asOf.blockHeight)}`}.`),
  )
  // A pool a few hours old has few hourly candles: its chart starts at 5 minutes.
  const young = p.created?.time != null && Date.now() / 1000 - p.created.time < YOUNG_POOL_S
  const trades = tradesSection(p.token.unit, Promise.resolve(decimals), p.poolId)
  root.append(chartSection(p.token.unit, { pool: p.poolId, tf: young ? '5m' : undefined }), trades.element)
  // The pool's trades as the follower records them (its token's topic, kept to this pool).
  if (await trades.followed) openLive([`trades:${p.token.unit}`], trades.live, () => {})
}
