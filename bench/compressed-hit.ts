/**
 * Figure: the cached screener in brotli (what browsers and CDNs ask for), against a raw Bun.serve returning the
 * same pre-compressed bytes with the same Content-Encoding. The service compresses once when it stores an
 * answer, so a compressed hit should cost what an uncompressed one does.
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { startScript } from '../test/support/processes'
import { alternate, CONNECTIONS, fmt, HOT_PATH, type Figure } from './figures'
import { runLoad } from './lib/load'

const SECONDS = 4
const BR = { 'Accept-Encoding': 'gzip, deflate, br' }

export const compressedHit: Figure = {
  name: 'compressed',
  title: `1b. Cached GET in br at ${CONNECTIONS} connections: the service against a raw Bun.serve returning the same br bytes`,
  async run({ startService, dir }) {
    const service = await startService()
    const url = service.url + HOT_PATH
    const plainSize = (await (await fetch(url, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer()).byteLength
    const warm = await fetch(url, { headers: BR, decompress: false } as RequestInit)
    if (warm.headers.get('content-encoding') !== 'br') throw new Error(`expected a br answer, got ${warm.headers.get('content-encoding')}`)
    const bytes = new Uint8Array(await warm.arrayBuffer())
    const file = join(dir, 'body.br')
    writeFileSync(file, bytes)
    const raw = await startScript(`${import.meta.dir}/support/raw-server.ts`, [file, warm.headers.get('content-type')!, '0', 'br'])
    try {
      const load = (target: string) => () => runLoad({ url: target, connections: CONNECTIONS, seconds: SECONDS, headers: BR })
      const { a: rawStats, b: svc, perRound } = await alternate(load(raw.url + HOT_PATH), load(url))
      return [
        { label: `br body ${fmt(bytes.byteLength / 1024, 1)} KB (identity ${fmt(plainSize / 1024, 1)} KB)`, value: fmt(plainSize / bytes.byteLength, 1) + '× smaller', note: 'compressed once, when the answer is stored' },
        { label: 'raw Bun.serve, same br bytes', value: `${fmt(rawStats.rps)} req/s`, note: `p50 ${fmt(rawStats.p50, 2)} ms, p99 ${fmt(rawStats.p99, 2)} ms` },
        { label: `service GET ${HOT_PATH} in br (cached)`, value: `${fmt(svc.rps)} req/s`, note: `p50 ${fmt(svc.p50, 2)} ms, p99 ${fmt(svc.p99, 2)} ms` },
        { label: 'ratio service / raw, br (target ≥ 0.8)', value: fmt(svc.rps / rawStats.rps, 2), note: `per round: ${perRound.map((r) => fmt(r, 2)).join(', ')}` },
      ]
    } finally {
      await raw.stop()
      await service.stop()
    }
  },
}
