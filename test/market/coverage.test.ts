import { describe, expect, it } from 'bun:test'
import { dexFamily, isSourceADex, mergedCoverage, sourceAOnlyCoverage, sourceBDexes } from '../../src/market/coverage'

const config = { sourceADexes: ['sundaeswap', 'wingriders'], sourceBDexes: ['saturnswap', 'minswap-cardano'] }

describe('coverage', () => {
  it('compares DEXes by family, so versioned or network-suffixed ids of source A DEXes are recognised', () => {
    expect(dexFamily('minswap-cardano')).toBe('minswap')
    expect(isSourceADex(config, 'sundaeswap-v3')).toBe(true)
    expect(isSourceADex(config, 'wingriders_v2')).toBe(true)
    expect(isSourceADex(config, 'minswap-cardano')).toBe(false)
    expect(isSourceADex(config, null)).toBe(false)
  })

  it("lists source B's DEXes with Minswap first, adding ones seen in the data but never source A's", () => {
    expect(sourceBDexes(config, ['splash', 'sundaeswap-v3'])).toEqual(['minswap-cardano', 'saturnswap', 'splash'])
  })

  it('names each source with its DEXes, and only source A when source B is out', () => {
    expect(mergedCoverage(config)).toBe(
      'DEX figures across covered DEXes only, not chain-wide: sundaeswap, wingriders (source A); minswap-cardano, saturnswap (source B).',
    )
    expect(sourceAOnlyCoverage(config)).toBe('DEX figures across covered DEXes only, not chain-wide: sundaeswap, wingriders (source A).')
  })
})
