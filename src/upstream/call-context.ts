/**
 * Who an upstream call is made for, carried from the request down to the HTTP client without threading it
 * through every service: the request wrapper runs the handler inside `forClient`, and reads that belong to the
 * core plan run inside `asCore`. A call made outside any request (a background schedule) is the service's own.
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import type { Lane } from './budget-ledger'

export interface CallContext {
  client: string
  lane: Lane
}

/** The client of calls made outside any request. */
export const INTERNAL_CLIENT = 'internal'

const storage = new AsyncLocalStorage<CallContext>()

export function currentCall(): CallContext {
  return storage.getStore() ?? { client: INTERNAL_CLIENT, lane: 'long_tail' }
}

/** Runs `fn` with its upstream calls made for `client` (long-tail lane unless a core read says otherwise). */
export function forClient<T>(client: string, fn: () => T): T {
  return storage.run({ client, lane: 'long_tail' }, fn)
}

/**
 * Runs a read of the core plan (a fixed, canonical resource whose refresh rate the plan bounds): its calls take
 * the core lane's reserved share, whoever triggered them.
 */
export function asCore<T>(fn: () => T): T {
  return storage.run({ client: currentCall().client, lane: 'core' }, fn)
}
