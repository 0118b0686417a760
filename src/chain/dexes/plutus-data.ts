/**
 * A small reader of Plutus data in CBOR (the datum encoding): just what pool datums use. Smaller and stricter than
 * building @cardano-sdk/core objects per output, and it never throws anything but ChainDecodeError, so one bad
 * datum only skips its output. Tests encode with @cardano-sdk/core (an independent path) and read back here.
 *
 * Encoding (CIP / Plutus ledger spec): Constr n = tag 121+n (n < 7), 1280+(n−7) (n < 128), or tag 102 [n, fields];
 * integers = major 0/1 or bignum tags 2/3; bytes = major 2 (chunked when longer than 64); list = major 4; map = major 5.
 */
import { ChainDecodeError, LOVELACE } from '../types'

export type PlutusData =
  | { kind: 'constr'; tag: number; fields: PlutusData[] }
  | { kind: 'int'; value: bigint }
  | { kind: 'bytes'; hex: string }
  | { kind: 'list'; items: PlutusData[] }
  | { kind: 'map'; entries: [PlutusData, PlutusData][] }

const MAX_DEPTH = 64

class Reader {
  pos = 0
  constructor(readonly bytes: Uint8Array) {}

  byte(): number {
    if (this.pos >= this.bytes.length) throw new ChainDecodeError('datum CBOR ends early')
    return this.bytes[this.pos++]
  }

  /** The argument of a head byte: small value or the 1/2/4/8 bytes that follow; null for indefinite length. */
  argument(info: number): bigint | null {
    if (info < 24) return BigInt(info)
    if (info === 31) return null
    const size = info === 24 ? 1 : info === 25 ? 2 : info === 26 ? 4 : info === 27 ? 8 : 0
    if (size === 0) throw new ChainDecodeError(`datum CBOR: reserved additional info ${info}`)
    let value = 0n
    for (let i = 0; i < size; i++) value = (value << 8n) | BigInt(this.byte())
    return value
  }

  length(info: number): number | null {
    const n = this.argument(info)
    if (n === null) return null
    if (n > BigInt(this.bytes.length)) throw new ChainDecodeError('datum CBOR: length beyond the data')
    return Number(n)
  }

  isBreak(): boolean {
    if (this.bytes[this.pos] === 0xff) {
      this.pos++
      return true
    }
    return false
  }

  byteString(info: number): string {
    const n = this.length(info)
    if (n !== null) {
      if (this.pos + n > this.bytes.length) throw new ChainDecodeError('datum CBOR: byte string beyond the data')
      const hex = Buffer.from(this.bytes.subarray(this.pos, this.pos + n)).toString('hex')
      this.pos += n
      return hex
    }
    let hex = ''
    while (!this.isBreak()) {
      const head = this.byte()
      if (head >> 5 !== 2 || (head & 31) === 31) throw new ChainDecodeError('datum CBOR: bad chunk in a byte string')
      hex += this.byteString(head & 31)
    }
    return hex
  }

  items(info: number, depth: number): PlutusData[] {
    const n = this.length(info)
    const out: PlutusData[] = []
    if (n === null) while (!this.isBreak()) out.push(this.data(depth + 1))
    else for (let i = 0; i < n; i++) out.push(this.data(depth + 1))
    return out
  }

  data(depth = 0): PlutusData {
    if (depth > MAX_DEPTH) throw new ChainDecodeError('datum CBOR nested too deep')
    const head = this.byte()
    const major = head >> 5
    const info = head & 31
    switch (major) {
      case 0:
      case 1: {
        const n = this.argument(info)
        if (n === null) throw new ChainDecodeError('datum CBOR: indefinite integer')
        return { kind: 'int', value: major === 0 ? n : -1n - n }
      }
      case 2:
        return { kind: 'bytes', hex: this.byteString(info) }
      case 4:
        return { kind: 'list', items: this.items(info, depth) }
      case 5: {
        const n = this.length(info)
        const entries: [PlutusData, PlutusData][] = []
        const entry = () => entries.push([this.data(depth + 1), this.data(depth + 1)])
        if (n === null) while (!this.isBreak()) entry()
        else for (let i = 0; i < n; i++) entry()
        return { kind: 'map', entries }
      }
      case 6:
        return this.tagged(this.argument(info), depth)
      default:
        throw new ChainDecodeError(`datum CBOR: major type ${major} is not Plutus data`)
    }
  }

  tagged(tag: bigint | null, depth: number): PlutusData {
    if (tag === null) throw new ChainDecodeError('datum CBOR: indefinite tag')
    if (tag === 2n || tag === 3n) {
      const head = this.byte()
      if (head >> 5 !== 2) throw new ChainDecodeError('datum CBOR: bignum without bytes')
      const hex = this.byteString(head & 31)
      const n = hex === '' ? 0n : BigInt(`0x${hex}`)
      return { kind: 'int', value: tag === 2n ? n : -1n - n }
    }
    const fieldsOf = (): PlutusData[] => {
      const head = this.byte()
      if (head >> 5 !== 4) throw new ChainDecodeError('datum CBOR: constructor fields are not a list')
      return this.items(head & 31, depth)
    }
    if (tag >= 121n && tag <= 127n) return { kind: 'constr', tag: Number(tag - 121n), fields: fieldsOf() }
    if (tag >= 1280n && tag <= 1400n) return { kind: 'constr', tag: Number(tag - 1280n) + 7, fields: fieldsOf() }
    if (tag === 102n) {
      const head = this.byte()
      if (head !== 0x82) throw new ChainDecodeError('datum CBOR: tag 102 without [alternative, fields]')
      const alt = this.data(depth + 1)
      if (alt.kind !== 'int' || alt.value < 0n || alt.value > 0xffffffffn) throw new ChainDecodeError('datum CBOR: bad alternative')
      return { kind: 'constr', tag: Number(alt.value), fields: fieldsOf() }
    }
    throw new ChainDecodeError(`datum CBOR: tag ${tag} is not Plutus data`)
  }
}

/** Decode one datum from CBOR hex; trailing bytes or anything not Plutus data is a ChainDecodeError. */
export function decodePlutusData(cborHex: string): PlutusData {
  if (cborHex.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(cborHex)) throw new ChainDecodeError('datum is not hex')
  const reader = new Reader(Buffer.from(cborHex, 'hex'))
  const data = reader.data()
  if (reader.pos !== reader.bytes.length) throw new ChainDecodeError('datum CBOR: trailing bytes')
  return data
}

// Accessors: each names what it expected, so a warning says which field of which datum was wrong.

export function constrOf(d: PlutusData, what: string, tag = 0, minFields = 0): PlutusData[] {
  if (d.kind !== 'constr' || d.tag !== tag || d.fields.length < minFields)
    throw new ChainDecodeError(`${what}: expected Constr ${tag} with at least ${minFields} fields`)
  return d.fields
}

export function intOf(d: PlutusData, what: string): bigint {
  if (d.kind !== 'int') throw new ChainDecodeError(`${what}: expected an integer`)
  return d.value
}

/** A non-negative integer (a quantity or a fee numerator). */
export function natOf(d: PlutusData, what: string): bigint {
  const n = intOf(d, what)
  if (n < 0n) throw new ChainDecodeError(`${what}: negative`)
  return n
}

export function bytesOf(d: PlutusData, what: string): string {
  if (d.kind !== 'bytes') throw new ChainDecodeError(`${what}: expected bytes`)
  return d.hex
}

export function listOf(d: PlutusData, what: string): PlutusData[] {
  if (d.kind !== 'list') throw new ChainDecodeError(`${what}: expected a list`)
  return d.items
}

/** A (policy, name) pair as a unit; ADA is the empty pair. */
export function unitOf(policy: string, name: string, what: string): string {
  if (policy === '' && name === '') return LOVELACE
  if (policy.length !== 56 || name.length > 64) throw new ChainDecodeError(`${what}: not an asset class`)
  return policy + name
}

/** Asset class as Constr0[policy, name] (Minswap, WingRiders V1, Splash, Sundae V1). */
export function assetClassOf(d: PlutusData, what: string): string {
  const [policy, name] = constrOf(d, what, 0, 2)
  return unitOf(bytesOf(policy, what), bytesOf(name, what), what)
}
