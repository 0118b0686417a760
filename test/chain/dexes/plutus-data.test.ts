import { describe, expect, test } from 'bun:test'
import { decodePlutusData } from '../../../src/chain/dexes/plutus-data'
import { ChainDecodeError } from '../../../src/chain/types'
import { bytes, cbor, constr, int, list } from '../support/plutus'
import { Serialization } from '@cardano-sdk/core'

describe('decodePlutusData against @cardano-sdk/core encodings', () => {
  test('constructors 0, 6, 7 and 127, big and negative integers, long (chunked) bytes, lists and maps', () => {
    const map = new Serialization.PlutusMap()
    map.insert(int(1), bytes('ab'))
    const d = list(constr(0), constr(6, int(-1)), constr(7, int(2n ** 64n)), constr(127, int(-(2n ** 70n))), bytes('cd'.repeat(100)), Serialization.PlutusData.newMap(map))
    expect(decodePlutusData(cbor(d))).toEqual({
      kind: 'list',
      items: [
        { kind: 'constr', tag: 0, fields: [] },
        { kind: 'constr', tag: 6, fields: [{ kind: 'int', value: -1n }] },
        { kind: 'constr', tag: 7, fields: [{ kind: 'int', value: 2n ** 64n }] },
        { kind: 'constr', tag: 127, fields: [{ kind: 'int', value: -(2n ** 70n) }] },
        { kind: 'bytes', hex: 'cd'.repeat(100) },
        { kind: 'map', entries: [[{ kind: 'int', value: 1n }, { kind: 'bytes', hex: 'ab' }]] },
      ],
    })
  })
  test('constructor 200 (tag 102 form)', () => {
    expect(decodePlutusData(cbor(constr(200, int(5))))).toEqual({ kind: 'constr', tag: 200, fields: [{ kind: 'int', value: 5n }] })
  })
  test('definite-length arrays (d87982 01 02) read like indefinite ones', () => {
    expect(decodePlutusData('d879820102')).toEqual({ kind: 'constr', tag: 0, fields: [{ kind: 'int', value: 1n }, { kind: 'int', value: 2n }] })
  })
})

describe('decodePlutusData rejects what is not Plutus data, always with ChainDecodeError', () => {
  const bad: [string, string][] = [
    ['empty', ''],
    ['odd hex', 'd87'],
    ['not hex', 'zz'],
    ['truncated', 'd8799f0102'],
    ['trailing bytes', 'd8798000'],
    ['a text string', '6161'],
    ['a float', 'f93c00'],
    ['true', 'f5'],
    ['a foreign tag', 'd90100 80'.replace(' ', '')],
    ['a byte length beyond the data', '5a00ffffff00'],
    ['constructor fields not a list', 'd87901'],
    ['a break out of place', 'ff'],
  ]
  for (const [what, hex] of bad) test(what, () => expect(() => decodePlutusData(hex)).toThrow(ChainDecodeError))
  test('nesting deeper than any pool datum', () => {
    expect(() => decodePlutusData('9f'.repeat(200) + 'ff'.repeat(200))).toThrow(ChainDecodeError)
  })
})
