/**
 * 15. The token safety report (GET /tokens/{unit}/safety), in-process against the fake chain API: a cold report
 * of a token held at 5,000 addresses (the bound: four reads and five asset_addresses pages, reduced to the top
 * holders) beside a cold report of one held at more (four reads, no page: the same-run baseline); a report rebuilt
 * from the day-long chain API reads once the 300 s answer expired (no call); a cached report (the front cache);
 * and what the day-long holder entry keeps against the rows it was reduced from.
 */
import { join } from 'node:path'
import { FakeUpstreams } from '../test/fake-upstreams/server'
import { koiosNativeScript, koiosHistory, setHolderCounts, setHolders } from '../test/fake-upstreams/koios-safety'
import { koiosAsset } from '../test/fake-upstreams/builders'
import { emptyWorld } from '../test/fake-upstreams/world'
import { startService } from '../test/helpers'
import type { Figure } from './figures'
import { fmt } from './figures'
import { median } from './lib/load'

const TOKENS = 12
const SAMPLES = 200
const unit = (kind: string, i: number) => `${(kind === 'listed' ? 'd1' : 'd2').repeat(27)}${i.toString(16).padStart(2, '0')}${Buffer.from(kind).toString('hex')}`

export const safetyReport: Figure = {
  name: 'safety',
  title: '15. Token safety report: cold with 5,000 holders listed, cold above the bound, rebuilt from the day-long reads, cached',
  async run(context) {
    const world = emptyWorld()
    const now = Math.floor(Date.now() / 1000)
    for (let i = 0; i < TOKENS; i++) {
      for (const kind of ['listed', 'crowd']) {
        const u = unit(kind, i)
        world.koios.assets.push({ ...koiosAsset({ policyId: u.slice(0, 56), assetNameHex: u.slice(56), totalSupply: '5000000000' }), mint_cnt: 1, burn_cnt: 0 })
        world.koios.scripts.set(u.slice(0, 56), koiosNativeScript(u.slice(0, 56), { type: 'sig', keyHash: 'ee'.repeat(28) }))
        world.koios.histories.set(u, koiosHistory(u, [{ txHash: 'ab'.repeat(32), time: now - 400 * 86_400, quantity: 5_000_000_000n }]))
        if (kind === 'crowd') setHolderCounts(world, u, { addresses: 46_890, staked: 41_210, unstaked: 2_211 })
        else {
          setHolders(world, u, Array.from({ length: 5_000 }, (_, j) => ({
            paymentAddress: `addr1q${i}x${j.toString(36).padStart(8, '0')}`,
            stakeAddress: j % 10 === 0 ? null : `stake1u${i}x${Math.floor(j / 2).toString(36).padStart(8, '0')}`,
            quantity: 1_000_000n,
          })))
        }
      }
    }
    const fake = await FakeUpstreams.start({ world })
    const svc = await startService({ fake, env: { DATABASE_URL: `file:${join(context.dir, `safety-${crypto.randomUUID()}.db`)}`, KOIOS_PER_DAY: '0', KOIOS_RPM: '60000', LOG_LEVEL: 'silent' } })
    const report = (u: string) => svc.get(`/api/v1/tokens/${u}/safety`).then(async (r) => [r.status, await r.arrayBuffer()] as const)
    const timedEach = async (units: string[]) => {
      const ms: number[] = []
      for (const u of units) {
        const started = performance.now()
        const [status] = await report(u)
        ms.push(performance.now() - started)
        if (status !== 200) throw new Error(`safety report answered ${status}`)
      }
      return median(ms)
    }
    try {
      const listed = Array.from({ length: TOKENS }, (_, i) => unit('listed', i))
      const crowd = Array.from({ length: TOKENS }, (_, i) => unit('crowd', i))
      fake.resetCalls()
      const coldListed = await timedEach(listed)
      const callsListed = fake.count('koios') / TOKENS
      fake.resetCalls()
      const coldCrowd = await timedEach(crowd)
      const callsCrowd = fake.count('koios') / TOKENS
      // The answers expire (300 s); the chain API reads are kept a day.
      svc.advance(301_000)
      fake.resetCalls()
      const rebuilt = await timedEach(listed)
      const callsRebuilt = fake.count('koios')
      const cachedMs: number[] = []
      for (let i = 0; i < SAMPLES; i++) {
        const started = performance.now()
        await report(listed[i % TOKENS])
        cachedMs.push(performance.now() - started)
      }
      const rowsBytes = JSON.stringify(world.koios.holders.get(listed[0])).length
      const entry = svc.deps.upstreamCache.peek(`koios:asset-holders:${listed[0]}:5`)
      const entryBytes = JSON.stringify(entry).length
      return [
        { label: 'cold report, 5,000 holders listed (5 pages)', value: `${fmt(coldListed, 1)} ms`, note: `median of ${TOKENS} tokens; ${fmt(callsListed, 1)} chain API calls each (4 reads + 5 pages); × ${fmt(coldListed / coldCrowd, 2)} the baseline below` },
        { label: 'cold report, above the bound (no page)', value: `${fmt(coldCrowd, 1)} ms`, note: `median of ${TOKENS} tokens; ${fmt(callsCrowd, 1)} chain API calls each (the same-run baseline)` },
        { label: 'report rebuilt after its 300 s, from the day-long reads', value: `${fmt(rebuilt, 1)} ms`, note: `median of ${TOKENS}; ${callsRebuilt} chain API calls` },
        { label: 'cached report (front cache)', value: `${fmt(median(cachedMs), 3)} ms`, note: `median of ${SAMPLES}, in-process (app.handle)` },
        { label: 'day-long holder entry kept', value: `${fmt(entryBytes)} B`, note: `JSON of the reduction (pools, holder count, top 10) against ${fmt(rowsBytes)} B of the 5,000 rows it was read from` },
      ]
    } finally {
      await svc.stop()
      await fake.stop()
    }
  },
}
