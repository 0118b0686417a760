import { describe, expect, it } from 'bun:test'
import { escapeXml, monogramColour, monogramLetters, monogramSvg } from '../../src/modules/logos/monogram'
import { hostedImageLocation } from '../../src/modules/logos/hosted-image'

const SNEK = '279c909f348e533da5808898f87f9a14bb2c3dfbbacccd631d927a3f534e454b'
const HOSKY = 'a0028f350aaabe0545fdcb56b039bfb08e4bb4d8c4d7c3c7d481c235484f534b59'

/** The element names an SVG text contains. */
const tags = (svg: string) => [...svg.matchAll(/<\/?([A-Za-z][\w:-]*)/g)].map((m) => m[1])

describe('monogram', () => {
  it('colours from a hash of the unit', () => {
    // FNV-1a("a") = 0xe40c292c = 3826002220; hue 3826002220 mod 360 = 340. HSL(340°, 55 %, 40 %): chroma
    // 0.8 × 0.55 = 0.44, x = 0.44 × (1 − |(340/60 mod 2) − 1|) = 0.1467, m = 0.4 − 0.22 = 0.18, sector 300–360
    // → (C, 0, X) + m = (0.62, 0.18, 0.3267) × 255 = (158, 46, 83) = #9e2e53.
    expect(monogramColour('a')).toBe('#9e2e53')
    expect(monogramColour(SNEK)).toBe(monogramColour(SNEK.toUpperCase()))
    expect(monogramColour(SNEK)).not.toBe(monogramColour(HOSKY))
  })

  it('gives one unit and label byte-identical art', () => {
    expect(monogramSvg(SNEK, 'SNEK')).toBe(monogramSvg(SNEK, 'SNEK'))
    expect(monogramSvg(SNEK, 'SNEK')).toContain(`fill="${monogramColour(SNEK)}"`)
    expect(monogramSvg(SNEK, 'SNEK')).toContain('>SNEK</text>')
  })

  it('takes up to five letters of the label, and ? when there is none', () => {
    expect(monogramLetters('SNEK')).toBe('SNEK')
    expect(monogramLetters('NIKEPIG')).toBe('NIKEP')
    expect(monogramLetters('i USD')).toBe('iUSD')
    expect(monogramLetters('\u0000\u0007 ')).toBe('?')
    expect(monogramLetters(null)).toBe('?')
    expect(monogramLetters('🐍🐍')).toBe('🐍🐍')
  })

  it('escapes every text, so a hostile ticker stays text', () => {
    const svg = monogramSvg(SNEK, '<script>alert(1)</script>')
    expect(svg).not.toContain('<script')
    expect(svg).toContain('<title>&lt;script&gt;alert(1)&lt;/script&gt;</title>')
    expect(svg).toContain('>&lt;scri</text>')
    expect(tags(svg)).toEqual(['svg', 'title', 'title', 'circle', 'text', 'text', 'svg'])
    const quoted = monogramSvg(SNEK, '"><svg onload=alert(1)>')
    expect(quoted).toContain('aria-label="&quot;&gt;&lt;svg onload=alert(1)&gt;"')
    expect(tags(quoted)).toEqual(['svg', 'title', 'title', 'circle', 'text', 'text', 'svg'])
    expect(escapeXml(`&<>"'`)).toBe('&amp;&lt;&gt;&quot;&apos;')
  })
})

describe("source B's hosted image as a redirect target", () => {
  it('takes absolute https URLs only, never the missing.png placeholder', () => {
    const url = 'https://coin-images.coingecko.com/coins/images/30241/large/snek.png?1696529147'
    expect(hostedImageLocation(url)).toBe(url)
    expect(hostedImageLocation('http://coin-images.coingecko.com/x.png')).toBeNull()
    expect(hostedImageLocation('javascript:alert(1)')).toBeNull()
    expect(hostedImageLocation('/images/x.png')).toBeNull()
    expect(hostedImageLocation('missing.png')).toBeNull()
    expect(hostedImageLocation('https://assets.geckoterminal.com/images/missing.png')).toBeNull()
    expect(hostedImageLocation('https://user:pw@example.com/x.png')).toBeNull()
    expect(hostedImageLocation(null)).toBeNull()
  })
})
