/**
 * Figure: the floor under the cached hit. A bare Bun.serve doing only the hit's listed per-request work with the
 * cheapest primitives found (bench/support/floor-server.ts), beside the raw server and the service, in br and for
 * the 304: what the targets of figures 1b and 2 allow in this runtime, and how far the service stands above that.
 * A second raw server writes the service's whole stored header set (CORS, Cache-Control, Vary, ETag, Age, X-Cache)
 * with the same bytes and does nothing else: the step from raw to it is the price of those header bytes, the step
 * from it to the floor the price of the per-request work.
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { startScript } from '../test/support/processes'
import { alternateAll, BR, brAnswerAndItsRevalidation, CONNECTIONS, fmt, HOT_PATH, latencyNote, loadOf, perRound, rawServerFor, revalidationLoadOf, roundsNote, type Figure, type LoadSummary } from './figures'

/** Headers a server writes per response itself, or the hit writes per request: not part of a stored answer. */
const PER_RESPONSE = new Set(['date', 'content-length', 'x-request-id'])

function storedHeaders(response: Response): Record<string, string> {
  const headers: Record<string, string> = {}
  response.headers.forEach((value, name) => {
    if (!PER_RESPONSE.has(name)) headers[name] = value
  })
  return headers
}

/** The server CPU per request that `upper` spends over `lower`, named `step`. */
const cpuStep = (upper: LoadSummary, lower: LoadSummary, step: string): string =>
  upper.cpuUs === null || lower.cpuUs === null ? 'server CPU not measured' : `${step}: ${fmt(upper.cpuUs - lower.cpuUs, 1)} µs of CPU per request`

export const floorFigure: Figure = {
  name: 'floor',
  title: `1c. The floor at ${CONNECTIONS} connections: a bare Bun.serve doing only a hit's per-request work, against the raw server and the service (br)`,
  async run({ startService, dir }) {
    const service = await startService()
    const url = service.url + HOT_PATH
    const { warm, conditional, notModified } = await brAnswerAndItsRevalidation(url)
    const okHeaders = join(dir, `floor-200-${crypto.randomUUID()}.json`)
    const notModifiedHeaders = join(dir, `floor-304-${crypto.randomUUID()}.json`)
    writeFileSync(okHeaders, JSON.stringify(storedHeaders(warm)))
    writeFileSync(notModifiedHeaders, JSON.stringify(storedHeaders(notModified)))
    const { raw, file } = await rawServerFor(dir, warm.clone())
    const { raw: rawWithHeaders } = await rawServerFor(dir, warm.clone(), okHeaders)
    const floor = await startScript(`${import.meta.dir}/support/floor-server.ts`, [file, okHeaders, notModifiedHeaders])
    try {
      const [rawStats, headersOnly, floorOk, serviceOk, floor304, service304] = await alternateAll([
        loadOf(raw.url + HOT_PATH, BR, raw),
        loadOf(rawWithHeaders.url + HOT_PATH, BR, rawWithHeaders),
        loadOf(floor.url + HOT_PATH, BR, floor),
        loadOf(url, BR, service),
        loadOf(floor.url + HOT_PATH, conditional, floor),
        revalidationLoadOf(url, service),
      ])
      return [
        { label: 'raw Bun.serve, same br bytes, 200', value: `${fmt(rawStats.rps)} req/s`, note: latencyNote(rawStats) },
        { label: 'raw with the service\'s stored headers / raw, br', value: fmt(headersOnly.rps / rawStats.rps, 2), note: `${roundsNote(perRound(rawStats, headersOnly))}; ${cpuStep(headersOnly, rawStats, 'headers − raw')}` },
        { label: 'floor, br 200', value: `${fmt(floorOk.rps)} req/s`, note: latencyNote(floorOk) },
        { label: 'ratio floor / raw, br', value: fmt(floorOk.rps / rawStats.rps, 2), note: `${roundsNote(perRound(rawStats, floorOk))}; ${cpuStep(floorOk, headersOnly, 'floor − headers')}` },
        { label: 'ratio service / raw, br', value: fmt(serviceOk.rps / rawStats.rps, 2), note: `${roundsNote(perRound(rawStats, serviceOk))}; ${cpuStep(serviceOk, floorOk, 'service − floor')}` },
        { label: 'floor, 304', value: `${fmt(floor304.rps)} req/s`, note: latencyNote(floor304) },
        { label: 'ratio floor 304 / raw br 200', value: fmt(floor304.rps / rawStats.rps, 2), note: roundsNote(perRound(rawStats, floor304)) },
        { label: 'ratio service 304 / raw br 200', value: fmt(service304.rps / rawStats.rps, 2), note: `${roundsNote(perRound(rawStats, service304))}; ${cpuStep(service304, floor304, 'service − floor')}` },
      ]
    } finally {
      await raw.stop()
      await rawWithHeaders.stop()
      await floor.stop()
      await service.stop()
    }
  },
}
