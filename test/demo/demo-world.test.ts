/**
 * `bun run demo` serves the default fake world: what a newcomer sees there must look like a market, not noise.
 * Through the whole app, as the demo serves it.
 */
import { afterAll, describe, expect, it } from 'bun:test'
import { SAMPLE } from '../fake-upstreams/world'
import { startService } from '../helpers'

const svc = await startService()
afterAll(() => svc.stop())

const STABLECOINS = ['USDM', 'DJED', 'iUSD', 'USDA', 'MyUSD']

describe('the demo world', () => {
  it('prices tokens at plausible sizes: stablecoins near $1, meme coins tiny, market caps of real projects', async () => {
    const { body } = await svc.json('/api/v1/tokens')
    const bySymbol = new Map<string, any>(body.tokens.map((t: any) => [t.symbol, t]))
    for (const symbol of STABLECOINS) {
      const token = bySymbol.get(symbol)
      if (token !== undefined) expect(token.priceUsd).toBeWithin(0.9, 1.1)
    }
    expect(bySymbol.get('HOSKY').priceUsd).toBeLessThan(0.00001)
    for (const token of body.tokens) {
      if (token.marketCap !== null) expect(token.marketCap).toBeWithin(1e5, 1e9)
    }
  })

  it("values the sample wallet like a person's wallet, not a fortune", async () => {
    const { status, body } = await svc.json(`/api/v1/wallet/${SAMPLE.stakeAddress}`)
    expect(status).toBe(200)
    expect(body.totalValueUsd).toBeWithin(100, 100_000)
  })

  it('lists each ecosystem token once', async () => {
    const { status, body } = await svc.json('/api/v1/market?ecosystem=1')
    expect(status).toBe(200)
    const symbols = body.ecosystem.map((coin: any) => coin.symbol.toLowerCase())
    expect(symbols.length).toBeGreaterThan(20)
    expect(new Set(symbols).size).toBe(symbols.length)
  })

  it('has registry logos of real size, not 1×1 pixel', async () => {
    const { body } = await svc.json('/api/v1/tokens')
    let pngs = 0
    for (const token of body.tokens.slice(0, 20)) {
      const res = await svc.get(`/api/v1/tokens/${token.address}/logo`)
      if (res.headers.get('content-type') !== 'image/png') continue
      const png = new DataView(await res.arrayBuffer())
      expect([png.getUint32(16), png.getUint32(20)]).toEqual([128, 128]) // IHDR width and height
      pngs += 1
    }
    expect(pngs).toBeGreaterThan(3)
  })
})
