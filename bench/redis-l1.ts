/**
 * Figure 7: the cached GET with REDIS_URL set against unset. A hit is answered from the in-memory L1 and must not
 * pay for Redis: the ratio should sit at 1 within the machine's noise.
 */
import { startRedis } from '../test/support/redis'
import { alternate, type Figure } from './figures'
import { median, runLoad } from './lib/load'

const CONNECTIONS = 64
const SECONDS = 4
const PATH = '/api/v1/tokens'

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })

export const redisL1: Figure = {
  name: 'redis-l1',
  title: `7. Cached GET ${PATH} at ${CONNECTIONS} connections with REDIS_URL set, against unset`,
  async run({ startService }) {
    const redis = await startRedis()
    const alone = await startService()
    const shared = await startService({ REDIS_URL: redis.url })
    try {
      for (const service of [alone, shared]) await (await fetch(service.url + PATH)).arrayBuffer()
      const load = (url: string) => () => runLoad({ url, connections: CONNECTIONS, seconds: SECONDS })
      const { a, b, perRound } = await alternate(load(alone.url + PATH), load(shared.url + PATH))
      return [
        { label: 'REDIS_URL unset (this process alone)', value: `${fmt(a.rps)} req/s`, note: `p50 ${fmt(a.p50, 2)} ms, p99 ${fmt(a.p99, 2)} ms` },
        { label: 'REDIS_URL set (L1 in front of Redis)', value: `${fmt(b.rps)} req/s`, note: `p50 ${fmt(b.p50, 2)} ms, p99 ${fmt(b.p99, 2)} ms` },
        // The median of the rounds' ratios: each round pairs two loads run back to back, so drift cancels out.
        { label: 'ratio set / unset (target ≈ 1)', value: fmt(median(perRound), 2), note: `per round: ${perRound.map((r) => fmt(r, 2)).join(', ')}` },
      ]
    } finally {
      await shared.stop()
      await alone.stop()
      await redis.stop()
    }
  },
}
