/**
 * Figure: the cached screener in brotli (what browsers and CDNs ask for), against a raw Bun.serve returning the
 * same pre-compressed bytes with the same Content-Encoding. The service compresses once when it stores an
 * answer, so a compressed hit should cost what an uncompressed one does.
 * Also measured behind one proxy hop (TRUST_PROXY=1, the deployment behind a CDN): the request log's client is
 * then the X-Forwarded-For entry, and Bun's per-request getpeername call for the socket's peer is not made.
 */
import { alternateAll, BR, CONNECTIONS, fmt, HOT_PATH, latencyNote, loadOf, perRound, rawServerFor, roundsNote, type Figure } from './figures'

/** The client a proxy in front of the service reports (a documentation address, RFC 5737). */
const FORWARDED_CLIENT = '203.0.113.7'

export const compressedHit: Figure = {
  name: 'compressed',
  title: `1b. Cached GET in br at ${CONNECTIONS} connections: the service against a raw Bun.serve returning the same br bytes`,
  async run({ startService, dir }) {
    const service = await startService()
    const proxied = await startService({ TRUST_PROXY: '1' })
    const url = service.url + HOT_PATH
    const plainSize = (await (await fetch(url, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer()).byteLength
    const warm = await fetch(url, { headers: BR, decompress: false } as RequestInit)
    if (warm.headers.get('content-encoding') !== 'br') throw new Error(`expected a br answer, got ${warm.headers.get('content-encoding')}`)
    const { raw, bytes } = await rawServerFor(dir, warm)
    try {
      const [rawStats, svc, behindProxy] = await alternateAll([
        loadOf(raw.url + HOT_PATH, BR, raw),
        loadOf(url, BR, service),
        loadOf(proxied.url + HOT_PATH, { ...BR, 'X-Forwarded-For': FORWARDED_CLIENT }, proxied),
      ])
      return [
        { label: `br body ${fmt(bytes.byteLength / 1024, 1)} KB (identity ${fmt(plainSize / 1024, 1)} KB)`, value: fmt(plainSize / bytes.byteLength, 1) + '× smaller', note: 'compressed once, when the answer is stored' },
        { label: 'raw Bun.serve, same br bytes', value: `${fmt(rawStats.rps)} req/s`, note: latencyNote(rawStats) },
        { label: `service GET ${HOT_PATH} in br (cached)`, value: `${fmt(svc.rps)} req/s`, note: latencyNote(svc) },
        { label: 'ratio service / raw, br (target ≥ 0.9)', value: fmt(svc.rps / rawStats.rps, 2), note: roundsNote(perRound(rawStats, svc)) },
        { label: 'service behind one proxy hop (TRUST_PROXY=1, X-Forwarded-For), br', value: `${fmt(behindProxy.rps)} req/s`, note: latencyNote(behindProxy) },
        { label: 'ratio behind a proxy / raw, br', value: fmt(behindProxy.rps / rawStats.rps, 2), note: `${roundsNote(perRound(rawStats, behindProxy))}; the log's client from the header, no getpeername per request` },
      ]
    } finally {
      await raw.stop()
      await service.stop()
      await proxied.stop()
    }
  },
}
