import { describe, expect, it } from 'bun:test'
import { identityFromAssetInfo, identityOf, pricePerToken, shownTicker, unknownIdentity } from '../../src/chain/token-identity'
import type { AssetInfo } from '../../src/upstream/koios'

const CIP68_UNIT = `${'ab'.repeat(28)}0014df10${Buffer.from('USDX').toString('hex')}`
const PLAIN_UNIT = `${'cd'.repeat(28)}${Buffer.from('PLAIN').toString('hex')}`

const info = (fields: Partial<AssetInfo>): AssetInfo => ({
  policyId: '',
  assetNameHex: '',
  assetNameAscii: null,
  fingerprint: null,
  totalSupply: null,
  creationTime: null,
  registry: null,
  cip68: null,
  ...fields,
})
const meta = (decimals: number | null, ticker: string | null = null) => ({ name: ticker && `${ticker} token`, ticker, description: null, decimals })

describe('a token identity from the chain API', () => {
  it('takes the decimals of the off-chain registry first, then of the CIP-68 datum, and says which', () => {
    expect(identityFromAssetInfo(CIP68_UNIT, info({ registry: meta(4, 'REG'), cip68: meta(8, 'DAT') }))).toMatchObject({ decimals: 4, decimalsSource: 'chain-registry', ticker: 'REG' })
    expect(identityFromAssetInfo(CIP68_UNIT, info({ cip68: meta(8, 'DAT') }))).toEqual({ unit: CIP68_UNIT, ticker: 'DAT', name: 'DAT token', decimals: 8, decimalsSource: 'cip68' })
    // A registry entry without decimals does not hide the datum's.
    expect(identityFromAssetInfo(CIP68_UNIT, info({ registry: meta(null, 'REG'), cip68: meta(6) }))).toMatchObject({ decimals: 6, decimalsSource: 'cip68', ticker: 'REG' })
  })

  it('reads CIP-68 metadata only for a (333) fungible token, and says unknown when nothing tells the decimals', () => {
    expect(identityFromAssetInfo(PLAIN_UNIT, info({ cip68: meta(8, 'DAT') }))).toEqual(unknownIdentity(PLAIN_UNIT))
    expect(identityFromAssetInfo(PLAIN_UNIT, null)).toEqual({ unit: PLAIN_UNIT, ticker: null, name: null, decimals: null, decimalsSource: 'unknown' })
  })

  it('prefers the curated registry over anything the chain API says', () => {
    const curated = { unit: PLAIN_UNIT, policyId: '', assetNameHex: '', ticker: 'CUR', name: 'Curated', decimals: 3 }
    expect(identityOf(PLAIN_UNIT, curated, info({ registry: meta(9, 'X') }))).toEqual({ unit: PLAIN_UNIT, ticker: 'CUR', name: 'Curated', decimals: 3, decimalsSource: 'registry' })
  })

  it('prices per whole token with known decimals, per base unit without', () => {
    expect(pricePerToken(0.000002, 6)).toBeCloseTo(2, 12)
    expect(pricePerToken(0.000002, null)).toBe(0.000002)
    expect(pricePerToken(null, 6)).toBeNull()
  })

  it('names a token by its ticker, else its asset name as text, else the start of its unit', () => {
    expect(shownTicker({ ...unknownIdentity(CIP68_UNIT), ticker: 'T' })).toBe('T')
    expect(shownTicker(unknownIdentity(CIP68_UNIT))).toBe('USDX')
    expect(shownTicker(unknownIdentity(`${'ef'.repeat(28)}ff00`))).toBe('efefefef…')
  })
})
