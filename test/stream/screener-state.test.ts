/** The screener as the stream holds it: which rows a build changed or removed, and the snapshots. */
import { describe, expect, it } from 'bun:test'
import { ScreenerState, streamRows } from '../../src/modules/stream/screener-state'
import type { ScreenerBody, ScreenerRow } from '../../src/modules/tokens/schemas'

const row = (address: string, priceUsd: number) => ({ address, symbol: address.toUpperCase(), priceUsd }) as unknown as ScreenerRow
const fresh = { updatedAt: '2026-01-01T00:00:00.000Z', sourcesAsOf: null, stale: false }

describe('ScreenerState', () => {
  it('tells the changed, new and removed rows of a build, and only what differs from what it holds', () => {
    const state = new ScreenerState()
    const first = [row('a', 1), row('b', 2)]
    expect(state.diff(first)).toEqual({ changed: ['a', 'b'], removed: [] })
    expect(state.apply(fresh, 'cov', first, ['a', 'b'], [])).toEqual({ changedHere: ['a', 'b'], removedHere: [] })
    const second = [row('a', 1.5), row('c', 3)]
    expect(state.diff(second)).toEqual({ changed: ['a', 'c'], removed: ['b'] })
    // Another instance told part of it already: only what still differs here counts.
    expect(state.apply(fresh, 'cov', second, ['a', 'c'], ['b', 'zz'])).toEqual({ changedHere: ['a', 'c'], removedHere: ['b'] })
    expect(state.apply(fresh, 'cov', second, ['a', 'c'], ['b'])).toEqual({ changedHere: [], removedHere: [] })
  })

  it('gives the snapshots with the freshness of the last build confirmed', () => {
    const state = new ScreenerState()
    state.apply(fresh, 'cov', [row('a', 1)], ['a'], [])
    state.confirm({ ...fresh, updatedAt: '2026-01-01T00:01:00.000Z', stale: true })
    expect(state.snapshot('screener')).toEqual({ topic: 'screener', updatedAt: '2026-01-01T00:01:00.000Z', sourcesAsOf: null, stale: true, coverage: 'cov', count: 1, tokens: [row('a', 1)] })
    expect(state.tokenSnapshot('token:a', 'a')).toMatchObject({ topic: 'token:a', token: row('a', 1) })
    expect(state.tokenSnapshot('token:b', 'b')).toMatchObject({ token: null })
  })

  it('writes the logo URLs on the configured base, or as paths', () => {
    const body = { tokens: [{ ...row('ab', 1), imageUrl: 'http://o-x.invalid/api/v1/tokens/ab/logo' }] } as unknown as ScreenerBody
    expect(streamRows(body, 'https://api.example.org')[0].imageUrl).toBe('https://api.example.org/api/v1/tokens/ab/logo')
    expect(streamRows(body, null)[0].imageUrl).toBe('/api/v1/tokens/ab/logo')
  })
})
