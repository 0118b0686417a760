import { AsyncLocalStorage } from 'node:async_hooks'
import { currentCall } from './call-context'

interface Waiting<V> {
  key: string
  resolve(value: V): void
  reject(error: unknown): void
  /** Runs a function in the call context of the read that waits (its client, lane and request). */
  within: <R>(fn: () => R) => R
}

/**
 * Single-key reads answered by an upstream call that takes many keys (Koios `account_info` takes a list of
 * stake addresses): reads waiting at the same time go out together, up to `maxKeys` a call.
 *
 * Reads are grouped per client, and each client has at most one call in flight: a lone read goes out at once
 * (no added wait), and reads that arrive while it runs leave together in the next call. The call is made in the
 * context of the first read in it, so it is admitted and counted against that client as if it were its own.
 *
 * `readMany` answers every key it is given: the value, or the error that key's read fails with. Values are never
 * undefined (absent means "not answered").
 */
export class BatchedReads<V> {
  private readonly queues = new Map<string, Array<Waiting<V>>>()

  constructor(
    private readonly maxKeys: number,
    private readonly readMany: (keys: string[]) => Promise<Map<string, V | Error>>,
  ) {}

  load(key: string): Promise<V> {
    const client = currentCall().client
    return new Promise<V>((resolve, reject) => {
      const waiting = { key, resolve, reject, within: AsyncLocalStorage.snapshot() }
      const queue = this.queues.get(client)
      if (queue !== undefined) {
        queue.push(waiting)
        return
      }
      // Nothing in flight for this client: this read goes out now, and the queue collects what comes meanwhile.
      this.queues.set(client, [])
      this.send(client, [waiting])
    })
  }

  private send(client: string, batch: Array<Waiting<V>>): void {
    const keys = [...new Set(batch.map((w) => w.key))]
    batch[0]
      .within(() => this.readMany(keys))
      .then(
        (found) => {
          for (const w of batch) {
            const value = found.get(w.key)
            if (value === undefined) w.reject(new Error(`no answer for ${w.key}`))
            else if (value instanceof Error) w.reject(value)
            else w.resolve(value)
          }
        },
        (error: unknown) => {
          for (const w of batch) w.reject(error)
        },
      )
      .finally(() => {
        const queue = this.queues.get(client)!
        if (queue.length === 0) this.queues.delete(client)
        else this.send(client, queue.splice(0, this.maxKeys))
      })
  }
}
