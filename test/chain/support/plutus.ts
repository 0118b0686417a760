/**
 * Plutus data built with @cardano-sdk/core: an encoder independent of src/chain/dexes/plutus-data.ts, so tests that
 * decode these datums check the reader against the ledger library rather than against itself.
 */
import { Serialization } from '@cardano-sdk/core'

export type PD = Serialization.PlutusData

export const int = (n: bigint | number): PD => Serialization.PlutusData.newInteger(BigInt(n))
export const bytes = (hex: string): PD => Serialization.PlutusData.newBytes(Uint8Array.from(Buffer.from(hex, 'hex')))
export const list = (...items: PD[]): PD => {
  const l = new Serialization.PlutusList()
  for (const item of items) l.add(item)
  return Serialization.PlutusData.newList(l)
}
export const constr = (tag: number, ...fields: PD[]): PD => {
  const l = new Serialization.PlutusList()
  for (const field of fields) l.add(field)
  return Serialization.PlutusData.newConstrPlutusData(new Serialization.ConstrPlutusData(BigInt(tag), l))
}
/** Constr0[policy, name] for a unit; ADA = empty policy and name. */
export const assetClass = (unit: string): PD => constr(0, ...policyAndName(unit))
/** Aiken tuple [policy, name] (Sundae V3). */
export const assetTuple = (unit: string): PD => list(...policyAndName(unit))
export const policyAndName = (unit: string): [PD, PD] =>
  unit === 'lovelace' ? [bytes(''), bytes('')] : [bytes(unit.slice(0, 56)), bytes(unit.slice(56))]

export const cbor = (d: PD): string => d.toCbor()
export const datumHash = (d: PD): string => d.hash()
