/**
 * The explorer tests' service on the default world with a fake chain followed to its tip: SNEK and MIN
 * (test/chain/support/scenario.ts) and the tokens outside the registry (REGIS, CIPS, NOPE:
 * test/chain/support/outside-registry.ts), a database of its own (community on), served to one Chromium.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { assetRows, outsideRegistry, type OutsideRegistry } from '../chain/support/outside-registry'
import { scenario, type Scenario } from '../chain/support/scenario'
import { defaultWorld, type World } from '../fake-upstreams/world'
import { startService } from '../helpers'
import { servedToChromium } from '../support/chromium'

export async function servedChainWorld(prepare: (world: World) => void = () => {}) {
  const dir = mkdtempSync(join(tmpdir(), 'explorer-chain-'))
  const world = defaultWorld()
  const chain: Scenario = scenario()
  const outside: OutsideRegistry = outsideRegistry(chain.chain)
  world.koios.chain = chain.chain
  world.koios.assets.push(...assetRows())
  prepare(world)
  const svc = await startService({ world, env: { DATABASE_URL: `file:${join(dir, 'c.db')}`, CHAIN_FOLLOW: 'on', CHAIN_BACKFILL_HOURS: '3' } })
  for (let i = 0; i < 10 && (await svc.deps.chain!.follower.poll()).cursor?.height !== chain.chain.tip!.height; i++);
  // What the chain API says of the tokens outside the registry (names, tickers, decimals).
  await svc.deps.chain!.identities.step()
  const { base, browser } = await servedToChromium(svc, () => rmSync(dir, { recursive: true, force: true }))
  return { svc, chain, outside, base, browser }
}
