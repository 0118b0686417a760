import { afterAll, beforeEach, describe, expect, it } from 'bun:test'
import { Memo } from '../../src/cache/memo'
import { loadConfig } from '../../src/config'
import { isUpstreamFailure, UpstreamError } from '../../src/upstream/errors'
import { createUpstreams } from '../../src/upstream'
import { dsPair, gtPool, type Raw } from '../fake-upstreams/builders'
import { FakeUpstreams } from '../fake-upstreams/server'
import { SAMPLE } from '../fake-upstreams/world'

const fake = await FakeUpstreams.start()
afterAll(() => fake.stop())

function upstreams(env: Record<string, string> = {}) {
  const config = loadConfig({ ...fake.env(), GECKOTERMINAL_RPM: '6000', UPSTREAM_TIMEOUT_MS: '1000', ...env })
  return createUpstreams(config, new Memo({ name: 'test', maxEntries: 1000, maxBytes: 1e8, staleOnError: isUpstreamFailure }), undefined, { registrySize: 68 })
}

beforeEach(() => {
  fake.heal()
  fake.resetCalls()
})

describe('source A adapter (DexScreener)', () => {
  it('reads /tokens/v1 pairs with string prices as numbers and keeps missing fields as null', async () => {
    const unit = 'ab'.repeat(28) + '01'
    fake.world.dexscreener.pairs.push(
      dsPair({ base: { address: unit }, priceUsd: '0.25', liquidityUsd: null, fdv: null, marketCap: null, priceChange: null }),
    )
    const { data } = await upstreams().dexscreener.tokens([unit])
    expect(data).toHaveLength(1)
    expect(data[0]).toMatchObject({ priceUsd: 0.25, liquidityUsd: null, fdv: null, marketCap: null, priceChange: {} })
    expect(fake.callsTo('dexscreener')[0].path).toBe(`/tokens/v1/cardano/${unit}`)
  })

  it('drops a malformed pair and keeps the rest of the answer', async () => {
    const unit = 'cd'.repeat(28) + '02'
    fake.world.dexscreener.pairs.push({ chainId: 'cardano', baseToken: { address: unit } } as Raw) // no pairAddress
    fake.world.dexscreener.pairs.push(dsPair({ base: { address: unit }, pairAddress: 'good' }))
    const { data } = await upstreams().dexscreener.tokens([unit])
    expect(data.map((p) => p.pairAddress)).toEqual(['good'])
  })

  it('reads search answers of every chain and both social-link shapes', async () => {
    const { data } = await upstreams().dexscreener.search('snek')
    expect(new Set(data.map((p) => p.chainId))).toEqual(new Set(['cardano', 'solana']))
    const withInfo = data.find((p) => p.chainId === 'cardano' && p.info)!
    expect(withInfo.info!.websites[0]).toEqual({ label: 'Website', url: 'https://www.snek.com/' })
    expect(withInfo.info!.socials).toContainEqual({ type: 'twitter', url: 'https://x.com/snekcoinada' })
  })

  it('treats a non-array /tokens/v1 answer as a bad shape', async () => {
    fake.fail('dexscreener', 'wrong_shape')
    const error = await upstreams().dexscreener.tokens([SAMPLE.snek]).catch((e) => e)
    expect(error).toBeInstanceOf(UpstreamError)
    expect((error as UpstreamError).failure).toBe('bad_shape')
  })
})

describe('source B adapter (GeckoTerminal)', () => {
  it('reads tokens/multi with top pools included, decimal strings as numbers', async () => {
    const { data } = await upstreams().geckoterminal.tokensMulti([SAMPLE.snek, SAMPLE.usdm])
    const snek = data.tokens.find((t) => t.unit === SAMPLE.snek)!
    expect(snek.priceUsd).toBeCloseTo(0.00134612002317, 12)
    expect(snek.topPoolAddresses).toContain(SAMPLE.minswapSnekPool)
    const pool = data.pools.find((p) => p.address === SAMPLE.minswapSnekPool)!
    expect(pool).toMatchObject({ dexId: 'minswap-cardano', baseTokenUnit: SAMPLE.snek, quoteTokenUnit: 'lovelace', reserveUsd: 905112.3021 })
    expect(data.tokens.find((t) => t.unit === SAMPLE.usdm)!.imageUrl).toBeNull() // "missing.png"
    expect(fake.callsTo('geckoterminal')[0].query.include).toBe('top_pools')
    expect(fake.callsTo('geckoterminal')[0].headers.accept).toBe('application/json;version=20230302')
  })

  it('answers an unknown token with null instead of failing', async () => {
    expect((await upstreams().geckoterminal.token('ff'.repeat(28))).data).toBeNull()
  })

  it('strips the cardano_ prefix and keeps null reserves as null', async () => {
    const unit = 'ee'.repeat(28) + '03'
    fake.world.geckoterminal.pools.push(gtPool({ address: 'aa'.repeat(32), baseUnit: unit, reserveUsd: null, priceUsd: null }))
    const { data } = await upstreams().geckoterminal.tokenPools(unit)
    expect(data.pools[0]).toMatchObject({ address: 'aa'.repeat(32), baseTokenUnit: unit, reserveUsd: null, baseTokenPriceUsd: null })
  })

  it('reads OHLCV rows as the upstream sends them and asks for USD', async () => {
    fake.world.geckoterminal.ohlcv.set(`${SAMPLE.minswapSnekPool}|hour|4`, [
      [1751796000, 1, 2, 0.5, 1.5, 10],
      [1751781600, '1', 2, 0.5, 1.2, 5] as unknown as number[],
      ['bad'] as unknown as number[],
    ])
    const { data } = await upstreams().geckoterminal.poolOhlcv(SAMPLE.minswapSnekPool, 'hour', 4, 100, 1000)
    expect(data).toEqual([
      { time: 1751796000, open: 1, high: 2, low: 0.5, close: 1.5, volume: 10 },
      { time: 1751781600, open: 1, high: 2, low: 0.5, close: 1.2, volume: 5 },
    ])
    expect(fake.callsTo('geckoterminal')[0]).toMatchObject({
      path: `/networks/cardano/pools/${SAMPLE.minswapSnekPool}/ohlcv/hour`,
      query: { aggregate: '4', limit: '100', currency: 'usd' },
    })
  })
})

describe('chain API adapter (Koios)', () => {
  it('asks asset_info for named columns only, so the base64 logo never travels with them', async () => {
    const [info] = (await upstreams().koios.assetInfo([{ policyId: SAMPLE.snek.slice(0, 56), assetNameHex: SAMPLE.snek.slice(56) }])).data
    expect(info).toMatchObject({ totalSupply: '76715880000', fingerprint: 'asset108xu02ckwrfc8qs9d97mgyh4kn8gdu9w8f5sxk' })
    expect(info.registry).toEqual({ name: 'Snek', ticker: 'SNEK', description: 'The chillest meme coin on Cardano.', decimals: 0 })
    const select = fake.callsTo('koios', '/asset_info')[0].query.select.split(',')
    expect(select).not.toContain('token_registry_metadata')
  })

  it('decodes CIP-68 (333) metadata', async () => {
    const [info] = (await upstreams().koios.assetInfo([{ policyId: SAMPLE.usdm.slice(0, 56), assetNameHex: SAMPLE.usdm.slice(56) }])).data
    expect(info.registry).toBeNull()
    expect(info.cip68).toEqual({ name: 'USDM', ticker: 'USDM', description: null, decimals: 6 })
  })

  it('fetches a registry logo on its own', async () => {
    const { data } = await upstreams().koios.assetLogo(SAMPLE.snek.slice(0, 56), SAMPLE.snek.slice(56))
    expect(Buffer.from(data!, 'base64').subarray(0, 4).toString('hex')).toBe('89504e47')
  })

  it('pages account_assets until a short page', async () => {
    const stake = 'stake1u9pagingtest'
    const rows = Array.from({ length: 2345 }, (_, i) => ({
      stake_address: stake,
      policy_id: 'ab'.repeat(28),
      asset_name: i.toString(16).padStart(8, '0'),
      fingerprint: null,
      decimals: 0,
      quantity: '1',
    }))
    fake.world.koios.accountAssets.set(stake, rows)
    const { data } = await upstreams().koios.accountAssets(stake)
    expect(data.assets).toHaveLength(2345)
    expect(data.truncated).toBe(false)
    expect(fake.callsTo('koios', '/account_assets').map((c) => c.query.offset)).toEqual(['0', '1000', '2000'])
  })

  it('keeps lovelace amounts exact as strings', async () => {
    const { data } = await upstreams().koios.accountInfo(SAMPLE.stakeAddress)
    expect(data).toMatchObject({ totalBalance: '1535472311', rewardsAvailable: '12032191', delegatedPool: 'pool1r374eze6jd0s9ah7sy6ehkv5t5yqmr2x53p9h7w8sfcugacgs05' })
  })

  it('sends the bearer token when one is configured', async () => {
    await upstreams({ KOIOS_TOKEN: 'secret-token' }).koios.tip()
    expect(fake.callsTo('koios', '/tip')[0].headers.authorization).toBe('Bearer secret-token')
  })

  it('reads the chain tip', async () => {
    expect((await upstreams().koios.tip()).data).toEqual({
      hash: 'baa7d458135fd7fa1ec37bc2dbfbe34c9fbc163fa72902155da06b1a4b34c5fc',
      epoch: 568,
      absSlot: 160236945,
      epochSlot: 224145,
      blockHeight: 11934562,
      blockTime: 1751803236,
    })
  })
})

describe('market provider adapter (CoinGecko)', () => {
  it('reads the ADA snapshot and sends the demo key header when configured', async () => {
    const { data } = await upstreams({ COINGECKO_API_KEY: 'demo-key' }).coingecko.adaMarket()
    expect(data).toMatchObject({ id: 'cardano', priceUsd: 0.650012, change24h: 1.93, marketCap: 23492814467 })
    expect(fake.callsTo('coingecko')[0].headers['x-cg-demo-api-key']).toBe('demo-key')
  })

  it('reads the price series oldest first', async () => {
    const { data } = await upstreams().coingecko.adaPriceSeries(1)
    expect(data.length).toBeGreaterThan(280)
    expect(data[0][0]).toBeLessThan(data[data.length - 1][0])
  })
})

describe('handle resolver adapter', () => {
  it('resolves a handle (lowercased) and reports unknown ones as null', async () => {
    const u = upstreams()
    expect((await u.handle.resolve('SnekFan')).data).toMatchObject({ holder: SAMPLE.stakeAddress, adaAddress: SAMPLE.paymentAddress })
    expect(fake.callsTo('handle')[0].path).toBe('/handles/snekfan')
    expect((await u.handle.resolve('nobody')).data).toBeNull()
  })

  it('accepts 202 (indexer catching up) as found', async () => {
    const body = structuredClone(fake.world.handle.handles.get('snekfan')!.body)
    fake.world.handle.handles.set('catchup', { status: 202, body: { ...body, name: 'catchup' } })
    expect((await upstreams().handle.resolve('catchup')).data).toMatchObject({ name: 'catchup', holder: SAMPLE.stakeAddress })
  })
})
