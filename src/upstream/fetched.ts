import type { Cached, Memo, MemoOptions } from '../cache/memo'
import { currentCall } from './call-context'
import { FairShareRefusal } from './errors'

/** An upstream read: the data, and whether it is a stale copy served because the upstream failed or is refreshing. */
export interface Fetched<T> {
  data: T
  stale: boolean
  /** When the upstream answered (ms since epoch); absent for values not read from an upstream. */
  at?: number
}

/**
 * Read through the shared memo; every adapter method goes through here. Upstream entries are not served
 * stale-while-revalidate (`swrMs: 0`): the endpoint answers above them already are, so a rebuild waits for
 * fresh upstream data, and `stale` means one thing only: the upstream failed and an older copy stands in.
 */
export async function memoised<T>(
  memo: Memo,
  key: string,
  options: MemoOptions<T>,
  loader: () => Promise<T>,
): Promise<Fetched<T>> {
  const read = () => memo.get(key, { swrMs: 0, ...options }, loader)
  let cached: Cached<T>
  try {
    cached = await read()
  } catch (error) {
    // Single flight shared another client's load, refused for that client's share: load on our own.
    if (!(error instanceof FairShareRefusal) || error.client === currentCall().client) throw error
    cached = await read()
  }
  return { data: cached.value, stale: cached.state === 'STALE', at: cached.storedAt }
}

/** True when any of the reads was stale: a response built from them is labelled stale too. */
export const anyStale = (...reads: Array<Fetched<unknown> | null | undefined>): boolean =>
  reads.some((r) => r?.stale === true)

/** The time of the oldest of the reads (ISO 8601); null when none says. */
export function oldestRead(reads: ReadonlyArray<Fetched<unknown>>): string | null {
  const times = reads.flatMap((r) => (r.at === undefined ? [] : [r.at]))
  return times.length === 0 ? null : new Date(Math.min(...times)).toISOString()
}
