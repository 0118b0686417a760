/**
 * One fake chain read by two services: one following it through the fake Koios (polled), one through the fake
 * Ogmios (a real WebSocket), each on its own database. For the tests that compare what the two sources record.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FakeChain } from '../../fake-upstreams/chain'
import { FakeOgmios } from '../../fake-upstreams/ogmios'
import { FakeUpstreams } from '../../fake-upstreams/server'
import { emptyWorld } from '../../fake-upstreams/world'
import { startService, type TestService } from '../../helpers'

export interface TwoSources {
  fake: FakeUpstreams
  ogmios: FakeOgmios
  koiosSvc: TestService
  ogmiosSvc: TestService
  dir: string
  /** Poll the Koios follower until it has read everything (backfill and discovery included). */
  koiosCaughtUp(): Promise<void>
  /** Wait until the Ogmios follower has processed the chain's tip. */
  ogmiosCaughtUp(timeoutMs?: number): Promise<void>
  /** A service on the Ogmios side, on the same database (a restart, or the first start when deferred). */
  restartOgmios(env?: Record<string, string>): Promise<void>
  stop(): Promise<void>
}

export const ADA_USD = 0.65

/** `deferOgmios`: the Ogmios side starts following only at restartOgmios() (its service exists, idle). */
export async function twoSources(chain: FakeChain, env: Record<string, string> = {}, options: { deferOgmios?: boolean } = {}): Promise<TwoSources> {
  const dir = mkdtempSync(join(tmpdir(), 'two-sources-'))
  const world = emptyWorld()
  world.koios.chain = chain
  world.coingecko.adaPriceAt = () => ADA_USD
  const fake = await FakeUpstreams.start({ world })
  const ogmios = await FakeOgmios.start(chain)
  const base = { CHAIN_FOLLOW: 'on', CHAIN_BACKFILL_HOURS: '1', ...env }
  const koiosSvc = await startService({ fake, env: { ...base, DATABASE_URL: `file:${join(dir, 'koios.db')}` }, ledgerOnClock: true })
  const ogmiosEnv = () => ({ ...base, DATABASE_URL: `file:${join(dir, 'ogmios.db')}`, CHAIN_SOURCE: 'ogmios', OGMIOS_URL: ogmios.url })
  const startOgmios = async (extra: Record<string, string> = {}, follow = true) => {
    const svc = await startService({ fake, env: { ...ogmiosEnv(), ...extra } })
    if (follow) svc.deps.chain!.ogmios!.start()
    return svc
  }
  const sides: TwoSources = {
    fake,
    ogmios,
    koiosSvc,
    ogmiosSvc: await startOgmios({}, options.deferOgmios !== true),
    dir,
    async koiosCaughtUp() {
      for (let i = 0; i < 40; i++) {
        const report = await koiosSvc.deps.chain!.follower.poll()
        if (report.cursor?.backfill === null && report.cursor.discovery === null && report.cursor.height === chain.tip!.height) return
      }
      throw new Error('the Koios follower did not catch up in 40 polls')
    },
    async ogmiosCaughtUp(timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs
      while (Date.now() < until) {
        const cursor = await sides.ogmiosSvc.deps.chain!.position.read()
        if (cursor.processed?.blockHeight === chain.tip!.height && cursor.processed.blockHash === chain.tip!.hash) return
        await Bun.sleep(20)
      }
      throw new Error(`the Ogmios follower did not reach the tip in ${timeoutMs} ms`)
    },
    async restartOgmios(extra = {}) {
      await sides.ogmiosSvc.deps.chain!.ogmios!.stop()
      await sides.ogmiosSvc.stop()
      sides.ogmiosSvc = await startOgmios(extra)
    },
    async stop() {
      await sides.ogmiosSvc.deps.chain?.ogmios?.stop()
      await sides.ogmiosSvc.stop()
      await koiosSvc.stop()
      await ogmios.stop()
      await fake.stop()
      rmSync(dir, { recursive: true, force: true })
    },
  }
  return sides
}
