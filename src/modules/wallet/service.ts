/**
 * Wallet overview: balances and holdings from the chain API, token prices from source A, ADA's price from the
 * market provider (the same cached snapshot GET /market uses). Shared by the REST route and the MCP tool:
 * `overview` takes an input already classified by `parseWalletInput` and returns the exact JSON body.
 */
import type { ServiceDeps } from '../../core'
import { apiError } from '../../http/error-catalogue'
import { sourceAOnlyCoverage } from '../../market/coverage'
import { sourceAPrice } from '../../market/pricing'
import { FairShareRefusal, UpstreamError } from '../../upstream/errors'
import { asCore } from '../../upstream/call-context'
import { MAX_TOKENS_PER_CALL, type DexPair } from '../../upstream/dexscreener'
import type { Fetched } from '../../upstream/fetched'
import type { AssetBalance } from '../../upstream/koios'
import { add, fromNumber, fromUnits, lovelaceToAda, multiply, toNumber } from './amounts'
import { resolveHandle } from './handle-resolution'
import { chainStep, declareChain } from '../../upstream/call-context'
import { toAssets, type Asset } from './holdings'
import { classifyAddress, type WalletInput } from './input'
import { planPricing } from './pricing-plan'
import type { WalletOverview } from './schemas'
import { valueHoldings, type PriceOutcome } from './valuation'

export type WalletServiceDeps = ServiceDeps<'config' | 'upstreams' | 'registry'>

/** What the chain says about the wallet, before pricing. */
interface Account {
  stakeAddress: string | null
  lovelace: string
  /** Null when the chain API gave no figure for it. */
  rewardsLovelace: string | null
  pool: string | null
  assets: AssetBalance[]
  truncated: boolean
  stale: boolean
}

export class WalletService {
  constructor(private readonly deps: WalletServiceDeps) {}

  async overview(input: WalletInput): Promise<Fetched<WalletOverview>> {
    // The ADA price does not depend on the wallet: fetch it alongside the chain reads.
    const adaPrice = this.adaPrice()
    adaPrice.catch(() => {}) // awaited below; a 404 thrown first must not leave it unhandled
    const account = await this.account(input)
    const assets = toAssets(account.assets, this.deps.registry)
    const [prices, ada] = await Promise.all([this.prices(assets), adaPrice])

    const coverage = sourceAOnlyCoverage(this.deps.config)
    const valued = valueHoldings(assets, prices.outcome, { priced: coverage, sourceADexes: this.deps.config.sourceADexes })
    const adaValue = ada.priceUsd === null ? null : multiply(fromUnits(account.lovelace, 6), fromNumber(ada.priceUsd))
    // With source A down for some holdings, their sum (and so the total) would silently be too low.
    const holdingsComplete = !assets.some((a) => {
      const outcome = prices.outcome(a.unit)
      return 'unpriced' in outcome && outcome.unpriced === 'source_unavailable'
    })
    const data: WalletOverview = {
      input: input.input,
      stakeAddress: account.stakeAddress,
      adaBalance: lovelaceToAda(account.lovelace),
      balanceLovelace: account.lovelace,
      adaValueUsd: adaValue === null ? null : toNumber(adaValue),
      rewards: account.rewardsLovelace === null ? null : lovelaceToAda(account.rewardsLovelace),
      rewardsLovelace: account.rewardsLovelace,
      pool: account.pool,
      holdings: valued.holdings,
      holdingsValueUsd: holdingsComplete ? toNumber(valued.holdingsValue) : null,
      unpricedHoldings: valued.holdings.filter((h) => h.valueUsd === null).length,
      // Without ADA's price, or with source A down, a total would silently leave out part of the wallet.
      totalValueUsd: adaValue === null || !holdingsComplete ? null : toNumber(add(adaValue, valued.holdingsValue)),
      coverage,
      truncated: account.truncated,
    }
    // A degraded answer (a source down, a stale copy) is labelled and rebuilt soon.
    return { data, stale: account.stale || prices.stale || ada.stale || ada.priceUsd === null }
  }

  private async account(input: WalletInput): Promise<Account> {
    // The chain of cold reads an account needs, admitted at once from this client's share (or refused before
    // the first): account info and holdings; an address's info first; a handle's resolution first.
    declareChain(input.kind === 'stake' ? { koios: 2 } : input.kind === 'payment' ? { koios: 3 } : { handle: 1, koios: 3 })
    switch (input.kind) {
      case 'stake':
        return this.stakeAccountOrThrow(input.stakeAddress)
      case 'payment':
        return this.addressAccount(input.address)
      case 'handle': {
        const target = await resolveHandle(input.name, this.deps.upstreams)
        chainStep('handle')
        if (target.data === null) {
          throw apiError('handle_not_found', { handle: input.input })
        }
        const account =
          target.data.kind === 'stake'
            ? await this.stakeAccountOrThrow(target.data.stakeAddress)
            : await this.addressAccount(target.data.address)
        return { ...account, stale: account.stale || target.stale }
      }
    }
  }

  private async stakeAccountOrThrow(stakeAddress: string): Promise<Account> {
    const account = await this.stakeAccount(stakeAddress)
    if (account === null) {
      throw apiError('stake_address_not_found', { stakeAddress })
    }
    return account
  }

  /** The whole stake account: every address under it. Null when the chain has never seen it. */
  private async stakeAccount(stakeAddress: string): Promise<Account | null> {
    const koios = this.deps.upstreams.koios
    const [info, holdings] = await Promise.all([koios.accountInfo(stakeAddress), koios.accountAssets(stakeAddress)])
    if (info.data === null) return null
    return {
      stakeAddress,
      lovelace: info.data.totalBalance,
      rewardsLovelace: info.data.rewardsAvailable,
      pool: info.data.delegatedPool,
      assets: holdings.data.assets,
      truncated: holdings.data.truncated,
      stale: info.stale || holdings.stale,
    }
  }

  /**
   * A payment address stands for its stake account when it has one; an address with no stake part
   * (enterprise) is reported on its own, with no rewards and no pool.
   */
  private async addressAccount(address: string): Promise<Account> {
    const koios = this.deps.upstreams.koios
    const info = await koios.addressInfo(address)
    if (info.data === null) {
      throw apiError('address_not_found', { address })
    }
    const stake = info.data.stakeAddress
    if (stake !== null && classifyAddress(stake) === 'stake') {
      const account = await this.stakeAccount(stake.toLowerCase())
      if (account !== null) return { ...account, stale: account.stale || info.stale }
    }
    const holdings = await koios.addressAssets(address)
    return {
      stakeAddress: null,
      lovelace: info.data.balance,
      rewardsLovelace: '0',
      pool: null,
      assets: holdings.data.assets,
      truncated: holdings.data.truncated,
      stale: info.stale || holdings.stale,
    }
  }

  /** Source A prices for the assets worth looking up, batch by batch; a failed batch leaves its units unpriced. */
  private async prices(assets: readonly Asset[]): Promise<{ outcome: (unit: string) => PriceOutcome; stale: boolean }> {
    const { dexscreener } = this.deps.upstreams
    const plan = planPricing(assets, (unit) => this.deps.registry.batchOf(unit, MAX_TOKENS_PER_CALL))
    const outcomes = new Map<string, PriceOutcome>()
    for (const [unit, reason] of plan.skipped) outcomes.set(unit, { unpriced: reason })
    let stale = false
    await Promise.all(
      plan.batches.map(async ({ lookup, units: batch, registry }) => {
        let pairs: DexPair[]
        try {
          const read = await (registry ? asCore(() => dexscreener.tokens(lookup)) : dexscreener.tokens(lookup))
          pairs = read.data
          stale ||= read.stale
        } catch (error) {
          // Over its fair share, the client is told to come back rather than served (and caching) a degraded wallet.
          if (!(error instanceof UpstreamError) || error instanceof FairShareRefusal) throw error
          stale = true
          for (const unit of batch) outcomes.set(unit, { unpriced: 'source_unavailable' })
          return
        }
        for (const unit of batch) {
          const priceUsd = sourceAPrice(pairs, unit, this.deps.config)
          outcomes.set(unit, priceUsd === null ? { unpriced: 'no_pair' } : { priceUsd })
        }
      }),
    )
    return { outcome: (unit) => outcomes.get(unit) ?? { unpriced: 'no_pair' }, stale }
  }

  /** ADA's USD price from the market provider's snapshot; null (and the answer degraded) when it is down. */
  private async adaPrice(): Promise<{ priceUsd: number | null; stale: boolean }> {
    try {
      const market = await this.deps.upstreams.coingecko.adaMarket()
      return { priceUsd: market.data?.priceUsd ?? null, stale: market.stale }
    } catch (error) {
      if (error instanceof UpstreamError) return { priceUsd: null, stale: true }
      throw error
    }
  }
}
