/**
 * What the demo's chain API says for the safety report of each curated token (bun run demo, and every test on
 * the default world): the minting policy's script, the mint history and, for some tokens, their holders. Chosen
 * per token from a seed, so the same token gets the same facts every run, and the mix shows every kind of
 * finding: most policies are time locks long past (locked), some have no time bound (mint_open, danger), some a
 * bound still ahead (warning), the CIP-68 tokens a Plutus policy; a few minted more within the last 30 days;
 * about a third are held at few enough addresses to be listed (some with a whale), the rest keep their large
 * holder counts (not listed). SNEK and USDM keep the documented samples (script_info.json, asset_history.json).
 * Every figure agrees with the rest of the world: mints less burns equal the token's total supply, and holder
 * quantities sum to it, its Minswap V2 pool holding a share (at the Minswap V2 pool script's address).
 */
import { LOVELACE } from '../../src/chain/types'
import { unixToSlot } from '../../src/cardano/slot-time'
import { poolFixture } from '../chain/support/pool-outputs'
import { seededRandom } from '../support/seeded-random'
import scriptInfoFixture from '../fixtures/koios/script_info.json'
import assetHistoryFixture from '../fixtures/koios/asset_history.json'
import { koiosHistory, koiosNativeScript, koiosPlutusScript, setHolders, type Holding, type MintTx } from './koios-safety'
import type { World } from './world'

const DAY = 86_400

/** The address every Minswap V2 pool sits at (one script, one stake key), and its stake address. */
const MINSWAP_V2_POOLS = poolFixture({ dex: 'minswap-v2', assetA: LOVELACE, assetB: 'ab'.repeat(28), reserveA: 1n, reserveB: 1n, lpSupply: 1n }).output

/** `bytes` random bytes as hex, four at a time (the generator gives 32 bits a draw). */
const hex = (rand: () => number, bytes: number) => {
  let out = ''
  while (out.length < bytes * 2) out += Math.floor(rand() * 2 ** 32).toString(16).padStart(8, '0')
  return out.slice(0, bytes * 2)
}
const txHash = (rand: () => number) => hex(rand, 32)

/**
 * The demo's chain API facts for the safety report of every token the world's chain API knows, as of `nowMs`.
 * Called again after tokens were added, it fills in theirs and leaves the others as they are.
 */
export function addSafetyFacts(world: World, nowMs = Date.now()): void {
  const now = Math.floor(nowMs / 1000)
  for (const sample of scriptInfoFixture) world.koios.scripts.set(sample.script_hash, structuredClone(sample))
  const usdm = structuredClone(assetHistoryFixture[0])
  world.koios.histories.set(usdm.policy_id + usdm.asset_name, usdm)

  for (const asset of world.koios.assets) {
    const policyId: string = asset.policy_id
    const unit = policyId + asset.asset_name
    const rand = seededRandom(Number(Bun.hash.wyhash(`safety:${unit}`) % 2_147_483_647n))
    const created: number = asset.creation_time ?? now - 400 * DAY
    const supply = BigInt(asset.total_supply ?? '0')
    const key = hex(rand, 28)
    // The documented samples (SNEK's locked time lock, USDM's Plutus policy) keep their scripts and holder counts.
    const sample = world.koios.scripts.get(policyId)

    // The policy: CIP-68 tokens a Plutus script; otherwise 70 % locked a month after the first mint, 15 % without a time bound, 15 % locked in the future.
    const kind =
      sample !== undefined
        ? String(sample.type).startsWith('plutus') ? 'plutus' : 'locked'
        : String(asset.asset_name).startsWith('0014df10') ? 'plutus' : rand() < 0.7 ? 'locked' : rand() < 0.5 ? 'open' : 'until'
    if (sample === undefined) {
      const lockAt = kind === 'locked' ? created + 30 * DAY : now + Math.floor((60 + rand() * 340) * DAY)
      world.koios.scripts.set(
        policyId,
        kind === 'plutus'
          ? koiosPlutusScript(policyId)
          : koiosNativeScript(policyId, kind === 'open' ? { type: 'sig', keyHash: key } : { type: 'all', scripts: [{ type: 'sig', keyHash: key }, { type: 'before', slot: unixToSlot(lockAt) }] }),
      )
    }

    // The mints: once, or (a policy that can still mint) more since, a third of those within the last 30 days, and a burn now and then.
    if (!world.koios.histories.has(unit) && supply > 0n) {
      const later: MintTx[] = []
      if (kind !== 'locked' && rand() < 0.6) {
        const recent = rand() < 0.35
        later.push({ txHash: txHash(rand), time: recent ? now - Math.floor((1 + rand() * 25) * DAY) : created + Math.floor((now - created) * (0.3 + rand() * 0.5)), quantity: supply / 10n })
        if (rand() < 0.5) later.push({ txHash: txHash(rand), time: created + Math.floor((now - created) * 0.2), quantity: -(supply / 50n) })
      }
      const first = supply - later.reduce((sum, tx) => sum + tx.quantity, 0n)
      world.koios.histories.set(unit, koiosHistory(unit, [{ txHash: txHash(rand), time: created, quantity: first }, ...later]))
      asset.mint_cnt = 1 + later.filter((tx) => tx.quantity > 0n).length
      asset.burn_cnt = later.filter((tx) => tx.quantity < 0n).length
    }

    // Holders: a third of the tokens (and any without a holder count, or one small enough to list) get a listing.
    const counts = world.koios.summaries.get(unit)
    const listed = sample === undefined && (counts === undefined || Number(counts.addresses) <= 5000 || rand() < 0.3)
    // Made when first asked for (settleHolders), from a generator of their own: a world is built for every test.
    if (listed && supply > 0n) {
      world.koios.pendingHolders.set(unit, () => setHolders(world, unit, holdings(unit, supply, seededRandom(Number(Bun.hash.wyhash(`holders:${unit}`) % 2_147_483_647n)))))
    }
  }
}

/**
 * 40 to 300 holders of `supply`: the Minswap V2 pool 5–40 %, in one case of four a whale 21–35 %, the rest spread
 * unevenly (weights 1/i), some wallets on two addresses, a few addresses without a stake part. Sums to `supply`.
 */
function holdings(unit: string, supply: bigint, rand: () => number): Holding[] {
  const count = 40 + Math.floor(rand() * 260)
  const part = (share: number) => (supply * BigInt(Math.round(share * 1_000_000))) / 1_000_000n
  const pool = part(0.05 + rand() * 0.35)
  const whale = rand() < 0.25 ? part(0.21 + rand() * 0.14) : 0n
  const rest = supply - pool - whale
  const weights = Array.from({ length: count }, (_, i) => 1 / (i + 1 + rand()))
  const total = weights.reduce((a, b) => a + b, 0)
  const id = unit.slice(0, 8)
  const out: Holding[] = [{ paymentAddress: MINSWAP_V2_POOLS.address, stakeAddress: MINSWAP_V2_POOLS.stakeAddress, quantity: pool }]
  if (whale > 0n) out.push({ paymentAddress: `addr1q${id}whale${hex(rand, 20)}`, stakeAddress: `stake1u${id}whale${hex(rand, 16)}`, quantity: whale })
  let given = 0n
  weights.forEach((w, i) => {
    const quantity = i === count - 1 ? rest - given : (rest * BigInt(Math.floor((w / total) * 1e9))) / 1_000_000_000n
    given += quantity
    const stake = rand() < 0.05 ? null : `stake1u${id}${hex(rand, 20)}`
    // One wallet in ten holds on two addresses under one stake address.
    if (stake !== null && rand() < 0.1 && quantity > 1n) {
      out.push({ paymentAddress: `addr1q${id}${hex(rand, 24)}`, stakeAddress: stake, quantity: quantity / 2n })
      out.push({ paymentAddress: `addr1q${id}${hex(rand, 24)}`, stakeAddress: stake, quantity: quantity - quantity / 2n })
    } else out.push({ paymentAddress: stake === null ? `addr1v${id}${hex(rand, 24)}` : `addr1q${id}${hex(rand, 24)}`, stakeAddress: stake, quantity })
  })
  return out.filter((h) => h.quantity > 0n)
}
