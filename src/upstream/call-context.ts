/**
 * Who an upstream call is made for, carried from the request down to the HTTP client without threading it
 * through every service: the request wrapper runs the handler inside `forClient`, and reads that belong to the
 * core plan run inside `asCore`. A call made outside any request (a background schedule) is the service's own.
 *
 * A request also carries its chain of cold calls (admission per request): its service declares the calls it
 * needs per upstream before it can answer (`declareChain`: pool look-up then candles, asset info then holders,
 * handle then account) and marks each step answered from the cache (`chainStep`). At its first cold long-tail
 * call, the HTTP client asks the ledger for what is still needed, all at once from the client's share; a
 * refused request has spent nothing, an admitted one spends the calls it was granted ahead.
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import type { ClientShare, Lane } from './budget-ledger'
import type { UpstreamName } from './errors'

export interface RequestChain {
  /** Cold calls still needed per upstream (declared, less steps answered from the cache). */
  need: Partial<Record<UpstreamName, number>>
  /** Calls granted ahead, per upstream; null until the chain is admitted. */
  tickets: Partial<Record<UpstreamName, number>> | null
  /** The client's long-tail shares seen by this request (the RateLimit headers). */
  shares: Map<UpstreamName, ClientShare>
  /** Gives back calls granted ahead and not made once the request is answered (set when the chain is admitted). */
  release?: () => void
  /**
   * The chain's admission while the ledger decides it: the request's other cold calls made meanwhile (reads run in
   * parallel) wait for it and spend what it granted, rather than each asking for the whole chain again.
   */
  admitting?: Promise<unknown>
}

/** Admitted chains still running, per client, and the requests of that client waiting for one to end. */
const running = new Map<string, { chains: Set<RequestChain>; waiters: Array<() => void> }>()

/** A chain of `client` was admitted (see endRequest). */
export function chainStarted(chain: RequestChain, client: string): void {
  const entry = running.get(client) ?? { chains: new Set(), waiters: [] }
  entry.chains.add(chain)
  running.set(client, entry)
  const release = chain.release
  chain.release = () => {
    release?.()
    entry.chains.delete(chain)
    if (entry.chains.size === 0) running.delete(client)
    for (const wake of entry.waiters.splice(0)) wake()
  }
}

/** Calls granted ahead to `client`'s running chains on `upstream` and not made yet (they may come back). */
export function heldAhead(client: string, upstream: UpstreamName): number {
  let held = 0
  for (const chain of running.get(client)?.chains ?? []) held += chain.tickets?.[upstream] ?? 0
  return held
}

/**
 * Waits (at most `ms`) for one of `client`'s running chains to end, so a lone client's burst is served one
 * chain after the other up to its share instead of refused at once; false when none is running.
 */
export function waitForChainOf(client: string, ms: number): Promise<boolean> {
  const entry = running.get(client)
  if (entry === undefined || ms <= 0) return Promise.resolve(false)
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms)
    entry.waiters.push(() => {
      clearTimeout(timer)
      resolve(true)
    })
  })
}

/** The request was answered: calls granted ahead and never made go back to the client's share. */
export function endRequest(chain: RequestChain): void {
  chain.release?.()
  chain.release = undefined
  // A background refresh the request started later asks call by call: what was ahead went back.
  if (chain.tickets !== null) chain.tickets = {}
}

export interface CallContext {
  client: string
  lane: Lane
  /** The request's chain; absent outside a request. */
  request?: RequestChain
}

/** The client of calls made outside any request. */
export const INTERNAL_CLIENT = 'internal'

const storage = new AsyncLocalStorage<CallContext>()

export function currentCall(): CallContext {
  return storage.getStore() ?? { client: INTERNAL_CLIENT, lane: 'long_tail' }
}

export const newRequestChain = (): RequestChain => ({ need: {}, tickets: null, shares: new Map() })

/** Runs `fn` with its upstream calls made for `client` (long-tail lane unless a core read says otherwise). */
export function forClient<T>(client: string, fn: () => T, request: RequestChain = newRequestChain()): T {
  return storage.run({ client, lane: 'long_tail', request }, fn)
}

/**
 * Runs a read of the core plan (a fixed, canonical resource whose refresh rate the plan bounds): its calls take
 * the core lane's reserved share, whoever triggered them.
 */
export function asCore<T>(fn: () => T): T {
  return storage.run({ client: currentCall().client, lane: 'core' }, fn)
}

/** Declares the cold calls this request needs per upstream before it can answer (before any is made). */
export function declareChain(need: Partial<Record<UpstreamName, number>>): void {
  const chain = currentCall().request
  if (chain !== undefined && chain.tickets === null) chain.need = { ...need }
}

/** One step of the declared chain was answered (from the cache or by a call): it needs one call less. */
export function chainStep(upstream: UpstreamName): void {
  const chain = currentCall().request
  if (chain === undefined || chain.tickets !== null) return
  const left = (chain.need[upstream] ?? 0) - 1
  chain.need[upstream] = Math.max(0, left)
}
