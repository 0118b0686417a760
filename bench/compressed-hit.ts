/**
 * Figure: the cached screener in brotli (what browsers and CDNs ask for), against a raw Bun.serve returning the
 * same pre-compressed bytes with the same Content-Encoding. The service compresses once when it stores an
 * answer, so a compressed hit should cost what an uncompressed one does.
 */
import { alternateAll, BR, CONNECTIONS, fmt, HOT_PATH, latencyNote, loadOf, perRound, rawServerFor, roundsNote, type Figure } from './figures'

export const compressedHit: Figure = {
  name: 'compressed',
  title: `1b. Cached GET in br at ${CONNECTIONS} connections: the service against a raw Bun.serve returning the same br bytes`,
  async run({ startService, dir }) {
    const service = await startService()
    const url = service.url + HOT_PATH
    const plainSize = (await (await fetch(url, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer()).byteLength
    const warm = await fetch(url, { headers: BR, decompress: false } as RequestInit)
    if (warm.headers.get('content-encoding') !== 'br') throw new Error(`expected a br answer, got ${warm.headers.get('content-encoding')}`)
    const { raw, bytes } = await rawServerFor(dir, warm)
    try {
      const [rawStats, svc] = await alternateAll([loadOf(raw.url + HOT_PATH, BR, raw), loadOf(url, BR, service)])
      return [
        { label: `br body ${fmt(bytes.byteLength / 1024, 1)} KB (identity ${fmt(plainSize / 1024, 1)} KB)`, value: fmt(plainSize / bytes.byteLength, 1) + '× smaller', note: 'compressed once, when the answer is stored' },
        { label: 'raw Bun.serve, same br bytes', value: `${fmt(rawStats.rps)} req/s`, note: latencyNote(rawStats) },
        { label: `service GET ${HOT_PATH} in br (cached)`, value: `${fmt(svc.rps)} req/s`, note: latencyNote(svc) },
        { label: 'ratio service / raw, br (target ≥ 0.9)', value: fmt(svc.rps / rawStats.rps, 2), note: roundsNote(perRound(rawStats, svc)) },
      ]
    } finally {
      await raw.stop()
      await service.stop()
    }
  },
}
