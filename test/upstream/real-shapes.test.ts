/**
 * Shapes the live upstreams really send (from third-party captures), through every path that reads them:
 * the screener's aggregation, the token detail, the wallet and the charts. Unknown figures stay null, never 0.
 */
import { afterAll, beforeEach, describe, expect, it } from 'bun:test'
import partialPairs from '../fixtures/dexscreener/token-pairs-v1-partial-figures.json'
import repeatedTimestamp from '../fixtures/geckoterminal/pool-ohlcv-repeated-timestamp.json'
import rewardsNull from '../fixtures/koios/account_info-rewards-available-null.json'
import emptyAssetName from '../fixtures/koios/account_assets-empty-asset-name.json'
import registryUrlEmpty from '../fixtures/koios/asset_info-registry-url-empty.json'
import { gtPool, koiosAsset } from '../fake-upstreams/builders'
import { SAMPLE, defaultWorld } from '../fake-upstreams/world'
import { startService } from '../helpers'

const svc = await startService()
afterAll(() => svc.stop())

beforeEach(() => {
  svc.fake.world = defaultWorld()
  svc.deps.upstreamCache.clear()
  svc.deps.responses.invalidate('')
})

const [withChangeH24Only, withoutFigures] = structuredClone(partialPairs)
/** The fixture's pair without figures, as the only market of another curated token. */
const nightWithoutFigures = () => ({
  ...structuredClone(withoutFigures),
  pairAddress: 'd00dfeed00000000000000000000000000000000000000000000000000',
  url: 'https://dexscreener.com/cardano/d00dfeed00000000000000000000000000000000000000000000000000',
  baseToken: { address: SAMPLE.night, name: 'NIGHT', symbol: 'NIGHT' },
})

/** Source A knows only the fixture's pairs; source B knows nothing. */
function partialMarket(): void {
  const world = svc.fake.world
  world.dexscreener.pairs = [...structuredClone(partialPairs), nightWithoutFigures()]
  world.geckoterminal.pools = []
  world.geckoterminal.tokens = []
}

describe('DexScreener pairs missing priceChange windows, liquidity, priceUsd and pairCreatedAt', () => {
  it('aggregate in the screener from the figures that exist, null where no pair reports one', async () => {
    partialMarket()
    const { status, body } = await svc.json('/api/v1/tokens')
    expect(status).toBe(200)
    const hosky = body.tokens.find((t: any) => t.address === SAMPLE.hosky)
    expect(hosky).toMatchObject({
      priceUsd: 0.0000000612,
      change1h: null,
      change6h: null,
      change24h: -4.1,
      liquidityUsd: 40210.5,
      volume24h: 194.9,
      pairCount: 2,
      pairCreatedAt: withChangeH24Only.pairCreatedAt,
      marketCap: 61200000,
    })
    const night = body.tokens.find((t: any) => t.address === SAMPLE.night)
    expect(night).toMatchObject({
      priceUsd: null,
      change1h: null,
      change6h: null,
      change24h: null,
      liquidityUsd: null,
      pairCreatedAt: null,
      marketCap: null,
      fdv: null,
      volume24h: 12.5,
    })
  })

  it('show each pair of the detail with its unknown figures as null', async () => {
    partialMarket()
    const { status, body } = await svc.json(`/api/v1/tokens/${SAMPLE.hosky}`)
    expect(status).toBe(200)
    expect(body.priceUsd).toBe(0.0000000612)
    expect(body.liquidityUsd).toBe(40210.5)
    const bare = body.pairs.find((p: any) => p.pairAddress === withoutFigures.pairAddress)
    expect(bare).toMatchObject({ priceUsd: null, liquidityUsd: null, volume24h: 12.5, source: 'source_a' })
    const night = await svc.json(`/api/v1/tokens/${SAMPLE.night}`)
    expect(night.body).toMatchObject({ priceUsd: null, liquidityUsd: null, marketCap: null, fdv: null })
  })

  it('leave a wallet holding priced only by such a pair unpriced, not worth 0', async () => {
    partialMarket()
    svc.fake.world.koios.accountAssets.set(SAMPLE.stakeAddress, [
      { stake_address: SAMPLE.stakeAddress, policy_id: SAMPLE.night.slice(0, 56), asset_name: SAMPLE.night.slice(56), fingerprint: null, decimals: 6, quantity: '5000000' },
    ])
    const { status, body } = await svc.json(`/api/v1/wallet/${SAMPLE.stakeAddress}`)
    expect(status).toBe(200)
    expect(body.holdings).toHaveLength(1)
    expect(body.holdings[0]).toMatchObject({ unit: SAMPLE.night, priceUsd: null, valueUsd: null })
    expect(body.unpricedHoldings).toBe(1)
  })
})

describe('Koios account_info with rewards_available null', () => {
  it('derives withdrawable rewards from rewards − withdrawals', async () => {
    svc.fake.world.koios.accounts = structuredClone(rewardsNull)
    const { body } = await svc.json(`/api/v1/wallet/${SAMPLE.stakeAddress}`)
    const [row] = rewardsNull
    const expected = String(BigInt(row.rewards) - BigInt(row.withdrawals))
    expect(body.rewardsLovelace).toBe(expected)
    expect(body.rewards).toBe(Number(expected) / 1e6)
  })

  it('is null, not 0, when neither figure is there', async () => {
    const [row] = structuredClone(rewardsNull) as any[]
    row.rewards = null
    svc.fake.world.koios.accounts = [row]
    const { status, body } = await svc.json(`/api/v1/wallet/${SAMPLE.stakeAddress}`)
    expect(status).toBe(200)
    expect(body.rewards).toBeNull()
    expect(body.rewardsLovelace).toBeNull()
  })
})

describe('Koios account_assets rows with an empty asset_name', () => {
  it('list the policy-only asset as a holding of its own, unit = policy id', async () => {
    svc.fake.world.koios.accountAssets.set(SAMPLE.stakeAddress, structuredClone(emptyAssetName))
    const { status, body } = await svc.json(`/api/v1/wallet/${SAMPLE.stakeAddress}`)
    expect(status).toBe(200)
    const policyOnly = emptyAssetName.find((r) => r.asset_name === '')!
    const holding = body.holdings.find((h: any) => h.unit === policyOnly.policy_id)
    expect(holding).toMatchObject({ quantity: '3500', name: policyOnly.fingerprint, priceUsd: null, valueUsd: null })
    expect(body.holdings).toHaveLength(emptyAssetName.length)
  })

  it('answer the detail of a policy-only unit (empty asset name) from its chain record', async () => {
    const policyOnly = emptyAssetName.find((r) => r.asset_name === '')!
    svc.fake.world.koios.assets.push(koiosAsset({ policyId: policyOnly.policy_id, assetNameHex: '', registry: null }))
    const { status, body } = await svc.json(`/api/v1/tokens/${policyOnly.policy_id}`)
    expect(status).toBe(200)
    expect(body).toMatchObject({ policyId: policyOnly.policy_id, assetNameHex: '', priceUsd: null, liquidityUsd: null, pairs: [] })
  })
})

describe('Koios asset_info with token_registry_metadata.url ""', () => {
  it('keeps the registry name, ticker and description of the detail', async () => {
    partialMarket()
    svc.fake.world.koios.assets = svc.fake.world.koios.assets.filter((a) => a.policy_id + a.asset_name !== SAMPLE.hosky)
    svc.fake.world.koios.assets.push(...structuredClone(registryUrlEmpty))
    const { status, body } = await svc.json(`/api/v1/tokens/${SAMPLE.hosky}`)
    expect(status).toBe(200)
    expect(body.description).toBe(registryUrlEmpty[0].token_registry_metadata.description)
    expect(body.totalSupply).toBe(registryUrlEmpty[0].total_supply)
    expect(JSON.stringify(body.websites)).not.toContain('""')
  })
})

describe('GeckoTerminal OHLCV rows repeating a timestamp', () => {
  it('give one candle per time, the first row sent for it', async () => {
    const pool = 'e7a1'.padEnd(64, '0')
    svc.fake.world.geckoterminal.pools.push(gtPool({ address: pool, baseUnit: SAMPLE.hosky, reserveUsd: 9e9, dexId: 'minswap-cardano' }))
    const rows = structuredClone(repeatedTimestamp.data.attributes.ohlcv_list)
    svc.fake.world.geckoterminal.ohlcv.set(`${pool}|hour|1`, rows)
    const { status, body } = await svc.json(`/api/v1/tokens/${SAMPLE.hosky}/ohlcv?tf=1h&pool=${pool}`)
    expect(status).toBe(200)
    const times = body.candles.map((c: any) => c.time)
    expect(times).toEqual([...new Set(rows.map((r) => r[0]))].sort((a, b) => a - b))
    const repeated = rows.find((r, i) => rows.findIndex((s) => s[0] === r[0]) !== i)![0]
    const firstSent = rows.find((r) => r[0] === repeated)!
    expect(body.candles.find((c: any) => c.time === repeated)).toMatchObject({ open: firstSent[1], close: firstSent[4], volume: firstSent[5] })
  })
})
