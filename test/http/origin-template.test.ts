/** Answers kept origin-free: the marker, the cut and fill, and which origins keep a rendering. */
import { describe, expect, it } from 'bun:test'
import { fillOrigin, MAX_KEPT_ORIGINS, newOriginMarker, OriginRenderings, splitOnMarker } from '../../src/http/origin-template'

const bytes = (text: string) => new TextEncoder().encode(text)
const text = (b: Uint8Array) => new TextDecoder().decode(b)

describe('the origin marker', () => {
  it('is a fresh, valid and unresolvable origin per build', () => {
    const a = newOriginMarker()
    expect(a).toMatch(/^http:\/\/o-[0-9a-f]{32}\.invalid$/)
    expect(new URL(a).origin).toBe(a)
    expect(newOriginMarker()).not.toBe(a)
  })

  it('cuts a body at every occurrence and fills any origin back in, bytes around it untouched', () => {
    const m = newOriginMarker()
    const body = bytes(`{"a":"${m}/x","b":["${m}","é ${m}${m}"],"c":"plain"}`)
    const segments = splitOnMarker(body, m)
    expect(segments).toHaveLength(5)
    expect(text(fillOrigin(segments, 'https://api.example:8443'))).toBe(
      '{"a":"https://api.example:8443/x","b":["https://api.example:8443","é https://api.example:8443https://api.example:8443"],"c":"plain"}',
    )
    expect(text(fillOrigin(splitOnMarker(bytes('no origin here'), m), 'http://x'))).toBe('no origin here')
  })
})

describe('renderings per origin', () => {
  const renderings = () => {
    const made: Array<{ origin: string; keep: boolean }> = []
    const segments = splitOnMarker(bytes('at MARK!'), 'MARK')
    const r = new OriginRenderings(segments, (body, keep) => {
      made.push({ origin: text(body), keep })
      return { body: text(body) }
    }, (rendering) => rendering.body.length)
    return { r, made }
  }

  it('keeps the first origin and any origin seen twice; a one-off origin is made, served and not kept', () => {
    const { r, made } = renderings()
    expect(r.for('http://first').body).toBe('at http://first!')
    expect(r.for('http://first').body).toBe('at http://first!')
    r.for('http://once')
    r.for('http://twice')
    r.for('http://twice')
    r.for('http://twice')
    expect(made.map((m) => [m.origin, m.keep])).toEqual([
      ['at http://first!', true],
      ['at http://once!', false],
      ['at http://twice!', false],
      ['at http://twice!', true],
    ])
    expect(r.keptOrigins).toEqual(['http://first', 'http://twice'])
    expect(r.keptBytes).toBe('at http://first!'.length + 'at http://twice!'.length)
  })

  it(`keeps at most ${MAX_KEPT_ORIGINS} renderings, dropping the least recently used, and counts their bytes`, () => {
    const { r } = renderings()
    const origins = Array.from({ length: 8 }, (_, i) => `http://h${i}`)
    for (const origin of origins) {
      r.for(origin)
      r.for(origin)
    }
    r.for('http://h4')
    r.for('http://h9')
    r.for('http://h9')
    expect(r.keptOrigins).toEqual(['http://h6', 'http://h7', 'http://h4', 'http://h9'])
    expect(r.keptBytes).toBe(4 * 'at http://h0!'.length)
  })

  it('does not let a stream of one-off origins grow anything', () => {
    const { r } = renderings()
    r.for('http://real')
    for (let i = 0; i < 10_000; i++) r.for(`http://rotating-${i}`)
    expect(r.keptOrigins).toEqual(['http://real'])
  })
})
