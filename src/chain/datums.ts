/**
 * The datums of datum-hash pool outputs (Minswap V1, SundaeSwap V1, WingRiders V1) that a transaction shows by hash
 * only, read from Koios `datum_info` in batches under the 1 KB body: the Koios follower for every transaction it
 * reads, the Ogmios follower only for those whose witness set did not carry the datum.
 */
import { BATCH, type ChainTx } from '../upstream/koios-chain'
import type { PoolReaders } from './tx-updates'

/** Fill `datumCbor` of the datum-hash pool inputs and outputs of `txs` in place, with at most `maxCalls` reads. */
export async function fillDatums(
  txs: ChainTx[],
  readers: PoolReaders,
  readDatums: (hashes: string[]) => Promise<Map<string, string>>,
  maxCalls: number,
): Promise<void> {
  const wanted = new Set<string>()
  for (const tx of txs) {
    for (const o of [...tx.inputs, ...tx.outputs]) {
      if (o.datumCbor === null && o.datumHash !== null && readers.datumByHash.has(o.paymentCred)) wanted.add(o.datumHash)
    }
  }
  const list = [...wanted]
  const datums = new Map<string, string>()
  for (let i = 0; i < list.length && i < maxCalls * BATCH.datumInfo; i += BATCH.datumInfo) {
    for (const [k, v] of await readDatums(list.slice(i, i + BATCH.datumInfo))) datums.set(k, v)
  }
  for (const tx of txs) {
    for (const outputs of [tx.inputs, tx.outputs]) {
      for (let i = 0; i < outputs.length; i++) {
        const o = outputs[i]
        if (o.datumCbor === null && o.datumHash !== null && datums.has(o.datumHash)) outputs[i] = { ...o, datumCbor: datums.get(o.datumHash)! }
      }
    }
  }
}
