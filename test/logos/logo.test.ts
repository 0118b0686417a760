/**
 * GET /api/v1/tokens/{asset}/logo through the whole app, against the fake upstreams: each tier, the fall
 * through, failures, and source B's economy.
 */
import { afterAll, beforeEach, describe, expect, it } from 'bun:test'
import { monogramColour } from '../../src/modules/logos/monogram'
import { MAX_LOGO_BYTES } from '../../src/modules/logos/png'
import { gtToken, koiosAsset, PNG_1X1_BASE64, type Raw } from '../fake-upstreams/builders'
import type { World } from '../fake-upstreams/world'
import { startService } from '../helpers'

const svc = await startService()
afterAll(() => svc.stop())

beforeEach(() => {
  svc.fake.heal()
  svc.fake.resetCalls()
  svc.deps.upstreamCache.clear()
  svc.deps.responses.invalidate('')
})

const IMAGE = 'https://coin-images.coingecko.com/coins/images/30241/large/token.png?1696529147'
const PNG_BYTES = Buffer.from(PNG_1X1_BASE64, 'base64')

/** A curated token of the bundled registry (not SNEK or USDM, whose fixtures other tests rely on). */
function curated(index: number, world: World = svc.fake.world) {
  const token = svc.deps.registry.tokens[index]
  const koios = world.koios.assets.find((a) => a.policy_id + a.asset_name === token.unit)!
  const gt = world.geckoterminal.tokens.find((t) => t.id === `cardano_${token.unit}`)!
  return {
    unit: token.unit,
    ticker: token.ticker,
    setRegistryLogo(logo: string | null) {
      koios.token_registry_metadata = { ...(koios.token_registry_metadata ?? { name: token.name, ticker: token.ticker }), logo }
    },
    setImage(url: string) {
      gt.attributes.image_url = url
    },
  }
}

let serial = 0
/** An asset nobody curated, known to the chain API with the given registry data. */
function uncurated(world: World, registry: { ticker?: string; logo?: string | null } | null, imageUrl?: string) {
  serial += 1
  const policyId = `0b1e${serial.toString(16).padStart(8, '0')}`.padEnd(56, '0')
  const assetNameHex = Buffer.from(`T${serial}`).toString('hex')
  world.koios.assets.push(koiosAsset({ policyId, assetNameHex, registry: registry === null ? null : { logo: null, ...registry } }))
  const unit = policyId + assetNameHex
  if (imageUrl !== undefined) world.geckoterminal.tokens.push(gtToken({ unit, imageUrl }))
  return unit
}

const base64 = (bytes: Uint8Array | string) => Buffer.from(bytes as never).toString('base64')

describe('tier 1: the registry PNG', () => {
  it('serves it as image/png with the day-long lifetime, without asking source B', async () => {
    const token = curated(3)
    token.setRegistryLogo(PNG_1X1_BASE64)
    token.setImage(IMAGE)
    const res = await svc.get(`/api/v1/tokens/${token.unit}/logo`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/png')
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600, s-maxage=86400')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG_BYTES)).toBe(true)
    expect(svc.fake.count('geckoterminal')).toBe(0)
    expect(svc.fake.callsTo('koios')[0].query.select).toContain('token_registry_metadata->>logo')
  })

  it('serves the same bytes from cache and answers 304 to their ETag', async () => {
    const token = curated(5)
    token.setRegistryLogo(PNG_1X1_BASE64)
    const first = await svc.get(`/api/v1/tokens/${token.unit}/logo`)
    const again = await svc.get(`/api/v1/tokens/${token.unit}/logo`)
    expect(again.headers.get('x-cache')).toBe('HIT')
    expect(Buffer.from(await again.arrayBuffer()).equals(Buffer.from(await first.arrayBuffer()))).toBe(true)
    const etag = first.headers.get('etag')!
    expect((await svc.get(`/api/v1/tokens/${token.unit}/logo`, { 'if-none-match': etag })).status).toBe(304)
    expect(svc.fake.count('koios')).toBe(1)
  })

  it('falls through when the registry "PNG" is not a PNG', async () => {
    const tokens = [
      base64(Uint8Array.of(0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46)), // a JPEG
      base64('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
      'iVBORw0KGgo', // the PNG signature alone: 8 bytes, no image
    ].map((notPng, i) => {
      const token = curated(6 + i)
      token.setRegistryLogo(notPng)
      token.setImage(IMAGE)
      return token
    })
    for (const token of tokens) {
      const res = await svc.get(`/api/v1/tokens/${token.unit}/logo`)
      expect(res.status).toBe(302)
      expect(res.headers.get('location')).toBe(IMAGE)
    }
  })

  it(`falls through when the registry PNG is larger than ${MAX_LOGO_BYTES / 1024} KiB`, async () => {
    const token = curated(10)
    const big = new Uint8Array(MAX_LOGO_BYTES + 1024)
    big.set(PNG_BYTES)
    token.setRegistryLogo(base64(big))
    token.setImage(IMAGE)
    expect((await svc.get(`/api/v1/tokens/${token.unit}/logo`)).status).toBe(302)
  })
})

describe("tier 2: source B's hosted image", () => {
  it('redirects to it with the day-long lifetime and no body', async () => {
    const token = curated(11)
    token.setRegistryLogo(null)
    token.setImage(IMAGE)
    const res = await svc.get(`/api/v1/tokens/${token.unit}/logo`)
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe(IMAGE)
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600, s-maxage=86400')
    expect(await res.text()).toBe('')
  })

  it('reads curated tokens in one source B call per batch of 30', async () => {
    const a = curated(12)
    const b = curated(13)
    for (const token of [a, b]) {
      token.setRegistryLogo(null)
      token.setImage(IMAGE)
    }
    expect((await svc.get(`/api/v1/tokens/${a.unit}/logo`)).status).toBe(302)
    expect((await svc.get(`/api/v1/tokens/${b.unit}/logo`)).status).toBe(302)
    const calls = svc.fake.callsTo('geckoterminal')
    expect(calls).toHaveLength(1)
    expect(calls[0].path).toStartWith('/networks/cardano/tokens/multi/')
    expect(calls[0].path.split('/').pop()!.split(',')).toEqual(svc.deps.registry.units.slice(0, 30))
  })

  it("shares the screener's source B batches: after a screener refresh a curated logo costs no source B call", async () => {
    const token = curated(40) // in the second batch of 30
    token.setRegistryLogo(null)
    token.setImage(IMAGE)
    expect((await svc.get('/api/v1/tokens')).status).toBe(200)
    svc.fake.resetCalls()
    expect((await svc.get(`/api/v1/tokens/${token.unit}/logo`)).status).toBe(302)
    expect(svc.fake.count('geckoterminal')).toBe(0)
  })

  it('ignores the missing.png placeholder and plain-http URLs', async () => {
    const tokens = ['missing.png', 'http://coin-images.coingecko.com/coins/images/1/large/token.png'].map((url, i) => {
      const token = curated(14 + i)
      token.setRegistryLogo(null)
      token.setImage(url)
      return token
    })
    for (const token of tokens) {
      const res = await svc.get(`/api/v1/tokens/${token.unit}/logo`)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('image/svg+xml')
    }
  })

  it(`looks up other units one call each, at most 2 a minute, then gives the monogram until the service clock refills the ration`, async () => {
    const own = await startService()
    try {
      const units = [1, 2, 3].map(() => uncurated(own.fake.world, { ticker: 'TKN' }, IMAGE))
      const answers = []
      for (const unit of units) answers.push(await own.get(`/api/v1/tokens/${unit}/logo`))
      expect(answers.map((r) => r.status)).toEqual([302, 302, 200])
      expect(answers[2].headers.get('content-type')).toBe('image/svg+xml')
      // Not a real "no image": labelled stale and kept 10 s, so it is looked up again soon.
      expect(answers[2].headers.get('x-cache')).toBe('STALE')
      expect(answers[2].headers.get('cache-control')).toBe('public, max-age=10, s-maxage=10')
      expect(own.fake.callsTo('geckoterminal').map((c) => c.path)).toEqual(units.slice(0, 2).map((u) => `/networks/cardano/tokens/${u}`))
      // 30 s on the service's clock (not the machine's) is one more lookup at 2 a minute.
      own.advance(30_000)
      own.deps.responses.invalidate('')
      const later = await own.get(`/api/v1/tokens/${units[2]}/logo`)
      expect(later.status).toBe(302)
      expect(later.headers.get('location')).toBe(IMAGE)
    } finally {
      await own.stop()
    }
  })
})

describe('tier 3: the monogram', () => {
  it('draws the curated ticker on the colour of the unit, with a short lifetime', async () => {
    const token = curated(16)
    token.setRegistryLogo(null)
    token.setImage('missing.png')
    const res = await svc.get(`/api/v1/tokens/${token.unit}/logo`)
    const svg = await res.text()
    expect(res.headers.get('content-type')).toBe('image/svg+xml')
    expect(res.headers.get('cache-control')).toBe('public, max-age=60, s-maxage=300')
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'")
    expect(svg).toStartWith('<svg xmlns="http://www.w3.org/2000/svg"')
    expect(svg).toContain(`>${token.ticker}</text>`)
    expect(svg).toContain(`fill="${monogramColour(token.unit)}"`)
  })

  it('gives the same unit byte-identical art every time it is built', async () => {
    const token = curated(17)
    token.setRegistryLogo(null)
    token.setImage('missing.png')
    const first = await (await svc.get(`/api/v1/tokens/${token.unit}/logo`)).text()
    svc.deps.responses.invalidate('')
    svc.deps.upstreamCache.clear()
    const rebuilt = await svc.get(`/api/v1/tokens/${token.unit}/logo`)
    expect(rebuilt.headers.get('x-cache')).toBe('MISS')
    expect(await rebuilt.text()).toBe(first)
  })

  it("escapes a hostile registry ticker: it shows as text, never as markup", async () => {
    const unit = uncurated(svc.fake.world, { ticker: '<script>alert(1)</script>' })
    const res = await svc.get(`/api/v1/tokens/${unit}/logo`)
    const svg = await res.text()
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/svg+xml')
    expect(svg).not.toContain('<script')
    expect(svg).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(svg).toContain('>&lt;scri</text>')
  })

  it('uses the asset name when there is no ticker, and answers an image for a unit nobody knows', async () => {
    const named = uncurated(svc.fake.world, null)
    expect(await (await svc.get(`/api/v1/tokens/${named}/logo`)).text()).toContain(`>T${serial}</text>`)
    const unknown = 'ab'.repeat(28)
    const res = await svc.get(`/api/v1/tokens/${unknown}/logo`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/svg+xml')
    expect(await res.text()).toContain('>?</text>')
  })
})

describe('failures', () => {
  it('falls to the next tier, briefly cached, when the chain API fails', async () => {
    const token = curated(18)
    token.setRegistryLogo(PNG_1X1_BASE64)
    token.setImage(IMAGE)
    svc.fake.fail('koios', 'server_error')
    const res = await svc.get(`/api/v1/tokens/${token.unit}/logo`)
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe(IMAGE)
    expect(res.headers.get('x-cache')).toBe('STALE')
    expect(res.headers.get('cache-control')).toBe('public, max-age=10, s-maxage=10')
  })

  it('falls to the monogram, never a 404 or 502, when every upstream fails, then recovers the real tier', async () => {
    const token = curated(19)
    token.setRegistryLogo(PNG_1X1_BASE64)
    svc.fake.fail('koios', 'server_error')
    svc.fake.fail('geckoterminal', 'down')
    const res = await svc.get(`/api/v1/tokens/${token.unit}/logo`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/svg+xml')
    expect(res.headers.get('cache-control')).toBe('public, max-age=10, s-maxage=10')
    expect(await res.text()).toContain(`>${token.ticker.slice(0, 5)}</text>`) // SUNDAE: five letters fit

    svc.fake.heal()
    // Past the 10 s lifetime and as long again of stale-while-revalidate: the next request rebuilds it.
    svc.advance(21_000)
    const healed = await svc.get(`/api/v1/tokens/${token.unit}/logo`)
    expect(healed.headers.get('content-type')).toBe('image/png')
    expect(healed.headers.get('cache-control')).toBe('public, max-age=3600, s-maxage=86400')
  })

  it('answers 400 JSON for a malformed unit', async () => {
    for (const asset of ['snek', 'ab'.repeat(27), `${'ab'.repeat(28)}0`]) {
      const res = await svc.get(`/api/v1/tokens/${asset}/logo`)
      expect(res.status).toBe(400)
      expect(res.headers.get('content-type')).toContain('application/json')
      expect((await res.json()) as Raw).toMatchObject({ error: 'Invalid asset unit' })
    }
  })
})
