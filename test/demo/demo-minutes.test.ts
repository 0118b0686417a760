/**
 * `bun run demo` for three minutes of wall-clock time, used the way a newcomer uses it: token pages (detail,
 * chart, trades) one after the other through the 68 curated tokens, the sample wallet, a handle nobody has and a
 * made-up unit, with /readyz asked every round. The demo runs like production minus the internet, so:
 * - no answer is `upstream_quota_paced` (the fakes have no daily quota, and the demo sets none);
 * - /readyz stays `ready` (its own plan pacing a core input is no outage);
 * - an unknown $handle is 404 `handle_not_found` and a made-up unit 404 `token_not_found`, every time.
 *
 * Real time, not an accelerated clock: the demo's schedules (core refresh, chain polls every 2 s, a block every
 * 20 s) and the budget windows all run on the machine's clock, and a faster clock for some of them would test
 * something the demo never does. So this file takes three minutes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import registry from '../../src/registry/tokens.json'
import { SAMPLE } from '../fake-upstreams/world'
import { startDemo, type DemoProcess } from './demo-process'

const WALK_MS = 180_000
const ROUND_MS = 1_500
const UNKNOWN_HANDLE = '%24nobody-here'
const MADE_UP_UNIT = 'ab'.repeat(28) + '4e4f4e45'

let demo: DemoProcess
beforeAll(async () => {
  demo = await startDemo()
}, 120_000)
afterAll(() => demo?.stop())

interface Answer {
  path: string
  status: number
  code?: string
  readiness?: string
}

async function ask(path: string): Promise<Answer> {
  const res = await fetch(demo.origin + path, { signal: AbortSignal.timeout(30_000) })
  const body = (await res.json().catch(() => null)) as { code?: string; status?: string } | null
  return { path, status: res.status, code: body?.code, readiness: path === '/readyz' ? body?.status : undefined }
}

describe('bun run demo for three minutes', () => {
  it('never paces a quota, stays ready, and answers 404 for an unknown handle and a made-up unit', async () => {
    const answers: Answer[] = []
    const until = Date.now() + WALK_MS
    for (let round = 0; Date.now() < until; round++) {
      const started = Date.now()
      const token = registry[round % registry.length].unit
      const walk = [
        `/api/v1/tokens/${token}`,
        `/api/v1/tokens/${token}/ohlcv`,
        `/api/v1/tokens/${token}/trades?limit=25`,
        `/api/v1/wallet/%24${SAMPLE.handle}`,
        `/api/v1/wallet/${UNKNOWN_HANDLE}`,
        `/api/v1/tokens/${MADE_UP_UNIT}`,
        '/readyz',
      ]
      answers.push(...(await Promise.all(walk.map(ask))))
      await Bun.sleep(Math.max(0, ROUND_MS - (Date.now() - started)))
    }
    const rounds = answers.filter((a) => a.path === '/readyz').length
    expect(rounds).toBeGreaterThan(60)
    expect(answers.filter((a) => a.code === 'upstream_quota_paced')).toEqual([])
    expect(answers.filter((a) => a.path === '/readyz' && a.readiness !== 'ready')).toEqual([])
    const unknownHandle = answers.filter((a) => a.path.endsWith(UNKNOWN_HANDLE))
    expect(new Set(unknownHandle.map((a) => `${a.status} ${a.code}`))).toEqual(new Set(['404 handle_not_found']))
    const madeUp = answers.filter((a) => a.path.endsWith(MADE_UP_UNIT))
    expect(new Set(madeUp.map((a) => `${a.status} ${a.code}`))).toEqual(new Set(['404 token_not_found']))
    // Every curated token page answered: details and charts with data, never a refusal of this one client.
    const pages = answers.filter((a) => /^\/api\/v1\/tokens\/[0-9a-f]+(\/ohlcv)?$/.test(a.path) && !a.path.includes(MADE_UP_UNIT))
    expect(pages.filter((a) => a.status !== 200)).toEqual([])
  }, WALK_MS + 60_000)
})
