/**
 * The fake chain API's rows for the safety report, in Koios's shapes: `script_info` and `asset_history` from
 * test/fixtures/koios/{script_info,asset_history}.json, `asset_addresses` from asset_addresses.json and a matching
 * `asset_summary` from asset_summary.json. ../shared/upstreams/samples has no sample file for script_info and
 * asset_history: their fixtures follow the columns ../shared/upstreams/README.md (§3, Endpoints) lists and the SQL
 * of Koios's RPCs (koios-artifacts files/grest/rpc/script/script_info.sql, assets/asset_history.sql).
 */
import scriptInfoFixture from '../fixtures/koios/script_info.json'
import assetHistoryFixture from '../fixtures/koios/asset_history.json'
import assetAddressesFixture from '../fixtures/koios/asset_addresses.json'
import assetSummaryFixture from '../fixtures/koios/asset_summary.json'
import type { Raw } from './builders'
import type { World } from './world'

const [nativeSample, plutusSample] = scriptInfoFixture

/** A native script row (`type` timelock, the script's JSON in `value`). */
export function koiosNativeScript(scriptHash: string, value: Raw): Raw {
  return { ...structuredClone(nativeSample), script_hash: scriptHash, value, size: JSON.stringify(value).length }
}

/** A Plutus script row (`value` null). */
export function koiosPlutusScript(scriptHash: string, type: 'plutusV1' | 'plutusV2' | 'plutusV3' = 'plutusV2'): Raw {
  return { ...structuredClone(plutusSample), script_hash: scriptHash, type }
}

export interface MintTx {
  txHash: string
  /** Unix seconds. */
  time: number
  /** Negative for a burn. */
  quantity: bigint
}

/** An `asset_history` row: its transactions newest first, as Koios orders them. */
export function koiosHistory(unit: string, txs: readonly MintTx[]): Raw {
  const sample = structuredClone(assetHistoryFixture[0])
  return {
    ...sample,
    policy_id: unit.slice(0, 56),
    asset_name: unit.slice(56),
    minting_txs: [...txs]
      .sort((a, b) => b.time - a.time)
      .map((tx) => ({ tx_hash: tx.txHash, block_time: tx.time, quantity: String(tx.quantity), metadata: [] })),
  }
}

export interface Holding {
  paymentAddress: string
  stakeAddress: string | null
  quantity: bigint
}

/** An `asset_addresses` row (the sample's columns, all of them set here: a flat row needs no deep copy). */
export function koiosHolding(h: Holding): Raw {
  return { ...assetAddressesFixture[0], payment_address: h.paymentAddress, stake_address: h.stakeAddress, quantity: String(h.quantity) }
}

/**
 * The token's holders in the world: its `asset_addresses` rows and an `asset_summary` that agrees with them
 * (addresses, distinct stake addresses, addresses without one).
 */
export function setHolders(world: World, unit: string, holdings: readonly Holding[]): void {
  world.koios.holders.set(unit, holdings.map(koiosHolding))
  setHolderCounts(world, unit, {
    addresses: holdings.length,
    staked: new Set(holdings.flatMap((h) => (h.stakeAddress === null ? [] : [h.stakeAddress]))).size,
    unstaked: holdings.filter((h) => h.stakeAddress === null).length,
  })
}

/** Makes a unit's holder listing if it waits to be made (demo-safety.ts defers them: most tests never ask). */
export function settleHolders(world: World, unit: string): void {
  const make = world.koios.pendingHolders.get(unit)
  if (make === undefined) return
  world.koios.pendingHolders.delete(unit)
  make()
}

/** Only the `asset_summary` counts (a token whose holders are too many to list). */
export function setHolderCounts(world: World, unit: string, counts: { addresses: number; staked: number; unstaked: number }): void {
  world.koios.summaries.set(unit, {
    ...structuredClone(assetSummaryFixture[0]),
    policy_id: unit.slice(0, 56),
    asset_name: unit.slice(56),
    staked_wallets: counts.staked,
    unstaked_addresses: counts.unstaked,
    addresses: counts.addresses,
  })
}
