import { describe, expect, it } from 'bun:test'
import { add, compare, fromNumber, fromUnits, lovelaceToAda, multiply, toDecimalString, toNumber } from '../../src/modules/wallet/amounts'

describe('exact wallet amounts', () => {
  it('reads a number from its shortest decimal form, exponents included', () => {
    expect(fromNumber(0.001345)).toEqual({ digits: 1345n, scale: 6 })
    // String(1e-7) is "1e-7": 1 / 10^7
    expect(fromNumber(1e-7)).toEqual({ digits: 1n, scale: 7 })
    // String(1.5e21) is "1.5e+21": 15 × 10^20
    expect(toDecimalString(fromNumber(1.5e21))).toBe('1500000000000000000000')
    expect(toDecimalString(fromNumber(-2.5))).toBe('-2.5')
  })

  it('multiplies and adds without float drift', () => {
    // 0.1 + 0.2 is 0.30000000000000004 in floats, 0.3 exactly here.
    expect(toNumber(add(fromNumber(0.1), fromNumber(0.2)))).toBe(0.3)
    // 123,456,789 raw units with 4 decimals = 12,345.6789; × 0.02 = 246.913578
    expect(toDecimalString(multiply(fromUnits('123456789', 4), fromNumber(0.02)))).toBe('246.913578')
  })

  it('turns lovelace into ADA exactly, large balances included', () => {
    expect(lovelaceToAda('1535472311')).toBe(1535.472311)
    expect(lovelaceToAda('0')).toBe(0)
    expect(lovelaceToAda('7')).toBe(0.000007)
    // 45 billion ADA, the maximum supply, in lovelace
    expect(toDecimalString(fromUnits('45000000000000000', 6))).toBe('45000000000')
  })

  it('compares values of different scales', () => {
    expect(compare(fromNumber(1.5), fromUnits('1500', 3))).toBe(0)
    expect(compare(fromNumber(0.0013), fromNumber(0.0012))).toBe(1)
    expect(compare(fromUnits('1', 6), fromNumber(0.01))).toBe(-1)
  })
})
