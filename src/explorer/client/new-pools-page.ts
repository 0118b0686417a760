import type { NewPoolBody, NewPoolsBody } from '../../modules/pools/schemas'
import { apiGet } from './api'
import { el, fill, main, statusLine } from './dom'
import { formatDate, formatPrice, formatUnits, UNKNOWN } from './format'
import { openLive } from './live'

/** Rows shown: the newest this many (the live topic adds to the top). */
const SHOWN = 100

/** The token as a link to its page: its ticker, else the pair label's token part (the asset name as text, or the unit's start). */
function tokenCell(pool: NewPoolBody): HTMLElement {
  const label = pool.token.ticker ?? pool.name.replace(/ \/ ADA$/, '')
  return el('th', { scope: 'row' }, el('a', { href: `/token/${pool.token.unit}` }, label), pool.token.name === null ? null : el('span', { class: 'muted name' }, pool.token.name))
}

/** The initial price: per whole token, or per base unit when the token's decimals are unknown (said in the cell). */
function priceCell(pool: NewPoolBody): HTMLElement {
  const perUnit = pool.token.decimalsSource === 'unknown'
  return el('td', { class: 'num' }, formatPrice(pool.initialPrice, 'ADA'), perUnit ? el('span', { class: 'muted' }, ' per base unit') : null)
}

function row(pool: NewPoolBody): HTMLElement {
  return el('tr', { 'data-pool': pool.poolId },
    el('td', {}, formatDate(pool.created.time)),
    tokenCell(pool),
    el('td', {}, pool.dexId),
    priceCell(pool),
    el('td', { class: 'num' }, `${formatUnits(pool.initialReserves.ada, 6)} ADA`),
    el('td', {}, pool.token.decimalsSource),
    el('td', {}, el('a', { href: `/pool/${pool.poolId}` }, 'Pool page')),
  )
}

/** /pools/new: pools the chain follower saw created, newest first, kept current by the stream's pools:new topic. */
export async function newPoolsPage(): Promise<void> {
  const root = main()
  const meta = el('p', { class: 'muted', id: 'pools-meta' }, 'Loading new pools…')
  const status = statusLine('pools-status')
  const body = el('tbody', {})
  const table = el('table', { id: 'new-pools' },
    el('caption', {}, 'ADA pools created on the followed DEXes, newest first. Initial reserves and price as created.'),
    el('thead', {}, el('tr', {}, ...['Created', 'Token', 'DEX', 'Initial price', 'Initial ADA', 'Decimals from', 'Pool'].map((h) => el('th', { scope: 'col' }, h)))),
    body,
  )
  fill(root, el('h1', {}, 'New pools on Cardano'), meta, status, el('div', { class: 'table-scroll' }, table))

  let pools: NewPoolBody[] = []
  const render = () => fill(body, ...pools.map(row))
  const res = await apiGet<NewPoolsBody>(`/pools/new?limit=${SHOWN}`)
  if (!res.ok) {
    fill(meta, el('span', { class: 'error', role: 'alert' }, `${res.error.error}. ${res.error.hint}`))
    return
  }
  pools = res.body.pools
  const asOf = res.body.asOf === null ? UNKNOWN : `block ${res.body.asOf.blockHeight}`
  meta.textContent = `${res.body.count === 0 ? 'No new pool recorded yet.' : `${res.body.count} pools.`} ${res.body.coverage} Read up to ${asOf}.`
  render()
  /** Pools from the stream (newest first) on top of those shown, each pool once; returns how many were new here. */
  const merge = (data: unknown): number => {
    const heard = (data as { pools?: NewPoolBody[] }).pools ?? []
    const shown = new Set(pools.map((p) => p.poolId))
    const added = heard.filter((p) => !shown.has(p.poolId))
    const byId = new Set(heard.map((p) => p.poolId))
    pools = [...heard, ...pools.filter((p) => !byId.has(p.poolId))].sort((a, b) => b.created.blockHeight - a.created.blockHeight).slice(0, SHOWN)
    render()
    return added.length
  }
  openLive(['pools:new'], {
    // The snapshot holds the newest pools: any created between the read above and the stream's start.
    snapshot: (data) => void merge(data),
    pool: (data) => {
      const added = merge(data)
      status.textContent = `${added} new pool${added === 1 ? '' : 's'} just created.`
    },
  }, () => {
    status.textContent = 'Live updates are off: reload for new pools.'
  })
}
