/**
 * The client's reader against Ogmios's own test vectors (test/fixtures/ogmios/, see PROVENANCE.md): exact integers
 * past 2^53, `spends: "collaterals"` read as invalid, backward to a point and to origin, intersections found and
 * refused; and the fake Ogmios writes the vectors' shapes (its keys are the vectors' keys, read by the same reader).
 */
import { describe, expect, it } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { paymentCredential } from '../../src/cardano/address'
import { OgmiosShapeError, readIntersection, readMessage, readNextBlock } from '../../src/upstream/ogmios-chain'
import { ogmiosBlock, ogmiosJson } from '../fake-upstreams/ogmios'
import { scenario } from './support/scenario'

const vector = (name: string) => readFileSync(join(import.meta.dir, '../fixtures/ogmios', `${name}.json`), 'utf8')
const ALL = new Set<string>()
const anyCredential = { has: (_: string) => true } as ReadonlySet<string>

describe('Ogmios messages', () => {
  it('reads a forward block with its transactions, keeping quantities past 2^53 exact', () => {
    const next = readNextBlock(readMessage(vector('NextBlockResponse-039')), anyCredential)
    if (next.direction !== 'forward') throw new Error('expected forward')
    expect(next.block).toMatchObject({ hash: 'fa17da2911bf18698e4f6780600724a37ef4701391f5091421d3443e0da35f76', height: 3, slot: 10 })
    expect(next.tip).toEqual({ slot: 7032, id: 'bee23218d6b1302bb23ee2bec8fc59aa92e954e2421628fe935e9b7cb90b9713', height: 6381935 })
    const [a, b] = next.block.transactions
    expect(a.valid).toBe(true)
    expect(a.inputs).toContain('07bd7637bf83bbb8b9d0f7776b6e8686cf64fd85a04b40bccfb59e84574c74ec#2')
    // The second transaction's outputs: 5,711,575,527,071,588,960 lovelace and 875,993,510,989,866,727 of one asset.
    expect(b.outputs.map((o) => o.lovelace)).toEqual([5_711_575_527_071_588_960n, 1_028_087_358_816_122_865n])
    expect(b.outputs[1].assets.get('23ffaf66e68fa12bd3435608f76c15386b9f15206284e0a6ecc4439b5f1939c70a556ab9282d0a96c099064f40e6784b568807ed51ed')).toBe(875_993_510_989_866_727n)
    expect(b.outputs[1].datumCbor).toStartWith('9fa09fd87a9f')
    expect(b.outputs[1].paymentCred).toBe(paymentCredential(b.outputs[1].address)!)
    // The first: an output by datum hash whose body the witnesses carry is read with it.
    const byHash = a.outputs.find((o) => o.datumHash !== null)!
    expect(byHash.datumHash).toBe('2dc5b04eb04e5c4ae4e031346d160975b3b85d1abf4c893acc25bac29cac429f')
  })

  it('reads a mint (a burn past 2^53) exactly', () => {
    const text = vector('NextBlockResponse-039').replace('"datums"', '"mint":{"ff0db14fe0b67b68d61c3b793032097a97c0ba267cc1039b331ad33b":{"34":-3926288230993437813}},"datums"')
    const next = readNextBlock(readMessage(text), anyCredential)
    if (next.direction !== 'forward') throw new Error('expected forward')
    expect(next.block.transactions[0].minted.get('ff0db14fe0b67b68d61c3b793032097a97c0ba267cc1039b331ad33b34')).toBe(-3_926_288_230_993_437_813n)
  })

  it('reads transactions whose scripts failed (spends: collaterals) as invalid', () => {
    const next = readNextBlock(readMessage(vector('NextBlockResponse-009')), anyCredential)
    if (next.direction !== 'forward') throw new Error('expected forward')
    expect(next.block.transactions.map((t) => t.valid)).toEqual([false, false])
  })

  it('reads backward answers, to a point and to origin', () => {
    expect(readNextBlock(readMessage(vector('NextBlockResponse-010')), ALL)).toEqual({
      direction: 'backward',
      point: { slot: 92267, id: 'b5f556f2ff67952ca1237ccb40dbf33f213ce15b769597d12188e9ab8fbd7bdf' },
      tip: { slot: 4744, id: '1eda8eb9cebbea13bf0f999d03c87a24b9ca440e65b5d4ebdb766356e79d7e82', height: 3015040 },
    })
    expect(readNextBlock(readMessage(vector('NextBlockResponse-021')), ALL)).toMatchObject({ direction: 'backward', point: 'origin' })
  })

  it('reads intersections found (tip or origin) and refused (error 1000 with the tip)', () => {
    expect(readIntersection(readMessage(vector('FindIntersectionResponse-003')))).toEqual({
      found: true,
      intersection: { slot: 5022, id: '2263b986b6c29a3611469b0076d9a5156582f96f945dff5f51f545811d071b89' },
      tip: { slot: 78536, id: '7997f21c164d67cef8bdf3a3a903646678a2f4bb0e9209d80db1c9dfff7869a7', height: 0 },
    })
    expect(readIntersection(readMessage(vector('FindIntersectionResponse-002')))).toMatchObject({ found: true, tip: null })
    expect(readIntersection(readMessage(vector('FindIntersectionResponse-008')))).toEqual({
      found: false,
      tip: { slot: 68040, id: 'ce8c0f3211d39ae0db42fb105d076f91132449d0a96e8ff092b01488af3ae12b', height: 13 },
    })
  })

  it('refuses what is not these shapes with a shape error, never a crash', () => {
    for (const text of ['{', '[]', '{"jsonrpc":"1.0"}', '{"jsonrpc":"2.0","method":"nextBlock","result":{"direction":"sideways"}}', vector('NextBlockResponse-039').replace('"height":3', '"height":-3')]) {
      expect(() => readNextBlock(readMessage(text), ALL)).toThrow(OgmiosShapeError)
    }
  })

  it('reads or refuses with a shape error a real block with any one field replaced by an odd value, never throws anything else', () => {
    // A node or proxy bug must not become a TypeError escaping the WebSocket listener (ogmios.ts rethrows those).
    const odd: unknown[] = [null, 0, -1, 1.5, '', 'x', 'addr1zzzz', 'ff'.repeat(100), [], {}, true, { ada: { lovelace: 'x' } }, { lovelace: 1 }]
    const base = JSON.parse(vector('NextBlockResponse-039'))
    const fields: string[][] = []
    const walk = (value: unknown, path: string[]) => {
      if (typeof value !== 'object' || value === null) return
      for (const [key, inner] of Object.entries(value)) {
        fields.push([...path, key])
        walk(inner, [...path, key])
      }
    }
    walk(base, [])
    const outcomes = { read: 0, refused: 0, other: [] as string[] }
    for (const field of fields) {
      for (const value of odd) {
        const message = structuredClone(base)
        const parent = field.slice(0, -1).reduce((o, k) => o[k], message)
        parent[field.at(-1)!] = value
        try {
          readNextBlock(readMessage(JSON.stringify(message)), anyCredential)
          outcomes.read += 1
        } catch (error) {
          if (error instanceof OgmiosShapeError) outcomes.refused += 1
          else outcomes.other.push(`${field.join('.')} = ${JSON.stringify(value)}: ${String(error)}`)
        }
      }
    }
    expect(fields.length).toBeGreaterThan(500)
    expect(outcomes.other).toEqual([])
    expect(outcomes.refused).toBeGreaterThan(0)
  })

  it('the fake Ogmios writes blocks with the vectors’ keys, read back by the same reader', () => {
    const keys = (o: object) => Object.keys(o)
    const real = JSON.parse(vector('NextBlockResponse-039')).result.block
    const s = scenario()
    const fake = JSON.parse(ogmiosJson(ogmiosBlock(s.chain.blocks[3], s.chain, new Set())))
    for (const k of keys(fake)) expect(keys(real)).toContain(k)
    const realTx = new Set(real.transactions.flatMap(keys))
    for (const k of keys(fake.transactions[0])) expect(realTx.has(k) || k === 'validityInterval' || k === 'fee').toBe(true)
    const realOut = new Set(real.transactions.flatMap((t: any) => t.outputs.flatMap(keys)))
    for (const k of fake.transactions[0].outputs.flatMap(keys)) expect(realOut.has(k)).toBe(true)
    const read = readNextBlock(readMessage(ogmiosJson({ jsonrpc: '2.0', method: 'nextBlock', result: { direction: 'forward', block: ogmiosBlock(s.chain.blocks[3], s.chain, new Set()), tip: 'origin' }, id: 1 })), new Set([s.p1.output!.paymentCred, s.p2.output!.paymentCred]))
    if (read.direction !== 'forward') throw new Error('expected forward')
    expect(read.block.transactions[0].outputs.map((o) => [o.txHash, o.index, o.lovelace])).toEqual(s.chain.txs.find((t) => t.block === s.chain.blocks[3])!.outputs.map((o) => [o.txHash, o.index, o.lovelace]))
  })
})
