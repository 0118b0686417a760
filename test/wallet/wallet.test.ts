/**
 * GET /api/v1/wallet/{address} through HTTP against the fake upstreams: each input kind and its 400/404, the
 * enterprise case, handles through the resolver and on chain, paging, pricing (values worked out by hand),
 * the pricing cap and batching, degraded answers and caching.
 */
import { afterAll, beforeEach, describe, expect, it } from 'bun:test'
import { HANDLE_POLICY, SAMPLE, defaultWorld } from '../fake-upstreams/world'
import { dsPair } from '../fake-upstreams/builders'
import { startService } from '../helpers'

// With a demo key the market provider's budget is 30 a minute (a burst of 15) instead of 10 (a burst of 5).
const svc = await startService({ env: { COINGECKO_API_KEY: 'test-demo-key' } })
afterAll(() => svc.stop())

const COVERAGE = 'DEX figures across covered DEXes only, not chain-wide: sundaeswap, wingriders (source A).'
const HOSKY_NO_PAIR = 'unpriced: no source A pair (sundaeswap, wingriders) with this token as its base'
const NFT_LABEL = 'unpriced: a single indivisible unit (NFT-like), not looked up'
const SNEKFAN_UNIT = `${HANDLE_POLICY}000de140${Buffer.from('snekfan').toString('hex')}`
/** Valid mainnet addresses the fake chain has never seen (from the upstream README's examples). */
const UNSEEN_PAYMENT = 'addr1q8pfnnc09296y5zh8ylsygy7q43uj99vuy39ktprkep3py4q5nuvgs5h7tr8x3qygy4wc5cldk5dgkydzvcpzmdxmd6s5qv4ta'
const UNSEEN_STAKE = 'stake1uxs2f7xyg2tl93nngszyz2hv2v0km2x5tzx3xvq3dkndkagn6sueq'

/**
 * A market the test can reason about: SNEK on one pair at $0.0013, USDM on one pair at $0.9998, HOSKY on no
 * pair at all (only as the quote side of another token's pair, which must not price it). ADA is always $0.5.
 */
function controlledMarket() {
  svc.fake.world.dexscreener.pairs = [
    dsPair({ base: { address: SAMPLE.snek, symbol: 'SNEK' }, priceUsd: 0.0013, liquidityUsd: 500_000 }),
    dsPair({ base: { address: SAMPLE.usdm, symbol: 'USDM' }, dexId: 'wingriders', priceUsd: 0.9998, liquidityUsd: 2_000_000 }),
    dsPair({ base: { address: SAMPLE.night, symbol: 'NIGHT' }, quote: { address: SAMPLE.hosky, symbol: 'HOSKY' }, priceUsd: 42 }),
  ]
}

const koiosAsset = (unit: string, quantity: string, decimals: number | null = 0) => ({
  stake_address: SAMPLE.stakeAddress,
  policy_id: unit.slice(0, 56),
  asset_name: unit.slice(56),
  fingerprint: null,
  decimals,
  quantity,
})

/**
 * The market provider's real call budget applies (see above): its ADA snapshot stays
 * cached across tests, and the few tests about it drop it themselves.
 */
const forgetAdaSnapshot = () => svc.deps.upstreamCache.deleteByPrefix('cg:')

beforeEach(() => {
  svc.fake.world = defaultWorld()
  svc.fake.world.coingecko.coins.find((c) => c.id === 'cardano')!.current_price = 0.5
  svc.fake.heal()
  svc.fake.resetCalls()
  for (const upstream of ['koios:', 'ds:', 'handle:']) svc.deps.upstreamCache.deleteByPrefix(upstream)
  svc.deps.responses.invalidate('')
})

describe('stake address', () => {
  it('reports the whole account with holdings valued by hand', async () => {
    controlledMarket()
    const { status, body, res } = await svc.json(`/api/v1/wallet/${SAMPLE.stakeAddress}`)
    expect(status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('public, s-maxage=30')
    // total_balance 1,535,472,311 lovelace = 1535.472311 ADA; rewards_available 12,032,191 = 12.032191 ADA
    expect(body.input).toBe(SAMPLE.stakeAddress)
    expect(body.stakeAddress).toBe(SAMPLE.stakeAddress)
    expect(body.adaBalance).toBe(1535.472311)
    expect(body.balanceLovelace).toBe('1535472311')
    expect(body.rewards).toBe(12.032191)
    expect(body.rewardsLovelace).toBe('12032191')
    expect(body.pool).toBe('pool1r374eze6jd0s9ah7sy6ehkv5t5yqmr2x53p9h7w8sfcugacgs05')
    // 1535.472311 × 0.5 = 767.7361555
    expect(body.adaValueUsd).toBe(767.7361555)
    expect(body.holdings).toEqual([
      // 1,500,000 SNEK (0 decimals) × 0.0013 = 1950
      { unit: SAMPLE.snek, name: 'Snek', ticker: 'SNEK', decimals: 0, quantity: '1500000', priceUsd: 0.0013, valueUsd: 1950, priceSource: COVERAGE },
      // 125,000,000 raw USDM / 10^6 = 125 × 0.9998 = 124.975
      { unit: SAMPLE.usdm, name: 'USDM (Mehen)', ticker: 'USDM', decimals: 6, quantity: '125000000', priceUsd: 0.9998, valueUsd: 124.975, priceSource: COVERAGE },
      // Unpriced last, by unit: HOSKY (a002…) before the handle NFT (f0ff…)
      { unit: SAMPLE.hosky, name: 'HOSKY Token', ticker: 'HOSKY', decimals: 0, quantity: '250000000', priceUsd: null, valueUsd: null, priceSource: HOSKY_NO_PAIR },
      { unit: SNEKFAN_UNIT, name: 'snekfan', ticker: 'snekfan', decimals: 0, quantity: '1', priceUsd: null, valueUsd: null, priceSource: NFT_LABEL },
    ])
    // Holdings: 1950 + 124.975 = 2074.975; total: 767.7361555 + 2074.975 = 2842.7111555 (unpriced holdings add nothing)
    expect(body.holdingsValueUsd).toBe(2074.975)
    expect(body.unpricedHoldings).toBe(2)
    expect(body.totalValueUsd).toBe(2842.7111555)
    expect(body.coverage).toBe(COVERAGE)
    expect(body.truncated).toBe(false)
  })

  it('weights a price by liquidity over base-side pairs only', async () => {
    controlledMarket()
    svc.fake.world.dexscreener.pairs = [
      dsPair({ base: { address: SAMPLE.snek }, priceUsd: 0.0012, liquidityUsd: 100_000 }),
      dsPair({ base: { address: SAMPLE.snek }, dexId: 'wingriders', priceUsd: 0.0015, liquidityUsd: 300_000 }),
      // SNEK as the quote side: another token's market, ignored.
      dsPair({ base: { address: SAMPLE.night }, quote: { address: SAMPLE.snek, symbol: 'SNEK' }, priceUsd: 9, liquidityUsd: 9_000_000 }),
    ]
    const { body } = await svc.json(`/api/v1/wallet/${SAMPLE.stakeAddress}`)
    const snek = body.holdings.find((h: any) => h.unit === SAMPLE.snek)
    // (0.0012 × 100,000 + 0.0015 × 300,000) / 400,000 = 570 / 400,000 = 0.001425; × 1,500,000 = 2137.5
    expect(snek.priceUsd).toBeCloseTo(0.001425, 12)
    expect(snek.valueUsd).toBeCloseTo(2137.5, 6)
  })

  it('takes decimals, name and ticker from the registry, else the chain, else falls back', async () => {
    controlledMarket()
    const coin = `${'ab'.repeat(28)}${Buffer.from('COIN').toString('hex')}`
    const binary = `${'cd'.repeat(28)}ff00`
    svc.fake.world.koios.accountAssets.set(SAMPLE.stakeAddress, [
      // The chain says 0 decimals for USDM; the registry's 6 wins.
      koiosAsset(SAMPLE.usdm, '125000000', 0),
      koiosAsset(coin, '123456789', 4),
      { ...koiosAsset(binary, '7', null), fingerprint: 'asset1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqfsmd8q' },
    ])
    svc.fake.world.dexscreener.pairs.push(dsPair({ base: { address: coin }, priceUsd: 0.02 }))
    const { body } = await svc.json(`/api/v1/wallet/${SAMPLE.stakeAddress}`)
    const byUnit = Object.fromEntries(body.holdings.map((h: any) => [h.unit, h]))
    expect(byUnit[SAMPLE.usdm]).toMatchObject({ decimals: 6, valueUsd: 124.975 })
    // 123,456,789 raw / 10^4 = 12,345.6789 COIN × 0.02 = 246.913578
    expect(byUnit[coin]).toMatchObject({ name: 'COIN', ticker: 'COIN', decimals: 4, quantity: '123456789', priceUsd: 0.02, valueUsd: 246.913578 })
    // Not text, not in the registry, no decimals from the chain: the fingerprint names it, decimals 0.
    expect(byUnit[binary]).toMatchObject({ name: 'asset1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqfsmd8q', ticker: '', decimals: 0, valueUsd: null, priceSource: HOSKY_NO_PAIR })
    // 1535.472311 × 0.5 + 246.913578 + 124.975 = 767.7361555 + 371.888578 = 1139.6247335
    expect(body.totalValueUsd).toBe(1139.6247335)
  })

  it('answers 404 for a stake address the chain has never seen', async () => {
    const { status, body } = await svc.json(`/api/v1/wallet/${UNSEEN_STAKE}`)
    expect(status).toBe(404)
    expect(body.error).toBe('Stake address not found')
    expect(body.hint).toContain(UNSEEN_STAKE)
  })

  it('pages through an account of more than 1000 assets', async () => {
    const assets = Array.from({ length: 1500 }, (_, i) => koiosAsset(`${'ee'.repeat(28)}${i.toString(16).padStart(8, '0')}`, '1'))
    svc.fake.world.koios.accountAssets.set(SAMPLE.stakeAddress, assets)
    const { status, body } = await svc.json(`/api/v1/wallet/${SAMPLE.stakeAddress}`)
    expect(status).toBe(200)
    expect(body.holdings).toHaveLength(1500)
    expect(body.truncated).toBe(false)
    const pages = svc.fake.callsTo('koios', '/account_assets').map((c) => c.query.offset)
    expect(pages).toEqual(['0', '1000'])
    // 1500 single NFTs: nothing worth a price lookup.
    expect(svc.fake.count('dexscreener')).toBe(0)
    expect(body.holdings.every((h: any) => h.priceSource === NFT_LABEL && h.valueUsd === null)).toBe(true)
  })
})

describe('pricing economy', () => {
  it('prices at most 300 tradeable assets, curated first, in calls of at most 30 units; curated ones in the screener batches', async () => {
    controlledMarket()
    // 350 fungible-looking strangers, then SNEK (curated) last in the chain's order, then 20 NFTs.
    const strangers = Array.from({ length: 350 }, (_, i) => koiosAsset(`${'aa'.repeat(28)}${i.toString(16).padStart(6, '0')}`, '1000'))
    const nfts = Array.from({ length: 20 }, (_, i) => koiosAsset(`${'bb'.repeat(28)}${i.toString(16).padStart(6, '0')}`, '1'))
    svc.fake.world.koios.accountAssets.set(SAMPLE.stakeAddress, [...strangers, koiosAsset(SAMPLE.snek, '1500000'), ...nfts])
    const { body } = await svc.json(`/api/v1/wallet/${SAMPLE.stakeAddress}`)

    const calls = svc.fake.callsTo('dexscreener', '/tokens/v1/cardano/').map((c) => c.path.split('/').pop()!.split(','))
    // SNEK is looked up in the registry batch the screener reads (the same cached call): the first 30 curated units.
    const snekBatch = svc.deps.registry.batchOf(SAMPLE.snek, 30)!
    const registryCalls = calls.filter((units) => units.includes(SAMPLE.snek))
    expect(registryCalls).toEqual([snekBatch])
    // The other 299 looked up in the wallet's own calls: ⌈299 / 30⌉ = 10, none over 30, no unit twice.
    const own = calls.filter((units) => !units.includes(SAMPLE.snek))
    expect(own).toHaveLength(10)
    expect(own.every((units) => units.length <= 30)).toBe(true)
    expect(new Set(own.flat()).size).toBe(299)
    expect(own.flat().every((u) => u.startsWith('aa'.repeat(28)))).toBe(true)

    expect(body.holdings).toHaveLength(371)
    const labels = body.holdings.map((h: any) => h.priceSource)
    // 351 tradeable − 300 priced = 51 over the cap (all strangers); 20 NFTs; SNEK priced.
    expect(labels.filter((l: string) => l === 'unpriced: beyond the 300 assets priced per wallet')).toHaveLength(51)
    expect(labels.filter((l: string) => l === NFT_LABEL)).toHaveLength(20)
    expect(body.holdings[0]).toMatchObject({ unit: SAMPLE.snek, valueUsd: 1950 })
  })

  it('keeps holdings unpriced and labels the answer stale when source A is down', async () => {
    controlledMarket()
    svc.fake.fail('dexscreener', 'server_error')
    const { status, body, res } = await svc.json(`/api/v1/wallet/${SAMPLE.stakeAddress}`)
    expect(status).toBe(200)
    expect(res.headers.get('x-cache')).toBe('STALE')
    expect(body.holdings).toHaveLength(4)
    const snek = body.holdings.find((h: any) => h.unit === SAMPLE.snek)
    expect(snek).toMatchObject({ priceUsd: null, valueUsd: null, priceSource: 'unpriced: source A unavailable, retry shortly' })
    // ADA is still valued (1535.472311 × 0.5 = 767.7361555), but the holdings cannot be, so neither can the total.
    expect(body.adaValueUsd).toBe(767.7361555)
    expect(body.holdingsValueUsd).toBeNull()
    expect(body.unpricedHoldings).toBe(4)
    expect(body.totalValueUsd).toBeNull()
  })

  it('leaves ADA value and total null, and the answer stale, when the market provider is down', async () => {
    controlledMarket()
    forgetAdaSnapshot()
    svc.fake.fail('coingecko', 'down')
    const { status, body, res } = await svc.json(`/api/v1/wallet/${SAMPLE.stakeAddress}`)
    expect(status).toBe(200)
    expect(res.headers.get('x-cache')).toBe('STALE')
    expect(body.adaBalance).toBe(1535.472311)
    expect(body.adaValueUsd).toBeNull()
    expect(body.totalValueUsd).toBeNull()
    expect(body.holdings[0]).toMatchObject({ unit: SAMPLE.snek, valueUsd: 1950 })
  })

  it('values ADA with the same cached snapshot GET /market serves', async () => {
    controlledMarket()
    forgetAdaSnapshot()
    const market = await svc.json('/api/v1/market')
    const wallet = await svc.json(`/api/v1/wallet/${SAMPLE.stakeAddress}`)
    expect(market.body.ada.priceUsd).toBe(0.5)
    expect(wallet.body.adaValueUsd).toBe(767.7361555)
    const snapshotCalls = svc.fake.callsTo('coingecko', '/coins/markets').filter((c) => c.query.ids === 'cardano')
    expect(snapshotCalls).toHaveLength(1)
  })
})

describe('payment address', () => {
  it('stands for its whole stake account', async () => {
    controlledMarket()
    const { status, body } = await svc.json(`/api/v1/wallet/${SAMPLE.paymentAddress}`)
    expect(status).toBe(200)
    expect(body.input).toBe(SAMPLE.paymentAddress)
    expect(body.stakeAddress).toBe(SAMPLE.stakeAddress)
    // The account's figures, not the address's (its balance alone is 1523.44012 ADA and it holds 3 assets).
    expect(body.adaBalance).toBe(1535.472311)
    expect(body.holdings).toHaveLength(4)
    expect(body.totalValueUsd).toBe(2842.7111555)
    expect(svc.fake.count('koios', '/address_assets')).toBe(0)
  })

  it('reports an enterprise address on its own, with no stake address, rewards or pool', async () => {
    controlledMarket()
    const { status, body } = await svc.json(`/api/v1/wallet/${SAMPLE.enterpriseAddress}`)
    expect(status).toBe(200)
    // 5,000,000 lovelace = 5 ADA × 0.5 = 2.5; 42 SNEK × 0.0013 = 0.0546; total 2.5546
    expect(body).toMatchObject({ input: SAMPLE.enterpriseAddress, stakeAddress: null, adaBalance: 5, adaValueUsd: 2.5, rewards: 0, pool: null })
    expect(body.holdings).toEqual([
      { unit: SAMPLE.snek, name: 'Snek', ticker: 'SNEK', decimals: 0, quantity: '42', priceUsd: 0.0013, valueUsd: 0.0546, priceSource: COVERAGE },
    ])
    expect(body.totalValueUsd).toBe(2.5546)
    expect(svc.fake.count('koios', '/account_info')).toBe(0)
  })

  it('answers 404 for an address the chain has never seen', async () => {
    const { status, body } = await svc.json(`/api/v1/wallet/${UNSEEN_PAYMENT}`)
    expect(status).toBe(404)
    expect(body).toEqual({ code: 'address_not_found', error: 'Address not found', hint: expect.stringContaining(UNSEEN_PAYMENT) })
  })

  it('accepts an all-uppercase address and shares its cache entry', async () => {
    const lower = await svc.json(`/api/v1/wallet/${SAMPLE.enterpriseAddress}`)
    const upper = await svc.json(`/api/v1/wallet/${SAMPLE.enterpriseAddress.toUpperCase()}`)
    expect(upper.status).toBe(200)
    expect(upper.body.input).toBe(SAMPLE.enterpriseAddress)
    expect(upper.res.headers.get('x-cache')).toBe('HIT')
    expect(upper.res.headers.get('etag')).toBe(lower.res.headers.get('etag'))
  })
})

describe('handle', () => {
  it('resolves through the resolver (200) to the holder stake account', async () => {
    controlledMarket()
    const { status, body } = await svc.json('/api/v1/wallet/%24snekfan')
    expect(status).toBe(200)
    expect(body.input).toBe('$snekfan')
    expect(body.stakeAddress).toBe(SAMPLE.stakeAddress)
    expect(body.totalValueUsd).toBe(2842.7111555)
    expect(svc.fake.callsTo('handle').map((c) => c.path)).toEqual(['/handles/snekfan'])
    expect(svc.fake.count('koios', '/asset_nft_address')).toBe(0)
  })

  it('accepts a 202 answer and compares names lowercase', async () => {
    svc.fake.world.handle.handles.get('snekfan')!.status = 202
    const { status, body } = await svc.json('/api/v1/wallet/%24SnekFan')
    expect(status).toBe(200)
    expect(body.input).toBe('$snekfan')
    expect(body.stakeAddress).toBe(SAMPLE.stakeAddress)
  })

  it("uses the resolved payment address when the resolver gives no holder", async () => {
    const entry = svc.fake.world.handle.handles.get('snekfan')!
    delete entry.body.holder
    const { status, body } = await svc.json('/api/v1/wallet/%24snekfan')
    expect(status).toBe(200)
    expect(body.stakeAddress).toBe(SAMPLE.stakeAddress)
    expect(svc.fake.callsTo('koios', '/address_info')).toHaveLength(1)
  })

  it('falls back to the CIP-68 token on chain when the resolver is down', async () => {
    svc.fake.fail('handle', 'down')
    const { status, body } = await svc.json('/api/v1/wallet/%24snekfan')
    expect(status).toBe(200)
    expect(body.input).toBe('$snekfan')
    expect(body.stakeAddress).toBe(SAMPLE.stakeAddress)
    const lookups = svc.fake.callsTo('koios', '/asset_nft_address').map((c) => c.query)
    expect(lookups).toEqual([{ _asset_policy: HANDLE_POLICY, _asset_name: '000de140736e656b66616e' }])
  })

  it('falls back to the chain when the resolver does not know the handle', async () => {
    svc.fake.world.handle.handles.delete('snekfan')
    const { status, body } = await svc.json('/api/v1/wallet/%24snekfan')
    expect(status).toBe(200)
    expect(body.stakeAddress).toBe(SAMPLE.stakeAddress)
    expect(svc.fake.count('koios', '/asset_nft_address')).toBe(1)
  })

  it('falls back to the legacy token name when the resolver fails and there is no CIP-68 token', async () => {
    svc.fake.fail('handle', 'server_error')
    // "walmart" = 77 61 6c 6d 61 72 74, a CIP-25 handle held at the enterprise address.
    svc.fake.world.koios.nftHolders.set(`${HANDLE_POLICY}77616c6d617274`, { payment_address: SAMPLE.enterpriseAddress, stake_address: null })
    const { status, body } = await svc.json('/api/v1/wallet/%24walmart')
    expect(status).toBe(200)
    expect(body).toMatchObject({ input: '$walmart', stakeAddress: null, adaBalance: 5 })
    const names = svc.fake.callsTo('koios', '/asset_nft_address').map((c) => c.query._asset_name)
    expect(names).toEqual(['000de14077616c6d617274', '77616c6d617274'])
  })

  it('answers 404 for a handle unknown to the resolver and the chain', async () => {
    const { status, body } = await svc.json('/api/v1/wallet/%24nobody.here')
    expect(status).toBe(404)
    expect(body.error).toBe('Handle not found')
    expect(body.hint).toContain('$nobody.here')
  })
})

describe('bad input', () => {
  const cases: Array<[string, string]> = [
    ['plain text', 'hello'],
    ['testnet payment address', 'addr_test1vz2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzerspjrlsz'],
    ['testnet stake address', 'stake_test1uqehkck0lajq8gr28t9uxnuvgcqrc6070x3k9r8048z8y5gssrtvn'],
    ['payment address with a broken checksum', `${SAMPLE.enterpriseAddress.slice(0, -1)}x`],
    ['stake address with a broken checksum', `${SAMPLE.stakeAddress.slice(0, -1)}q`],
    ['mixed-case address', `${SAMPLE.enterpriseAddress.slice(0, 10).toUpperCase()}${SAMPLE.enterpriseAddress.slice(10)}`],
    ['Byron address', 'Ae2tdPwUPEZFRbyhz3cpfC2CumGzNkFBN2L42rcUc2yjQpEkxDbkPodpMAi'],
    ['handle of 16 characters', '%24abcdefghijklmnop'],
    ['handle with a space', '%24snek%20fan'],
    ['handle with a symbol', '%24snek!'],
    ['empty handle', '%24'],
    ['handle without its $', 'snekfan'],
    ['input over 1023 characters', `addr1${'q'.repeat(1100)}`],
  ]
  for (const [what, input] of cases) {
    it(`answers 400 with the accepted forms for a ${what}`, async () => {
      const { status, body } = await svc.json(`/api/v1/wallet/${input}`)
      expect(status).toBe(400)
      expect(body.error).toBe('Unrecognised wallet input')
      expect(body.hint).toContain('addr1')
      expect(body.hint).toContain('stake1')
      expect(body.hint).toContain('%24name')
    })
  }

  it('says so when the address is a testnet one', async () => {
    const { body } = await svc.json('/api/v1/wallet/addr_test1vz2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzerspjrlsz')
    expect(body.hint).toStartWith('Testnet addresses are not supported')
  })

  it('calls no upstream for a bad input', async () => {
    await svc.json('/api/v1/wallet/hello')
    expect(svc.fake.calls).toHaveLength(0)
  })
})

describe('caching and upstream failure', () => {
  it('caches an answer for 30 s per input', async () => {
    const first = await svc.get(`/api/v1/wallet/${SAMPLE.stakeAddress}`)
    const koiosCalls = svc.fake.count('koios')
    const second = await svc.get(`/api/v1/wallet/${SAMPLE.stakeAddress}`)
    expect(first.headers.get('x-cache')).toBe('MISS')
    expect(second.headers.get('x-cache')).toBe('HIT')
    expect(svc.fake.count('koios')).toBe(koiosCalls)
  })

  it('answers 502 naming the chain API when it fails and nothing is cached', async () => {
    svc.fake.fail('koios', 'server_error')
    const { status, body } = await svc.json(`/api/v1/wallet/${SAMPLE.stakeAddress}`)
    expect(status).toBe(502)
    expect(body.error).toBe('Upstream unavailable: chain API')
  })

  it('serves the cached copy when the chain API fails later', async () => {
    const fresh = await svc.json(`/api/v1/wallet/${SAMPLE.stakeAddress}`)
    svc.fake.fail('koios', 'server_error')
    // Past both the answer's 30 s and its stale-while-revalidate window.
    svc.advance(61_000)
    const later = await svc.json(`/api/v1/wallet/${SAMPLE.stakeAddress}`)
    expect(later.status).toBe(200)
    expect(later.res.headers.get('x-cache')).toBe('STALE')
    expect(later.body.adaBalance).toBe(fresh.body.adaBalance)
  })
})
