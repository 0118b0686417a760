/** Response shape of GET /wallet/{address}; the service's types are derived from it. */
import { t, type Static } from 'elysia'

const usd = (description: string) => t.Union([t.Number(), t.Null()], { description })

export const HoldingSchema = t.Object(
  {
    unit: t.String({ description: 'Asset unit: policy id + asset name hex' }),
    name: t.String({ description: 'Registry name, else the on-chain asset name as text, else the fingerprint' }),
    ticker: t.String({ description: 'Registry ticker, else the on-chain asset name as text, else empty' }),
    decimals: t.Integer({ minimum: 0, description: 'Registry decimals, else the chain API’s, else 0' }),
    quantity: t.String({ pattern: '^[0-9]+$', description: 'Raw units, exact integer as a string' }),
    priceUsd: usd('Source A price (liquidity-weighted over the pairs where this token is the base); null when unpriced'),
    valueUsd: usd('quantity / 10^decimals × priceUsd; null when unpriced (the holding is still listed)'),
    priceSource: t.String({ description: 'The coverage label of the price, or why there is none (starts with "unpriced:")' }),
  },
  { title: 'Holding' },
)

export const WalletResponse = t.Object(
  {
    input: t.String({ description: 'The address, stake address or $handle as asked (normalised to lowercase)' }),
    stakeAddress: t.Union([t.String(), t.Null()], { description: 'The stake account reported; null for an address with no stake part' }),
    adaBalance: t.Number({ description: 'ADA, including withdrawable rewards (the chain API’s total balance)' }),
    balanceLovelace: t.String({ pattern: '^[0-9]+$', description: 'adaBalance exactly, in lovelace' }),
    adaValueUsd: usd('adaBalance × the market provider’s ADA price (the snapshot GET /market serves); null when that provider is unavailable'),
    rewards: t.Union([t.Number(), t.Null()], {
      description:
        'Withdrawable rewards in ADA (already part of adaBalance); 0 without a stake account. The chain API’s ' +
        '`rewards_available`, else (when it answers that null) its `rewards` minus `withdrawals`; null when it gives neither',
    }),
    rewardsLovelace: t.Union([t.String({ pattern: '^[0-9]+$' }), t.Null()], { description: 'rewards exactly, in lovelace' }),
    pool: t.Union([t.String(), t.Null()], { description: 'Delegated pool id (pool1…), null when not delegated' }),
    holdings: t.Array(HoldingSchema, { description: 'Every native asset held, priced or not: by valueUsd descending, unpriced last' }),
    holdingsValueUsd: usd('Sum of the priced holdings’ valueUsd (source A prices); null when source A could not be asked for some holdings'),
    unpricedHoldings: t.Integer({ minimum: 0, description: 'How many holdings have no value (valueUsd null): left out of holdingsValueUsd and totalValueUsd' }),
    totalValueUsd: usd(
      'adaValueUsd (market provider’s ADA price) + holdingsValueUsd (source A’s DEX prices): a valuation that combines the two ' +
        'price sources, not a DEX aggregate; unpriced holdings are not in it. Null when either part is',
    ),
    coverage: t.String({ description: 'Where token prices come from: source A’s DEXes only' }),
    truncated: t.Boolean({ description: 'True when the chain API listing stopped at its 20,000-row limit: holdings past it are missing' }),
  },
  { title: 'WalletOverview' },
)

export type Holding = Static<typeof HoldingSchema>
export type WalletOverview = Static<typeof WalletResponse>
