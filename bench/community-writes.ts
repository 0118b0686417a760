/**
 * Figure 5: signed community writes against the embedded database, end to end over HTTP, from eligible writers
 * (registered on the fake chain with 100 ADA). Writes are signed before the clock starts, each by its own key
 * (made with node:crypto, bench/lib/throwaway-signer.ts, so that thousands a round cost nothing to make), and each
 * writer's standing is read once before (its first comment of the day, untimed): the figure is the service's own
 * rate with the eligibility answer cached, as it is for every write of a writer after its first of the day: body
 * read, CIP-8 verification, the cached standing, the atomic insert, the answer. The write limits are lifted (one
 * loopback client sends them all). Beside it, in the same run, the same writes with the chain checks off
 * (COMMUNITY_MIN_ADA=0, COMMUNITY_ANY_UNIT=1: the write path before writers were checked), alternating round by
 * round; the chain API calls made while the clock runs are counted in the note.
 *
 * Figure 5b, the sybil figure: one process making a new key for every boost of one token, for 20 s, with the
 * default settings and then with the per-client limit lifted (the eligibility check alone): how many boosts
 * count, and what the others were answered.
 */
import { verifyCip8 } from '../src/modules/community/cip8'
import { boostPayload, commentPayload, putOnChain } from '../test/community/helpers'
import type { SignedWriteBody } from '../test/community/wallet'
import type { BenchContext, FigureLine } from './figures'
import { median } from './lib/load'
import { signWithFreshKey, throwawayKey } from './lib/throwaway-signer'

const ROUNDS = 5
const BOOSTS = 300
const COMMENT_WRITERS = 20
/** A writer's 10 a day, less the one that read its standing. */
const COMMENTS_PER_WRITER = 9
const IN_FLIGHT = 16
const UNIT = '279c909f348e533da5808898f87f9a14bb2c3dfbbacccd631d927a3f534e454b'
/** Where each writer's untimed first comment goes. */
const WARM_UNIT = 'a0028f350aaabe0545fdcb56b039bfb08e4bb4d8c4d7c3c7d481c235484f534b59'
const SYBIL_SECONDS = 20
/**
 * Figure 5 measures the write path, not the limits or the chain API's budget: the write limits are lifted, and so
 * are Koios's daily quota and minute budget (1,500 new writers a run would otherwise meet the keyless tier's
 * pacing, which figure 5b shows at work).
 */
const LIMITS_OFF = { WRITES_PER_CLIENT_PER_HOUR: '0', COMMENTS_PER_UNIT_PER_DAY: '0', KOIOS_PER_DAY: '0', KOIOS_RPM: '100000' }

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits })
const post = (url: string, body: SignedWriteBody) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })

async function postAll(url: string, bodies: SignedWriteBody[]): Promise<{ perSecond: number; created: number }> {
  let next = 0
  let created = 0
  const started = performance.now()
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < bodies.length) {
        const res = await post(url, bodies[next++])
        if (res.status === 201) created += 1
        await res.arrayBuffer()
      }
    }),
  )
  return { perSecond: bodies.length / ((performance.now() - started) / 1000), created }
}

interface Round {
  boosts: number
  comments: number
  /** Writes answered 201, of those sent. */
  created: number
  sent: number
  chainCalls: number
}

/** One round on one service: new eligible writers, their first write untimed, then their boosts and comments timed. */
async function writeRound(url: string, context: BenchContext): Promise<Round> {
  const day = new Date().toISOString().slice(0, 10)
  const keys = Array.from({ length: BOOSTS }, throwawayKey)
  for (const key of keys) putOnChain(context.fake.world, key.stakeAddress)
  const warm = keys.map((k) => k.sign(commentPayload(WARM_UNIT, 'first write of the day', Date.now())))
  const boosts = keys.map((k) => k.sign(boostPayload(UNIT, day)))
  const comments = Array.from({ length: COMMENTS_PER_WRITER }, (_, i) =>
    keys.slice(0, COMMENT_WRITERS).map((k) => k.sign(commentPayload(UNIT, `benchmark comment ${i}`, Date.now()))),
  ).flat()
  await postAll(`${url}/api/v1/community/comments/${WARM_UNIT}`, warm)
  const callsBefore = context.fake.count('koios', '/account_info')
  const boosted = await postAll(`${url}/api/v1/community/boosts`, boosts)
  const commented = await postAll(`${url}/api/v1/community/comments/${UNIT}`, comments)
  return {
    boosts: boosted.perSecond,
    comments: commented.perSecond,
    created: boosted.created + commented.created,
    sent: boosts.length + comments.length,
    chainCalls: context.fake.count('koios', '/account_info') - callsBefore,
  }
}

export async function communityWrites(context: BenchContext): Promise<FigureLine[]> {
  const unchecked = await context.startService({ ...LIMITS_OFF, COMMUNITY_MIN_ADA: '0', COMMUNITY_ANY_UNIT: '1' })
  const checked = await context.startService(LIMITS_OFF)
  try {
    // Warm the write path (connections, JIT) with refused writes: a payload changed after signing is a 401.
    const tampered = Array.from({ length: 50 }, () => signWithFreshKey(boostPayload(UNIT, '2026-01-31'))).map((b) => ({ ...b, payload: `${b.payload} ` }))
    for (const service of [unchecked, checked]) await postAll(`${service.url}/api/v1/community/boosts`, tampered)
    const rounds: { unchecked: Round[]; checked: Round[] } = { unchecked: [], checked: [] }
    for (let i = 0; i < ROUNDS; i++) {
      rounds.unchecked.push(await writeRound(unchecked.url, context))
      rounds.checked.push(await writeRound(checked.url, context))
    }
    const sent = rounds.checked.reduce((sum, r) => sum + r.sent, 0)
    const created = rounds.checked.reduce((sum, r) => sum + r.created, 0)
    const chainCalls = rounds.checked.reduce((sum, r) => sum + r.chainCalls, 0)
    const line = (what: 'boosts' | 'comments', label: string): FigureLine => {
      const withChecks = median(rounds.checked.map((r) => r[what]))
      const without = median(rounds.unchecked.map((r) => r[what]))
      return {
        label,
        value: `${fmt(withChecks)} /s`,
        note:
          `× ${fmt(withChecks / without, 2)} of the same writes with the chain checks off (${fmt(without)} /s); medians of ${ROUNDS} ` +
          `alternating rounds; ${created} of ${sent} answered 201, ${chainCalls} chain API calls while timed`,
      }
    }

    const signed = signWithFreshKey(boostPayload(UNIT, '2026-01-31'))
    const verifications = 2000
    const started = performance.now()
    for (let i = 0; i < verifications; i++) {
      const result = verifyCip8(signed)
      if (!result.ok) throw new Error(`a valid signature failed: ${result.code}`)
    }
    const perSecond = verifications / ((performance.now() - started) / 1000)
    return [
      line('boosts', `signed boosts, ${BOOSTS} eligible writers a round (standing cached), ${IN_FLIGHT} in flight`),
      line('comments', `signed comments, ${COMMENT_WRITERS} eligible writers × ${COMMENTS_PER_WRITER} a round, ${IN_FLIGHT} in flight`),
      { label: 'CIP-8 signature verifications alone (one core)', value: `${fmt(perSecond)} /s`, note: 'verifyCip8 on a valid boost, in-process' },
    ]
  } finally {
    await unchecked.stop()
    await checked.stop()
  }
}

/** Boosts of UNIT from a new key each, IN_FLIGHT at a time for SYBIL_SECONDS: the answers by status, and the count the service then shows. */
async function sybilRun(url: string): Promise<{ sent: number; statuses: Map<string, number>; counted: number }> {
  const day = new Date().toISOString().slice(0, 10)
  const statuses = new Map<string, number>()
  const until = performance.now() + SYBIL_SECONDS * 1000
  let sent = 0
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (performance.now() < until) {
        const res = await post(`${url}/api/v1/community/boosts`, signWithFreshKey(boostPayload(UNIT, day)))
        const body = (await res.json()) as { code?: string }
        const key = res.status === 201 ? '201' : `${res.status} ${body.code}`
        statuses.set(key, (statuses.get(key) ?? 0) + 1)
        sent += 1
      }
    }),
  )
  const summary = (await (await fetch(`${url}/api/v1/community/boosts?units=${UNIT}`, { headers: { 'cache-control': 'no-cache' } })).json()) as {
    summaries: Array<{ boostsToday: number }>
  }
  return { sent, statuses, counted: summary.summaries[0].boostsToday }
}

const statusNote = (statuses: Map<string, number>) =>
  [...statuses].sort((a, b) => b[1] - a[1]).map(([status, n]) => `${fmt(n)} × ${status}`).join(', ')

export async function sybilWrites({ startService, fake }: BenchContext): Promise<FigureLine[]> {
  const lines: FigureLine[] = []
  for (const [setting, env] of [
    ['default settings', {}],
    ['WRITES_PER_CLIENT_PER_HOUR=0 (the eligibility check alone)', { WRITES_PER_CLIENT_PER_HOUR: '0' }],
  ] as const) {
    const service = await startService(env)
    try {
      const callsBefore = fake.count('koios', '/account_info')
      const run = await sybilRun(service.url)
      const calls = fake.count('koios', '/account_info') - callsBefore
      lines.push({
        label: `sybil: boosts counted for one token, ${SYBIL_SECONDS} s of new keys from one process, ${setting}`,
        value: fmt(run.counted),
        note: `${fmt(run.sent)} POSTs (${fmt(run.sent / SYBIL_SECONDS)} /s): ${statusNote(run.statuses)}; ${fmt(calls)} account_info calls`,
      })
    } finally {
      await service.stop()
    }
  }
  return lines
}
